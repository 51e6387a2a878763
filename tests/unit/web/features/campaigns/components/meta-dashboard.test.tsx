import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Usage } from '@shared/schemas/billing';
import type { Team } from '@shared/schemas/team';
import { MetaDashboard } from '@web/features/campaigns/components/meta-dashboard';
import { useUsage } from '@web/lib/billing/usage';
import { daysUntil } from '@web/components/meta-account/meta-connection-card';
import { selectedAdAccountKey } from '@web/lib/meta-account/selected-ad-account';
import { type createCognitoMock, testUser } from '@tests/unit/web/support/cognito-mock';
import {
  apiErrors,
  campaignList,
  connected,
  jpyAccount,
  notConnected,
  series,
  usdAccount,
} from '@tests/unit/web/support/meta-account/meta-fixtures';
import { renderWithMeta } from '@tests/unit/web/support/meta-account/render-meta';
import { workspacesAs } from '@tests/unit/web/support/workspaces';
import { serveApi, type ApiHandler } from '@tests/unit/web/support/meta-account/serve-api';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof createCognitoMock> }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const toast = vi.hoisted(() => ({ error: vi.fn(), warning: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const serve = (overrides: Record<string, ApiHandler> = {}) =>
  serveApi(
    api.apiRequest,
    {
      metaConnection: () => connected,
      metaAdAccounts: () => ({ data: [usdAccount, jpyAccount] }),
      metaCampaigns: () => campaignList(),
      metaAccountInsights: (input) =>
        input.params?.id === jpyAccount.id ? { ...series(), currency: 'JPY' } : series(),
      metaDisconnect: () => notConnected,
      listWorkspaces: () => workspacesAs('owner'),
    },
    overrides,
  );

const memberTeam: Team = {
  role: 'member',
  plan: 'pro',
  ownerEmail: 'owner@example.com',
  members: [],
  invitations: [],
  seats: { used: 2, limit: 3 },
};

const usageHolding = (held: string[]): Usage => ({
  plan: 'free',
  limits: [{ key: 'connectedAdAccounts', used: held.length, limit: 2, resetsAt: null, enforced: true, held }],
});

/** What a usage meter elsewhere on the page reads (the shared usage query). */
function AdAccountUsage() {
  const usage = useUsage();
  const accounts = usage.data?.limits.find((limit) => limit.key === 'connectedAdAccounts');
  return accounts ? <p>Ad accounts in use: {accounts.used}</p> : null;
}

describe('dashboard: Meta', () => {
  beforeEach(() => {
    api.apiRequest.mockReset();
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(testUser);
    localStorage.clear();
  });

  it('explains what connecting does when not connected', async () => {
    serve({ metaConnection: async () => notConnected });
    renderWithMeta(<MetaDashboard />);
    expect(await screen.findByRole('button', { name: 'Connect Meta' })).toBeInTheDocument();
    expect(screen.getByText(/Connect your Meta \(Facebook and Instagram\) ad account/)).toBeInTheDocument();
  });

  it('shows the connection, scopes, token health, figures and chart for the chosen account', async () => {
    serve();
    renderWithMeta(<MetaDashboard />);
    expect(await screen.findByText('Demo Marketer')).toBeInTheDocument();
    const scopes = screen.getByRole('list', { name: 'Granted permissions' });
    expect(within(scopes).getByText('ads_management')).toBeInTheDocument();
    expect(screen.getByText(/Access expires in (39|40) days/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reconnect Meta' })).not.toBeInTheDocument();

    const tiles = await screen.findByRole('list', { name: 'Key figures' });
    expect(within(tiles).getByRole('listitem', { name: 'Spend' })).toHaveTextContent('$100.00');
    expect(screen.getByRole('img', { name: /^Daily spend and purchases/ })).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith('metaAccountInsights', {
      params: { id: usdAccount.id },
      query: { datePreset: 'last_30d' },
    });
  });

  it('shows the progress of a Meta report run, polls it with its ticket, then the figures', async () => {
    const ticket = `6100000000000001.${'a'.repeat(43)}`;
    serve({
      metaAccountInsights: (input) =>
        input.query?.report === ticket
          ? series()
          : { pending: true, report: ticket, status: 'Job Running', percent: 40 },
    });
    renderWithMeta(<MetaDashboard />);
    const progress = await screen.findByRole('progressbar', { name: 'Meta report progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText(/40% done \(Job Running\)/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Key figures' })).not.toBeInTheDocument();

    const tiles = await screen.findByRole('list', { name: 'Key figures' }, { timeout: 8_000 });
    expect(within(tiles).getByRole('listitem', { name: 'Spend' })).toHaveTextContent('$100.00');
    expect(screen.queryByRole('progressbar', { name: 'Meta report progress' })).not.toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith('metaAccountInsights', {
      params: { id: usdAccount.id },
      query: { datePreset: 'last_30d', report: ticket },
    });
  });

  it('says where the chart stops when Meta could not give every day in time', async () => {
    serve({ metaAccountInsights: () => ({ ...series(), partial: true }) });
    renderWithMeta(<MetaDashboard />);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(/the daily chart stops at .+\. The totals cover the whole range/);
  });

  it('remembers the chosen ad account per user and asks for the chosen range', async () => {
    serve();
    const user = userEvent.setup();
    renderWithMeta(<MetaDashboard />);
    const picker = await screen.findByLabelText('Ad account');
    await user.selectOptions(picker, jpyAccount.id);
    expect(localStorage.getItem(selectedAdAccountKey(testUser.uid))).toBe(jpyAccount.id);
    const tiles = await screen.findByRole('list', { name: 'Key figures' });
    await vi.waitFor(() => expect(within(tiles).getByRole('listitem', { name: 'Spend' })).toHaveTextContent('¥100'));

    await user.selectOptions(screen.getByLabelText('Date range'), 'last_7d');
    await vi.waitFor(() =>
      expect(api.apiRequest).toHaveBeenCalledWith('metaAccountInsights', {
        params: { id: jpyAccount.id },
        query: { datePreset: 'last_7d' },
      }),
    );
    await user.selectOptions(screen.getByLabelText('Date range'), 'custom');
    const since = (screen.getByLabelText('Start date') as HTMLInputElement).value;
    const until = (screen.getByLabelText('End date') as HTMLInputElement).value;
    expect(since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Date.parse(until) - Date.parse(since)).toBe(29 * 86_400_000);
  });

  it('asks to reconnect when the token expires within 7 days', async () => {
    serve({
      metaConnection: async () => ({
        ...connected,
        expiresAt: new Date(Date.now() + 3 * 86_400_000 + 60_000).toISOString(),
      }),
    });
    renderWithMeta(<MetaDashboard />);
    expect(await screen.findByRole('button', { name: 'Reconnect Meta' })).toBeInTheDocument();
    expect(screen.getByText(/Meta access ends in 3 days/)).toBeInTheDocument();
  });

  it('asks to reconnect when the API says the token expired', async () => {
    serve({ metaAdAccounts: async () => Promise.reject(apiErrors.expired()) });
    renderWithMeta(<MetaDashboard />);
    expect(await screen.findByRole('button', { name: 'Reconnect Meta' })).toBeInTheDocument();
    expect(screen.getAllByText('Your Meta connection has expired. Please reconnect Meta.').length).toBeGreaterThan(0);
  });

  it('asks to reconnect, not to connect, when the connection check says Meta refused the token', async () => {
    serve({ metaConnection: async () => ({ ...notConnected, needsReconnect: true }) });
    renderWithMeta(<MetaDashboard />);
    expect(await screen.findByRole('button', { name: 'Reconnect Meta' })).toBeInTheDocument();
    expect(screen.getByText('Reconnect needed')).toBeInTheDocument();
    expect(screen.getByText(/Meta no longer accepts Adsmith/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Meta' })).not.toBeInTheDocument();
  });

  it('says plainly when ads_read was declined and asks Meta again with rerequest', async () => {
    let configInput: unknown;
    serve({
      metaConnection: async () => ({ ...connected, scopes: ['ads_management'], declinedScopes: ['ads_read'] }),
      metaOAuthConfig: async (input) => {
        configInput = input;
        throw apiErrors.notConfigured();
      },
    });
    const user = userEvent.setup();
    renderWithMeta(<MetaDashboard />);
    expect(
      await screen.findByText(
        'You declined ads_read on Meta, so Adsmith cannot read your campaigns and results. Ask Meta again to grant it.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask Meta again' }));
    await vi.waitFor(() => expect(configInput).toEqual({ query: { rerequest: 'true' } }));
  });

  it('shows no permission warning when everything needed was granted', async () => {
    serve({ metaConnection: async () => ({ ...connected, declinedScopes: ['pages_read_engagement'] }) });
    renderWithMeta(<MetaDashboard />);
    expect(await screen.findByRole('list', { name: 'Granted permissions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask Meta again' })).not.toBeInTheDocument();
  });

  it('disconnects after confirmation and shows the Connect button again', async () => {
    serve();
    const user = userEvent.setup();
    renderWithMeta(<MetaDashboard />);
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disconnect Meta?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect Meta' }));
    expect(await screen.findByRole('button', { name: 'Connect Meta' })).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith('metaDisconnect');
    expect(screen.queryByLabelText('Ad account')).not.toBeInTheDocument();
  });

  it('a team member sees the connection but no Connect or Disconnect button: the owner manages it', async () => {
    serve({
      getTeam: () => memberTeam,
      listWorkspaces: () => workspacesAs('member'),
      metaConnection: async () => notConnected,
    });
    const { unmount } = renderWithMeta(<MetaDashboard />);
    expect(await screen.findByText(/Ask your workspace owner/)).toHaveTextContent(
      'Ask your workspace owner (owner@example.com) to connect Meta',
    );
    expect(screen.queryByRole('button', { name: 'Connect Meta' })).not.toBeInTheDocument();
    unmount();

    serve({ getTeam: () => memberTeam, listWorkspaces: () => workspacesAs('member') });
    renderWithMeta(<MetaDashboard />);
    expect(await screen.findByText('Managed by your workspace owner')).toBeInTheDocument();
    expect(screen.getByText('Demo Marketer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
  });

  it('the usage meter counts the ad account Meta’s first read of it took, without a reload', async () => {
    let held: string[] = [];
    let releaseInsights: () => void = () => undefined;
    const insightsRead = new Promise<void>((resolve) => (releaseInsights = resolve));
    serve({
      billingUsage: () => usageHolding(held),
      // The server takes the plan's place for the account when it first reads its figures.
      metaAccountInsights: async () => {
        await insightsRead;
        held = [usdAccount.id];
        return series();
      },
    });
    renderWithMeta(
      <>
        <AdAccountUsage />
        <MetaDashboard />
      </>,
    );
    expect(await screen.findByText('Ad accounts in use: 0')).toBeInTheDocument();
    releaseInsights();
    expect(await screen.findByText('Ad accounts in use: 1')).toBeInTheDocument();
  });

  it('the usage meter gives the places back after a disconnect, without a reload', async () => {
    let held = [usdAccount.id];
    serve({
      billingUsage: () => usageHolding(held),
      metaDisconnect: () => {
        held = [];
        return notConnected;
      },
    });
    const user = userEvent.setup();
    renderWithMeta(
      <>
        <AdAccountUsage />
        <MetaDashboard />
      </>,
    );
    expect(await screen.findByText('Ad accounts in use: 1')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Disconnect Meta?' })).getByRole('button', {
        name: 'Disconnect Meta',
      }),
    );
    expect(await screen.findByText('Ad accounts in use: 0')).toBeInTheDocument();
  });

  it('counts whole days until the token expires', () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    expect(daysUntil('2026-11-27T12:00:00Z', now)).toBe(7);
    expect(daysUntil('2026-11-27T11:59:00Z', now)).toBe(6);
    expect(daysUntil('2026-11-19T00:00:00Z', now)).toBe(0);
    expect(daysUntil(null, now)).toBeNull();
  });
});
