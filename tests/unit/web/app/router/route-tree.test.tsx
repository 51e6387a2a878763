import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { screenEntries, type ScreenAccess } from '@shared/screens';
import { routeTree } from '@web/app/router/route-tree';
import { screenPages } from '@web/app/router/screen-pages';

vi.mock('@web/app/shell/app-shell', () => ({ AppShell: () => null }));
vi.mock('@web/components/error-boundary', () => ({ RouteErrorScreen: () => null }));

/** Every route with a path (or the index), with the layouts above it: 'signed-in' and 'protected'. */
function mounted(routes: RouteObject[], layouts: string[] = []): { path: string; layouts: string[] }[] {
  return routes.flatMap((route) => {
    const here = route.index ? [{ path: '/', layouts }] : route.path ? [{ path: route.path, layouts }] : [];
    if (!route.children) return here;
    // The two pathless layouts: the first loads auth and the API, the one inside it asks for sign-in.
    const layout = route.path || route.element ? [] : [layouts.includes('signed-in') ? 'protected' : 'signed-in'];
    return [...here, ...mounted(route.children, [...layouts, ...layout])];
  });
}

const layoutsFor: Record<ScreenAccess, string[]> = {
  public: [],
  auth: ['signed-in'],
  user: ['signed-in', 'protected'],
};

describe('the router, from the screens table', () => {
  const routes = mounted(routeTree([{ path: 'blog/a-post' }, { path: 'a-post' }]));

  it.each(screenEntries.map((entry) => [entry.key, entry] as const))(
    'mounts %s once, at its path, behind the layouts its access asks for',
    (_key, entry) => {
      expect(routes.filter((route) => route.path === entry.path)).toEqual([
        { path: entry.path, layouts: layoutsFor[entry.access] },
      ]);
    },
  );

  it('mounts /settings behind sign-in (it was a 404), a page gathering profile, billing, AI and team', async () => {
    expect(routes.filter((route) => route.path === '/settings')).toEqual([
      { path: '/settings', layouts: ['signed-in', 'protected'] },
    ]);
    const source = (await import('@web/app/routes/settings?raw')).default as string;
    for (const part of ['AccountSettingsCard', 'PlanBillingCard', 'AiSettingsPanel', 'webPaths.settingsTeam']) {
      expect(source).toContain(part);
    }
  });

  it('gives every screen a lazy page', () => {
    for (const entry of screenEntries) expect(typeof screenPages[entry.key], entry.key).toBe('function');
    expect(Object.keys(screenPages).sort()).toEqual(screenEntries.map((entry) => entry.key).sort());
  });

  it("mounts the blog's posts as public pages, and a not-found page for the rest", () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        { path: 'blog/a-post', layouts: [] },
        { path: 'a-post', layouts: [] },
        { path: '*', layouts: [] },
      ]),
    );
    expect(routes).toHaveLength(screenEntries.length + 3);
  });
});
