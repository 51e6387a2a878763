import { describe, expect, it } from 'vitest';
import { budgetToMajor, majorToBudget } from '@shared/currency-units';
import { parseBudgetInput } from '@web/lib/budget-input';
import { formatBudget } from '@web/lib/format';

describe('budgets: minor units from Meta, major units for people', () => {
  it('USD budgets are cents', () => {
    expect(formatBudget(5000, 'USD')).toBe(
      new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(50),
    );
    expect(parseBudgetInput('19.99', 'USD')).toEqual({ minor: 1999 });
    expect(parseBudgetInput('60', 'USD')).toEqual({ minor: 6000 });
    expect(budgetToMajor(1999, 'USD')).toBe(19.99);
    expect(majorToBudget(1.005, 'USD')).toBe(101);
  });

  it('JPY budgets are whole yen', () => {
    expect(formatBudget(5000, 'JPY')).toBe(
      new Intl.NumberFormat(undefined, { style: 'currency', currency: 'JPY' }).format(5000),
    );
    expect(parseBudgetInput('5000', 'JPY')).toEqual({ minor: 5000 });
    expect(budgetToMajor(5000, 'JPY')).toBe(5000);
    expect(parseBudgetInput('5000.5', 'JPY')).toEqual({ error: 'JPY budgets have no decimal places.' });
  });

  it('refuses what cannot be a budget', () => {
    expect(parseBudgetInput('', 'USD')).toEqual({ error: 'Enter a budget.' });
    expect(parseBudgetInput('abc', 'USD')).toEqual({ error: 'Enter a number.' });
    expect(parseBudgetInput('0', 'USD')).toEqual({ error: 'The budget must be more than zero.' });
    expect(parseBudgetInput('10.001', 'USD')).toEqual({ error: 'USD budgets have at most 2 decimal places.' });
  });
});
