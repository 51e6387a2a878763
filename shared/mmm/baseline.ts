/**
 * Baseline regressors: piecewise-linear trend (Prophet-style hinge basis whose slope changes the
 * ridge penalty regularises) and Fourier seasonality on the calendar year.
 */
import { dayNumber } from './calendar';

/** Changepoint positions (in scaled time 0..1), evenly spread over the first `range` of the data. */
export function changepointLocations(count: number, range = 0.8): number[] {
  return Array.from({ length: count }, (_, k) => (range * (k + 1)) / (count + 1));
}

/** Columns: t (0..1) then max(0, t − c_k) for every changepoint. */
export function trendColumns(n: number, changepoints: readonly number[]): Float64Array[] {
  const t = Float64Array.from({ length: n }, (_, i) => (n > 1 ? i / (n - 1) : 0));
  return [t, ...changepoints.map((c) => t.map((value) => Math.max(0, value - c)))];
}

/** sin/cos(2πk·day/period) for k = 1..order: yearly seasonality regardless of grain. */
export function fourierColumns(dates: readonly string[], order: number, periodDays = 365.25): Float64Array[] {
  const days = dates.map(dayNumber);
  const columns: Float64Array[] = [];
  for (let k = 1; k <= order; k += 1) {
    columns.push(Float64Array.from(days, (d) => Math.sin((2 * Math.PI * k * d) / periodDays)));
    columns.push(Float64Array.from(days, (d) => Math.cos((2 * Math.PI * k * d) / periodDays)));
  }
  return columns;
}
