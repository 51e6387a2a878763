import { describe, expect, it } from 'vitest';
import { budgetToMajor, currencyOffset, InvalidAmountError, majorToBudget } from '@shared/currency-units';

describe('currency units', () => {
  it.each([
    ['USD', 100],
    ['EUR', 100],
    ['jpy', 1],
    ['KRW', 1],
    ['VND', 1],
    ['CLP', 1],
  ])('knows the offset of %s', (currency, offset) => {
    expect(currencyOffset(currency)).toBe(offset);
  });

  it('reads budgets in minor units as major units', () => {
    expect(budgetToMajor('1999', 'USD')).toBe(19.99);
    expect(budgetToMajor(500, 'EUR')).toBe(5);
    expect(budgetToMajor('1999', 'JPY')).toBe(1999);
  });

  it('writes major units as whole minor units, without floating-point drift', () => {
    expect(majorToBudget(19.99, 'USD')).toBe(1999);
    expect(majorToBudget(0.29, 'USD')).toBe(29);
    expect(majorToBudget(1.005, 'GBP')).toBe(101);
    expect(majorToBudget(1999, 'JPY')).toBe(1999);
    expect(majorToBudget(1999.6, 'JPY')).toBe(2000);
    expect(Number.isInteger(majorToBudget(123.456, 'USD'))).toBe(true);
  });

  it('round-trips', () => {
    for (const amount of [0, 1, 5.5, 19.99, 1234.56]) {
      expect(budgetToMajor(majorToBudget(amount, 'USD'), 'USD')).toBe(amount);
    }
  });

  it('refuses amounts that are not numbers', () => {
    expect(() => budgetToMajor('abc', 'USD')).toThrow(InvalidAmountError);
    expect(() => budgetToMajor('', 'USD')).toThrow(InvalidAmountError);
    expect(() => majorToBudget(Number.NaN, 'USD')).toThrow(InvalidAmountError);
    expect(() => majorToBudget(Number.POSITIVE_INFINITY, 'USD')).toThrow(InvalidAmountError);
  });
});
