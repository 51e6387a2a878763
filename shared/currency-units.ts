/** A money amount that cannot be used; callers turn it into their own error type. */
export class InvalidAmountError extends Error {
  override name = 'InvalidAmountError';
}

/**
 * Meta's two money denominations. Budgets, bid_amount, spend_cap and
 * amount_spent are whole numbers of the currency's smallest unit (cents, or
 * whole units for "offset 1" currencies); insights `spend`, `cpc` and `cpm` are
 * decimal strings in major units.
 */

/** Currencies Meta counts in whole units (offset 1); every other one has offset 100. */
export const OFFSET_ONE_CURRENCIES: ReadonlySet<string> = new Set([
  'CLP',
  'COP',
  'CRC',
  'HUF',
  'ISK',
  'IDR',
  'JPY',
  'KRW',
  'PYG',
  'TWD',
  'VND',
]);

export function currencyOffset(currency: string): 1 | 100 {
  return OFFSET_ONE_CURRENCIES.has(currency.trim().toUpperCase()) ? 1 : 100;
}

/** "1999" USD → 19.99; "1999" JPY → 1999. */
export function budgetToMajor(minor: string | number, currency: string): number {
  const value = typeof minor === 'number' ? minor : Number(minor.trim());
  if (typeof minor === 'string' && minor.trim() === '') throw new InvalidAmountError('A budget amount is missing.');
  if (!Number.isFinite(value)) throw new InvalidAmountError('A budget amount is not a number.');
  return value / currencyOffset(currency);
}

/**
 * 19.99 USD → 1999; 1999.4 JPY → 1999. 19.99 × 100 is 1998.9999… and 1.005 × 100
 * is 100.4999… in binary floating point, so the product is first cut to 12
 * significant digits, then rounded half up as a person would.
 */
export function majorToBudget(major: number, currency: string): number {
  if (!Number.isFinite(major)) throw new InvalidAmountError('A budget amount is not a number.');
  return Math.round(Number((major * currencyOffset(currency)).toPrecision(12)));
}

/**
 * Money for people in the account currency, as every screen and text of the app shows it: the
 * currency's symbol and its own minor digits ("$12.00", "¥1,200": yen have none). Server text uses
 * en-US so the same account reads the same everywhere; the web passes the browser's locale.
 */
export function formatCurrency(
  major: number,
  currency: string,
  options: { locale?: string | undefined; compact?: boolean } = { locale: 'en-US' },
): string {
  try {
    return new Intl.NumberFormat(options.locale, {
      style: 'currency',
      currency,
      notation: options.compact ? 'compact' : 'standard',
      maximumFractionDigits: options.compact ? 1 : undefined,
    }).format(major);
  } catch {
    // Not an ISO currency code Intl knows: the amount with its code.
    return `${major.toFixed(currencyOffset(currency) === 1 ? 0 : 2)} ${currency}`;
  }
}
