/**
 * Issue 24: an interval never excludes its own estimate, because both are read off the same draws (the draws'
 * median and their central share, `drawInterval`), never by stretching a percentile interval to reach the chosen
 * model. Draws set by hand away from the chosen model (every draw's coefficients 1.5× the chosen ones) make the
 * old construction show an ROI outside its interval and a hand-off lift interval stretched to the chosen value.
 */
import { describe, expect, it } from 'vitest';
import { buildReport } from '@lambdas/lib/mmm/mmm-report';
import { metaChannelPlan } from '@lambdas/lib/mmm/meta-channel-plan';
import { dayNumber, isoFromDay } from '@shared/mmm/calendar';
import { mediaBetas, type RawFit } from '@shared/mmm/fit';
import { drawInterval, summarise } from '@shared/mmm/outputs';
import { createProblem } from '@shared/mmm/problem';
import { createRandom } from '@shared/mmm/random';
import { ConfigSchema, DatasetSchema } from '@shared/mmm/spec';

const WEEKS = 104;

/** Two paid channels at fixed curves (no search); `drawScale`: each of 5 draws' coefficients × that. */
function model(drawScale: number | null): RawFit {
  const random = createRandom(7);
  const start = dayNumber('2023-01-02');
  const dates = Array.from({ length: WEEKS }, (_, t) => isoFromDay(start + 7 * t));
  const spend = [0, 1].map((c) => dates.map(() => (c === 0 ? 10_000 : 6_000) * Math.exp(0.5 * random.normal())));
  const kpi = dates.map(
    (_, t) =>
      80_000 +
      2 * 20_000 * Math.sqrt(spend[0]![t]! / 20_000) +
      12_000 * Math.sqrt(spend[1]![t]! / 12_000) +
      1_000 * random.normal(),
  );
  const data = DatasetSchema.parse({
    dates,
    kpi,
    channels: [
      { name: 'search', spend: spend[0] },
      { name: 'meta', spend: spend[1] },
    ],
  });
  const config = ConfigSchema.parse({ adstock: 'geometric', saturation: 'hill', objectives: 'map' });
  const problem = createProblem(data, config);
  const hyper = problem.dimensions.map((d) => (d.name === 'lambda' ? -3 : (d.lower + d.upper) / 2));
  const chosen = problem.fit(hyper);
  const draws =
    drawScale === null
      ? []
      : Array.from({ length: 5 }, () => ({
          source: 'bootstrap' as const,
          hyper,
          betas: mediaBetas(chosen).map((b) => b * drawScale),
        }));
  const candidate = { hyper, nrmse: chosen.nrmse, rssd: chosen.rssd };
  return { problem, selection: { front: [candidate], chosen: candidate, evaluations: 1 }, chosen, draws };
}

describe('intervals read off the draws', () => {
  it('drawInterval: the median and the central share; without draws the fallback, with no width', () => {
    expect(drawInterval([5, 1, 3, Number.NaN, 4, 2], 0.5, 100)).toEqual({ estimate: 3, low: 2, high: 4 });
    expect(drawInterval([Infinity], 0.9, 7)).toEqual({ estimate: 7, low: 7, high: 7 });
  });

  it('the report’s ROI, contribution and CPA hold their estimate inside their interval', () => {
    const plain = summarise(model(null));
    const shifted = summarise(model(1.5));
    for (const [c, channel] of shifted.channels.entries()) {
      const roi = channel.roi!;
      expect(roi.low).toBeLessThanOrEqual(roi.estimate);
      expect(roi.estimate).toBeLessThanOrEqual(roi.high);
      expect(roi.estimate).toBeCloseTo(1.5 * plain.channels[c]!.roi!.estimate, 6);
      const cpa = channel.cpa!;
      expect(cpa.low).toBeLessThanOrEqual(cpa.estimate);
      expect(cpa.estimate).toBeLessThanOrEqual(cpa.high);
      expect(channel.contribution.estimate).toBeCloseTo(roi.estimate * channel.spend, 3);
    }
  });

  it('the Meta hand-off’s weekly lift is the draws’ own, not stretched to reach the chosen model', () => {
    const shifted = metaChannelPlan(buildReport(model(1.5)), 'meta');
    // Every draw agrees: the interval has no width, and its estimate is the draws' lift.
    expect(shifted.liftPerWeek.high - shifted.liftPerWeek.low).toBeCloseTo(0, 6);
    expect(shifted.liftPerWeek.estimate).toBeCloseTo(shifted.liftPerWeek.low, 6);
    expect(shifted.decision.action).toBe('reallocate');
    expect(shifted.optimalDaily).not.toBeCloseTo(shifted.currentDaily, 0);
  });
});
