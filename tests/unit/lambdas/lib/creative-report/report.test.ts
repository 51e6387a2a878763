import { describe, expect, it } from 'vitest';
import type { CreativeElements } from '@shared/schemas/creative-report';
import { seededRandom } from '@lambdas/lib/optimizer/beta-binomial';
import {
  creativeElementReports,
  elementReport,
  MIN_IMPRESSIONS,
  WINNER_THRESHOLD,
  type AdWeek,
} from '@lambdas/lib/creative-report/report';

/**
 * Seeded data with known truth: the urgency angle's true link CTR is twice the others'; the call to
 * action is crossed evenly with the angles and has no effect of its own, so any difference between
 * SHOP_NOW and LEARN_MORE is noise. The report must call the first and not the second.
 */

function binomial(trials: number, p: number, random: () => number): number {
  let successes = 0;
  for (let i = 0; i < trials; i += 1) if (random() < p) successes += 1;
  return successes;
}

const TRUE_CTR: Record<string, number> = { urgency: 0.02, benefit: 0.01, question: 0.01 };
const RESULT_PER_CLICK = 0.1;
const WEEKS = ['2026-10-01', '2026-10-08', '2026-10-15', '2026-10-22'];

function seeded(seed: number): { elements: Map<string, CreativeElements>; weeks: AdWeek[] } {
  const random = seededRandom(seed);
  const elements = new Map<string, CreativeElements>();
  const weeks: AdWeek[] = [];
  let id = 1000;
  for (const angle of Object.keys(TRUE_CTR)) {
    for (const callToAction of ['SHOP_NOW', 'LEARN_MORE']) {
      for (let copy = 0; copy < 2; copy += 1) {
        const adId = String((id += 1));
        elements.set(adId, { angle, callToAction, format: 'single_image' });
        for (const date of WEEKS) {
          const impressions = 4_000;
          const linkClicks = binomial(impressions, TRUE_CTR[angle]!, random);
          // CPM of 10 USD: the same price per impression for every ad.
          weeks.push({
            adId,
            date,
            impressions,
            spend: impressions / 100,
            linkClicks,
            results: binomial(linkClicks, RESULT_PER_CLICK, random),
          });
        }
      }
    }
  }
  return { elements, weeks };
}

describe('creative report by element', () => {
  for (const seed of [1, 29, 2026]) {
    it(`finds the winning headline angle and does not call the call-to-action noise (seed ${seed})`, () => {
      const { elements, weeks } = seeded(seed);
      const reports = creativeElementReports(elements, weeks, { minorPerMajor: 100 });
      expect(reports.map((r) => r.element)).toEqual(['angle', 'callToAction', 'format']);

      const angle = reports.find((r) => r.element === 'angle')!;
      const urgency = angle.values.find((v) => v.value === 'urgency')!;
      expect(urgency.winnerCtr).toBe(true);
      expect(urgency.probabilityBestCtr).toBeGreaterThanOrEqual(WINNER_THRESHOLD);
      expect(urgency.winnerCost).toBe(true);
      // Ranked by cost per result, lowest first.
      expect(angle.values[0]!.value).toBe('urgency');
      expect(angle.values.filter((v) => v.winnerCtr)).toHaveLength(1);

      const cta = reports.find((r) => r.element === 'callToAction')!;
      expect(cta.values).toHaveLength(2);
      expect(cta.values.some((v) => v.winnerCtr || v.winnerCost)).toBe(false);
      for (const value of cta.values) expect(value.probabilityBestCtr).toBeLessThan(WINNER_THRESHOLD);

      // One value alone beats nothing.
      const format = reports.find((r) => r.element === 'format')!;
      expect(format.values[0]).toMatchObject({ value: 'single_image', winnerCtr: false, winnerCost: false });
    });
  }

  it('sums each value over its ads, with the weekly series for fatigue', () => {
    const { elements, weeks } = seeded(7);
    const angle = elementReport('angle', elements, weeks, { minorPerMajor: 100 })!;
    const urgency = angle.values.find((v) => v.value === 'urgency')!;
    expect(urgency.ads).toBe(4);
    expect(urgency.impressions).toBe(4 * WEEKS.length * 4_000);
    expect(urgency.spend).toBe(4 * WEEKS.length * 40);
    expect(urgency.weeks.map((w) => w.weekStart)).toEqual(WEEKS);
    expect(urgency.weeks[0]!.impressions).toBe(16_000);
    const clicks = weeks.filter((w) => elements.get(w.adId)?.angle === 'urgency').reduce((t, w) => t + w.linkClicks, 0);
    expect(urgency.linkClicks).toBe(clicks);
    expect(urgency.ctrPercent).toBe(Math.round((clicks / urgency.impressions) * 10_000) / 100);
    expect(urgency.costPerResult).toBe(Math.round((urgency.spend / urgency.results) * 100) / 100);
  });

  it('never calls a value with too little delivery a winner, however good its rate', () => {
    const elements = new Map<string, CreativeElements>([
      ['1', { angle: 'urgency' }],
      ['2', { angle: 'benefit' }],
      ['3', { angle: 'question' }],
    ]);
    const weeks: AdWeek[] = [
      { adId: '1', date: '2026-10-01', impressions: MIN_IMPRESSIONS - 1, linkClicks: 200, results: 50, spend: 9 },
      { adId: '2', date: '2026-10-01', impressions: 50_000, linkClicks: 500, results: 50, spend: 500 },
      { adId: '3', date: '2026-10-01', impressions: 50_000, linkClicks: 250, results: 25, spend: 500 },
    ];
    const angle = elementReport('angle', elements, weeks, { minorPerMajor: 100 })!;
    const urgency = angle.values.find((v) => v.value === 'urgency')!;
    expect(urgency).toMatchObject({ winnerCtr: false, winnerCost: false, probabilityBestCtr: 0 });
    // Between the two with delivery, twice the clicks and results on the same spend is a clear win.
    expect(angle.values.find((v) => v.value === 'benefit')).toMatchObject({ winnerCtr: true, winnerCost: true });
  });

  it('leaves out elements no delivered ad has, and ads whose elements are not known', () => {
    const elements = new Map<string, CreativeElements>([['1', { angle: 'urgency' }]]);
    const weeks: AdWeek[] = [
      { adId: '1', date: '2026-10-01', impressions: 5_000, linkClicks: 50, results: 5, spend: 50 },
      { adId: '9', date: '2026-10-01', impressions: 5_000, linkClicks: 500, results: 50, spend: 50 },
    ];
    const reports = creativeElementReports(elements, weeks, { minorPerMajor: 100 });
    expect(reports).toHaveLength(1);
    expect(reports[0]!.values).toEqual([expect.objectContaining({ value: 'urgency', ads: 1, linkClicks: 50 })]);
  });
});
