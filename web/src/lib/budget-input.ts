import { budgetToMajor, currencyOffset, majorToBudget } from '@shared/currency-units';

/** The least a budget may be, in minor units, and the sentence shown below it. */
export interface BudgetFloor {
  minor: number;
  message: string;
}

/** Parses what a person typed as a budget in major units; an error message when it cannot be used. */
export function parseBudgetInput(
  text: string,
  currency: string,
  floor?: BudgetFloor | null,
): { minor: number } | { error: string } {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return { error: 'Enter a budget.' };
  const major = Number(trimmed);
  if (!Number.isFinite(major)) return { error: 'Enter a number.' };
  const minor = majorToBudget(major, currency);
  if (minor <= 0) return { error: 'The budget must be more than zero.' };
  if (Math.abs(budgetToMajor(minor, currency) - major) > 1e-9) {
    const places = currencyOffset(currency) === 1 ? 'no' : 'at most 2';
    return { error: `${currency} budgets have ${places} decimal places.` };
  }
  if (floor && minor < floor.minor) return { error: floor.message };
  return { minor };
}
