import { describe, expect, it } from 'vitest';
import type { CreativeElements } from '@shared/schemas/creative-report';
import { seededRandom } from '@lambdas/lib/optimizer/beta-binomial';
import {
  creativeElementReports,
  creativeReportGroups,
  elementReport,
  MIN_IMPRESSIONS,
  WINNER_THRESHOLD,
  type AdWeek,
} from '@lambdas/lib/creative-report/report';
import { costIsPerThousand } from '@lambdas/lib/meta/insights-math';

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

const APP = { objective: 'OUTCOME_APP_PROMOTION', resultType: 'mobile_app_install' } as const;
const AWARENESS = { objective: 'OUTCOME_AWARENESS', resultType: 'reach' } as const;

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
            ...APP,
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
      {
        adId: '1',
        date: '2026-10-01',
        impressions: MIN_IMPRESSIONS - 1,
        linkClicks: 200,
        results: 50,
        spend: 9,
        ...APP,
      },
      { adId: '2', date: '2026-10-01', impressions: 50_000, linkClicks: 500, results: 50, spend: 500, ...APP },
      { adId: '3', date: '2026-10-01', impressions: 50_000, linkClicks: 250, results: 25, spend: 500, ...APP },
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
      { adId: '1', date: '2026-10-01', impressions: 5_000, linkClicks: 50, results: 5, spend: 50, ...APP },
      { adId: '9', date: '2026-10-01', impressions: 5_000, linkClicks: 500, results: 50, spend: 50, ...APP },
    ];
    const reports = creativeElementReports(elements, weeks, { minorPerMajor: 100 });
    expect(reports).toHaveLength(1);
    expect(reports[0]!.values).toEqual([expect.objectContaining({ value: 'urgency', ads: 1, linkClicks: 50 })]);
  });

  it('ranks within one objective and result type: pooled, cheap awareness reach would crown its angle', () => {
    // App installs: urgency truly converts twice as well as benefit. Awareness (people reached, a
    // fraction of a cent each) ran the question angle and urgency with no difference between them.
    const random = seededRandom(29);
    const elements = new Map<string, CreativeElements>();
    const weeks: AdWeek[] = [];
    let id = 5000;
    const ad = (angle: string, kind: typeof APP | typeof AWARENESS, results: () => number) => {
      const adId = String((id += 1));
      elements.set(adId, { angle });
      for (const date of WEEKS) {
        const impressions = 10_000;
        const linkClicks = binomial(impressions, 0.01, random);
        weeks.push({ adId, date, impressions, spend: 100, linkClicks, results: results(), ...kind });
      }
    };
    for (let i = 0; i < 3; i += 1) {
      ad('urgency', APP, () => binomial(2_000, 0.02, random));
      ad('benefit', APP, () => binomial(2_000, 0.01, random));
      ad('question', AWARENESS, () => binomial(10_000, 0.6, random));
      ad('urgency', AWARENESS, () => binomial(10_000, 0.6, random));
    }

    // Pooled (what the report must not do): question's reach makes it the cheapest "result".
    const pooled = creativeElementReports(elements, weeks, { minorPerMajor: 100 })[0]!;
    expect(pooled.values[0]!.value).toBe('question');
    expect(pooled.values.find((v) => v.value === 'question')!.winnerCost).toBe(true);

    const groups = creativeReportGroups(elements, weeks, { minorPerMajor: 100 }, costIsPerThousand);
    expect(groups.map((g) => g.label)).toEqual(['App promotion · App installs', 'Awareness · People reached']);
    expect(groups[0]!.spend).toBe(groups[1]!.spend);
    const app = groups[0]!.elements[0]!;
    expect(app.values.map((v) => v.value)).toEqual(['urgency', 'benefit']);
    expect(app.values[0]).toMatchObject({ winnerCost: true });
    // Awareness: two equal angles, no winner; cost is per 1,000 people reached as Meta states it.
    const awareness = groups[1]!.elements[0]!;
    expect(awareness.values.some((v) => v.winnerCost || v.winnerCtr)).toBe(false);
    const question = awareness.values.find((v) => v.value === 'question')!;
    expect(question.costPerResult).toBe(Math.round((question.spend / question.results) * 1000 * 100) / 100);
    expect(
      groups.flatMap((g) => g.elements.flatMap((e) => e.values)).filter((v) => v.value === 'question'),
    ).toHaveLength(1);
  });

  it('orders groups by spend and keeps an ad whose week reported no result with its other weeks', () => {
    const elements = new Map<string, CreativeElements>([['1', { angle: 'urgency' }]]);
    const weeks: AdWeek[] = [
      { adId: '1', date: '2026-10-01', impressions: 5_000, linkClicks: 50, results: 5, spend: 50, ...APP },
      { adId: '1', date: '2026-10-08', impressions: 0, linkClicks: 0, results: 0, spend: 0, ...APP, resultType: null },
      { adId: '2', date: '2026-10-01', impressions: 5_000, linkClicks: 50, results: 900, spend: 80, ...AWARENESS },
    ];
    const groups = creativeReportGroups(elements, weeks, { minorPerMajor: 100 }, costIsPerThousand);
    expect(groups.map((g) => [g.key, g.spend, g.adsWithElements, g.adsWithoutElements])).toEqual([
      ['OUTCOME_AWARENESS|reach', 80, 0, 1],
      ['OUTCOME_APP_PROMOTION|mobile_app_install', 50, 1, 0],
    ]);
    expect(groups[1]!.elements[0]!.values[0]!.weeks).toHaveLength(2);
  });

  describe('video hook and hold rates', () => {
    // Known truth: the urgency template's videos stop the scroll more often (hook 30 % vs 20 %) while both hold the
    // same share of those who stop (40 %): hook must be called, hold must not.
    const TRUE_HOOK: Record<string, number> = { 'story-urgency': 0.3, 'story-benefit': 0.2 };
    const HOLD = 0.4;

    function videoWeeks(seed: number) {
      const random = seededRandom(seed);
      const elements = new Map<string, CreativeElements>();
      const weeks: AdWeek[] = [];
      let id = 5000;
      for (const template of Object.keys(TRUE_HOOK)) {
        for (let copy = 0; copy < 3; copy += 1) {
          const adId = String((id += 1));
          elements.set(adId, { template, format: 'video' });
          for (const date of WEEKS) {
            const impressions = 3_000;
            const plays = binomial(impressions, TRUE_HOOK[template]!, random);
            const linkClicks = binomial(impressions, 0.01, random);
            weeks.push({
              adId,
              date,
              impressions,
              spend: impressions / 100,
              linkClicks,
              results: binomial(linkClicks, RESULT_PER_CLICK, random),
              plays,
              thruPlays: binomial(plays, HOLD, random),
              ...APP,
            });
          }
        }
      }
      // An image ad in the same group: no plays, so no video figures and no part in the video comparison.
      elements.set('9999', { template: 'product-hero', format: 'single_image' });
      for (const date of WEEKS) {
        weeks.push({ adId: '9999', date, impressions: 3_000, spend: 30, linkClicks: 30, results: 3, ...APP });
      }
      return { elements, weeks };
    }

    for (const seed of [3, 17, 29]) {
      it(`calls the better hook and not the equal hold (seed ${seed})`, () => {
        const { elements, weeks } = videoWeeks(seed);
        const report = elementReport('template', elements, weeks, { minorPerMajor: 100 })!;
        const value = (name: string) => report.values.find((v) => v.value === name)!;
        const urgency = value('story-urgency').video!;
        const benefit = value('story-benefit').video!;
        expect(urgency.hookRatePercent!).toBeGreaterThan(benefit.hookRatePercent!);
        expect(urgency.winnerHook).toBe(true);
        expect(urgency.probabilityBestHook).toBeGreaterThanOrEqual(WINNER_THRESHOLD);
        expect(benefit.winnerHook).toBe(false);
        expect(urgency.winnerHold || benefit.winnerHold).toBe(false);
        expect(urgency.holdRatePercent!).toBeGreaterThan(30);
        expect(urgency.holdRatePercent!).toBeLessThan(50);
        expect(value('product-hero').video).toBeUndefined();
        expect(value('story-urgency').weeks[0]!.hookRatePercent).toBeGreaterThan(0);
        expect(value('product-hero').weeks[0]).not.toHaveProperty('hookRatePercent');
      });
    }

    it('computes the rates as Meta defines them: plays per impression, ThruPlays per play', () => {
      const elements = new Map<string, CreativeElements>([['1', { format: 'video' }]]);
      const week: AdWeek = {
        adId: '1',
        date: WEEKS[0]!,
        impressions: 2_000,
        spend: 20,
        linkClicks: 10,
        results: 1,
        plays: 500,
        thruPlays: 125,
        ...APP,
      };
      const value = elementReport('format', elements, [week], { minorPerMajor: 100 })!.values[0]!;
      expect(value.video).toMatchObject({ plays: 500, thruPlays: 125, hookRatePercent: 25, holdRatePercent: 25 });
      // A lone value beats nothing, and the report says nothing was compared.
      expect(value.video).toMatchObject({ winnerHook: false, winnerHold: false });
      expect(elementReport('format', elements, [week], { minorPerMajor: 100 })!.compared).toBe(false);
    });

    it('computes hook rate over the video ads of a value only, and no rate for a value without video ads', () => {
      // One template used by a video ad and a carousel: the carousel's impressions must not dilute the hook rate.
      const elements = new Map<string, CreativeElements>([
        ['1', { template: 'story-urgency', format: 'video' }],
        ['2', { template: 'story-urgency', format: 'carousel' }],
        ['3', { template: 'product-hero', format: 'carousel' }],
        ['4', { template: 'story-benefit', format: 'video' }],
      ]);
      const row = (adId: string, impressions: number, plays?: number, thruPlays?: number): AdWeek => ({
        adId,
        date: WEEKS[0]!,
        impressions,
        spend: impressions / 100,
        linkClicks: impressions / 100,
        results: 1,
        ...(plays !== undefined ? { plays, thruPlays: thruPlays ?? 0 } : {}),
        ...APP,
      });
      const weeks = [
        row('1', 2_000, 500, 125),
        row('2', 8_000, 0, 0),
        row('3', 5_000),
        // A video nobody watched for 3 seconds: a video value at 0 %, not a value without a video.
        row('4', 1_500, 0, 0),
      ];
      const report = elementReport('template', elements, weeks, { minorPerMajor: 100 })!;
      const value = (name: string) => report.values.find((v) => v.value === name)!;
      expect(value('story-urgency').video).toMatchObject({ hookRatePercent: 25, holdRatePercent: 25 });
      expect(value('story-urgency').weeks[0]!.hookRatePercent).toBe(25);
      expect(value('story-benefit').video).toMatchObject({ plays: 0, hookRatePercent: 0, holdRatePercent: null });
      expect(value('product-hero').video).toBeUndefined();
      expect(value('product-hero').weeks[0]).not.toHaveProperty('hookRatePercent');
    });
  });
});
