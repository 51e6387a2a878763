import { describe, expect, it } from 'vitest';
import type { AdTest } from '@shared/schemas/ad-optimizer';
import {
  abPredicted,
  abRun,
  abTestTitle,
  measureAbTest,
  sameDayTotals,
  type AdDay,
  type ArmTotals,
} from '@lambdas/lib/optimizer/ab-test-math';
import { seededRandom } from '@lambdas/lib/optimizer/beta-binomial';

const ads = { control: { id: '1', name: 'Spring sale' }, variant: { id: '2', name: 'Spring sale (A/B copy)' } };
const usd = { minorPerMajor: 100 };

/**
 * One side's delivery drawn impression by impression from a true CTR and a true conversion rate of clicks, at a
 * fixed $10 CPM: the truth is known, so the verdict can be checked against it.
 */
function drawArm(random: () => number, impressions: number, ctr: number, cvr: number): ArmTotals {
  let linkClicks = 0;
  let results = 0;
  for (let i = 0; i < impressions; i += 1) {
    if (random() < ctr) {
      linkClicks += 1;
      if (random() < cvr) results += 1;
    }
  }
  return { spend: impressions / 100, impressions, linkClicks, results };
}

const same = (control: ArmTotals, variant: ArmTotals, days = 7) => ({
  days,
  since: '2026-11-10',
  until: '2026-11-16',
  control,
  variant,
});

describe('measureAbTest', () => {
  it('calls the variant ahead on cost per result when it truly converts better, with the chance and a range below zero', () => {
    let ahead = 0;
    for (let seed = 1; seed <= 20; seed += 1) {
      const random = seededRandom(seed);
      // Same CTR, the variant's clicks convert 1.5 times as often: its cost per result is a third lower.
      const control = drawArm(random, 200_000, 0.01, 0.1);
      const variant = drawArm(random, 200_000, 0.01, 0.15);
      const m = measureAbTest(ads, same(control, variant), usd);
      if (m.state !== 'compared') throw new Error('expected a comparison');
      expect(m.decidedOn).toBe('cost_per_result');
      if (m.verdict === 'variant_ahead') {
        ahead += 1;
        expect(m.costPerResult!.chanceVariantBetter).toBeGreaterThanOrEqual(0.95);
        expect(m.costPerResult!.chanceVariantBetter).toBeLessThan(1);
        expect(m.costPerResult!.difference!.high).toBeLessThan(0);
      }
      expect(m.verdict).not.toBe('original_ahead');
    }
    expect(ahead).toBeGreaterThanOrEqual(18);
  });

  it('says "no clear difference" for equal arms, with a chance near even and a range across zero', () => {
    let called = 0;
    for (let seed = 101; seed <= 120; seed += 1) {
      const random = seededRandom(seed);
      const m = measureAbTest(
        ads,
        same(drawArm(random, 100_000, 0.012, 0.1), drawArm(random, 100_000, 0.012, 0.1)),
        usd,
      );
      if (m.state !== 'compared') throw new Error('expected a comparison');
      if (m.verdict !== 'no_clear_difference') called += 1;
    }
    // A side is called ahead at 95 % each way: about 1 in 10 equal tests by chance, never most.
    expect(called).toBeLessThanOrEqual(4);

    const equal = { spend: 500, impressions: 50_000, linkClicks: 600, results: 60 };
    const m = measureAbTest(ads, same(equal, { ...equal }), usd);
    expect(m).toMatchObject({ state: 'compared', verdict: 'no_clear_difference', decidedOn: 'cost_per_result' });
    if (m.state !== 'compared') return;
    expect(m.costPerResult!.chanceVariantBetter).toBeCloseTo(0.5, 1);
    expect(m.costPerResult!.difference!.low).toBeLessThan(0);
    expect(m.costPerResult!.difference!.high).toBeGreaterThan(0);
    expect(m.ctr.chanceVariantBetter).toBeCloseTo(0.5, 1);
  });

  it('calls the original ahead when the copy is worse, never with certainty', () => {
    const control = { spend: 800, impressions: 80_000, linkClicks: 1_600, results: 160 };
    const variant = { spend: 800, impressions: 80_000, linkClicks: 800, results: 60 };
    const m = measureAbTest(ads, same(control, variant), usd);
    expect(m).toMatchObject({ state: 'compared', verdict: 'original_ahead' });
    if (m.state !== 'compared') return;
    expect(m.costPerResult!.chanceVariantBetter).toBeGreaterThan(0);
    expect(m.costPerResult!.chanceVariantBetter).toBeLessThanOrEqual(0.05);
    expect(m.control).toMatchObject({ costPerResult: 5, ctrPercent: 2 });
    expect(m.variant).toMatchObject({ costPerResult: 13.33, ctrPercent: 1 });
  });

  it('judges on CTR when neither side has a result yet', () => {
    const m = measureAbTest(
      ads,
      same(
        { spend: 40, impressions: 20_000, linkClicks: 100, results: 0 },
        { spend: 40, impressions: 20_000, linkClicks: 180, results: 0 },
      ),
      usd,
    );
    expect(m).toMatchObject({ state: 'compared', decidedOn: 'ctr', verdict: 'variant_ahead', costPerResult: null });
    if (m.state !== 'compared') return;
    expect(m.ctr.difference!.expected).toBeCloseTo(0.4, 5);
    expect(m.ctr.difference!.low).toBeGreaterThan(0);
  });

  it('is "collecting data" until each side has 1,000 impressions on the days both ran', () => {
    const m = measureAbTest(
      ads,
      same(
        { spend: 30, impressions: 5_000, linkClicks: 90, results: 9 },
        { spend: 2, impressions: 400, linkClicks: 30, results: 4 },
        2,
      ),
      usd,
    );
    expect(m).toMatchObject({ state: 'collecting', minImpressions: 1_000, days: 2 });
    expect(m).not.toHaveProperty('verdict');
    expect(m.variant).toMatchObject({ adName: 'Spring sale (A/B copy)', impressions: 400, costPerResult: 0.5 });
  });
});

describe('sameDayTotals', () => {
  const day = (adId: string, date: string, impressions: number): AdDay => ({
    adId,
    date,
    spend: impressions / 1000,
    impressions,
    linkClicks: impressions / 100,
    results: impressions / 1000,
  });

  it('adds up only the days both ads delivered, inside the test’s days', () => {
    const rows = [
      day('1', '2026-11-09', 9_000), // before the copy was made
      day('1', '2026-11-10', 1_000), // the copy still paused: only the original ran
      day('2', '2026-11-10', 0),
      day('1', '2026-11-11', 2_000),
      day('2', '2026-11-11', 3_000),
      day('1', '2026-11-12', 4_000),
      day('2', '2026-11-12', 5_000),
      day('2', '2026-11-13', 6_000), // the original paused: only the copy ran
    ];
    const totals = sameDayTotals(rows, '1', '2', { since: '2026-11-10', until: '2026-11-20' });
    expect(totals).toEqual({
      days: 2,
      since: '2026-11-11',
      until: '2026-11-12',
      control: { spend: 6, impressions: 6_000, linkClicks: 60, results: 6 },
      variant: { spend: 8, impressions: 8_000, linkClicks: 80, results: 8 },
    });
    expect(sameDayTotals(rows, '1', '2', { since: '2026-11-14', until: '2026-11-20' }).days).toBe(0);
  });
});

describe('abRun', () => {
  const test = { status: 'created' as const, adsetName: 'Lookalike 1%' };
  const control = { name: 'Spring sale', effectiveStatus: 'ACTIVE' };

  it('is waiting while the copy, made paused, has never delivered, and running once both do', () => {
    const variant = { name: 'Spring sale (A/B copy)', effectiveStatus: 'PAUSED' };
    expect(abRun(test, { control, variant }, false)).toMatchObject({ state: 'waiting' });
    expect(abRun(test, { control, variant: { ...variant, effectiveStatus: 'ACTIVE' } }, true)).toMatchObject({
      state: 'running',
      message: 'Both ads run side by side in “Lookalike 1%”.',
    });
  });

  it('says a test stopped when the copy was paused after delivering, deleted in Meta, or undone', () => {
    const paused = { name: 'Copy', effectiveStatus: 'PAUSED', updatedTime: '2026-11-14T09:00:00+0000' };
    expect(abRun(test, { control, variant: paused }, true)).toMatchObject({
      state: 'stopped',
      reason: 'copy_paused',
      at: '2026-11-14T09:00:00+0000',
    });
    expect(abRun(test, { control, variant: { name: 'Copy', effectiveStatus: 'DELETED' } }, true)).toMatchObject({
      state: 'stopped',
      reason: 'copy_deleted',
      message: expect.stringContaining('the figures are those up to then'),
    });
    expect(
      abRun(
        test,
        { control: { ...control, effectiveStatus: 'PAUSED' }, variant: { ...paused, effectiveStatus: 'ACTIVE' } },
        true,
      ),
    ).toMatchObject({ state: 'stopped', reason: 'original_paused' });
    expect(abRun({ status: 'deleted', deletedAt: '2026-11-12T10:00:00.000Z' }, {}, false)).toMatchObject({
      state: 'stopped',
      reason: 'undone',
      at: '2026-11-12T10:00:00.000Z',
    });
  });
});

describe('a test’s title and prediction', () => {
  const element = {
    element: 'callToAction' as const,
    elementLabel: 'Call to action',
    control: 'SHOP_NOW',
    controlLabel: 'Shop now',
    variant: 'LEARN_MORE',
    variantLabel: 'Learn more',
    groupLabel: 'Sales · Purchases',
    why: 'why',
    controlElements: {},
  };

  it('names a one-element test by its element and values, and an A/B copy by its ad', () => {
    expect(
      abTestTitle({
        adName: 'Spring sale',
        elementTest: { ...element, basis: 'exploratory', expectedEffect: 'Exploratory: no effect is predicted.' },
      }),
    ).toBe('A/B test: call to action “Shop now” → “Learn more”');
    expect(abTestTitle({ adName: 'Spring sale' })).toBe('A/B copy of “Spring sale”');
  });

  it('keeps what a winner test predicted (the report’s figures and chance); the others predicted nothing', () => {
    const winner: Pick<AdTest, 'elementTest' | 'reason'> = {
      reason: 'r',
      elementTest: {
        ...element,
        basis: 'winner',
        probability: 0.973,
        expectedEffect: 'Expected: a lower cost per result than “Shop now”.',
      },
    };
    expect(abPredicted(winner)).toEqual({
      basis: 'winner',
      text: 'Expected: a lower cost per result than “Shop now”.',
      probability: 0.973,
    });
    expect(abPredicted({ reason: 'CTR fell 40 % over four weeks.' })).toMatchObject({
      basis: 'rewrite',
      text: expect.stringMatching(/^No effect was predicted.*CTR fell 40 % over four weeks\.$/),
    });
  });
});
