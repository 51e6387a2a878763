import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppliedAbTest, AppliedList, AppliedRecommendation } from '@shared/schemas/optimizer-outcomes';
import { OptimizerApplied } from '@web/features/optimizer/components/applied/applied-screen';
import { type createCognitoMock } from '@tests/unit/web/support/cognito-mock';
import { apiErrors } from '@tests/unit/web/support/meta-account/meta-fixtures';
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

const window = (since: string, until: string, spend: number, results: number) => ({
  since,
  until,
  spend,
  results,
  costPerResult: results ? Math.round((spend / results) * 100) / 100 : null,
  impressions: 50_000,
  linkClicks: 900,
  daysWithDelivery: 7,
});

const base = {
  kind: 'budget_shift' as const,
  status: 'applied' as const,
  predicted: { metric: 'results_per_week' as const, low: 9.17, expected: 11.78, high: 14.38 },
  objects: [
    { level: 'adset' as const, objectId: '1', objectName: 'Interests: Camping' },
    { level: 'adset' as const, objectId: '2', objectName: 'Lookalike 1%' },
  ],
};

const measured: AppliedRecommendation = {
  ...base,
  id: '111.budget_shift.a',
  title: 'Move 12 a day from “Interests: Camping” to “Lookalike 1%”',
  appliedAt: '2026-11-01T15:00:00.000Z',
  undoUntil: '2026-11-02T15:00:00.000Z',
  outcome: {
    state: 'measured',
    before: window('2026-10-25', '2026-10-31', 840, 118),
    after: window('2026-11-02', '2026-11-08', 838.5, 130),
    actual: 12,
    noise: 30.75,
    withinRange: true,
    settled: true,
    measuredAt: '2026-11-09T10:00:00.000Z',
  },
};

const measuring: AppliedRecommendation = {
  ...base,
  id: '111.budget_limited_winner.b',
  kind: 'budget_limited_winner',
  title: 'Raise “Lookalike 1%” from 72 to 86 a day',
  appliedAt: new Date(Date.now() - 3_600_000).toISOString(),
  undoUntil: new Date(Date.now() + 20 * 3_600_000).toISOString(),
  outcome: { state: 'measuring', day: 3, measuredOn: '2026-11-30' },
};

const deleted: AppliedRecommendation = {
  ...base,
  id: '111.ab_loser.c',
  kind: 'ab_loser',
  title: 'Pause “Ad B”',
  appliedAt: '2026-10-01T15:00:00.000Z',
  outcome: {
    state: 'not_measurable',
    reason: 'deleted',
    message: '“Ad B” was deleted in Meta, so its results after the change cannot be compared.',
    measuredAt: '2026-10-09T10:00:00.000Z',
  },
};

const arm = (
  adId: string,
  adName: string,
  impressions: number,
  linkClicks: number,
  results: number,
  spend: number,
) => ({
  adId,
  adName,
  spend,
  impressions,
  linkClicks,
  results,
  ctrPercent: Math.round((linkClicks / impressions) * 10_000) / 100,
  costPerResult: results ? Math.round((spend / results) * 100) / 100 : null,
});

const ctaTest: AppliedAbTest = {
  id: 'test-1',
  kind: 'element_test',
  title: 'A/B test: call to action “Shop now” → “Learn more”',
  madeAt: '2026-11-09T15:00:00.000Z',
  adsetName: 'Lookalike 1%',
  predicted: {
    basis: 'winner',
    text: 'Expected: a lower cost per result than “Shop now”. Across Sales · Purchases “Learn more” cost $4.10 per result against $6.20 for “Shop now”; the test shows whether that holds in this ad set.',
    probability: 0.973,
  },
  run: { state: 'running', message: 'Both ads run side by side in “Lookalike 1%”.' },
  measurement: {
    state: 'compared',
    days: 12,
    since: '2026-11-10',
    until: '2026-11-21',
    control: arm('1', 'Spring sale', 60_000, 900, 120, 720),
    variant: arm('2', 'Spring sale (A/B copy)', 58_000, 1_100, 165, 700),
    minImpressions: 1_000,
    verdict: 'variant_ahead',
    decidedOn: 'cost_per_result',
    threshold: 0.95,
    costPerResult: {
      metric: 'cost_per_result',
      chanceVariantBetter: 0.9968,
      difference: { expected: -0.2978, low: -0.4214, high: -0.1478 },
    },
    ctr: { metric: 'ctr', chanceVariantBetter: 0.9991, difference: { expected: 0.3966, low: 0.2, high: 0.59 } },
  },
};

const undoneCopy: AppliedAbTest = {
  id: 'test-2',
  kind: 'ab_copy',
  title: 'A/B copy of “Winter boots”',
  madeAt: '2026-11-20T15:00:00.000Z',
  predicted: {
    basis: 'rewrite',
    text: 'No effect was predicted: new copy tested against the ad. Why it was written: CTR fell 40 % over four weeks.',
  },
  run: {
    state: 'stopped',
    reason: 'undone',
    at: '2026-11-21T09:00:00.000Z',
    message: 'Undone: the copy was deleted from the ad optimizer. The figures are those of the days before.',
  },
  measurement: {
    state: 'collecting',
    days: 1,
    since: '2026-11-20',
    until: '2026-11-20',
    control: arm('3', 'Winter boots', 1_400, 20, 2, 14),
    variant: arm('4', 'Winter boots (A/B copy)', 300, 6, 1, 3),
    minImpressions: 1_000,
  },
};

const list = (data: AppliedRecommendation[], scored = false, abTests: AppliedAbTest[] = []): AppliedList => ({
  data,
  abTests,
  detectors: [
    scored
      ? {
          kind: 'budget_shift',
          n: 6,
          hits: 4,
          hitRate: 0.667,
          medianBias: -1.5,
          metric: 'results_per_week',
          enoughHistory: true,
        }
      : {
          kind: 'budget_shift',
          n: 1,
          hits: 1,
          hitRate: null,
          medianBias: null,
          metric: 'results_per_week',
          enoughHistory: false,
        },
    { kind: 'ab_loser', n: 0, hits: 0, hitRate: null, medianBias: null, metric: null, enoughHistory: false },
  ],
  currency: 'USD',
  today: '2026-11-23',
  minHistory: 5,
  graphCalls: 2,
});

const serve = (overrides: Record<string, ApiHandler> = {}) =>
  serveAccountScreen(
    api.apiRequest,
    {
      optimizerApplied: () => list([measuring, measured, deleted]),
      optimizerUndo: () => ({}),
    },
    overrides,
  );

describe('optimizer: the Applied tab', () => {
  beforeEach(() => {
    resetAccountScreen({ apiRequest: api.apiRequest, toast, getSignedInUser: cognito.current.getSignedInUser });
  });

  it('shows predicted against actual, with the band chart and Meta’s figures before and after', async () => {
    serve();
    renderWithMeta(<OptimizerApplied />);
    const items = await screen.findByRole('list', { name: 'Applied recommendations' });
    const card = within(items).getAllByRole('listitem')[1]!;
    expect(card).toHaveTextContent('Predicted: +11.8 results a week (range +9.2 results a week to +14.4');
    expect(card).toHaveTextContent('Actual: +12 results a week');
    // +12 is in the range, but two weeks differ by up to 30.8 by chance: said so, the allowance on its own line.
    expect(
      within(card).getByText('Within the predicted range, but not distinguishable from noise'),
    ).toBeInTheDocument();
    expect(card).toHaveTextContent('Noise allowance: ±30.8 results a week');
    expect(card).toHaveTextContent(
      'Cost per result fell from $7.12 to $6.45 (−9 %), within what chance explains (±25 %).',
    );
    expect(within(card).getByRole('img', { name: /Predicted .*; actual \+12 results a week/ })).toBeInTheDocument();
    const row = within(card).getByRole('rowheader', { name: 'Cost per result' }).closest('tr')!;
    expect(row).toHaveTextContent('$7.12');
    expect(row).toHaveTextContent('$6.45');
    // Applied weeks ago: no undo any more.
    expect(within(card).queryByRole('button', { name: /Undo/ })).toBeNull();
  });

  it('does not flatter: +46 against a predicted +68 to +80.6 is noise, and the dearer result is said', async () => {
    const issueCase: AppliedRecommendation = {
      ...measured,
      id: '111.budget_limited_winner.z',
      kind: 'budget_limited_winner',
      predicted: { metric: 'results_per_week', low: 68, expected: 74.3, high: 80.6 },
      outcome: {
        ...(measured.outcome as Extract<AppliedRecommendation['outcome'], { state: 'measured' }>),
        before: window('2026-10-25', '2026-10-31', 368.9, 527),
        after: window('2026-11-02', '2026-11-08', 452.67, 573),
        actual: 46,
        noise: 65,
        withinRange: true,
      },
    };
    serve({ optimizerApplied: () => list([issueCase]) });
    renderWithMeta(<OptimizerApplied />);
    const items = await screen.findByRole('list', { name: 'Applied recommendations' });
    const card = within(items).getAllByRole('listitem')[0]!;
    expect(card).toHaveTextContent('Predicted: +74.3 results a week (range +68 results a week to +80.6');
    expect(card).toHaveTextContent('Noise allowance: ±65 results a week');
    expect(within(card).getByText('Not distinguishable from noise, and each result cost more')).toBeInTheDocument();
    expect(card).toHaveTextContent(
      'Cost per result rose from $0.70 to $0.79 (+13 %), more than chance explains (±12 %).',
    );
    expect(card).not.toHaveTextContent(/Within the predicted range/);
  });

  it('says "measuring — day N of 7" with progress, and offers undo within 24 hours', async () => {
    serve();
    renderWithMeta(<OptimizerApplied />);
    const items = await screen.findByRole('list', { name: 'Applied recommendations' });
    const card = within(items).getAllByRole('listitem')[0]!;
    expect(card).toHaveTextContent('Measuring — day 3 of 7');
    expect(within(card).getByRole('progressbar', { name: 'Measuring: day 3 of 7' })).toHaveAttribute(
      'aria-valuenow',
      '43',
    );
    await userEvent.click(within(card).getByRole('button', { name: `Undo: ${measuring.title}` }));
    expect(api.apiRequest).toHaveBeenCalledWith('optimizerUndo', { params: { id: measuring.id } });
    expect(toast.success).toHaveBeenCalled();
  });

  it('says plainly why a recommendation was not measured', async () => {
    serve();
    renderWithMeta(<OptimizerApplied />);
    const items = await screen.findByRole('list', { name: 'Applied recommendations' });
    const card = within(items).getAllByRole('listitem')[2]!;
    expect(card).toHaveTextContent('“Ad B” was deleted in Meta');
    expect(card).not.toHaveTextContent('Actual:');
  });

  it('shows each detector’s hit rate, or "not enough history" below the minimum', async () => {
    serve();
    const { unmount } = renderWithMeta(<OptimizerApplied />);
    const table = await screen.findByRole('table', { name: 'Detector hit rates' });
    const shift = within(table).getByRole('rowheader', { name: 'Budget shift' }).closest('tr')!;
    expect(shift).toHaveTextContent('Not enough history');
    expect(shift).not.toHaveTextContent('%');
    // The help text says what a hit is: within the range widened by the chance variation the items allow for.
    expect(screen.getByText(/^Hit rate:/)).toHaveTextContent(
      'fell within the predicted range widened by the measurement’s own chance variation',
    );
    expect(screen.getByText(/^Hit rate:/)).toHaveTextContent('1.96 × √(before + after)');
    unmount();

    serve({ optimizerApplied: () => list([measured], true) });
    renderWithMeta(<OptimizerApplied />);
    const scored = await screen.findByRole('table', { name: 'Detector hit rates' });
    const row = within(scored).getByRole('rowheader', { name: 'Budget shift' }).closest('tr')!;
    expect(row).toHaveTextContent('67% (4 of 6)');
    expect(row).toHaveTextContent('−1.5 results a week');
  });

  it('shows A/B tests as their own kind: the copy against its original over the same days, with the chance and range', async () => {
    serve({ optimizerApplied: () => list([measured], false, [ctaTest, undoneCopy]) });
    renderWithMeta(<OptimizerApplied />);
    const tests = await screen.findByRole('list', { name: 'A/B tests' });
    const [element, copy] = within(tests).getAllByRole('listitem');
    expect(within(element!).getByText('One-element test')).toBeInTheDocument();
    expect(within(element!).getByText('A/B test: call to action “Shop now” → “Learn more”')).toBeInTheDocument();
    expect(element).toHaveTextContent('Original: Spring sale · Variant: Spring sale (A/B copy)');
    // What it predicted, beside what happened: the report's figures and its chance.
    expect(element).toHaveTextContent('Predicted: a lower cost per result than “Shop now”.');
    expect(element).toHaveTextContent('(the creative report: 97.3 % likely the best)');
    expect(element).toHaveTextContent(
      'Variant ahead on cost per result: 99.7 % chance the variant’s cost per result is lower; cost per result −30 % (90 % range −42 % to −15 %).',
    );
    expect(element).toHaveTextContent('Also: over 99.9 % chance the variant’s CTR is higher; CTR +0.40 points');
    expect(element).toHaveTextContent('Over the 12 days both ads delivered');
    const cost = within(element!).getByRole('rowheader', { name: 'Cost per result' }).closest('tr')!;
    expect(cost).toHaveTextContent('$6.00');
    expect(cost).toHaveTextContent('$4.24');
    expect(within(element!).getByRole('rowheader', { name: 'Spend (test spend)' })).toBeInTheDocument();

    // Undone within a day: stopped, with the figures up to then, still collecting.
    expect(within(copy!).getByText('A/B copy')).toBeInTheDocument();
    expect(copy).toHaveTextContent(
      'Predicted: nothing (new copy to test against the ad). Why it was written: CTR fell 40 % over four weeks.',
    );
    expect(within(copy!).getByText('Stopped')).toBeInTheDocument();
    expect(copy).toHaveTextContent('Undone: the copy was deleted from the ad optimizer.');
    expect(copy).toHaveTextContent('Collecting data: each side needs 1,000 impressions');
    expect(within(copy!).getByRole('progressbar', { name: 'Collecting data' })).toHaveAttribute('aria-valuenow', '30');
    expect(copy).not.toHaveTextContent('ahead');

    // Never mixed into the recommendations or the detectors' scores.
    const recommendations = screen.getByRole('list', { name: 'Applied recommendations' });
    expect(within(recommendations).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText(/never a saving, and they are not in the detectors’ hit rates/)).toBeInTheDocument();
  });

  it('has an empty state, and an error state with a retry', async () => {
    serve({ optimizerApplied: () => list([]) });
    const { unmount } = renderWithMeta(<OptimizerApplied />);
    expect(await screen.findByText('Nothing applied yet')).toBeInTheDocument();
    unmount();

    serve({
      optimizerApplied: () => {
        throw apiErrors.rateLimited();
      },
    });
    renderWithMeta(<OptimizerApplied />);
    expect(await screen.findByText('Applied recommendations could not be measured')).toBeInTheDocument();
  });
});
