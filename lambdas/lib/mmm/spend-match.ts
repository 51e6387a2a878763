/**
 * Whether a marketing-mix model's Meta channel is the ad account it is about to be applied to
 * (issue 25, requirement 7): a model of someone else's business (the sample CSV, another account)
 * must not move this account's budgets. The channel's spend over the model's periods is compared
 * with what Meta reports the account spent in the same periods: the totals within ±15 %, and the
 * period-to-period pattern correlated (Pearson r ≥ 0.8), so a model whose total happens to be near
 * but whose weeks are another account's is refused too.
 */

/** The allowed difference of the totals, as a share of the account's total. */
export const SPEND_TOTAL_TOLERANCE = 0.15;
/** The least Pearson correlation of the period spends. */
export const SPEND_MIN_CORRELATION = 0.8;
/** Fewer periods than this cannot show a pattern: the totals must then match period by period. */
const MIN_PERIODS_FOR_CORRELATION = 4;

export interface SpendMatch {
  ok: boolean;
  modelTotal: number;
  accountTotal: number;
  /** (model − account) / account; Infinity when the account spent nothing. */
  totalDifference: number;
  /** Pearson r of the period spends; null when either series is flat or too short. */
  correlation: number | null;
  /** What failed, when `ok` is false. */
  failure?: 'no_account_spend' | 'total' | 'pattern';
}

function pearson(a: readonly number[], b: readonly number[]): number | null {
  const n = a.length;
  if (n < MIN_PERIODS_FOR_CORRELATION) return null;
  const meanA = a.reduce((s, v) => s + v, 0) / n;
  const meanB = b.reduce((s, v) => s + v, 0) / n;
  let cov = 0;
  let varA = 0;
  let varB = 0;
  for (let i = 0; i < n; i += 1) {
    const da = a[i]! - meanA;
    const db = b[i]! - meanB;
    cov += da * db;
    varA += da * da;
    varB += db * db;
  }
  // A flat series (relative to its size) has no pattern to compare.
  const flat = (v: number, mean: number) => Math.sqrt(v / n) <= 1e-9 * Math.max(1, Math.abs(mean));
  if (flat(varA, meanA) || flat(varB, meanB)) return null;
  return cov / Math.sqrt(varA * varB);
}

/** Compares the model's spend per period with the account's, period for period. */
export function matchSpend(model: readonly number[], account: readonly number[]): SpendMatch {
  if (model.length !== account.length) throw new Error('matchSpend: the two series cover different periods');
  const modelTotal = model.reduce((s, v) => s + v, 0);
  const accountTotal = account.reduce((s, v) => s + v, 0);
  const base = { modelTotal, accountTotal };
  if (accountTotal <= 0) {
    return { ...base, ok: false, totalDifference: Infinity, correlation: null, failure: 'no_account_spend' };
  }
  const totalDifference = (modelTotal - accountTotal) / accountTotal;
  const correlation = pearson(model, account);
  if (Math.abs(totalDifference) > SPEND_TOTAL_TOLERANCE) {
    return { ...base, ok: false, totalDifference, correlation, failure: 'total' };
  }
  const patternOk =
    correlation !== null
      ? correlation >= SPEND_MIN_CORRELATION
      : // Without a pattern to correlate, each period must match within the same tolerance of the mean period.
        model.every((v, i) => Math.abs(v - account[i]!) <= (SPEND_TOTAL_TOLERANCE * accountTotal) / account.length);
  return patternOk
    ? { ...base, ok: true, totalDifference, correlation }
    : { ...base, ok: false, totalDifference, correlation, failure: 'pattern' };
}
