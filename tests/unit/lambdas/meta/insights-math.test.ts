import { describe, expect, it } from 'vitest';
import {
  InsightsRowSchema,
  compareToPrevious,
  previousPeriod,
  summariseInsights,
  type InsightsRow,
  type InsightsSummary,
} from '@lambdas/lib/meta/insights-math';

const day1: InsightsRow = {
  date_start: '2026-11-01',
  date_stop: '2026-11-01',
  spend: '12.34',
  impressions: '1000',
  reach: '800',
  clicks: '20',
  actions: [
    { action_type: 'link_click', value: '15' },
    { action_type: 'omni_purchase', value: '2' },
    { action_type: 'purchase', value: '2' },
    { action_type: 'offsite_conversion.fb_pixel_purchase', value: '2' },
    { action_type: 'post_engagement', value: '40' },
  ],
  action_values: [
    { action_type: 'omni_purchase', value: '60.10' },
    { action_type: 'offsite_conversion.fb_pixel_purchase', value: '60.10' },
  ],
};
const day2: InsightsRow = {
  date_start: '2026-11-02',
  date_stop: '2026-11-02',
  spend: '5.66',
  impressions: '500',
  reach: '450',
  clicks: '10',
  actions: [
    { action_type: 'link_click', value: '9' },
    { action_type: 'omni_purchase', value: '1' },
    { action_type: 'landing_page_view', value: '7' },
  ],
  action_values: [{ action_type: 'omni_purchase', value: '29.90' }],
};

describe('insights summary', () => {
  it('adds up rows and recomputes the ratios from the sums', () => {
    const summary = summariseInsights([day1, day2]);

    expect(summary.spend).toBe(18);
    expect(summary.impressions).toBe(1500);
    expect(summary.clicks).toBe(30);
    expect(summary.ctr).toBeCloseTo(2, 10);
    expect(summary.cpc).toBeCloseTo(0.6, 10);
    expect(summary.cpm).toBeCloseTo(12, 10);
  });

  it('adds money in minor units, so cents do not drift', () => {
    const rows = [{ spend: '0.1' }, { spend: '0.2' }];
    expect(summariseInsights(rows).spend).toBe(0.3);
  });

  it('adds whole yen for offset-1 currencies', () => {
    const rows = [
      { spend: '1500', impressions: '1000' },
      { spend: '2501', impressions: '1000' },
    ];
    const summary = summariseInsights(rows, { currency: 'JPY' });
    expect(summary.spend).toBe(4001);
    expect(summary.cpm).toBeCloseTo(2000.5, 10);
  });

  it('marks summed reach as an estimate and uses an exact reach when given one', () => {
    const summed = summariseInsights([day1, day2]);
    expect(summed).toMatchObject({ reach: 1250, reachIsEstimate: true });
    expect(summed.frequency).toBeCloseTo(1.2, 10);

    const exact = summariseInsights([day1, day2], { reach: '1000' });
    expect(exact).toMatchObject({ reach: 1000, reachIsEstimate: false, frequency: 1.5 });

    expect(summariseInsights([day1])).toMatchObject({ reach: 800, reachIsEstimate: false, frequency: 1.25 });
  });

  it('answers null, never NaN or Infinity, when a denominator is zero', () => {
    const summary = summariseInsights([{ spend: '3.00', impressions: '0', clicks: '0', reach: '0' }], {
      objective: 'OUTCOME_SALES',
    });

    expect(summary).toMatchObject({
      spend: 3,
      ctr: null,
      cpc: null,
      cpm: null,
      frequency: null,
      results: 0,
      costPerResult: null,
      purchaseValue: null,
      roas: null,
    });
  });

  it('summarises no rows as zeros and nulls', () => {
    const summary = summariseInsights([], { objective: 'OUTCOME_TRAFFIC' });
    const numbers = Object.values(summary).filter((value): value is number => typeof value === 'number');
    expect(numbers.every(Number.isFinite)).toBe(true);
    expect(summary).toMatchObject({ spend: 0, impressions: 0, results: 0, ctr: null, costPerResult: null });
  });

  it.each([
    ['OUTCOME_SALES', 'omni_purchase', 3],
    ['OUTCOME_TRAFFIC', 'link_click', 24],
    ['OUTCOME_ENGAGEMENT', 'post_engagement', 40],
    ['OUTCOME_AWARENESS', 'reach', 1250],
    ['CONVERSIONS', 'omni_purchase', 3],
    ['LINK_CLICKS', 'link_click', 24],
    ['outcome_sales', 'omni_purchase', 3],
  ])('counts %s results as %s', (objective, resultType, results) => {
    const summary = summariseInsights([day1, day2], { objective });
    expect(summary).toMatchObject({ resultType, results });
    expect(summary.costPerResult).toBeCloseTo(18 / results, 10);
  });

  it('counts a purchase once even though Meta reports it under three action types', () => {
    const summary = summariseInsights([day1], { objective: 'OUTCOME_SALES' });
    expect(summary).toMatchObject({ results: 2, resultType: 'omni_purchase' });
    expect(summary.costPerResult).toBeCloseTo(6.17, 10);
  });

  it('falls back to the pixel purchase when that is all Meta reports', () => {
    const row = { spend: '10', actions: [{ action_type: 'offsite_conversion.fb_pixel_purchase', value: '4' }] };
    expect(summariseInsights([row], { objective: 'OUTCOME_SALES' })).toMatchObject({
      results: 4,
      resultType: 'offsite_conversion.fb_pixel_purchase',
      costPerResult: 2.5,
    });
  });

  it.each([
    [
      'OUTCOME_LEADS',
      [{ action_type: 'onsite_conversion.lead_grouped', value: '5' }],
      'onsite_conversion.lead_grouped',
      5,
    ],
    [
      'OUTCOME_LEADS',
      [
        { action_type: 'lead', value: '6' },
        { action_type: 'onsite_conversion.lead_grouped', value: '5' },
      ],
      'lead',
      6,
    ],
    ['OUTCOME_TRAFFIC', [{ action_type: 'landing_page_view', value: '8' }], 'landing_page_view', 8],
    ['OUTCOME_APP_PROMOTION', [{ action_type: 'mobile_app_install', value: '12' }], 'mobile_app_install', 12],
    ['OUTCOME_APP_PROMOTION', [{ action_type: 'app_install', value: '3' }], 'app_install', 3],
  ])('counts %s results from %j', (objective, actions, resultType, results) => {
    expect(summariseInsights([{ spend: '24', actions }], { objective })).toMatchObject({ resultType, results });
  });

  it('reports no results without an objective, and zero of the main type when none happened', () => {
    expect(summariseInsights([day1])).toMatchObject({ results: null, resultType: null, costPerResult: null });
    expect(summariseInsights([{ spend: '5' }], { objective: 'OUTCOME_LEADS' })).toMatchObject({
      results: 0,
      resultType: 'lead',
      costPerResult: null,
    });
  });

  it('computes purchase value and ROAS from the summed values', () => {
    const summary = summariseInsights([day1, day2], { objective: 'OUTCOME_SALES' });
    expect(summary.purchaseValue).toBe(90);
    expect(summary.roas).toBeCloseTo(5, 10);
  });

  it('accepts Meta’s rows through its schema, numbers as strings', () => {
    const parsed = InsightsRowSchema.parse({ ...day1, account_currency: 'USD', cpc: '0.617' });
    expect(summariseInsights([parsed]).spend).toBe(12.34);
  });
});

describe('period comparison', () => {
  const base: InsightsSummary = summariseInsights([day1, day2], { objective: 'OUTCOME_SALES' });

  it('gives the relative change of each metric as a fraction', () => {
    const previous = { ...base, spend: 14.4, clicks: 40, results: 0, roas: null };

    const change = compareToPrevious(base, previous);

    expect(change.spend).toBeCloseTo(0.25, 10);
    expect(change.clicks).toBeCloseTo(-0.25, 10);
    expect(change.impressions).toBe(0);
    expect(change.results).toBeNull();
    expect(change.roas).toBeNull();
  });

  it('has an entry for every numeric metric and nothing else', () => {
    expect(Object.keys(compareToPrevious(base, base)).sort()).toEqual([
      'clicks',
      'costPerResult',
      'cpc',
      'cpm',
      'ctr',
      'frequency',
      'impressions',
      'purchaseValue',
      'reach',
      'results',
      'roas',
      'spend',
    ]);
  });
});

describe('previous period', () => {
  it.each([
    [
      { since: '2026-11-08', until: '2026-11-14' },
      { since: '2026-11-01', until: '2026-11-07' },
    ],
    [
      { since: '2026-11-01', until: '2026-11-30' },
      { since: '2026-10-02', until: '2026-10-31' },
    ],
    [
      { since: '2026-01-01', until: '2026-01-01' },
      { since: '2025-12-31', until: '2025-12-31' },
    ],
    [
      { since: '2028-03-01', until: '2028-03-02' },
      { since: '2028-02-28', until: '2028-02-29' },
    ],
  ])('the window before %j is %j', (range, expected) => {
    expect(previousPeriod(range)).toEqual(expected);
  });

  it.each([
    [{ since: '2026-11-14', until: '2026-11-08' }],
    [{ since: '2026-02-30', until: '2026-03-02' }],
    [{ since: '11/01/2026', until: '2026-11-02' }],
  ])('refuses %j', (range) => {
    expect(() => previousPeriod(range)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });
});
