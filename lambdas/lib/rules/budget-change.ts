import type { RuleAction } from '@shared/schemas/rules';

/**
 * The next daily budget for a budget action, in minor units (cents; whole yen for JPY, which has no
 * smaller unit, so every budget here is an integer in any currency). Three limits apply in order:
 * the action's own percent, the safeguard's maximum change per day measured from the budget the
 * object had when the day began (so three +20 % firings cannot compound to +73 %), then the
 * action's floor and ceiling.
 */
export interface BudgetChangeInput {
  action: Extract<RuleAction, { type: 'change_budget' }>;
  currentMinor: number;
  /** The object's budget at the first change of this day (account time); current when none yet. */
  dayStartMinor: number;
  maxChangePercentPerDay: number;
}

export interface BudgetChange {
  fromMinor: number;
  toMinor: number;
  /** What held it back, if anything. */
  limitedBy: 'daily_cap' | 'floor' | 'ceiling' | null;
}

export function nextBudget(input: BudgetChangeInput): BudgetChange {
  const { action, currentMinor, dayStartMinor } = input;
  const sign = action.direction === 'raise' ? 1 : -1;
  const wanted = Math.round(currentMinor * (1 + (sign * action.percent) / 100));
  const dayLimit = Math.round(dayStartMinor * (1 + (sign * input.maxChangePercentPerDay) / 100));
  let to = wanted;
  let limitedBy: BudgetChange['limitedBy'] = null;
  if (sign > 0 ? to > dayLimit : to < dayLimit) {
    to = dayLimit;
    limitedBy = 'daily_cap';
  }
  if (to > action.ceilingMinor) {
    to = action.ceilingMinor;
    limitedBy = 'ceiling';
  }
  if (to < action.floorMinor) {
    to = action.floorMinor;
    limitedBy = 'floor';
  }
  // A raise never lowers and a lower never raises (a budget already past its ceiling stays put).
  if (sign > 0 ? to < currentMinor : to > currentMinor) to = currentMinor;
  return { fromMinor: currentMinor, toMinor: to, limitedBy: to === wanted ? null : limitedBy };
}
