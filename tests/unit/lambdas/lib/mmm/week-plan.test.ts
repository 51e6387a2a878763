/**
 * The week-by-week plan (issue 24, requirement 6) on a model whose curves are set by hand (no search: the fit
 * is the ridge at those curves), so each behaviour is the plan's own: carry-over from spend already made, the
 * total and the bounds, the season's pull, and the interval around each week's KPI.
 */
import { describe, expect, it } from 'vitest';
import { dayNumber, isoFromDay } from '@shared/mmm/calendar';
import { type RawFit } from '@shared/mmm/fit';
import { createProblem } from '@shared/mmm/problem';
import { createRandom } from '@shared/mmm/random';
import { ConfigSchema, DatasetSchema } from '@shared/mmm/spec';
import { planWeeks, projectToBudget, WeekPlanError } from '@lambdas/lib/mmm/week-plan';

const WEEKS = 156;

/** A seasonal shop: two paid channels with carry-over, a KPI that swings ±30 % over the year. */
function model(decay: number, draws = 0): RawFit {
  const random = createRandom(99);
  const start = dayNumber('2022-01-03');
  const dates = Array.from({ length: WEEKS }, (_, t) => isoFromDay(start + 7 * t));
  const season = dates.map((_, t) => Math.cos((2 * Math.PI * t) / 52.18));
  const spend = [0, 1].map((c) => dates.map(() => (c === 0 ? 10_000 : 6_000) * Math.exp(0.5 * random.normal())));
  const carried = spend.map((s) => {
    let a = 0;
    return s.map((x) => (a = x + decay * a));
  });
  const kpi = dates.map(
    (_, t) =>
      100_000 * (1 + 0.3 * season[t]!) +
      2 * 20_000 * Math.sqrt(carried[0]![t]! / 20_000) +
      1.5 * 12_000 * Math.sqrt(carried[1]![t]! / 12_000) +
      1_000 * random.normal(),
  );
  const data = DatasetSchema.parse({
    dates,
    kpi,
    channels: [
      { name: 'search', spend: spend[0] },
      { name: 'social', spend: spend[1] },
    ],
  });
  const config = ConfigSchema.parse({
    adstock: 'geometric',
    saturation: 'hill',
    objectives: 'map',
    ranges: { hillAlpha: [0.3, 5], hillGamma: [0.05, 1.5] },
  });
  const problem = createProblem(data, config);
  const value = { decay, hillAlpha: 0.8, hillGamma: 0.5, lambda: -3 } as Record<string, number>;
  const hyper = problem.dimensions.map((d) => value[d.name]!);
  const chosen = problem.fit(hyper);
  const jittered = Array.from({ length: draws }, (_, k) => {
    const h = problem.dimensions.map((d) => (d.name === 'hillAlpha' ? 0.7 + 0.05 * k : value[d.name]!));
    const fit = problem.fit(h);
    return {
      source: 'bootstrap' as const,
      hyper: h,
      betas: fit.coefficients.filter((c) => c.kind === 'media').map((c) => c.value),
    };
  });
  const candidate = { hyper, nrmse: chosen.nrmse, rssd: chosen.rssd };
  return { problem, selection: { front: [candidate], chosen: candidate, evaluations: 1 }, chosen, draws: jittered };
}

const correlation = (a: number[], b: number[]) => {
  const ma = a.reduce((s, x) => s + x, 0) / a.length;
  const mb = b.reduce((s, x) => s + x, 0) / b.length;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  a.forEach((x, i) => {
    ab += (x - ma) * (b[i]! - mb);
    aa += (x - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  });
  return ab / Math.sqrt(aa * bb);
};

describe('planWeeks', () => {
  it('counts carry-over from spend already made: week 1 earns more than a cold start, and it fades', () => {
    const plan = planWeeks(model(0.6), { weeks: 12, seasonSensitivity: 0 });
    const carry = plan.weeks.map((w) => w.carryover);
    expect(carry[0]).toBeGreaterThan(0.05 * plan.weeks[0]!.media);
    for (let w = 1; w < carry.length; w += 1) expect(carry[w]).toBeLessThan(carry[w - 1]!);
    expect(carry.at(-1)!).toBeLessThan(0.05 * carry[0]!);
    // No carry-over in the model: nothing owed to the past.
    const memoryless = planWeeks(model(0), { weeks: 12, seasonSensitivity: 0 });
    expect(Math.max(...memoryless.weeks.map((w) => Math.abs(w.carryover)))).toBeLessThan(1e-6);
  });

  it('never spends more than the total, keeps every week inside its bounds, and beats the even split', () => {
    const bounds = { search: { min: 2_000, max: 30_000 }, social: { min: 1_000, max: 12_000 } };
    const plan = planWeeks(model(0.4), { weeks: 8, total: 150_000, bounds });
    const spent = plan.weeks.reduce((s, w) => s + w.spend[0]! + w.spend[1]!, 0);
    expect(spent).toBeLessThanOrEqual(150_000 * (1 + 1e-9));
    expect(spent).toBeGreaterThan(150_000 * 0.999);
    for (const week of plan.weeks) {
      expect(week.spend[0]).toBeGreaterThanOrEqual(2_000 - 1e-6);
      expect(week.spend[0]).toBeLessThanOrEqual(30_000 + 1e-6);
      expect(week.spend[1]).toBeGreaterThanOrEqual(1_000 - 1e-6);
      expect(week.spend[1]).toBeLessThanOrEqual(12_000 + 1e-6);
    }
    // Counting what the plan's spend still earns after it, as the optimiser does.
    expect(plan.expectedKpi.estimate + plan.tailKpi).toBeGreaterThanOrEqual(plan.evenSplitKpi + plan.evenSplitTailKpi);
    // Bounds that cannot hold the total: spend what they allow, never more.
    const capped = planWeeks(model(0.4), { weeks: 8, total: 1e7, bounds });
    expect(capped.total).toBeCloseTo(8 * 42_000, 6);
    // Minimums above the total: refused, saying why.
    expect(() => planWeeks(model(0.4), { weeks: 8, total: 10_000, bounds })).toThrow(WeekPlanError);
    expect(() => planWeeks(model(0.4), { weeks: 3 })).toThrow('between 4 and 52 weeks');
    expect(() => planWeeks(model(0.4), { weeks: 8, bounds: { tv: { max: 1 } } })).toThrow('tv');
  });

  it('moves spend toward the high weeks of the fitted season when ads follow demand, not when they do not', () => {
    const raw = model(0.2);
    const following = planWeeks(raw, { weeks: 52, seasonSensitivity: 1 });
    const weekly = (p: typeof following) => p.weeks.map((w) => w.spend[0]! + w.spend[1]!);
    const demand = following.weeks.map((w) => w.baseline);
    expect(correlation(weekly(following), demand)).toBeGreaterThan(0.8);
    const busiest = demand.indexOf(Math.max(...demand));
    const quietest = demand.indexOf(Math.min(...demand));
    expect(weekly(following)[busiest]).toBeGreaterThan(1.3 * weekly(following)[quietest]!);
    // The fit's own assumption (ads earn alike every week): the season no longer moves spend.
    const flat = weekly(planWeeks(raw, { weeks: 52, seasonSensitivity: 0 }));
    // (Its first weeks already carry the past's spend, so they get a little less.)
    const settled = flat.slice(3);
    expect(Math.max(...settled) / Math.min(...settled)).toBeLessThan(1.05);
  });

  it('gives each week an interval around its KPI that widens with the draws’ disagreement', () => {
    const sure = planWeeks(model(0.4), { weeks: 6 });
    const unsure = planWeeks(model(0.4, 8), { weeks: 6 });
    for (const week of [...sure.weeks, ...unsure.weeks]) {
      expect(week.kpi.low).toBeLessThan(week.kpi.estimate);
      expect(week.kpi.high).toBeGreaterThan(week.kpi.estimate);
    }
    const width = (p: typeof sure) => p.weeks[0]!.kpi.high - p.weeks[0]!.kpi.low;
    expect(width(unsure)).toBeGreaterThan(width(sure));
  });

  it('centres each week on its draws, not stretched to reach the chosen model when the draws lie elsewhere', () => {
    // One draw, away from the chosen model (Hill slope 0.7 against 0.8): the week's KPI is that draw's, with the
    // weekly noise around it as wide as the draw-less plan's; stretching toward the chosen model would widen one side.
    const chosenOnly = planWeeks(model(0.4), { weeks: 6 });
    const oneDraw = planWeeks(model(0.4, 1), { weeks: 6 });
    for (const [w, week] of oneDraw.weeks.entries()) {
      const alone = chosenOnly.weeks[w]!.kpi;
      expect(week.kpi.estimate).not.toBeCloseTo(alone.estimate, 0);
      expect(week.kpi.high - week.kpi.estimate).toBeCloseTo(alone.high - alone.estimate, 6);
      expect(week.kpi.estimate - week.kpi.low).toBeCloseTo(alone.estimate - alone.low, 6);
    }
  });
});

describe('projectToBudget', () => {
  it('lands on the total inside the bounds', () => {
    const x = projectToBudget([5, 1, 9], [0, 2, 0], [4, 10, 10], 12);
    expect(x.reduce((a, b) => a + b, 0)).toBeCloseTo(12, 9);
    expect(x[0]).toBeLessThanOrEqual(4);
    expect(x[1]).toBeGreaterThanOrEqual(2);
  });
});
