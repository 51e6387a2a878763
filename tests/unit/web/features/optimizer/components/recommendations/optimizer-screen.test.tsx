import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecommendationList, StoredRecommendation } from '@shared/schemas/optimizer';
import { OptimizerRecommendations } from '@web/features/optimizer/components/recommendations/optimizer-screen';
import { type createCognitoMock } from '@tests/unit/web/support/cognito-mock';
import { notConnected, usdAccount } from '@tests/unit/web/support/meta-account/meta-fixtures';
import { resetAccountScreen, serveAccountScreen } from '@tests/unit/web/support/meta-account/account-screen';
import { renderWithMeta } from '@tests/unit/web/support/meta-account/render-meta';
import { type ApiHandler, type ApiInput } from '@tests/unit/web/support/meta-account/serve-api';

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

const GENERATED_AT = '2026-03-29T10:00:00.000Z';

function rec(id: string, extra: Partial<StoredRecommendation>): StoredRecommendation {
  return {
    id: `111.${id}`,
    adAccountId: usdAccount.id,
    currency: 'USD',
    status: 'proposed',
    generatedAt: GENERATED_AT,
    kind: 'budget_shift',
    level: 'adset',
    objectId: '201',
    objectName: 'Lookalike 1%',
    campaignId: '42',
    title: `Recommendation ${id}`,
    why: `Why ${id}.`,
    evidence: {},
    expectedEffect: { metric: 'results_per_week', low: 1, expected: 2, high: 3 },
    valuePerWeek: 10,
    confidence: 0.9,
    changes: [],
    ...extra,
  };
}

const shift = rec('budget_shift.201', {
  title: 'Move $20.00 a day from “Interests: Camping” to “Lookalike 1%”',
  why: 'Lookalike 1% pays $2.00 per install; Interests: Camping pays $6.00.',
  explanation: 'Your lookalike ad set gets installs for a third of the price. Moving budget buys more installs.',
  explanationSource: 'ai',
  expectedEffect: { metric: 'results_per_week', low: 12.5, expected: 20, high: 31.5 },
  valuePerWeek: 120,
  confidence: 0.93,
  changes: [
    {
      level: 'adset',
      objectId: '202',
      objectName: 'Interests: Camping',
      change: { dailyBudget: 4000 },
      before: { dailyBudget: 6000 },
    },
    {
      level: 'adset',
      objectId: '201',
      objectName: 'Lookalike 1%',
      change: { dailyBudget: 8000 },
      before: { dailyBudget: 6000 },
    },
  ],
});
const fatigue = rec('creative_fatigue.501', {
  kind: 'creative_fatigue',
  level: 'ad',
  objectId: '501',
  objectName: 'Trail boots',
  title: 'Refresh the creative of “Trail boots”',
  expectedEffect: { metric: 'ctr_percent', low: 0.1, expected: 0.35, high: 0.6 },
  valuePerWeek: 40,
  confidence: 0.99,
});
const learning = rec('learning_limited.203', {
  kind: 'learning_limited',
  objectId: '203',
  objectName: 'Retargeting',
  title: 'Merge “Retargeting” with a sibling ad set or broaden its audience',
  valuePerWeek: 5,
  confidence: 0.8,
});
const appliedAt = '2026-03-29T08:00:00.000Z';
const appliedShift = (undoUntil: string): StoredRecommendation => ({
  ...shift,
  status: 'applied',
  appliedAt,
  undoUntil,
  applied: shift.changes.map((c, i) => ({
    level: c.level,
    objectId: c.objectId,
    objectName: c.objectName,
    change: c.change,
    changeId: `change-${i}`,
    before: { status: 'ACTIVE', dailyBudget: c.before.dailyBudget ?? null, lifetimeBudget: null },
    after: { status: 'ACTIVE', dailyBudget: c.change.dailyBudget ?? null, lifetimeBudget: null },
  })),
});
const oldApplied = rec('overspending_loser.204', {
  kind: 'overspending_loser',
  objectId: '204',
  objectName: 'Broad',
  title: 'Cut the budget of “Broad”',
  status: 'applied',
  appliedAt: '2026-03-27T08:00:00.000Z',
  undoUntil: '2026-03-28T08:00:00.000Z',
  expectedEffect: { metric: 'spend_per_week', low: 50, expected: 70, high: 90 },
});

const list = (data: StoredRecommendation[], extra: Partial<RecommendationList> = {}): RecommendationList => ({
  data,
  health: {
    activeCampaigns: 3,
    activeAdSets: 7,
    activeAds: 21,
    spendLast7Days: 1234.5,
    resultsLast7Days: 321,
    resultsByType: [{ resultType: 'omni_app_install', results: 321 }],
    learningLimitedAdSets: 1,
    opportunityPerWeek: 165,
  },
  currency: 'USD',
  generatedAt: GENERATED_AT,
  metaReadAt: GENERATED_AT,
  graphCalls: 6,
  ...extra,
});

const serve = (overrides: Record<string, ApiHandler> = {}) =>
  serveAccountScreen(
    api.apiRequest,
    {
      optimizerRecommendations: () => list([shift, fatigue, learning, oldApplied]),
    },
    overrides,
  );

const callsTo = (name: string) =>
  api.apiRequest.mock.calls.filter(([called]) => called === name).map(([, input]) => input as ApiInput);

const cards = () => within(screen.getByRole('list', { name: 'Recommendations' })).getAllByRole('listitem');
const cardOf = (title: string) => cards().find((item) => within(item).queryByText(title))!;
/** A card's buttons other than its evidence disclosure: what the marketer can do with it. */
const actionsOf = (card: HTMLElement) =>
  within(card)
    .queryAllByRole('button')
    .filter((button) => !button.hasAttribute('aria-expanded'))
    .map((button) => button.getAttribute('aria-label') ?? button.textContent);

describe('optimizer screen', () => {
  beforeEach(() => {
    resetAccountScreen({ apiRequest: api.apiRequest, toast, getSignedInUser: cognito.current.getSignedInUser });
  });

  it('asks to connect Meta when it is not connected, and reads nothing', async () => {
    serve({ metaConnection: () => notConnected });
    renderWithMeta(<OptimizerRecommendations />);
    expect(await screen.findByText('Connect Meta to get recommendations')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Meta' })).toBeInTheDocument();
    expect(callsTo('optimizerRecommendations')).toHaveLength(0);
  });

  it('shows progress while the account is analysed', async () => {
    serve({ optimizerRecommendations: () => new Promise(() => undefined) });
    renderWithMeta(<OptimizerRecommendations />);
    const busy = await screen.findByLabelText('Analysing the ad account');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(within(busy).getByText(/Reading campaigns, ad sets, ads/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Account health' })).not.toBeInTheDocument();
  });

  it('says why the recommendations failed, and tries again on request', async () => {
    const { ApiError } = await import('@web/lib/api-client');
    let calls = 0;
    serve({
      optimizerRecommendations: () => {
        calls += 1;
        if (calls === 1) throw new ApiError('CONFLICT', 409, 'Meta is still processing this account.');
        return list([shift]);
      },
    });
    renderWithMeta(<OptimizerRecommendations />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Recommendations could not be computed');
    expect(alert).toHaveTextContent('Meta is still processing this account.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(shift.title)).toBeInTheDocument();
    expect(callsTo('optimizerRecommendations')).toHaveLength(2);
  });

  it('says how old Meta’s figures are, and reads Meta again on Analyse again', async () => {
    const readAt = new Date(Date.parse(GENERATED_AT) - 6 * 60_000).toISOString();
    serve({ optimizerRecommendations: () => list([shift], { metaReadAt: readAt }) });
    renderWithMeta(<OptimizerRecommendations />);
    const health = await screen.findByRole('region', { name: 'Account health' });
    expect(within(health).getByText('6 minutes ago')).toHaveAttribute('dateTime', readAt);
    // The first read takes what the server holds; the marketer's Analyse again asks it to read Meta now.
    expect(callsTo('optimizerRecommendations')[0]).not.toHaveProperty('query');
    await userEvent.click(screen.getByRole('button', { name: 'Analyse again' }));
    await waitFor(() => expect(callsTo('optimizerRecommendations')).toHaveLength(2));
    expect(callsTo('optimizerRecommendations')[1]).toMatchObject({ query: { refresh: 'true' } });
  });

  it('shows the stored figures with "Updating from Meta…" while a read runs, and asks again until it lands', async () => {
    const readAt = new Date(Date.parse(GENERATED_AT) - 20 * 60_000).toISOString();
    let calls = 0;
    serve({
      optimizerRecommendations: () => {
        calls += 1;
        return calls < 3
          ? list([shift], { metaReadAt: readAt, updating: true })
          : list([shift, fatigue], { metaReadAt: GENERATED_AT });
      },
    });
    renderWithMeta(<OptimizerRecommendations />);
    const health = await screen.findByRole('region', { name: 'Account health' });
    expect(within(health).getByText('20 minutes ago')).toBeInTheDocument();
    expect(within(health).getByRole('status', { name: 'Updating from Meta' })).toBeInTheDocument();
    expect(within(health).getByText(/Updating from Meta…/)).toBeInTheDocument();
    expect(screen.getByText(shift.title)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Analysing…' })).toBeInTheDocument();
    // The screen polls (no refresh: the read is already under way) until the new figures are in.
    expect(await screen.findByText(fatigue.title, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(health).queryByText(/Updating from Meta…/)).not.toBeInTheDocument();
    expect(within(health).getByText('just now')).toBeInTheDocument();
    expect(callsTo('optimizerRecommendations')).toHaveLength(3);
    expect(callsTo('optimizerRecommendations').every((input) => !input.query)).toBe(true);
  }, 10_000);

  it('shows progress until the account’s first read lands, then the recommendations', async () => {
    let calls = 0;
    serve({
      optimizerRecommendations: () => {
        calls += 1;
        return calls === 1 ? { pending: true, updating: true, graphCalls: 1 } : list([shift]);
      },
    });
    renderWithMeta(<OptimizerRecommendations />);
    const busy = await screen.findByLabelText('Analysing the ad account');
    expect(within(busy).getByText(/Reading campaigns, ad sets, ads/)).toBeInTheDocument();
    expect(await screen.findByText(shift.title, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('Analysing the ad account')).not.toBeInTheDocument();
  }, 10_000);

  it('says when a read of Meta failed: keeps the last figures, or offers to try again when there are none', async () => {
    const readFailed = { at: GENERATED_AT, message: 'Your Meta connection has expired. Please reconnect Meta.' };
    serve({ optimizerRecommendations: () => list([shift], { readFailed }) });
    const first = renderWithMeta(<OptimizerRecommendations />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The last read of Meta failed: Your Meta connection has expired. Please reconnect Meta. These figures are from the read before it.',
    );
    expect(screen.getByText(shift.title)).toBeInTheDocument();
    first.unmount();

    let calls = 0;
    serve({
      optimizerRecommendations: () => {
        calls += 1;
        return calls === 1 ? { pending: true, updating: false, readFailed, graphCalls: 0 } : list([shift]);
      },
    });
    renderWithMeta(<OptimizerRecommendations />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Meta could not be read');
    expect(alert).toHaveTextContent(readFailed.message);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(shift.title)).toBeInTheDocument();
    expect(callsTo('optimizerRecommendations').at(-1)).toMatchObject({ query: { refresh: 'true' } });
  });

  it('an account with nothing to change says so', async () => {
    serve({ optimizerRecommendations: () => list([]) });
    renderWithMeta(<OptimizerRecommendations />);
    expect(await screen.findByText('Nothing to change right now')).toBeInTheDocument();
    expect(screen.getByText('0 of 0 recommendations · ranked by what they are worth a week')).toBeInTheDocument();
  });

  it('shows the account health and the open recommendations in the server’s rank, each with its effect and confidence', async () => {
    serve();
    renderWithMeta(<OptimizerRecommendations />);
    const health = await screen.findByRole('region', { name: 'Account health' });
    expect(callsTo('optimizerRecommendations')[0]!.params).toEqual({ id: usdAccount.id });
    for (const text of [
      'Active campaigns3',
      'Active ad sets7',
      'Active ads21',
      'Spend, last 7 days$1,234.50',
      // One kind of result: named as the dashboard names it.
      'App installs, last 7 days321',
      'Learning limited ad sets1',
      'Open opportunity a week$165.00',
    ]) {
      expect(health).toHaveTextContent(text);
    }
    expect(within(health).queryByRole('status')).not.toBeInTheDocument();

    // Open ones only by default, in the order served (ranked by value a week).
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual([
      shift.title,
      fatigue.title,
      learning.title,
    ]);
    const first = cardOf(shift.title);
    expect(within(first).getByText('Budget shift')).toBeInTheDocument();
    expect(within(first).getByText('Ad set')).toBeInTheDocument();
    // Confidence in words, with the number; a stored 0.99 (from before the cap) is never shown as near-certain.
    expect(within(first).getByText('Very likely to help (about 93 %)')).toBeInTheDocument();
    expect(within(cardOf(fatigue.title)).getByText('Very likely to help (about 95 %)')).toBeInTheDocument();
    expect(within(cardOf(learning.title)).getByText('Likely to help (about 80 %)')).toBeInTheDocument();
    expect(screen.queryByText(/100 ?%/)).not.toBeInTheDocument();
    expect(first).toHaveTextContent('Expected effect: 20 more results a week (12.5 to 31.5)');
    expect(within(first).getByText(shift.explanation!)).toBeInTheDocument();
    expect(within(first).getByText(/Written by the AI engine/)).toBeInTheDocument();
    expect(cardOf(fatigue.title)).toHaveTextContent('CTR up 0.35 points (0.10 to 0.60)');
    // A recommendation without an automatic change says who acts on it.
    expect(cardOf(learning.title)).toHaveTextContent('Needs you in Ads Manager or the ad optimizer');
    expect(actionsOf(cardOf(learning.title))).toEqual([]);
    expect(screen.getByText('3 of 4 recommendations · ranked by what they are worth a week')).toBeInTheDocument();
  });

  it('a recommendation whose changes another makes names it, claims no effect and offers no approval', async () => {
    const raise = rec('budget_limited_winner.201', {
      kind: 'budget_limited_winner',
      title: 'Raise “Lookalike 1%” from $60.00 to $72.00 a day',
      why: 'It spent 100% of its budget over 7 days at $2.00 per result.',
      expectedEffect: { metric: 'results_per_week', low: 0, expected: 0, high: 0 },
      valuePerWeek: 0,
      alreadyChanged: [
        {
          level: 'adset',
          objectId: '201',
          objectName: 'Lookalike 1%',
          field: 'budget',
          byId: shift.id,
          byTitle: shift.title,
        },
      ],
    });
    // A shift that kept one of its two ad sets names the other by name.
    const half = rec('budget_shift.301', {
      title: 'Move $10.00 a day from “Broad” to “Retargeting”',
      objectId: '301',
      objectName: 'Retargeting',
      changes: [shift.changes[0]!],
      alreadyChanged: [
        { level: 'adset', objectId: '302', objectName: 'Broad', field: 'status', byId: 'x', byTitle: 'Pause “Broad”' },
      ],
    });
    serve({ optimizerRecommendations: () => list([shift, half, raise]) });
    renderWithMeta(<OptimizerRecommendations />);
    const card = cardOf((await screen.findByText(raise.title)).textContent!);
    expect(card).toHaveTextContent(`Its budget is already changed by: ${shift.title}`);
    // Its evidence stays: what the detector found is still true.
    expect(card).toHaveTextContent(raise.why);
    expect(card).toHaveTextContent('Expected effect: none from this one');
    expect(card).not.toHaveTextContent('0 more results');
    expect(card).toHaveTextContent('Advice only: approve the other recommendation instead.');
    expect(within(card).queryByRole('button', { name: /^Review changes/ })).not.toBeInTheDocument();

    const partly = cardOf(half.title);
    expect(partly).toHaveTextContent('The status of “Broad” is already changed by: Pause “Broad”');
    expect(partly).toHaveTextContent('Expected effect: 2 more results a week (1 to 3)');
    expect(within(partly).getByRole('button', { name: `Review changes: ${half.title}` })).toBeInTheDocument();
    expect(cardOf(shift.title)).not.toHaveTextContent('already changed by');
  });

  it('never adds up different kinds of result: each kind with its own count, as the dashboard does', async () => {
    const health = {
      ...list([]).health,
      resultsLast7Days: null,
      resultsByType: [
        { resultType: 'omni_app_install', results: 46_210 },
        { resultType: 'offsite_conversion.fb_pixel_purchase', results: 1_012 },
        { resultType: 'lead', results: 236 },
      ],
    };
    serve({ optimizerRecommendations: () => list([shift], { health }) });
    renderWithMeta(<OptimizerRecommendations />);
    const region = await screen.findByRole('region', { name: 'Account health' });
    expect(region).toHaveTextContent('Results, last 7 days3 kinds');
    // 47,458 would be installs + purchases + leads: no such figure is shown.
    expect(region).not.toHaveTextContent('47,458');
    const kinds = within(region).getByRole('list', { name: 'Results by kind, last 7 days' });
    expect(
      within(kinds)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['App installs46,210', 'Purchases1,012', 'Leads236']);
  });

  it('says when Meta’s data was read in part', async () => {
    serve({ optimizerRecommendations: () => list([shift], { partial: true }) });
    renderWithMeta(<OptimizerRecommendations />);
    const health = await screen.findByRole('region', { name: 'Account health' });
    expect(within(health).getByRole('status')).toHaveTextContent(/Partial data/);
  });

  it('filters by kind and by what was done', async () => {
    serve();
    renderWithMeta(<OptimizerRecommendations />);
    await screen.findByText(shift.title);
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    // Only the kinds present are offered.
    expect(
      within(kind)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All kinds', 'Budget shift', 'Creative fatigue', 'Learning limited', 'Overspending loser']);
    await userEvent.selectOptions(kind, 'creative_fatigue');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual([fatigue.title]);
    expect(screen.getByText(/^1 of 4 recommendations/)).toBeInTheDocument();

    await userEvent.selectOptions(kind, 'overspending_loser');
    expect(screen.getByText('No recommendation matches')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'done');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual([oldApplied.title]);
    expect(within(cardOf(oldApplied.title)).getByText('applied')).toBeInTheDocument();

    await userEvent.selectOptions(kind, 'all');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'all');
    expect(cards()).toHaveLength(4);
  });

  it('links a tired ad’s recommendation to its card in the ad optimizer', async () => {
    serve();
    renderWithMeta(<OptimizerRecommendations />, {
      path: '/optimizer',
      routes: { '/ad-optimizer': <p>Ad optimizer page</p> },
    });
    const link = await screen.findByRole('link', { name: 'Rewrite and test in the ad optimizer: Trail boots' });
    expect(link).toHaveAttribute('href', '/ad-optimizer?ad=501');
    // Ad-set recommendations without a change do not offer it.
    expect(within(cardOf(learning.title)).queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(link);
    expect(await screen.findByText('Ad optimizer page')).toBeInTheDocument();
  });

  // Issue 25, requirement 9: each budget move in percent, and Meta's learning-phase rule when it is large.
  it('the drawer shows each budget change in percent and warns of the learning phase when it is large', async () => {
    serve();
    renderWithMeta(<OptimizerRecommendations />);
    await userEvent.click(await screen.findByRole('button', { name: `Review changes: ${shift.title}` }));
    const drawer = screen.getByRole('dialog', { name: 'Review and approve' });
    expect(within(drawer).getByLabelText('Before and after for Lookalike 1%')).toHaveTextContent('(+33 %)');
    expect(within(drawer).getByLabelText('Before and after for Interests: Camping')).toHaveTextContent('(−33 %)');
    expect(within(drawer).getAllByRole('note', { name: 'Learning phase' })).toHaveLength(2);

    const budget = within(drawer).getByRole('textbox', { name: 'New daily budget for “Lookalike 1%” (USD)' });
    await userEvent.clear(budget);
    await userEvent.type(budget, '66');
    expect(within(drawer).getByLabelText('Before and after for Lookalike 1%')).toHaveTextContent('(+10 %)');
    expect(within(drawer).getAllByRole('note', { name: 'Learning phase' })).toHaveLength(1);
  });

  it('the drawer shows before → after, lets the marketer edit and deselect, and sends only what was approved', async () => {
    serve({ optimizerApprove: () => appliedShift('2026-03-30T10:05:00.000Z') });
    renderWithMeta(<OptimizerRecommendations />);
    await userEvent.click(await screen.findByRole('button', { name: `Review changes: ${shift.title}` }));
    const drawer = screen.getByRole('dialog', { name: 'Review and approve' });
    expect(within(drawer).getByLabelText('Before and after for Interests: Camping')).toHaveTextContent(
      '$60.00 a day → $40.00 a day',
    );
    expect(within(drawer).getByLabelText('Before and after for Lookalike 1%')).toHaveTextContent(
      '$60.00 a day → $80.00 a day',
    );
    expect(within(drawer).getByRole('button', { name: 'Approve 2 changes' })).toBeEnabled();

    // An edited budget shows in the diff; an invalid one blocks the approval.
    const budget = within(drawer).getByRole('textbox', { name: 'New daily budget for “Lookalike 1%” (USD)' });
    expect(budget).toHaveValue('80');
    await userEvent.clear(budget);
    await userEvent.type(budget, '75.555');
    expect(within(drawer).getByText('USD budgets have at most 2 decimal places.')).toBeInTheDocument();
    expect(budget).toHaveAttribute('aria-invalid', 'true');
    expect(within(drawer).getByRole('button', { name: 'Approve 2 changes' })).toBeDisabled();
    await userEvent.clear(budget);
    await userEvent.type(budget, '75');
    expect(within(drawer).getByLabelText('Before and after for Lookalike 1%')).toHaveTextContent(
      '$60.00 a day → $75.00 a day',
    );

    // Deselecting an item leaves it out (and its budget cannot be edited).
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'Ad set “Interests: Camping”' }));
    expect(
      within(drawer).getByRole('textbox', { name: 'New daily budget for “Interests: Camping” (USD)' }),
    ).toBeDisabled();
    expect(callsTo('optimizerApprove')).toHaveLength(0);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Approve 1 change' }));

    expect(callsTo('optimizerApprove')).toEqual([
      {
        params: { id: shift.id },
        body: { changes: [{ level: 'adset', objectId: '201', change: { dailyBudget: 7500 } }] },
      },
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith('Applied to Meta');
    // Applied: it leaves the open list; shown with what was done, it offers undo.
    expect(screen.queryByText(shift.title)).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'done');
    expect(within(cardOf(shift.title)).getByRole('button', { name: `Undo: ${shift.title}` })).toBeInTheDocument();
  });

  it('deselecting every item leaves nothing to approve, and cancel sends nothing', async () => {
    serve();
    renderWithMeta(<OptimizerRecommendations />);
    await userEvent.click(await screen.findByRole('button', { name: `Review changes: ${shift.title}` }));
    const drawer = screen.getByRole('dialog', { name: 'Review and approve' });
    for (const name of ['Ad set “Interests: Camping”', 'Ad set “Lookalike 1%”']) {
      await userEvent.click(within(drawer).getByRole('checkbox', { name }));
    }
    expect(within(drawer).getByRole('button', { name: 'Approve 0 changes' })).toBeDisabled();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('optimizerApprove')).toHaveLength(0);
  });

  it('says why an approval failed and keeps the drawer open', async () => {
    const { ApiError } = await import('@web/lib/api-client');
    serve({
      optimizerApprove: () => {
        throw new ApiError('CONFLICT', 409, 'This recommendation was already applied.');
      },
    });
    renderWithMeta(<OptimizerRecommendations />);
    await userEvent.click(await screen.findByRole('button', { name: `Review changes: ${shift.title}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve 2 changes' }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('This recommendation was already applied.'));
    expect(screen.getByRole('dialog', { name: 'Review and approve' })).toBeInTheDocument();
  });

  it('a stale before is shown in the drawer per object, with the offer to refresh the recommendations', async () => {
    const { ApiError } = await import('@web/lib/api-client');
    const camping = 'Ad set “Interests: Camping”: the daily budget was $60.00 when proposed; Meta now has $55.00.';
    serve({
      optimizerApprove: () => {
        throw new ApiError('STALE_BEFORE', 409, `Meta’s values changed since this was proposed. ${camping}`, {
          '202': camping,
        });
      },
    });
    renderWithMeta(<OptimizerRecommendations />);
    await userEvent.click(await screen.findByRole('button', { name: `Review changes: ${shift.title}` }));
    const drawer = screen.getByRole('dialog', { name: 'Review and approve' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Approve 2 changes' }));

    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent('Meta’s values changed since this was proposed: nothing was applied.');
    // The object it concerns says so under its own diff; the other one says nothing.
    const items = within(within(drawer).getByRole('list', { name: 'Changes to approve' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(camping);
    expect(items[1]).not.toHaveTextContent('when proposed');
    // Shown inline, not as a toast.
    expect(toast.error).not.toHaveBeenCalled();

    expect(callsTo('optimizerRecommendations')).toHaveLength(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Refresh the recommendations' }));
    await vi.waitFor(() => expect(callsTo('optimizerRecommendations')).toHaveLength(2));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Opening it again starts clean.
    await userEvent.click(await screen.findByRole('button', { name: `Review changes: ${shift.title}` }));
    expect(within(screen.getByRole('dialog', { name: 'Review and approve' })).queryByRole('alert')).toBeNull();
  });

  it('offers undo within 24 hours of applying, calls it, and shows the change undone; never after', async () => {
    const applied = appliedShift('2026-03-30T08:00:00.000Z');
    serve({
      optimizerRecommendations: () => list([applied, oldApplied]),
      optimizerUndo: () => ({ ...applied, status: 'undone', undoneAt: GENERATED_AT }),
    });
    renderWithMeta(<OptimizerRecommendations />);
    await screen.findByText('No recommendation matches');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'done');
    // Applied two days ago: its 24 hours have passed.
    expect(actionsOf(cardOf(oldApplied.title))).toEqual([]);

    await userEvent.click(within(cardOf(shift.title)).getByRole('button', { name: `Undo: ${shift.title}` }));
    expect(callsTo('optimizerUndo')).toEqual([{ params: { id: shift.id } }]);
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Undone: the values before are back'));
    expect(within(cardOf(shift.title)).getByText('undone')).toBeInTheDocument();
    expect(actionsOf(cardOf(shift.title))).toEqual([]);
  });

  describe('compact on a phone', () => {
    /** Thirteen open recommendations, most valuable first. */
    const many = () =>
      Array.from({ length: 13 }, (_, i) =>
        rec(`learning_limited.${300 + i}`, {
          kind: i % 2 ? 'learning_limited' : 'budget_shift',
          objectId: String(300 + i),
          title: `Recommendation number ${i + 1}`,
          valuePerWeek: 100 - i,
        }),
      );

    it('keeps the evidence behind a disclosure that opens from the keyboard, and keeps it open', async () => {
      // The test setup's matchMedia matches nothing: a narrow screen.
      serve();
      renderWithMeta(<OptimizerRecommendations />);
      const first = await screen.findByRole('heading', { name: shift.title });
      const card = cardOf(shift.title);
      expect(first).toBeVisible();
      expect(card).toHaveTextContent('Expected effect: 20 more results a week (12.5 to 31.5)');
      expect(within(card).getByText(shift.explanation!)).not.toBeVisible();
      expect(within(card).getByText(/Written by the AI engine/)).not.toBeVisible();
      const disclosure = within(card).getByRole('button', { name: `Why: the numbers: ${shift.title}` });
      expect(disclosure).toHaveAttribute('aria-expanded', 'false');
      expect(document.getElementById(disclosure.getAttribute('aria-controls')!)).toContainElement(
        within(card).getByText(shift.explanation!),
      );

      // From the keyboard: tab to it, Enter.
      disclosure.focus();
      await userEvent.keyboard('{Enter}');
      expect(disclosure).toHaveAttribute('aria-expanded', 'true');
      expect(disclosure).toHaveAccessibleName(`Hide the numbers: ${shift.title}`);
      expect(within(card).getByText(shift.explanation!)).toBeVisible();
      // Only that card opened.
      expect(within(cardOf(learning.title)).getByText(learning.why)).not.toBeVisible();
      await userEvent.keyboard(' ');
      expect(within(card).getByText(shift.explanation!)).not.toBeVisible();
    });

    it('shows the evidence open, and every recommendation, on a wide screen', async () => {
      const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
        (query: string) =>
          ({
            matches: query === '(min-width: 640px)',
            media: query,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
          }) as unknown as MediaQueryList,
      );
      try {
        serve();
        renderWithMeta(<OptimizerRecommendations />);
        await screen.findByRole('heading', { name: shift.title });
        const card = cardOf(shift.title);
        expect(within(card).getByText(shift.explanation!)).toBeVisible();
        expect(within(card).getByRole('button', { name: `Hide the numbers: ${shift.title}` })).toHaveAttribute(
          'aria-expanded',
          'true',
        );
        cleanup();
        serve({ optimizerRecommendations: () => list(many()) });
        renderWithMeta(<OptimizerRecommendations />);
        await screen.findByRole('heading', { name: 'Recommendation number 13' });
        expect(cards()).toHaveLength(13);
        expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).not.toBeInTheDocument();
      } finally {
        matchMedia.mockRestore();
      }
    });

    it('shows the ten most valuable first and the rest on request; a new filter starts again from ten', async () => {
      const all = many();
      serve({ optimizerRecommendations: () => list(all) });
      renderWithMeta(<OptimizerRecommendations />);
      await screen.findByRole('heading', { name: 'Recommendation number 1' });
      const titles = () => cards().map((c) => within(c).getByRole('heading').textContent);
      expect(titles()).toEqual(all.slice(0, 10).map((r) => r.title));
      expect(screen.getByText('Showing 10 of 13, highest value first')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Show 3 more' }));
      expect(titles()).toEqual(all.map((r) => r.title));
      expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).not.toBeInTheDocument();

      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'budget_shift');
      expect(titles()).toEqual(all.filter((r) => r.kind === 'budget_shift').map((r) => r.title));
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'all');
      expect(titles()).toHaveLength(10);
    });
  });
  describe('a link to one pending change set (the agent’s proposals)', () => {
    it('opens the drawer on the change set the link names', async () => {
      serve();
      renderWithMeta(<OptimizerRecommendations />, {
        path: `/optimizer?account=${usdAccount.id}&recommendation=${encodeURIComponent(fatigue.id)}`,
      });
      const drawer = await screen.findByRole('dialog', { name: 'Review and approve' });
      expect(drawer).toHaveTextContent(fatigue.title);
      expect(drawer).not.toHaveTextContent(shift.title);
    });

    it('shows an agent proposal as asked for, with no estimated chance of helping', async () => {
      const asked = rec('agent-conv-1-abc', {
        kind: 'agent_proposal',
        level: 'campaign',
        objectId: '42',
        objectName: 'Spring sale',
        title: 'Pause Spring sale',
        confidence: 0,
        proposedBy: { conversationId: 'conv-1', actor: 'u-1' },
      });
      serve({ optimizerRecommendations: () => list([asked]) });
      renderWithMeta(<OptimizerRecommendations />);
      await screen.findByText('Pause Spring sale');
      const card = cardOf('Pause Spring sale');
      expect(within(card).getByText('Asked for in the agent')).toBeInTheDocument();
      expect(within(card).queryByText(/Unlikely to help/)).not.toBeInTheDocument();
    });

    it('shows a customer exclusion before → after by the audiences’ names, and approves the whole list', async () => {
      const exclusion = rec('audience_exclusion.42.700', {
        kind: 'audience_exclusion',
        level: 'campaign',
        objectId: '42',
        objectName: 'Spring sale',
        title: 'Leave your customer list “Customers” out of Spring sale',
        valuePerWeek: 0,
        confidence: 0.5,
        expectedEffect: { metric: 'spend_per_week', low: 0, expected: 0, high: 0, noFigure: 'no money figure' },
        changes: [
          {
            level: 'adset',
            objectId: '301',
            objectName: 'Prospecting US',
            change: { excludedAudienceIds: ['650', '700'] },
            before: { status: 'ACTIVE', excludedAudienceIds: ['650'] },
            audienceNames: { '650': 'Old buyers', '700': 'Customers' },
          },
          {
            level: 'adset',
            objectId: '302',
            objectName: 'Broad US',
            change: { excludedAudienceIds: ['700'] },
            before: { status: 'ACTIVE' },
            audienceNames: { '700': 'Customers' },
          },
        ],
      });
      serve({ optimizerRecommendations: () => list([exclusion]) });
      renderWithMeta(<OptimizerRecommendations />);
      await userEvent.click(await screen.findByRole('button', { name: `Review changes: ${exclusion.title}` }));
      const drawer = screen.getByRole('dialog', { name: 'Review and approve' });
      expect(within(drawer).getByLabelText('Before and after for Prospecting US')).toHaveTextContent(
        'Active, Excludes Old buyers → Excludes Old buyers, Customers',
      );
      expect(within(drawer).getByLabelText('Before and after for Broad US')).toHaveTextContent(
        'Active, Excludes no audience → Excludes Customers',
      );
      await userEvent.click(within(drawer).getByRole('button', { name: 'Approve 2 changes' }));
      expect(callsTo('optimizerApprove')[0]).toMatchObject({
        body: {
          changes: [
            { level: 'adset', objectId: '301', change: { excludedAudienceIds: ['650', '700'] } },
            { level: 'adset', objectId: '302', change: { excludedAudienceIds: ['700'] } },
          ],
        },
      });
    });

    it('says so when the change set is no longer open, and opens no drawer', async () => {
      serve();
      renderWithMeta(<OptimizerRecommendations />, {
        path: `/optimizer?account=${usdAccount.id}&recommendation=${encodeURIComponent(oldApplied.id)}`,
      });
      expect(await screen.findByText('That change set is not open')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('sending recommendations for the client’s approval', () => {
    const pause = rec('ab_loser.301', {
      kind: 'ab_loser',
      level: 'ad',
      objectId: '301',
      objectName: 'Ad B',
      title: 'Pause “Ad B”, which lost its A/B test',
      changes: [{ level: 'ad', objectId: '301', objectName: 'Ad B', change: { status: 'PAUSED' }, before: {} }],
    });
    const sentSet = (input: ApiInput) => ({
      approval: {
        id: 'changes_0abc0000000000000001',
        subject: { kind: 'recommendations', recommendationIds: [], name: 'set' },
        via: (input.body as { via: string }).via,
        status: 'pending',
        sentAt: GENERATED_AT,
        sentBy: 'agency',
      },
      token: 'T'.repeat(43),
    });

    it('chosen cards go as one set, by link; the link is shown once; only cards with changes can be chosen', async () => {
      serve({ optimizerRecommendations: () => list([shift, pause, fatigue]), approvalsSend: sentSet });
      renderWithMeta(<OptimizerRecommendations />);
      await screen.findByText(shift.title);
      // A card with no automatic change has nothing to approve.
      expect(within(cardOf(fatigue.title)).queryByRole('checkbox')).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Chosen for approval' })).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('checkbox', { name: `Select for approval: ${shift.title}` }));
      await userEvent.click(screen.getByRole('checkbox', { name: `Select for approval: ${pause.title}` }));
      const chosen = screen.getByRole('region', { name: 'Chosen for approval' });
      expect(chosen).toHaveTextContent('2 recommendations chosen');
      await userEvent.click(within(chosen).getByRole('button', { name: 'Send for approval' }));

      const drawer = await screen.findByRole('dialog', { name: 'Send for approval' });
      expect(
        within(within(drawer).getByRole('list', { name: 'Recommendations to send' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([shift.title, pause.title]);
      const form = within(drawer).getByRole('form', { name: 'Send the recommendations for approval' });
      await userEvent.selectOptions(within(form).getByLabelText('Link expires after'), '14 days');
      await userEvent.click(within(form).getByRole('button', { name: 'Send for approval' }));

      expect(await within(drawer).findByRole('textbox', { name: 'Approval link' })).toHaveValue(
        `${window.location.origin}/approve/${'T'.repeat(43)}`,
      );
      expect(callsTo('approvalsSend')).toEqual([
        {
          body: {
            subject: { kind: 'recommendations', recommendationIds: [shift.id, pause.id] },
            via: 'link',
            expiresInDays: 14,
          },
        },
      ]);
      // Closed, the choice is cleared: the next set starts empty.
      await userEvent.click(within(drawer).getByRole('button', { name: /close/i }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.queryByRole('region', { name: 'Chosen for approval' })).not.toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: `Select for approval: ${shift.title}` })).not.toBeChecked();
    });
  });
});
