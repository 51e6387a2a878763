/**
 * A week-by-week budget plan for the weeks after a model's data (issue 24, requirement 6): the split of a total
 * over the paid channels and the weeks that the fitted model expects to bring the most KPI, counting the
 * carry-over of spend already made and of the plan's own spend (its last weeks' effect after the plan too),
 * each week's demand, and per-channel weekly bounds; then the KPI expected each week with its interval.
 *
 * The optimiser is projected gradient ascent with backtracking, from today's mix spread evenly: the gradient of
 * Σ_t d_t β_c s_c(a_c,t) in a week's spend is Σ_{t≥s} d_t β_c s_c'(a_c,t) w_c(t − s), exact but for s' taken by
 * a central difference; the projection onto {bounds, Σ spend = total} is a clip with a shift found by bisection.
 * Hill curves with a slope above 1 are S-shaped, so the optimum is local: from the even split, it never does
 * worse than the even split.
 */
import { mediaBetas, type RawFit } from '@shared/mmm/fit';
import { drawInterval, quantile, type Interval } from '@shared/mmm/outputs';
import { saturate } from '@shared/mmm/problem';
import { MAX_PLAN_WEEKS, MIN_PLAN_WEEKS } from '@shared/schemas/mmm-week-plan';
import { adstockOf, mediaPerWeek, prepareForecast, type MediaCurves, type WeekForecast } from './week-forecast';

/** Weeks whose average spend is "today's" spend (the default total and bounds). */
const RECENT_WEEKS = 13;

/** A request the model cannot honour; `field` names the request's field at fault (the model itself: `modelId`). */
export class WeekPlanError extends Error {
  override name = 'WeekPlanError';
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

export interface WeekPlanOptions {
  weeks: number;
  /** Spend over the plan's weeks; default: today's weekly spend (last 13 weeks' mean) times the weeks. */
  total?: number;
  /** Per channel, bounds on each week's spend; default 0.5× to 2× of its recent weekly mean. */
  bounds?: Record<string, { min?: number; max?: number }>;
  /** 0: ads earn the same in every week (the fit's own assumption); 1: in proportion to the season's demand. */
  seasonSensitivity?: number;
}

export interface WeekPlanChannel {
  name: string;
  recentWeekly: number;
  min: number;
  max: number;
  total: number;
}

export interface WeekPlanWeek {
  date: string;
  /** Spend per paid channel, in the order of `channels`. */
  spend: number[];
  /** Expected KPI with its interval (model draws, then the weekly noise the fit left). */
  kpi: Interval;
  /** Media KPI this week, and the part of it owed to spend made before the plan. */
  media: number;
  carryover: number;
  baseline: number;
}

export interface WeekPlan {
  kpiKind: 'revenue' | 'conversions';
  level: number;
  seasonSensitivity: number;
  total: number;
  channels: WeekPlanChannel[];
  weeks: WeekPlanWeek[];
  /** The plan's KPI over its weeks, and an even split of the same total (today's mix, same every week). */
  expectedKpi: Interval;
  evenSplitKpi: number;
  evenSplitTailKpi: number;
  /** KPI after the plan's last week still owed to its spend (carry-over), not in `expectedKpi`. */
  tailKpi: number;
}

const sum = (values: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < values.length; i += 1) s += values[i]!;
  return s;
};

/** Projects onto {lo ≤ x ≤ hi, Σx = target}: x = clip(y − τ), τ by bisection. */
export function projectToBudget(y: number[], lo: number[], hi: number[], target: number): number[] {
  const at = (tau: number) => y.map((v, i) => Math.min(hi[i]!, Math.max(lo[i]!, v - tau)));
  let low = Math.min(...y.map((v, i) => v - hi[i]!));
  let high = Math.max(...y.map((v, i) => v - lo[i]!));
  for (let k = 0; k < 100; k += 1) {
    const mid = (low + high) / 2;
    if (sum(at(mid)) > target) low = mid;
    else high = mid;
  }
  return at(high);
}

function objective(forecast: WeekForecast, curves: MediaCurves, spend: number[][]): number {
  return sum(mediaPerWeek(forecast, curves, adstockOf(forecast, spend)));
}

function gradient(forecast: WeekForecast, curves: MediaCurves, spend: number[][], paid: number[]): number[][] {
  const adstock = adstockOf(forecast, spend);
  const horizon = forecast.demand.length;
  return paid.map((c) => {
    const a = adstock[c]!;
    const t = curves.transforms[c]!;
    const slope = Array.from({ length: horizon }, (_, k) => {
      const h = 1e-6 * (1 + Math.abs(a[k]!));
      const d = (saturate(a[k]! + h, t) - saturate(Math.max(0, a[k]! - h), t)) / (a[k]! + h - Math.max(0, a[k]! - h));
      return forecast.demand[k]! * curves.betas[c]! * d;
    });
    const w = forecast.impulse[c]!;
    return spend[c]!.map((_, s) => {
      let g = 0;
      for (let k = s; k < horizon; k += 1) g += slope[k]! * w[k - s]!;
      return g;
    });
  });
}

/** Gradient ascent over the paid channels' weekly spends, from `start`, staying on the budget. */
function optimise(
  forecast: WeekForecast,
  curves: MediaCurves,
  start: number[][],
  paid: number[],
  lo: number[],
  hi: number[],
  target: number,
): number[][] {
  const weeks = start[0]!.length;
  const flatten = (spend: number[][]) => paid.flatMap((c) => spend[c]!);
  const unflatten = (x: number[]) => {
    const out = start.map((row) => [...row]);
    paid.forEach((c, k) => (out[c] = x.slice(k * weeks, (k + 1) * weeks)));
    return out;
  };
  let x = projectToBudget(flatten(start), lo, hi, target);
  let value = objective(forecast, curves, unflatten(x));
  let step = target / x.length;
  for (let iteration = 0; iteration < 200; iteration += 1) {
    const g = gradient(forecast, curves, unflatten(x), paid).flat();
    const scale = Math.max(...g.map(Math.abs));
    if (!(scale > 0)) break;
    let improved = false;
    for (let tries = 0; tries < 30; tries += 1) {
      const candidate = projectToBudget(
        x.map((v, i) => v + (step * g[i]!) / scale),
        lo,
        hi,
        target,
      );
      const next = objective(forecast, curves, unflatten(candidate));
      if (next > value) {
        const gain = next - value;
        x = candidate;
        value = next;
        improved = gain > 1e-10 * Math.abs(value);
        step *= 1.5;
        break;
      }
      step /= 2;
    }
    if (!improved) break;
  }
  return unflatten(x);
}

/** The plan: options checked against the model, the optimum, and each week's KPI with its interval. */
export function planWeeks(raw: RawFit, options: WeekPlanOptions): WeekPlan {
  const { problem, chosen } = raw;
  const { data, config } = problem;
  const weeks = options.weeks;
  if (!Number.isInteger(weeks) || weeks < MIN_PLAN_WEEKS || weeks > MAX_PLAN_WEEKS)
    throw new WeekPlanError(`Plan between ${MIN_PLAN_WEEKS} and ${MAX_PLAN_WEEKS} weeks.`, 'weeks');
  const steps = problem.dates.slice(1).map((d, i) => Date.parse(d) - Date.parse(problem.dates[i]!));
  if (steps.some((s) => s !== 7 * 86_400_000))
    throw new WeekPlanError('A week-by-week plan needs a model fitted on weekly data.', 'id');
  const sensitivity = options.seasonSensitivity ?? 1;
  const curves: MediaCurves = { transforms: chosen.transforms, betas: mediaBetas(chosen) };
  const end = problem.windowEnd;
  const recent = data.channels.map(
    (c) => sum(c.spend.slice(Math.max(0, end - RECENT_WEEKS), end)) / Math.min(RECENT_WEEKS, end),
  );
  const forecast = prepareForecast(problem, chosen, curves, weeks, sensitivity, recent);
  const paid = data.channels.flatMap((c, i) => (c.organic ? [] : [i]));
  const unknown = Object.keys(options.bounds ?? {}).filter(
    (name) => !paid.some((c) => data.channels[c]!.name === name),
  );
  if (unknown.length > 0)
    throw new WeekPlanError(`Bounds name channels the model does not pay for: ${unknown.join(', ')}.`, 'bounds');
  const channels: WeekPlanChannel[] = paid.map((c) => {
    const name = data.channels[c]!.name;
    const bound = options.bounds?.[name] ?? {};
    // A bound given alone moves the other default out of its way (a minimum above 2× today raises the maximum).
    const max = bound.max ?? Math.max(2 * recent[c]!, bound.min ?? 0);
    const min = bound.min ?? Math.min(0.5 * recent[c]!, max);
    if (min > max) throw new WeekPlanError(`${name}: its weekly minimum is above its maximum.`, 'bounds');
    return { name, recentWeekly: recent[c]!, min, max, total: 0 };
  });
  const total = options.total ?? weeks * paid.reduce((s, c) => s + recent[c]!, 0);
  const floor = weeks * sum(channels.map((c) => c.min));
  const ceiling = weeks * sum(channels.map((c) => c.max));
  if (floor > total * (1 + 1e-12))
    throw new WeekPlanError(
      `The weekly minimums add up to ${Math.round(floor)}, more than the total of ${Math.round(total)}.`,
      'totalBudget',
    );
  const target = Math.min(total, ceiling);

  // Organic channels keep their recent weekly level; paid ones start from today's mix spread evenly.
  const recentPaid = sum(paid.map((c) => recent[c]!));
  const start = data.channels.map((c, i) =>
    Array.from({ length: weeks }, () =>
      c.organic
        ? recent[i]!
        : recentPaid > 0
          ? (target * recent[i]!) / recentPaid / weeks
          : target / paid.length / weeks,
    ),
  );
  const lo = channels.flatMap((c) => Array.from({ length: weeks }, () => c.min));
  const hi = channels.flatMap((c) => Array.from({ length: weeks }, () => c.max));
  const even = start.map((row, c) => (data.channels[c]!.organic ? row : row.map(() => 0)));
  const evenProjected = projectToBudget(
    paid.flatMap((c) => start[c]!),
    lo,
    hi,
    target,
  );
  paid.forEach((c, k) => (even[c] = evenProjected.slice(k * weeks, (k + 1) * weeks)));
  const plan = optimise(forecast, curves, even, paid, lo, hi, target);

  const media = mediaPerWeek(forecast, curves, adstockOf(forecast, plan));
  const cold = mediaPerWeek(forecast, curves, adstockOf(forecast, plan, false));
  const evenMedia = mediaPerWeek(forecast, curves, adstockOf(forecast, even));
  const estimates = forecast.baseline.map((b, w) => b + media[w]!);

  // The interval: each draw's curves and coefficients at the same plan, then the fit's weekly noise around it.
  const level = config.bootstrap.level;
  const drawKpi = raw.draws.map((draw) => {
    const fit = problem.fit(draw.hyper);
    const drawCurves = { transforms: fit.transforms, betas: draw.betas };
    const drawForecast = prepareForecast(problem, fit, drawCurves, weeks, sensitivity, recent);
    const m = mediaPerWeek(drawForecast, drawCurves, adstockOf(drawForecast, plan));
    return forecast.baseline.map((b, w) => b + m[w]!);
  });
  const residuals = Array.from({ length: problem.nTrain }, (_, t) => problem.y[t]! - chosen.fitted[t]!).sort(
    (a, b) => a - b,
  );
  const noiseLow = quantile(residuals, (1 - level) / 2);
  const noiseHigh = quantile(residuals, 1 - (1 - level) / 2);
  // The draws' median and their central share (drawInterval says why: never an interval stretched to reach the
  // chosen model's value), widened by the fit's weekly noise.
  const intervalOf = (point: number, draws: number[], noise: [number, number]): Interval => {
    const { estimate, low, high } = drawInterval(draws, level, point);
    return {
      estimate,
      low: estimate - Math.hypot(estimate - low, noise[0]),
      high: estimate + Math.hypot(high - estimate, noise[1]),
    };
  };
  // Over the whole plan, weekly noise mostly cancels: its share grows as √weeks, not weeks.
  const rootWeeks = Math.sqrt(weeks);
  const planTotal = sum(estimates);
  return {
    kpiKind: data.kpiKind,
    level,
    seasonSensitivity: sensitivity,
    total: target,
    channels: channels.map((c, k) => ({ ...c, total: sum(plan[paid[k]!]!) })),
    weeks: forecast.dates.map((date, w) => ({
      date,
      spend: paid.map((c) => plan[c]![w]!),
      kpi: intervalOf(
        estimates[w]!,
        drawKpi.map((d) => d[w]!),
        [noiseLow, noiseHigh],
      ),
      media: media[w]!,
      carryover: media[w]! - cold[w]!,
      baseline: forecast.baseline[w]!,
    })),
    expectedKpi: intervalOf(planTotal, drawKpi.map(sum), [noiseLow * rootWeeks, noiseHigh * rootWeeks]),
    evenSplitKpi: sum(forecast.baseline) + sum(evenMedia.slice(0, weeks)),
    evenSplitTailKpi: sum(evenMedia.slice(weeks)),
    tailKpi: sum(media.slice(weeks)),
  };
}
