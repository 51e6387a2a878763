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
    expect(summary.ctrAll).toBeCloseTo(2, 10);
    expect(summary.cpcAll).toBeCloseTo(0.6, 10);
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
    const summary = summariseInsights([
      {
        spend: '3.00',
        impressions: '0',
        clicks: '0',
        reach: '0',
        results: [{ indicator: 'actions:offsite_conversion.fb_pixel_purchase' }],
      },
    ]);

    expect(summary).toMatchObject({
      spend: 3,
      ctr: null,
      cpc: null,
      ctrAll: null,
      cpcAll: null,
      cpm: null,
      frequency: null,
      results: 0,
      costPerResult: null,
      purchaseValue: null,
      roas: null,
    });
  });

  it('summarises no rows as zeros and nulls', () => {
    const summary = summariseInsights([]);
    const numbers = Object.values(summary).filter((value): value is number => typeof value === 'number');
    expect(numbers.every(Number.isFinite)).toBe(true);
    expect(summary).toMatchObject({ spend: 0, impressions: 0, results: null, ctr: null, costPerResult: null });
  });

  it('uses link clicks for CTR and CPC, as Ads Manager does, and all clicks for the "(all)" variants', () => {
    const summary = summariseInsights([
      { ...day1, inline_link_clicks: '15' },
      { ...day2, inline_link_clicks: '9' },
    ]);

    expect(summary.linkClicks).toBe(24);
    expect(summary.ctr).toBeCloseTo(1.6, 10);
    expect(summary.cpc).toBeCloseTo(0.75, 10);
    expect(summary.ctrAll).toBeCloseTo(2, 10);
    expect(summary.cpcAll).toBeCloseTo(0.6, 10);
  });
});

describe("results from Meta's results and cost_per_result", () => {
  const purchaseRow = (spend: string, count: string, cost: string): InsightsRow => ({
    spend,
    results: [
      {
        indicator: 'actions:offsite_conversion.fb_pixel_purchase',
        values: [{ value: count, attribution_windows: ['default'] }],
      },
    ],
    cost_per_result: [
      {
        indicator: 'actions:offsite_conversion.fb_pixel_purchase',
        values: [{ value: cost, attribution_windows: ['default'] }],
      },
    ],
    attribution_setting: '1d_click',
  });

  it("takes one row's results and cost per result exactly as Meta states them", () => {
    const summary = summariseInsights([purchaseRow('30.00', '4', '7.512')]);

    expect(summary).toMatchObject({
      results: 4,
      resultType: 'offsite_conversion.fb_pixel_purchase',
      costPerResult: 7.512,
      attributionSetting: '1d_click',
      resultsByType: [{ resultType: 'offsite_conversion.fb_pixel_purchase', results: 4, costPerResult: 7.512 }],
    });
  });

  it('ignores the actions list: an ad set optimising for landing page views has those as results', () => {
    const row: InsightsRow = {
      ...day1,
      results: [{ indicator: 'actions:landing_page_view', values: [{ value: '9' }] }],
      cost_per_result: [{ indicator: 'actions:landing_page_view', values: [{ value: '1.371111' }] }],
    };

    expect(summariseInsights([row])).toMatchObject({ results: 9, resultType: 'landing_page_view' });
  });

  it('adds rows up and weights their costs by their results', () => {
    const summary = summariseInsights([purchaseRow('30.00', '4', '7.5'), purchaseRow('10.00', '1', '10')]);

    expect(summary.results).toBe(5);
    expect(summary.costPerResult).toBeCloseTo(8, 10);
  });

  it('keeps result types apart when ad sets optimise for different results', () => {
    const row: InsightsRow = {
      spend: '20',
      results: [
        { indicator: 'actions:link_click', values: [{ value: '40' }] },
        { indicator: 'reach', values: [{ value: '5000' }] },
      ],
      cost_per_result: [
        { indicator: 'actions:link_click', values: [{ value: '0.25' }] },
        { indicator: 'reach', values: [{ value: '2' }] },
      ],
      attribution_setting: 'mixed',
    };

    expect(summariseInsights([row])).toMatchObject({
      results: null,
      resultType: null,
      costPerResult: null,
      attributionSetting: 'mixed',
      resultsByType: [
        { resultType: 'link_click', results: 40, costPerResult: 0.25 },
        { resultType: 'reach', results: 5000, costPerResult: 2 },
      ],
    });
  });

  it('reads an indicator without values as zero results and no cost', () => {
    const row: InsightsRow = {
      spend: '5',
      results: [{ indicator: 'actions:onsite_conversion.lead_grouped' }],
      cost_per_result: [{ indicator: 'actions:onsite_conversion.lead_grouped' }],
    };

    expect(summariseInsights([row])).toMatchObject({
      results: 0,
      resultType: 'onsite_conversion.lead_grouped',
      costPerResult: null,
    });
  });

  it('reports no results when Meta sent none', () => {
    expect(summariseInsights([day1])).toMatchObject({ results: null, resultType: null, costPerResult: null });
  });

  it('computes purchase value and ROAS from the summed values', () => {
    const summary = summariseInsights([day1, day2]);
    expect(summary.purchaseValue).toBe(90);
    expect(summary.roas).toBeCloseTo(5, 10);
  });

  it('accepts Meta’s rows through its schema, numbers as strings', () => {
    const parsed = InsightsRowSchema.parse({ ...day1, account_currency: 'USD', cpc: '0.617' });
    expect(summariseInsights([parsed]).spend).toBe(12.34);
  });
});

describe('period comparison', () => {
  const base: InsightsSummary = summariseInsights([day1, day2]);

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
