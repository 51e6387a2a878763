import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CampaignsScreen } from '@web/features/campaigns/components/campaigns-screen';
import { ApiError } from '@web/lib/api-client';
import { filterCampaigns, sortCampaigns, EMPTY_FILTERS } from '@web/features/campaigns/lib/campaign-table';
import { type createCognitoMock } from '@tests/unit/web/support/cognito-mock';
import {
  apiErrors,
  campaignList,
  campaigns,
  connected,
  jpyAccount,
  metrics,
  series,
} from '@tests/unit/web/support/meta-account/meta-fixtures';
import { resetAccountScreen, serveAccountScreen } from '@tests/unit/web/support/meta-account/account-screen';
import { renderWithMeta } from '@tests/unit/web/support/meta-account/render-meta';
import { type ApiHandler } from '@tests/unit/web/support/meta-account/serve-api';

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
  serveAccountScreen(
    api.apiRequest,
    {
      metaCampaigns: () => campaignList(),
      metaCampaignInsights: () => series(),
      metaCampaignAdSets: () => ({
        currency: 'USD',
        data: [
          {
            id: '11',
            name: 'Lookalike 1%',
            status: 'ACTIVE',
            effectiveStatus: 'ACTIVE',
            dailyBudget: 7500,
            lifetimeBudget: null,
          },
          {
            id: '12',
            name: 'Broad',
            status: 'PAUSED',
            effectiveStatus: 'PAUSED',
            dailyBudget: null,
            lifetimeBudget: 90_000,
          },
          {
            id: '13',
            name: 'Retargeting',
            status: 'ACTIVE',
            effectiveStatus: 'ACTIVE',
            dailyBudget: null,
            lifetimeBudget: null,
          },
        ],
      }),
    },
    overrides,
  );

// A campaign's row header is named by the campaign alone; its objective is a line under the name.
const names = () => screen.getAllByRole('rowheader').map((th) => th.getAttribute('aria-label') ?? th.textContent);
const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('campaigns screen', () => {
  beforeEach(() => {
    resetAccountScreen({ apiRequest: api.apiRequest, toast, getSignedInUser: cognito.current.getSignedInUser });
  });

  it('lists campaigns with human labels and budgets in the account currency', async () => {
    serve();
    renderWithMeta(<CampaignsScreen />);
    await screen.findByRole('rowheader', { name: 'Spring Sale' });
    const spring = rowOf('Spring Sale');
    // The objective under the name, not a column of its own (the key figures fit beside the actions).
    expect(screen.getByRole('rowheader', { name: 'Spring Sale' })).toHaveTextContent('Sales');
    expect(screen.queryByRole('columnheader', { name: /^Objective/ })).not.toBeInTheDocument();
    expect(spring).toHaveTextContent('$50.00');
    expect(spring).toHaveTextContent('Daily');
    expect(rowOf('Lead Magnet')).toHaveTextContent('Ad set budgets');
    expect(rowOf('Awareness Push')).toHaveTextContent('$1,000.00');
    expect(rowOf('Awareness Push')).toHaveTextContent('Lifetime');
  });

  it('sorts by a column header click, with aria-sort', async () => {
    serve();
    const user = userEvent.setup();
    renderWithMeta(<CampaignsScreen />);
    await screen.findByRole('rowheader', { name: 'Spring Sale' });
    expect(names()).toEqual(['Awareness Push', 'Spring Sale', 'Lead Magnet']);
    expect(screen.getByRole('columnheader', { name: /Spend/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Awareness Push', 'Lead Magnet', 'Spring Sale']);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Spend/ })).toHaveAttribute('aria-sort', 'none');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Spring Sale', 'Lead Magnet', 'Awareness Push']);

    // Empty figures stay last whichever the direction.
    await user.click(screen.getByRole('button', { name: 'Cost per result' }));
    expect(names().at(-1)).toBe('Awareness Push');
    await user.click(screen.getByRole('button', { name: 'Cost per result' }));
    expect(names().at(-1)).toBe('Awareness Push');
  });

  it('filters by name, status and objective', async () => {
    serve();
    const user = userEvent.setup();
    renderWithMeta(<CampaignsScreen />);
    await screen.findByRole('rowheader', { name: 'Spring Sale' });

    await user.type(screen.getByLabelText('Search campaigns'), 'spring');
    expect(names()).toEqual(['Spring Sale']);
    await user.clear(screen.getByLabelText('Search campaigns'));

    await user.selectOptions(screen.getByLabelText('Status'), 'Paused');
    expect(names()).toEqual(['Lead Magnet']);
    await user.selectOptions(screen.getByLabelText('Status'), 'All statuses');

    await user.selectOptions(screen.getByLabelText('Objective'), 'Awareness');
    expect(names()).toEqual(['Awareness Push']);
    await user.selectOptions(screen.getByLabelText('Status'), 'Paused');
    expect(screen.getByText('No campaigns match these filters')).toBeInTheDocument();
  });

  it('pauses optimistically after confirmation and rolls back with the server message on a 500', async () => {
    let reject: (error: unknown) => void = () => undefined;
    serve({ metaUpdateCampaign: () => new Promise((_, r) => (reject = r)) });
    const user = userEvent.setup();
    renderWithMeta(<CampaignsScreen />);
    await screen.findByRole('rowheader', { name: 'Spring Sale' });

    await user.click(screen.getByRole('button', { name: 'Pause Spring Sale' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Pause “Spring Sale”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Pause campaign' }));

    expect(within(rowOf('Spring Sale')).getByText('Paused')).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith('metaUpdateCampaign', {
      params: { id: '1' },
      body: { status: 'PAUSED' },
    });

    reject(apiErrors.internal());
    await vi.waitFor(() => expect(within(rowOf('Spring Sale')).getByText('Active')).toBeInTheDocument());
    expect(toast.error).toHaveBeenCalledWith('Meta could not update the campaign.');
  });

  it('edits a budget in major units and sends minor units, after a review step', async () => {
    let resolve: (value: unknown) => void = () => undefined;
    serve({ metaUpdateCampaign: () => new Promise((r) => (resolve = r)) });
    const user = userEvent.setup();
    renderWithMeta(<CampaignsScreen />);
    await screen.findByRole('rowheader', { name: 'Spring Sale' });

    await user.click(screen.getByRole('button', { name: 'Edit budget of Spring Sale' }));
    const field = screen.getByLabelText('Daily budget (USD)');
    expect(field).toHaveValue(50);
    await user.clear(field);
    await user.type(field, '60');
    await user.click(screen.getByRole('button', { name: 'Review change' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('from $50.00 to $60.00');
    await user.click(screen.getByRole('button', { name: 'Confirm budget' }));

    expect(api.apiRequest).toHaveBeenCalledWith('metaUpdateCampaign', {
      params: { id: '1' },
      body: { dailyBudget: 6000 },
    });
    // Shown at once, before Meta answers.
    expect(rowOf('Spring Sale')).toHaveTextContent('$60.00');
    const { metrics: _metrics, ...campaign } = campaigns[0]!;
    resolve({ ...campaign, dailyBudget: 6000 });
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('The budget of “Spring Sale” was updated.'));
  });

  // Issue 25, requirement 9: a large budget change restarts Meta's learning phase; the review says so, in percent.
  it('shows the change in percent and warns with Meta’s learning-phase rule when the change is large', async () => {
    serve({ metaUpdateCampaign: () => new Promise(() => undefined) });
    const user = userEvent.setup();
    renderWithMeta(<CampaignsScreen />);
    await screen.findByRole('rowheader', { name: 'Spring Sale' });
    await user.click(screen.getByRole('button', { name: 'Edit budget of Spring Sale' }));
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByLabelText('Daily budget (USD)');
    await user.clear(field);
    await user.type(field, '55');
    await user.click(within(dialog).getByRole('button', { name: 'Review change' }));
    expect(dialog).toHaveTextContent('from $50.00 to $55.00 (+10 %)');
    expect(within(dialog).queryByRole('note', { name: 'Learning phase' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.clear(within(dialog).getByLabelText('Daily budget (USD)'));
    await user.type(within(dialog).getByLabelText('Daily budget (USD)'), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Review change' }));
    expect(dialog).toHaveTextContent('from $50.00 to $200.00 (+300 %)');
    const note = within(dialog).getByRole('note', { name: 'Learning phase' });
    expect(note).toHaveTextContent('+300 %');
    expect(note).toHaveTextContent(/learning phase/);
    expect(note).toHaveTextContent(/about 50 results/);
  });

  // Issue 25, requirement 9: resuming starts spending, so it is confirmed with the spend it restarts.
  it('resumes only after a confirmation that shows the daily spend it restarts', async () => {
    const paused = campaigns.map((c) => (c.id === '1' ? { ...c, status: 'PAUSED' } : c));
    serve({ metaCampaigns: () => campaignList(paused), metaUpdateCampaign: () => new Promise(() => undefined) });
    const user = userEvent.setup();
    renderWithMeta(<CampaignsScreen />);
    await screen.findByRole('rowheader', { name: 'Spring Sale' });

    await user.click(screen.getByRole('button', { name: 'Resume Spring Sale' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Resume “Spring Sale”?' });
    expect(confirm).toHaveTextContent('$50.00 a day');
    expect(api.apiRequest).not.toHaveBeenCalledWith('metaUpdateCampaign', expect.anything());
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    // Budgets on the ad sets: the active ones' daily budgets are what starts spending again.
    await user.click(screen.getByRole('button', { name: 'Resume Lead Magnet' }));
    const lead = screen.getByRole('alertdialog', { name: 'Resume “Lead Magnet”?' });
    await within(lead).findByText(/\$75\.00 a day/);
    await user.click(within(lead).getByRole('button', { name: 'Resume campaign' }));
    expect(api.apiRequest).toHaveBeenCalledWith('metaUpdateCampaign', {
      params: { id: campaigns.find((c) => c.name === 'Lead Magnet')!.id },
      body: { status: 'ACTIVE' },
    });
  });

  it('refuses a daily budget under the account’s minimum inline, before anything is sent', async () => {
    serve();
    const user = userEvent.setup();
    renderWithMeta(<CampaignsScreen />);
    await screen.findByRole('rowheader', { name: 'Spring Sale' });

    await user.click(screen.getByRole('button', { name: 'Edit budget of Spring Sale' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Meta’s minimum here: $1.00.');
    const field = within(dialog).getByLabelText('Daily budget (USD)');
    await user.clear(field);
    await user.type(field, '0.50');
    await user.click(within(dialog).getByRole('button', { name: 'Review change' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('The minimum daily budget for this ad account is $1.00.');
    expect(within(dialog).queryByRole('button', { name: 'Confirm budget' })).toBeNull();
    expect(api.apiRequest).not.toHaveBeenCalledWith('metaUpdateCampaign', expect.anything());

    await user.clear(field);
    await user.type(field, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Review change' }));
    expect(within(dialog).getByRole('button', { name: 'Confirm budget' })).toBeInTheDocument();
  });

  it('in JPY: whole yen only, and the minimum in yen', async () => {
    const yen = campaigns.map((c) => (c.id === '1' ? { ...c, dailyBudget: 3000 } : c));
    serve({
      metaAdAccounts: () => ({ data: [jpyAccount] }),
      metaCampaigns: () => ({ ...campaignList(yen), currency: 'JPY', timezoneName: 'Asia/Tokyo' }),
    });
    const user = userEvent.setup();
    renderWithMeta(<CampaignsScreen />);
    await screen.findByRole('rowheader', { name: 'Spring Sale' });

    await user.click(screen.getByRole('button', { name: 'Edit budget of Spring Sale' }));
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByLabelText('Daily budget (JPY)');
    expect(field).toHaveValue(3000);
    await user.clear(field);
    await user.type(field, '149.5');
    await user.click(within(dialog).getByRole('button', { name: 'Review change' }));
    expect(field).toHaveAccessibleDescription('JPY budgets have no decimal places.');
    await user.clear(field);
    await user.type(field, '149');
    await user.click(within(dialog).getByRole('button', { name: 'Review change' }));
    expect(field).toHaveAccessibleDescription(/^The minimum daily budget for this ad account is [¥￥]150\.$/);
    await user.clear(field);
    await user.type(field, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Review change' }));
    expect(dialog).toHaveTextContent(/from [¥￥]3,000 to [¥￥]150/);
  });

  it('when Meta refuses the budget, the dialog stays open with Meta’s words inline and no toast', async () => {
    serve({
      metaUpdateCampaign: () =>
        Promise.reject(
          new ApiError('VALIDATION_ERROR', 400, 'Meta: This campaign’s spend cap is lower than the new budget.'),
        ),
    });
    const user = userEvent.setup();
    renderWithMeta(<CampaignsScreen />);
    await screen.findByRole('rowheader', { name: 'Spring Sale' });

    await user.click(screen.getByRole('button', { name: 'Edit budget of Spring Sale' }));
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByLabelText('Daily budget (USD)');
    await user.clear(field);
    await user.type(field, '80');
    await user.click(within(dialog).getByRole('button', { name: 'Review change' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm budget' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This campaign’s spend cap is lower than the new budget.');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByLabelText('Daily budget (USD)')).toHaveValue(80);
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    // The optimistic row went back to what Meta still has.
    await vi.waitFor(() => expect(rowOf('Spring Sale')).toHaveTextContent('$50.00'));

    // The server's own minimum check lands on the field.
    serve({
      metaUpdateCampaign: () =>
        Promise.reject(
          new ApiError('BUDGET_TOO_LOW', 400, 'The minimum daily budget for this ad account is 5.00 USD.', {
            minimum: '500',
            currency: 'USD',
            kind: 'daily',
          }),
        ),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Review change' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm budget' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByLabelText('Daily budget (USD)')).toHaveAccessibleDescription(
        'The minimum daily budget for this ad account is 5.00 USD.',
      ),
    );
  });

  it('opens a detail drawer with the daily chart', async () => {
    serve();
    const user = userEvent.setup();
    renderWithMeta(<CampaignsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Details of Spring Sale' }));
    const drawer = screen.getByRole('dialog', { name: 'Spring Sale' });
    expect(await within(drawer).findByRole('img', { name: /Daily spend and purchases/ })).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith('metaCampaignInsights', {
      params: { id: '1' },
      query: { datePreset: 'last_30d', timeIncrement: '1' },
    });
    await user.click(within(drawer).getByRole('button', { name: 'Show as table' }));
    expect(within(drawer).getByRole('table')).toHaveTextContent('$40.00');
  });

  it('lists the campaign’s ad sets in the drawer with their status and budget, read for that campaign', async () => {
    serve();
    const user = userEvent.setup();
    renderWithMeta(<CampaignsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Details of Lead Magnet' }));
    const drawer = screen.getByRole('dialog', { name: 'Lead Magnet' });
    const list = await within(drawer).findByRole('list', { name: 'Ad sets of Lead Magnet' });
    expect(within(list).getByRole('listitem', { name: 'Lookalike 1%' })).toHaveTextContent('Active$75.00 a day');
    expect(within(list).getByRole('listitem', { name: 'Broad' })).toHaveTextContent('Paused$900.00 lifetime');
    expect(within(list).getByRole('listitem', { name: 'Retargeting' })).toHaveTextContent('Campaign budget');
    const lead = campaigns.find((c) => c.name === 'Lead Magnet')!;
    expect(api.apiRequest).toHaveBeenCalledWith('metaCampaignAdSets', { params: { id: lead.id } });
  });

  it('says so when the ad sets cannot be read, with a retry', async () => {
    serve({
      metaCampaignAdSets: () => {
        throw apiErrors.rateLimited();
      },
    });
    const user = userEvent.setup();
    renderWithMeta(<CampaignsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Details of Spring Sale' }));
    const drawer = screen.getByRole('dialog', { name: 'Spring Sale' });
    expect(await within(drawer).findByText('The ad sets could not be loaded')).toBeInTheDocument();
  });

  it('shows an empty state for an account without campaigns', async () => {
    serve({ metaCampaigns: async () => campaignList([]) });
    renderWithMeta(<CampaignsScreen />);
    expect(await screen.findByText('No campaigns in this ad account')).toBeInTheDocument();
  });

  it("shows the server's wait for a 429 and offers a retry", async () => {
    let calls = 0;
    serve({
      metaCampaigns: async () => {
        calls += 1;
        if (calls === 1) throw apiErrors.rateLimited();
        return campaignList();
      },
    });
    const user = userEvent.setup();
    renderWithMeta(<CampaignsScreen />);
    expect(await screen.findByText(apiErrors.rateLimited().message)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Spring Sale' })).toBeInTheDocument();
  });

  it('asks to connect when Meta is not connected', async () => {
    serve({ metaConnection: async () => ({ ...connected, isConnected: false, metaUserName: null, expiresAt: null }) });
    renderWithMeta(<CampaignsScreen />);
    expect(await screen.findByRole('button', { name: 'Connect Meta' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeInTheDocument();
  });
});

describe('an Ads-Manager-like table', () => {
  beforeEach(() => {
    resetAccountScreen({ apiRequest: api.apiRequest, toast, getSignedInUser: cognito.current.getSignedInUser });
  });

  const adsetRow = (age: string, spend: number) => ({
    id: '11',
    name: 'Women 25-45',
    campaignName: 'Spring Sale',
    adsetName: null,
    segment: { age },
    metrics: metrics({ spend, roas: 3.5, ctr: 1.25, cpc: 0.42 }),
  });
  const performance: ApiHandler = ({ query }) => ({
    level: query?.level,
    breakdown: query?.breakdown ?? null,
    rows: query?.breakdown === 'age' ? [adsetRow('25-34', 60), adsetRow('35-44', 40)] : [adsetRow('', 100)],
    range: { since: '2026-03-03', until: '2026-03-09' },
    currency: 'USD',
    timezoneName: 'America/New_York',
  });

  it('shows ROAS, link CTR and link CPC by default and keeps the chosen columns for this user', async () => {
    serve();
    const user = userEvent.setup();
    const first = renderWithMeta(<CampaignsScreen />);
    await screen.findByRole('rowheader', { name: 'Spring Sale' });
    for (const name of ['ROAS', 'CTR (link)', 'CPC (link)']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) })).toBeVisible();
    }

    await user.click(screen.getByRole('button', { name: /^Columns/ }));
    await user.click(screen.getByRole('checkbox', { name: 'ROAS' }));
    await user.click(screen.getByRole('checkbox', { name: 'Impressions' }));
    expect(screen.queryByRole('button', { name: 'ROAS' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Impressions' })).toBeInTheDocument();

    // Another visit of the same person: the same columns.
    first.unmount();
    renderWithMeta(<CampaignsScreen />);
    await screen.findByRole('rowheader', { name: 'Spring Sale' });
    expect(screen.queryByRole('button', { name: 'ROAS' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Impressions' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('adsmith:campaign-columns:user-1')!)).toContain('impressions');
  });

  it('switches to ad sets and breaks them down by age, asking the API for that level and breakdown', async () => {
    const asked: unknown[] = [];
    serve({
      metaPerformanceTable: (input) => {
        asked.push(input.query);
        return performance(input);
      },
    });
    const user = userEvent.setup();
    renderWithMeta(<CampaignsScreen />);
    await screen.findByRole('rowheader', { name: 'Spring Sale' });

    await user.click(screen.getByRole('tab', { name: 'Ad sets' }));
    expect(await screen.findByRole('rowheader', { name: /Women 25-45/ })).toHaveTextContent('Spring Sale');
    await user.selectOptions(screen.getByLabelText('Breakdown'), 'Age');
    await waitFor(() => expect(screen.getAllByRole('rowheader', { name: /Women 25-45/ })).toHaveLength(2));
    expect(screen.getByRole('columnheader', { name: /^Age/ })).toBeInTheDocument();
    expect(screen.getAllByRole('row').map((r) => r.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/25-34.*\$60\.00/)]),
    );
    expect(asked).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 'adset' }),
        expect.objectContaining({ level: 'adset', breakdown: 'age' }),
      ]),
    );
  });

  it('lays campaigns out as cards on a phone, with pause and details on each', async () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: !query.includes('min-width: 640px'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      serve();
      renderWithMeta(<CampaignsScreen />);
      const cards = await screen.findByRole('list', { name: 'Campaigns' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const spring = within(cards).getByRole('listitem', { name: 'Spring Sale' });
      expect(within(spring).getByText('ROAS')).toBeInTheDocument();
      expect(within(spring).getByRole('button', { name: 'Details of Spring Sale' })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('campaign table logic', () => {
  it('sorts text by locale and figures numerically', () => {
    const byBudget = sortCampaigns(campaigns, { column: 'budget', direction: 'descending' }, 'USD');
    expect(byBudget.map((c) => c.name)).toEqual(['Awareness Push', 'Spring Sale', 'Lead Magnet']);
    const byName = sortCampaigns(campaigns, { column: 'name', direction: 'ascending' }, 'USD');
    expect(byName.map((c) => c.name)).toEqual(['Awareness Push', 'Lead Magnet', 'Spring Sale']);
  });

  it('filters case-insensitively on the name', () => {
    expect(filterCampaigns(campaigns, { ...EMPTY_FILTERS, search: '  LEAD ' }).map((c) => c.id)).toEqual(['2']);
  });
});
