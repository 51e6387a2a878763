import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { webPaths } from '@shared/web-paths';
import { DashboardOverview } from '@web/features/dashboard/components/dashboard-overview';
import { appTools } from '@web/lib/app-tools';

vi.mock('@web/lib/auth/use-auth', () => ({ useAuth: () => ({ currentUser: { displayName: 'Dana Doe' } }) }));

const webSrc = path.resolve(__dirname, '../../../../web/src');
const routerDir = path.join(webSrc, 'app/router');
const pagesSource = readFileSync(path.join(routerDir, 'screen-pages.ts'), 'utf8');

/** The source of the module the router loads for a screen (`key: () => import('…')` in screen-pages.ts). */
function routeModuleSource(pathKey: string): string {
  const entry = new RegExp(`^  ${pathKey}: \\(\\) => import\\('([^']+)'\\)`, 'm').exec(pagesSource);
  if (!entry) throw new Error(`screen-pages.ts loads no page for the screen ${pathKey}`);
  const specifier = entry[1]!;
  const base = specifier.startsWith('@web/')
    ? path.join(webSrc, specifier.slice('@web/'.length))
    : path.resolve(routerDir, specifier);
  const file = ['.tsx', '.ts', '/index.tsx'].map((ext) => base + ext).find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`No file for ${specifier}`);
  return readFileSync(file, 'utf8');
}

const keyOf = (toolPath: string) => Object.entries(webPaths).find(([, p]) => p === toolPath)![0];

describe('the app tools list', () => {
  it.each(appTools.map((tool) => [tool.title, tool] as const))(
    '%s is marked available exactly when its route renders a real screen, not the ComingSoon placeholder',
    (_title, tool) => {
      const placeholder = /\bComingSoon\b/.test(routeModuleSource(keyOf(tool.path)));
      expect(
        tool.available,
        `shared/screens.ts says ${tool.title} is ${tool.available ? '' : 'not '}available, but its route ${placeholder ? 'still renders' : 'no longer renders'} ComingSoon`,
      ).toBe(!placeholder);
    },
  );

  it('names each tool once', () => {
    expect(new Set(appTools.map((tool) => tool.path)).size).toBe(appTools.length);
  });

  it('drives the dashboard cards: a link per tool, "Coming soon" only on the tools not built yet', () => {
    render(
      <MemoryRouter>
        <DashboardOverview />
      </MemoryRouter>,
    );
    const cards = within(screen.getByRole('region', { name: 'Your tools' })).getAllByRole('link');
    expect(cards).toHaveLength(appTools.length);
    appTools.forEach((tool, i) => {
      expect(cards[i]).toHaveAttribute('href', tool.path);
      expect(cards[i]).toHaveTextContent(tool.title);
      expect(cards[i]).toHaveTextContent(tool.available ? 'Live' : 'Coming soon');
      expect(cards[i]).not.toHaveTextContent(tool.available ? 'Coming soon' : 'Live');
    });
    expect(within(cards.find((card) => card.textContent?.includes('Campaign generator'))!).getByText('Live'));
  });
});
