import { describe, expect, it } from 'vitest';
import { nextBudget } from '@lambdas/lib/rules/budget-change';

const action = (direction: 'raise' | 'lower', percent: number, floorMinor = 0, ceilingMinor = 10_000_000) =>
  ({ type: 'change_budget', direction, percent, floorMinor, ceilingMinor }) as const;

describe('budget changes in minor units', () => {
  it.each([
    // USD cents: $19.99 + 15 % = $22.9885 → 2299 cents (rounded to the nearest cent).
    ['USD raise', action('raise', 15), 1999, 1999, 20, 2299, null],
    // JPY has no minor unit: ¥1,000 − 15 % = ¥850, whole yen.
    ['JPY lower', action('lower', 15), 1000, 1000, 20, 850, null],
    ['JPY raise rounds to whole yen', action('raise', 7), 1234, 1234, 20, 1320, null],
    // The action asks 50 %, the day allows 20 % of the day's first budget.
    ['daily cap on a raise', action('raise', 50), 5000, 5000, 20, 6000, 'daily_cap'],
    ['daily cap on a lower', action('lower', 50), 5000, 5000, 20, 4000, 'daily_cap'],
    // Second firing of the day: already +15 % (5750), the cap stays +20 % of 5000 = 6000.
    ['the daily cap does not compound', action('raise', 15), 5750, 5000, 20, 6000, 'daily_cap'],
    ['ceiling', action('raise', 20, 0, 5500), 5000, 5000, 20, 5500, 'ceiling'],
    ['floor (JPY)', action('lower', 20, 900, 100000), 1000, 1000, 20, 900, 'floor'],
    // Already at the cap: no further change, never the opposite way.
    ['at the cap', action('raise', 10), 6000, 5000, 20, 6000, 'daily_cap'],
    ['already above the ceiling stays put', action('raise', 10, 0, 4000), 5000, 5000, 20, 5000, 'ceiling'],
  ] as const)('%s', (_name, a, currentMinor, dayStartMinor, maxChangePercentPerDay, toMinor, limitedBy) => {
    const change = nextBudget({ action: a, currentMinor, dayStartMinor, maxChangePercentPerDay });
    expect(change.toMinor).toBe(toMinor);
    expect(Number.isInteger(change.toMinor)).toBe(true);
    expect(change.limitedBy).toBe(limitedBy);
  });
});
