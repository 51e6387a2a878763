import { budgetToMajor, currencyOffset } from './currency-units';

/**
 * Meta's floor on a budget: the ad account's `min_daily_budget` (minor units) for a daily budget, and that much
 * per scheduled day for a lifetime budget (a schedule with no end counts one day). Read by the /campaigns budget
 * dialog (inline, before anything is sent) and by the server before it asks Meta, so both refuse alike.
 */
export interface BudgetMinimum {
  /** Minor units. */
  minor: number;
  /** Days the lifetime minimum covers (1 for a daily budget). */
  days: number;
}

export function scheduledDays(start: string | null | undefined, stop: string | null | undefined): number {
  if (!start || !stop) return 1;
  const days = Math.round((Date.parse(stop) - Date.parse(start)) / 86_400_000);
  return Number.isFinite(days) ? Math.max(1, days) : 1;
}

export function budgetMinimum(
  kind: 'daily' | 'lifetime',
  minDailyBudget: number,
  schedule: { start?: string | null; stop?: string | null } = {},
): BudgetMinimum {
  const days = kind === 'lifetime' ? scheduledDays(schedule.start, schedule.stop) : 1;
  return { minor: minDailyBudget * days, days };
}

/** "1.00 USD", "150 JPY": the minimum as Meta words it, in the account's currency. */
export function minimumText(minor: number, currency: string): string {
  return `${budgetToMajor(minor, currency).toFixed(currencyOffset(currency) === 1 ? 0 : 2)} ${currency}`;
}

/** The sentence both the dialog and the API use for a budget under the minimum. */
export function belowMinimumMessage(kind: 'daily' | 'lifetime', minimum: BudgetMinimum, shown: string): string {
  return kind === 'daily'
    ? `The minimum daily budget for this ad account is ${shown}.`
    : `The minimum lifetime budget for this schedule is ${shown} (${minimum.days} day${minimum.days === 1 ? '' : 's'} at the account’s daily minimum).`;
}
