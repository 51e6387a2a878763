import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportData, ReportSend } from '@shared/schemas/reports';
import ReportsPage from '@web/features/reports/components/reports-page';
import { ApiError } from '@web/lib/api-client';
import { type createCognitoMock, testUser } from '@tests/unit/web/support/cognito-mock';
import { connected, usdAccount } from '@tests/unit/web/support/meta-account/meta-fixtures';
import { renderWithMeta } from '@tests/unit/web/support/meta-account/render-meta';
import { serveApi, type ApiHandler } from '@tests/unit/web/support/meta-account/serve-api';
import { workspacesAs } from '@tests/unit/web/support/workspaces';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof createCognitoMock> }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
vi.mock('sonner', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } }));

const figure = (current: number | null, previous: number | null, target: number | null = null) => ({
  current,
  previous,
  target,
  changePercent: current !== null && previous ? ((current - previous) / previous) * 100 : null,
});

const report: ReportData = {
  workspaceName: 'Outdoor Co',
  senderName: 'Acme Agency',
  accountName: 'Outdoor US',
  currency: 'USD',
  period: { cadence: 'weekly', since: '2026-11-16', until: '2026-11-22', key: '2026-W47' },
  timeZone: 'Asia/Tokyo',
  previousPeriod: { since: '2026-11-09', until: '2026-11-15' },
  resultLabel: 'Purchases',
  figures: {
    spend: figure(700, 500),
    results: figure(70, 40),
    costPerResult: figure(10, 12.5, 9),
    roas: figure(3.2, 2.4, 3),
  },
  trend: [
    { date: '2026-11-16', spend: 100, results: 10 },
    { date: '2026-11-17', spend: 120, results: 12 },
  ],
  topCampaigns: [{ id: 'c1', name: 'Winter boots', spend: 400, results: 50, costPerResult: 8, roas: 4 }],
  bottomCampaigns: [{ id: 'c2', name: 'Tents', spend: 300, results: 20, costPerResult: 15, roas: 1.5 }],
  topAds: [
    {
      id: 'a1',
      name: 'Boots video',
      spend: 200,
      results: 30,
      costPerResult: 6.67,
      roas: 5,
      thumbnailUrl: 'https://cdn.test/a1.jpg',
    },
  ],
  bottomAds: [
    { id: 'a2', name: 'Tent carousel', spend: 150, results: 5, costPerResult: 30, roas: 0.8, thumbnailUrl: null },
  ],
  changes: [
    { title: 'Raise the budget of Winter boots', appliedAt: '2026-11-18T09:00:00.000Z', outcome: 'Results +12 a week' },
  ],
  marketingMix: null,
  summary: { text: 'Spend rose 40% and purchases 75%.', source: 'template' },
  brand: { colours: ['#123456'], hasLogo: false },
};

const sends: ReportSend[] = [
  {
    periodKey: '2026-W47',
    since: '2026-11-16',
    until: '2026-11-22',
    status: 'sent',
    recipients: 2,
    at: '2026-11-23T01:00:00.000Z',
  },
  {
    periodKey: '2026-W46',
    since: '2026-11-09',
    until: '2026-11-15',
    status: 'failed',
    recipients: 2,
    at: '2026-11-16T01:00:00.000Z',
    error: 'SES refused the message',
  },
];

const stored = {
  cadence: 'weekly' as const,
  adAccountId: usdAccount.id,
  recipients: ['client@example.com'],
  senderName: 'Acme Agency',
  targetCostPerResult: 9,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function serve(role: 'owner' | 'client', overrides: Record<string, ApiHandler> = {}) {
  serveApi(
    api.apiRequest,
    {
      listWorkspaces: () => workspacesAs(role),
      metaConnection: () => connected,
      metaAdAccounts: () => ({ data: [usdAccount] }),
      reportSettings: () => ({ settings: stored }),
      reportUpdateSettings: (input) => ({ settings: { ...(input.body as object), updatedAt: '2026-11-29T00:00:00Z' } }),
      reportPreview: () => report,
      reportSends: () => ({ data: sends }),
      reportPdf: () => ({ fileName: 'report-2026-W47.pdf', contentBase64: btoa('%PDF-1.7 test') }),
    },
    overrides,
  );
}

const calls = (name: string) => api.apiRequest.mock.calls.filter(([called]) => called === name);

beforeEach(() => {
  api.apiRequest.mockReset();
  cognito.current.getSignedInUser.mockReset().mockResolvedValue(testUser);
  localStorage.clear();
});

describe('ReportsPage', () => {
  it('previews the key figures against the period before and the target, the best and worst, and the sends', async () => {
    serve('owner');
    renderWithMeta(<ReportsPage />);
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    const cost = within(figures).getByRole('group', { name: 'Cost per result' });
    expect(cost).toHaveTextContent('$10.00');
    expect(cost).toHaveTextContent('-20% vs $12.50 the period before');
    expect(cost).toHaveTextContent('Target $9.00 · off target');
    expect(within(figures).getByRole('group', { name: 'Purchases' })).toHaveTextContent('+75%');
    expect(screen.getByRole('img', { name: /Daily spend and purchases from Nov 16 to Nov 17/ })).toBeInTheDocument();

    const topAds = screen.getByRole('table', { name: 'Top ads' });
    expect(within(topAds).getByRole('rowheader', { name: 'Boots video' })).toBeInTheDocument();
    expect(topAds.querySelector('img')).toHaveAttribute('src', 'https://cdn.test/a1.jpg');
    expect(within(screen.getByRole('table', { name: 'Bottom campaigns' })).getByText('Tents')).toBeInTheDocument();
    expect(screen.getByText('Raise the budget of Winter boots')).toBeInTheDocument();

    const history = screen.getByRole('table', { name: 'Reports sent, newest period first' });
    const [, sent, failed] = within(history).getAllByRole('row');
    expect(sent).toHaveTextContent('Sent');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('SES refused the message');
    expect(calls('reportPreview')[0]?.[1]).toEqual({ query: { cadence: 'weekly' } });
    // The period's days are the ad account's; the brand kit has no logo yet.
    expect(screen.getByText(/days in Asia\/Tokyo, the ad account's time zone/)).toBeInTheDocument();
    expect(screen.getByText(/a PNG logo in the brand kit would be shown too/)).toBeInTheDocument();
  });

  it('reads the month when the period is changed', async () => {
    serve('owner');
    renderWithMeta(<ReportsPage />);
    await screen.findByRole('region', { name: 'Key figures' });
    await userEvent.selectOptions(screen.getByLabelText('Period'), 'monthly');
    await waitFor(() => expect(calls('reportPreview').at(-1)?.[1]).toEqual({ query: { cadence: 'monthly' } }));
  });

  it('checks the settings before saving them, then saves them', async () => {
    serve('owner');
    renderWithMeta(<ReportsPage />);
    const form = await screen.findByRole('form', { name: 'Report settings' });
    const recipients = within(form).getByLabelText('Recipients');
    expect(recipients).toHaveValue('client@example.com');
    await userEvent.type(recipients, '\nnot-an-address');
    await userEvent.clear(within(form).getByLabelText('Target ROAS'));
    await userEvent.type(within(form).getByLabelText('Target ROAS'), 'lots');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(within(form).getByText('Each recipient must be an email address')).toBeInTheDocument();
    expect(within(form).getByText('Enter a number, e.g. 3')).toBeInTheDocument();
    expect(calls('reportUpdateSettings')).toHaveLength(0);

    await userEvent.clear(recipients);
    await userEvent.type(recipients, 'a@example.com, b@example.com');
    await userEvent.clear(within(form).getByLabelText('Target ROAS'));
    await userEvent.type(within(form).getByLabelText('Target ROAS'), '3.5');
    await userEvent.selectOptions(within(form).getByLabelText('Send reports'), 'monthly');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Settings saved.');
    expect(calls('reportUpdateSettings')[0]?.[1]).toEqual({
      body: {
        cadence: 'monthly',
        adAccountId: usdAccount.id,
        recipients: ['a@example.com', 'b@example.com'],
        senderName: 'Acme Agency',
        targetCostPerResult: 9,
        targetRoas: 3.5,
      },
    });
  });

  it('asks for the settings first when there are none, and reads no preview', async () => {
    serve('owner', { reportSettings: () => ({ settings: null }), reportSends: () => ({ data: [] }) });
    renderWithMeta(<ReportsPage />);
    expect(await screen.findByText('Save the settings above to see the report.')).toBeInTheDocument();
    expect(screen.getByText(/Nothing sent yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    expect(calls('reportPreview')).toHaveLength(0);
  });

  it('downloads the PDF as a file of its bytes', async () => {
    serve('owner');
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:report';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithMeta(<ReportsPage />);
    await screen.findByRole('region', { name: 'Key figures' });
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(created[0]?.type).toBe('application/pdf');
    expect(await created[0]!.text()).toBe('%PDF-1.7 test');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('report-2026-W47.pdf');
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  it('shows a read-only client the report and the sends, without asking for the settings', async () => {
    serve('client');
    renderWithMeta(<ReportsPage />);
    expect(await screen.findByRole('region', { name: 'Key figures' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Report settings' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Reports sent, newest period first' })).toBeInTheDocument();
    expect(calls('reportSettings')).toHaveLength(0);
  });

  it('tells a client when no report is set up yet', async () => {
    serve('client', {
      reportPreview: () => {
        throw new ApiError('CONFLICT', 409, 'Choose the ad account and the sender name in the report settings first.');
      },
    });
    renderWithMeta(<ReportsPage />);
    expect(await screen.findByText(/No report is set up for this workspace yet/)).toBeInTheDocument();
  });

  it('says when the report cannot be read, with a retry', async () => {
    serve('owner', {
      reportPreview: () => {
        throw new ApiError('UPSTREAM_ERROR', 502, 'Meta did not answer.');
      },
    });
    renderWithMeta(<ReportsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The report could not be read');
    expect(alert).toHaveTextContent('Meta did not answer.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
