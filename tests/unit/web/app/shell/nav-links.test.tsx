import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screenEntries } from '@shared/screens';
import { webPaths } from '@shared/web-paths';
import { AccountMenu } from '@web/app/shell/account-menu';
import { accountLinks, appLinks, legalLinks, publicLinks } from '@web/app/shell/nav-links';
import { SiteFooter } from '@web/app/shell/site-footer';
import { SiteHeader } from '@web/app/shell/site-header';
import { createQueryClient } from '@web/app/providers/query-client';
import { sharedQueryClient } from '@web/app/providers/app-providers';
import type { WorkspaceRole } from '@shared/workspace-roles';
import { workspacesAs } from '@tests/unit/web/support/workspaces';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
let role: WorkspaceRole = 'owner';
beforeEach(() => {
  // The header's switcher and links use the tab's one client (they sit above AppProviders): no answer kept between tests.
  sharedQueryClient().clear();
  role = 'owner';
  api.apiRequest.mockImplementation(async (name: string) => {
    if (name === 'listWorkspaces') return workspacesAs(role);
    throw new Error(`unexpected ${name}`);
  });
});

const renderHeader = () =>
  render(
    <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
      <MemoryRouter>
        <SiteHeader />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const user = { uid: 'user-1', email: 'dana@example.com', emailVerified: true, displayName: 'Dana Doe', photoURL: null };
vi.mock('@web/lib/auth/use-auth', () => ({
  useAuth: () => ({ currentUser: user, loading: false, signOut: vi.fn() }),
}));

const linksIn = (region: HTMLElement) =>
  within(region)
    .getAllByRole('link')
    .map((link) => [link.getAttribute('href'), link.textContent?.trim()]);
const asPairs = (links: readonly { to: string; label: string }[]) => links.map((link) => [link.to, link.label]);

describe('the navigation, from the screens table', () => {
  it('lists every screen with a nav label in one of the menus', () => {
    const listed = [...publicLinks, ...appLinks, ...legalLinks, ...accountLinks].map((link) => link.to);
    expect(listed.sort()).toEqual(
      screenEntries
        .filter((entry) => entry.nav)
        .map((entry) => entry.path)
        .sort(),
    );
  });

  it('shows the main links in the header and, signed in, the app links in the app bar', async () => {
    renderHeader();
    expect(linksIn(screen.getByRole('navigation', { name: 'Main' }))).toEqual(asPairs(publicLinks));
    // One workspace: nothing to compare, so no agency overview.
    const oneWorkspace = appLinks.filter((link) => link.label !== 'Agency overview');
    expect(oneWorkspace).toHaveLength(appLinks.length - 1);
    await waitFor(() =>
      expect(linksIn(screen.getByRole('navigation', { name: 'App' }))).toEqual(asPairs(oneWorkspace)),
    );
  });

  it('shows the agency overview to someone working in several workspaces (issue 28)', async () => {
    role = 'admin';
    renderHeader();
    await waitFor(() => expect(linksIn(screen.getByRole('navigation', { name: 'App' }))).toEqual(asPairs(appLinks)));
  });

  it('shows a read-only client only the dashboards, reports and approvals (issue 28)', async () => {
    role = 'client';
    renderHeader();
    await waitFor(() =>
      expect(linksIn(screen.getByRole('navigation', { name: 'App' })).map(([, label]) => label)).toEqual([
        'Dashboard',
        'Campaigns',
        'Optimizer',
        'Reports',
        'Marketing mix',
        'Approvals',
      ]),
    );
  });

  it('shows a read-only client only the dashboards, reports and approvals in the phone menu too (issue 28)', async () => {
    role = 'client';
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    await waitFor(() => expect(within(mobile).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument());
    const labels = linksIn(mobile).map(([, label]) => label);
    const seen = ['Dashboard', 'Campaigns', 'Optimizer', 'Reports', 'Marketing mix', 'Approvals'];
    expect(labels).toEqual(expect.arrayContaining(seen));
    const hidden = appLinks.filter((link) => !seen.includes(link.label));
    expect(hidden.length).toBeGreaterThan(0);
    for (const link of hidden) expect(labels).not.toContain(link.label);
  });

  it('shows the main and legal links in the footer', () => {
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    expect(linksIn(screen.getByRole('navigation', { name: 'Footer' }))).toEqual(
      asPairs([...publicLinks, ...legalLinks]),
    );
  });

  it('shows the settings screens in the account menu, after Dashboard and Account settings', async () => {
    render(
      <MemoryRouter>
        <AccountMenu user={{ ...user, operator: true }} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const items = within(screen.getByRole('menu', { name: 'Account' })).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent?.trim())).toEqual([
      'Dashboard',
      'Account settings',
      ...accountLinks.map((link) => link.label),
      'Sign out',
    ]);
    expect(accountLinks.map((link) => [link.to, link.label])).toEqual([
      [webPaths.settingsTeam, 'Team'],
      [webPaths.settingsNotifications, 'Notifications'],
      [webPaths.settingsErrors, 'Error log'],
    ]);
    // Account settings opens the settings page (profile, billing, AI connection, signals, tokens), not a dashboard card.
    expect(screen.getByRole('menuitem', { name: 'Account settings' })).toHaveAttribute('href', webPaths.settings);
  });

  // Issue 25, requirement 11: the deployment's notifications page is its operators', hidden from customers.
  it('hides the operators’ pages from a customer’s account menu', async () => {
    render(
      <MemoryRouter>
        <AccountMenu user={user} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(within(menu).queryByRole('menuitem', { name: /Notifications/ })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: /Team/ })).toBeInTheDocument();
  });
});
