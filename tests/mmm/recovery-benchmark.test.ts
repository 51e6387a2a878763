/**
 * The CI subset of `npm run bench:mmm` (issue 24): the known-truth worlds are what they claim to be,
 * and a few of them are fitted exactly as the app fits (quick quality) and scored. The scorecard is
 * printed; its targets are not asserted here until the model can meet them (see docs/mmm-scorecard.md).
 */
import { describe, expect, it } from 'vitest';
import { fitSequential } from '@shared/mmm/fit';
import { buildReport } from '@lambdas/lib/mmm/mmm-report';
import { fitConfig } from '@lambdas/marketing-mix-worker/run-fit-job';
import { formatScorecard, scorecard, scoreWorld, trueResponses } from './support/scorecard';
import { carryOver, simulateWorld, trueWeights, WORLD_FAMILIES } from './support/worlds';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

function correlation(a: readonly number[], b: readonly number[]) {
  const ma = sum(a) / a.length;
  const mb = sum(b) / b.length;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  a.forEach((v, i) => {
    sab += (v - ma) * (b[i]! - mb);
    saa += (v - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  });
  return sab / Math.sqrt(saa * sbb);
}

describe('known-truth worlds', () => {
  it('are seeded: the same index gives the same world, another index another one', () => {
    expect(simulateWorld(7).data).toEqual(simulateWorld(7).data);
    expect(simulateWorld(8).data.kpi).not.toEqual(simulateWorld(7).data.kpi);
  });

  it('cover every family, delayed peaks 1–3 weeks after the spend, flighting and 5–10 % noise', () => {
    const worlds = Array.from({ length: 52 }, (_, i) => simulateWorld(i));
    expect(new Set(worlds.map((w) => w.family))).toEqual(new Set(WORLD_FAMILIES));
    const channels = worlds.flatMap((w) => w.channels);
    const peaks = new Set(
      channels
        .filter((c) => c.adstock.kind === 'weibull-delayed')
        .map((c) => c.weights.indexOf(Math.max(...c.weights))),
    );
    expect([...peaks].sort()).toEqual([1, 2, 3]);
    expect(channels.some((c) => c.saturation.kind === 'logistic')).toBe(true);
    expect(channels.some((c) => c.saturation.kind === 'hill' && c.saturation.slope < 1)).toBe(true);
    for (const w of worlds) {
      expect(w.noiseShare).toBeGreaterThanOrEqual(0.05);
      expect(w.noiseShare).toBeLessThanOrEqual(0.1);
      w.data.channels.forEach((c, i) => {
        if (w.channels[i]!.spendPattern === 'flighting')
          expect(c.spend.filter((s) => s === 0).length).toBeGreaterThan(20);
      });
    }
  });

  it('spend follows the season where the world says so, and true ROAS differ from one another', () => {
    const world = simulateWorld(3);
    // The baseline carries the season (and a trend, two holiday weeks a year).
    const strong = world.channels.findIndex((c) => c.seasonCorrelation > 0.5 && c.spendPattern === 'bursts');
    if (strong >= 0) expect(correlation(world.data.channels[strong]!.spend, world.baseline)).toBeGreaterThan(0.2);
    const roas = simulateWorld(0).channels.map((c) => c.roas);
    expect(Math.max(...roas) / Math.min(...roas)).toBeGreaterThan(1.5);
  });

  it("truth is consistent: ROAS is Σ contribution / Σ spend, the true curve at today's spend is the contribution", () => {
    const world = simulateWorld(1);
    const curves = trueResponses(world);
    world.channels.forEach((c, i) => {
      const spend = world.data.channels[i]!.spend;
      expect(sum(c.contribution) / sum(spend)).toBeCloseTo(c.roas, 9);
      expect(curves[i]!.response(sum(spend)) / sum(c.contribution)).toBeCloseTo(1, 12);
    });
    expect(carryOver([1, 0, 0], trueWeights({ kind: 'geometric', decay: 0.5 }))).toEqual([1, 0.5, 0.25]);
  });
});

describe('recovery benchmark (CI subset: 3 worlds, quick quality, as the app fits)', () => {
  it('fits, scores and prints the scorecard', () => {
    const config = fitConfig({ adstock: 'delayed', saturation: 'hill', quality: 'quick' });
    const scores = [0, 1, 2].map((i) => {
      const world = simulateWorld(i);
      const started = performance.now();
      const report = buildReport(fitSequential(world.data, config));
      return scoreWorld(world, report, (performance.now() - started) / 1000);
    });
    const card = scorecard(scores);
    console.log(formatScorecard('CI subset (quick)', card));
    expect(card.channels).toBe(sum(scores.map((s) => s.channels.length)));
    for (const s of scores) {
      expect(s.rSquared).toBeGreaterThan(0.5);
      // The allocator on the true curves is the most a recommendation can truly gain.
      expect(s.trueLiftShare).toBeLessThanOrEqual(s.attainableLiftShare + 1e-9);
    }
    expect(card.coverage).toBeGreaterThanOrEqual(0);
    expect(Number.isFinite(card.medianRoasError)).toBe(true);
  });
});
