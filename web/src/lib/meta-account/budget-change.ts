/**
 * How big a budget change is, and whether it is big enough to send Meta's delivery back into learning.
 *
 * Meta (Business Help Center, "About the learning phase", facebook.com/business/help/112167992830700): an ad set
 * leaves the learning phase once it delivers stably, "usually after about 50 results in the week after the ad set's
 * last significant edit"; a large budget change is such an edit, and Meta recommends against significant edits while
 * learning because results are less stable. Meta gives no percentage for "large"; 20 % is the step practitioners use
 * to stay under it (and the most this product's rules move a budget in a day, shared/rule-language.ts).
 */
export const LEARNING_SAFE_CHANGE_PERCENT = 20;

/** The change from `before` to `after` in percent (whole numbers), or null when there was no budget to compare. */
export function budgetChangePercent(before: number | null | undefined, after: number): number | null {
  if (!before || before <= 0) return null;
  return Math.round(((after - before) / before) * 100);
}

/** "+281 %", "−40 %", "0 %". */
export function formatChangePercent(percent: number): string {
  if (percent === 0) return '0 %';
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)} %`;
}

export function isLargeBudgetChange(percent: number | null): percent is number {
  return percent !== null && Math.abs(percent) > LEARNING_SAFE_CHANGE_PERCENT;
}

/** What a large change means at Meta, in the marketer's words; null for a change within the safe step. */
export function learningPhaseWarning(percent: number | null): string | null {
  if (!isLargeBudgetChange(percent)) return null;
  return (
    `A ${formatChangePercent(percent)} change is a significant edit: Meta sends the ad sets back into the learning ` +
    'phase, where results are less stable, until they get about 50 results in the week after the edit. ' +
    `To scale without restarting learning, move the budget in steps of about ${LEARNING_SAFE_CHANGE_PERCENT} % a few days apart.`
  );
}
