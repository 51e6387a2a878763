import { describe, expect, it } from 'vitest';
import { helpProbability, probabilityEffectPositive } from '@lambdas/lib/optimizer/confidence';
import { recommend } from '@lambdas/lib/optimizer/detectors';
import { MAX_CONFIDENCE } from '@shared/confidence-words';
import { account, ad, adset, day, days } from './snapshot-fixtures';

describe('confidence that a recommendation helps', () => {
  it('reads the expected range as a 95 % range: all above zero is near 1, an expected 0 is a coin toss', () => {
    expect(probabilityEffectPositive({ low: 10, expected: 20, high: 30 })).toBeGreaterThan(0.999);
    // A range from 0 to twice the expected effect: its lower end is the 2.5 % quantile.
    expect(probabilityEffectPositive({ low: 0, expected: 5, high: 10 })).toBeCloseTo(0.975, 3);
    expect(probabilityEffectPositive({ low: 0, expected: 0, high: 4 })).toBeCloseTo(0.5, 6);
    expect(probabilityEffectPositive({ low: -8, expected: -2, high: 4 })).toBeLessThan(0.5);
    expect(probabilityEffectPositive({ low: 0, expected: 0, high: 0 })).toBe(0.5);
  });

  it('is bounded by the evidence, by the range and by the cap, never 1', () => {
    expect(helpProbability(1, { low: 10, expected: 20, high: 30 })).toBe(MAX_CONFIDENCE);
    expect(helpProbability(0.7, { low: 10, expected: 20, high: 30 })).toBe(0.7);
    expect(helpProbability(0.99, { low: 0, expected: 0, high: 4 })).toBe(0.5);
    expect(helpProbability(Number.NaN, { low: 1, expected: 2, high: 3 })).toBe(0);
  });

  it('no detector says 100 %, and one whose expected effect is 0 is not more than as likely as not', () => {
    // Overwhelming evidence: a budget shift on thousands of results, fatigue on millions of impressions.
    const snapshot = account({
      adsets: [
        adset('s1', {
          days: days(7, { spend: 1000, impressions: 80_000, reach: 60_000, linkClicks: 800, results: 500 }),
        }),
        adset('s2', {
          days: days(7, { spend: 1000, impressions: 80_000, reach: 60_000, linkClicks: 800, results: 100 }),
        }),
        adset('s3', {
          days: days(7, { spend: 1000, impressions: 80_000, reach: 60_000, linkClicks: 800, results: 250 }),
        }),
      ],
      ads: [
        ad('a1', {
          weeks: [
            day(21, { impressions: 2_000_000, reach: 1_500_000, linkClicks: 40_000 }),
            day(14, { impressions: 2_000_000, reach: 1_000_000, linkClicks: 30_000 }),
            day(7, { impressions: 2_000_000, reach: 500_000, linkClicks: 20_000 }),
          ],
          rankings: { quality: 'BELOW_AVERAGE_10' },
        }),
      ],
    });
    const recs = recommend(snapshot);
    expect(recs.length).toBeGreaterThan(2);
    for (const rec of recs) {
      expect(rec.confidence, rec.id).toBeLessThanOrEqual(MAX_CONFIDENCE);
      if (rec.expectedEffect.expected === 0) expect(rec.confidence, rec.id).toBeLessThanOrEqual(0.5);
    }
    expect(recs.find((r) => r.kind === 'budget_shift')?.confidence).toBe(MAX_CONFIDENCE);
    // Meta's bottom 10 % says a rewrite would likely rank better, but its expected CTR gain is 0: a coin toss.
    expect(recs.find((r) => r.kind === 'low_ranking')?.confidence).toBe(0.5);
  });
});
