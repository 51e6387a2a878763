/**
 * The fitted model run forward (issue 24, requirement 6): what the weeks after the data would bring at a given
 * spend, week by week. Three parts:
 * - the baseline: the intercept, the trend held at its last fitted value (no extrapolated growth), each season
 *   and holiday column's fitted contribution in the same week a year earlier (52 weeks back; the fit's own
 *   yearly curve, whatever its mode), and controls at their mean over the last 52 weeks (their future is unknown);
 * - the media: each channel's adstock is linear in spend, so the carry-over of spend already made is the
 *   history's adstock run on into the plan's weeks, and the plan's own spend adds its impulse response; after
 *   the plan, spend is assumed to go on at today's level (the tail weeks' effect of the plan is its extra);
 * - the season's pull on the media: a week's media effect scaled by its demand index (the baseline over its
 *   mean, to the power `seasonSensitivity`). The fit itself is additive (0: ads earn the same in every week);
 *   1 makes them earn in proportion to the season's demand, as a multiplicative model would.
 */
import { adstockCurve, applyAdstock, type ChannelTransform, type Problem, type ModelFit } from '@shared/mmm/problem';
import { isoFromDay, dayNumber } from '@shared/mmm/calendar';
import { saturate } from '@shared/mmm/problem';

/** Weeks after the plan still counted: the carry-over of the plan's last weeks' spend. */
export const TAIL_WEEKS = 13;

export interface MediaCurves {
  transforms: readonly ChannelTransform[];
  /** Media coefficients by channel (original scale). */
  betas: readonly number[];
}

export interface WeekForecast {
  dates: string[];
  /** Baseline KPI per plan week (everything but media). */
  baseline: number[];
  /** Demand index per plan week and tail week (mean 1 over the data's weeks when sensitivity is 1). */
  demand: number[];
  /** Per paid channel, per plan + tail week: the adstock left by spend already made. */
  history: Float64Array[];
  /** Per channel: the adstock of one unit of spend, lag 0 first, over plan + tail weeks. */
  impulse: Float64Array[];
}

const mean = (values: ArrayLike<number>, from = 0, to = values.length) => {
  let s = 0;
  for (let i = from; i < to; i += 1) s += values[i]!;
  return to > from ? s / (to - from) : 0;
};

/** Everything of the forecast that does not depend on the plan's spend. */
export function prepareForecast(
  problem: Problem,
  fit: ModelFit,
  curves: MediaCurves,
  weeks: number,
  seasonSensitivity: number,
  /** Weekly spend per channel assumed after the plan (today's level), so its last weeks are not worth more. */
  continuation: readonly number[],
): WeekForecast {
  const n = problem.windowEnd - problem.windowStart;
  const last = dayNumber(problem.dates[n - 1]!);
  const horizon = weeks + TAIL_WEEKS;
  const dates = Array.from({ length: horizon }, (_, h) => isoFromDay(last + 7 * (h + 1)));
  const fixedBaseline = (h: number) =>
    problem.fixed.reduce((sum, column, j) => {
      const values = fit.fixedContributions[j]!;
      if (column.kind === 'trend') return sum + values[n - 1]!;
      if (column.kind === 'control') return sum + mean(values, Math.max(0, n - 52), n);
      // Season and holidays: the same week a year earlier, stepping back whole years while inside the plan.
      let back = n + h - 52;
      while (back >= n) back -= 52;
      return sum + (back >= 0 ? values[back]! : 0);
    }, fit.intercept);
  const baselineAll = dates.map((_, h) => fixedBaseline(h));
  // The demand index: the baseline's seasonal and holiday part relative to its level over the data's weeks.
  let level = 0;
  for (let t = 0; t < n; t += 1) level += fit.fitted[t]! - fit.mediaContributions.reduce((s, c) => s + c[t]!, 0);
  level /= n;
  const demand = baselineAll.map((b) => Math.pow(Math.max(0.05, b / level), seasonSensitivity));
  const spendRows = problem.windowEnd;
  const history = problem.data.channels.map((channel, c) => {
    // Adstock of the spend up to the data's end, run on over the plan with no new spend, then spend continuing
    // after the plan at today's level: without it the plan's last weeks would fill an empty tail and look best.
    const series = new Float64Array(spendRows + horizon);
    for (let t = 0; t < spendRows; t += 1) series[t] = channel.spend[t]!;
    for (let t = spendRows + weeks; t < spendRows + horizon; t += 1) series[t] = continuation[c]!;
    return applyAdstock(series, curves.transforms[c]!.adstock).slice(spendRows);
  });
  const impulse = curves.transforms.map((t) => Float64Array.from(adstockCurve(t.adstock, horizon)));
  return { dates: dates.slice(0, weeks), baseline: baselineAll.slice(0, weeks), demand, history, impulse };
}

/** Adstock per channel per plan + tail week, for spend[c][w] over the plan's weeks (history included or not). */
export function adstockOf(forecast: WeekForecast, spend: readonly (readonly number[])[], withHistory = true) {
  const horizon = forecast.demand.length;
  return spend.map((weeksSpend, c) => {
    const w = forecast.impulse[c]!;
    const out = withHistory ? Float64Array.from(forecast.history[c]!) : new Float64Array(horizon);
    weeksSpend.forEach((x, s) => {
      if (x === 0) return;
      for (let t = s; t < horizon; t += 1) out[t] = out[t]! + w[t - s]! * x;
    });
    return out;
  });
}

/** Media KPI per plan + tail week (each week's demand applied), summed over channels. */
export function mediaPerWeek(forecast: WeekForecast, curves: MediaCurves, adstock: readonly Float64Array[]): number[] {
  return forecast.demand.map((d, t) =>
    adstock.reduce((sum, a, c) => sum + d * curves.betas[c]! * saturate(a[t]!, curves.transforms[c]!), 0),
  );
}
