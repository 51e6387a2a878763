/** Fit metrics as Robyn and the anchors define them. */

export function rSquared(actual: ArrayLike<number>, fitted: ArrayLike<number>): number {
  let mean = 0;
  for (let i = 0; i < actual.length; i += 1) mean += actual[i]!;
  mean /= actual.length;
  let ssRes = 0;
  let ssTot = 0;
  for (let i = 0; i < actual.length; i += 1) {
    ssRes += (actual[i]! - fitted[i]!) ** 2;
    ssTot += (actual[i]! - mean) ** 2;
  }
  return ssTot > 0 ? 1 - ssRes / ssTot : 0;
}

/** 1 − (1 − R²)(n − 1)/(n − p − 1), p = regressors excluding the intercept. */
export function adjustedRSquared(r2: number, n: number, p: number): number {
  if (n - p - 1 <= 0) return Number.NaN;
  return 1 - ((1 - r2) * (n - 1)) / (n - p - 1);
}

/** Robyn's NRMSE: RMSE divided by the range of the actuals. */
export function nrmse(actual: ArrayLike<number>, fitted: ArrayLike<number>): number {
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < actual.length; i += 1) {
    sum += (actual[i]! - fitted[i]!) ** 2;
    if (actual[i]! < min) min = actual[i]!;
    if (actual[i]! > max) max = actual[i]!;
  }
  const range = max - min;
  return range > 0 ? Math.sqrt(sum / actual.length) / range : 0;
}

/** Mean absolute percentage error over non-zero actuals. */
export function mape(actual: ArrayLike<number>, fitted: ArrayLike<number>): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < actual.length; i += 1) {
    if (actual[i] === 0) continue;
    sum += Math.abs((actual[i]! - fitted[i]!) / actual[i]!);
    count += 1;
  }
  return count > 0 ? sum / count : 0;
}

/** Robyn's DECOMP.RSSD: distance between paid channels' effect shares and spend shares. */
export function decompRssd(effects: ArrayLike<number>, spends: ArrayLike<number>): number {
  let effectTotal = 0;
  let spendTotal = 0;
  for (let i = 0; i < effects.length; i += 1) {
    effectTotal += effects[i]!;
    spendTotal += spends[i]!;
  }
  if (effectTotal <= 0 || spendTotal <= 0) return 1;
  let sum = 0;
  for (let i = 0; i < effects.length; i += 1) sum += (effects[i]! / effectTotal - spends[i]! / spendTotal) ** 2;
  return Math.sqrt(sum);
}
