import { describe, expect, it } from 'vitest';
import type { CreativeElements, CreativeResultGroup } from '@shared/schemas/creative-report';
import { seededRandom } from '@lambdas/lib/optimizer/beta-binomial';
import { creativeReportGroups, type AdWeek } from '@lambdas/lib/creative-report/report';
import { pct, planElementTests, type LiveAd } from '@lambdas/lib/ad-optimizer/element-tests';
import { costIsPerThousand } from '@lambdas/lib/meta/insights-math';

/**
 * Seeded data with known truth: the "Shop now" button truly doubles link CTR (and so results per dollar), while the
 * headline angle (benefit or question, crossed evenly with the buttons) has no effect. Ad set S1 runs "Shop now"
 * only; S2 and S3 run "Learn more" only. The planner must copy one ad of S2 and one of S3 with "Shop now" (nothing
 * else changed), leave S1 alone, and, as no angle won, propose one exploratory angle not yet tried.
 */

function binomial(trials: number, p: number, random: () => number): number {
  let successes = 0;
  for (let i = 0; i < trials; i += 1) if (random() < p) successes += 1;
  return successes;
}

const TRUE_CTR: Record<string, number> = { SHOP_NOW: 0.02, LEARN_MORE: 0.01 };
const ADSETS: Record<string, string> = { S1: 'SHOP_NOW', S2: 'LEARN_MORE', S3: 'LEARN_MORE' };
const WEEKS = ['2026-10-01', '2026-10-08', '2026-10-15', '2026-10-22'];

function seeded(seed: number) {
  const random = seededRandom(seed);
  const elements = new Map<string, CreativeElements>();
  const weeks: AdWeek[] = [];
  const ads: LiveAd[] = [];
  let id = 2000;
  for (const [adsetId, callToAction] of Object.entries(ADSETS)) {
    for (const angle of ['benefit', 'question']) {
      const adId = String((id += 1));
      const recorded: CreativeElements = { angle, callToAction, offer: 'No offer', language: 'en' };
      elements.set(adId, recorded);
      ads.push({ id: adId, name: `Ad ${adId}`, adsetId, status: 'ACTIVE', elements: recorded, copyable: true });
      for (const date of WEEKS) {
        const impressions = 5_000;
        const linkClicks = binomial(impressions, TRUE_CTR[callToAction]!, random);
        weeks.push({
          adId,
          date,
          impressions,
          spend: impressions / 100,
          linkClicks,
          results: binomial(linkClicks, 0.1, random),
          objective: 'OUTCOME_SALES',
          resultType: 'offsite_conversion.fb_pixel_purchase',
        });
      }
    }
  }
  const [group] = creativeReportGroups(elements, weeks, { minorPerMajor: 100 }, costIsPerThousand);
  return { group: group!, ads };
}

describe('one-element A/B tests from the creative report', () => {
  for (const seed of [1, 29, 2026]) {
    // Seeds 1 and 2026 leave the angle uncalled, as its truth is; seed 29 is one where noise crosses the threshold.
    it(`copies a "Learn more" ad with the winning "Shop now" where it does not run, and explores an angle (seed ${seed})`, () => {
      const { group, ads } = seeded(seed);
      const plans = planElementTests(group, ads, { currency: 'USD' });

      const winners = plans.filter((p) => p.basis === 'winner');
      expect(winners.map((p) => ads.find((a) => a.id === p.adId)!.adsetId).sort()).toEqual(['S2', 'S3']);
      for (const plan of winners) {
        expect(plan).toMatchObject({ element: 'callToAction', control: 'LEARN_MORE', variant: 'SHOP_NOW' });
        expect(plan.probability).toBeGreaterThanOrEqual(0.95);
        expect(plan.why).toContain('Call to action “Shop now” won in Sales');
        expect(plan.expectedEffect).toMatch(/^Expected: a lower cost per result than “Learn more”/);
        expect(plan.expectedEffect).toMatch(/\$\d+\.\d\d per result against \$\d+\.\d\d/);
      }

      const angleWon = group.elements
        .find((e) => e.element === 'angle')!
        .values.some((v) => v.winnerCost || v.winnerCtr);
      const angleTests = plans.filter((p) => p.element === 'angle');
      expect(angleWon).toBe(seed === 29);
      if (angleWon) {
        // The report's 95% threshold calls noise now and then (seed 29): the called angle runs in every ad set
        // already (the angles are crossed within each), so there is nothing to copy and nothing to explore.
        expect(angleTests).toEqual([]);
      } else {
        // The angle is noise: no winner is called, so the test is exploratory and predicts nothing.
        expect(angleTests).toHaveLength(1);
        expect(angleTests[0]).toMatchObject({ basis: 'exploratory', variant: 'social_proof' });
        expect(angleTests[0]!.expectedEffect).toMatch(/^Exploratory: no effect is predicted/);
        expect(angleTests[0]!.probability).toBeUndefined();
      }

      // One test per control ad, winners first.
      expect(new Set(plans.map((p) => p.adId)).size).toBe(plans.length);
      expect(plans.map((p) => p.basis)).toEqual(angleWon ? ['winner', 'winner'] : ['winner', 'winner', 'exploratory']);
    });
  }

  it('leaves out paused, busy and non-link ads, and stops at the maximum', () => {
    const { group, ads } = seeded(29);
    const s2 = ads.filter((a) => a.adsetId === 'S2');
    const s3 = ads.filter((a) => a.adsetId === 'S3');
    const changed = ads.map((ad) =>
      ad.id === s2[0]!.id ? { ...ad, status: 'PAUSED' } : ad.id === s2[1]!.id ? { ...ad, copyable: false } : ad,
    );
    const plans = planElementTests(group, changed, { currency: 'USD', busyAdIds: new Set([s3[0]!.id]), max: 1 });
    expect(plans).toHaveLength(1);
    // S2 has no copyable live ad; S3's first ad is busy: its second is the control.
    expect(plans[0]).toMatchObject({ adId: s3[1]!.id, element: 'callToAction', basis: 'winner' });
  });

  it('proposes nothing for an ad set that already runs the winner, and no challenger when every value was tried', () => {
    const { group, ads } = seeded(1);
    const onlyS1 = ads.filter((a) => a.adsetId === 'S1');
    const allAnglesTried: CreativeResultGroup = {
      ...group,
      elements: group.elements.map((e) =>
        e.element === 'angle'
          ? {
              ...e,
              values: ['benefit', 'social_proof', 'urgency', 'question', 'problem_solution'].map((value) => ({
                ...e.values[0]!,
                value,
                winnerCost: false,
                winnerCtr: false,
              })),
            }
          : e,
      ),
    };
    expect(planElementTests(allAnglesTried, onlyS1, { currency: 'USD' })).toEqual([]);
  });

  it('with no winner and an untried button, proposes one exploratory button test on the objective’s list', () => {
    const { group, ads } = seeded(1);
    const noWinner: CreativeResultGroup = {
      ...group,
      elements: group.elements
        .filter((e) => e.element === 'callToAction')
        .map((e) => ({ ...e, values: e.values.map((v) => ({ ...v, winnerCost: false, winnerCtr: false })) })),
    };
    const plans = planElementTests(noWinner, ads, { currency: 'USD' }).filter((p) => p.element === 'callToAction');
    // Sales' buttons in order: "Shop now" and "Learn more" were tried, "Buy now" was not.
    expect(plans).toEqual([
      expect.objectContaining({
        element: 'callToAction',
        basis: 'exploratory',
        variant: 'BUY_NOW',
        control: 'SHOP_NOW',
      }),
    ]);
    expect(plans[0]!.why).toContain('No call to action has won in Sales');
  });

  it('never words a chance as a certainty', () => {
    expect(pct(0.973)).toBe('97.3%');
    expect(pct(0.9989)).toBe('99.8%');
    expect(pct(1)).toBe('over 99.9%');
  });
});
