import { describe, expect, it } from 'vitest';
import { staleBeforeError, staleFields, staleMessage } from '@lambdas/lib/meta-changes/stale-before';
import type { ObjectState } from '@shared/schemas/object-change';

const now = (extra: Partial<ObjectState>): ObjectState => ({
  status: 'ACTIVE',
  dailyBudget: 6000,
  lifetimeBudget: null,
  ...extra,
});

describe('stale before', () => {
  it.each([
    { name: 'same budget', expected: { dailyBudget: 6000 }, meta: now({}), stale: [] },
    {
      name: 'budget moved',
      expected: { dailyBudget: 6000 },
      meta: now({ dailyBudget: 4800 }),
      stale: [{ field: 'dailyBudget', expected: 6000, actual: 4800 }],
    },
    {
      name: 'paused meanwhile',
      expected: { status: 'ACTIVE', dailyBudget: 6000, lifetimeBudget: null },
      meta: now({ status: 'PAUSED' }),
      stale: [{ field: 'status', expected: 'ACTIVE', actual: 'PAUSED' }],
    },
    {
      name: 'creative swapped',
      expected: { creativeId: '555' },
      meta: now({ dailyBudget: null, creativeId: '556' }),
      stale: [{ field: 'creativeId', expected: '555', actual: '556' }],
    },
    // A field the proposal did not show is not compared: a status change leaves a budget proposal alone.
    { name: 'unshown field changed', expected: { dailyBudget: 6000 }, meta: now({ status: 'PAUSED' }), stale: [] },
    // "No budget" is Meta's 0 as well as null: both mean budgeted elsewhere.
    { name: 'no lifetime budget either way', expected: { lifetimeBudget: null }, meta: now({}), stale: [] },
  ])('$name', ({ expected, meta, stale }) => {
    expect(staleFields(expected, meta)).toEqual(stale);
  });

  it('names the object and both values in the account currency: cents for USD, whole yen for JPY', () => {
    const budget = [{ field: 'dailyBudget' as const, expected: 6000, actual: 4800 }];
    expect(staleMessage({ level: 'adset', name: 'Interests: Camping' }, budget, 'USD')).toBe(
      'Ad set “Interests: Camping”: the daily budget was $60.00 when proposed; Meta now has $48.00.',
    );
    expect(staleMessage({ level: 'campaign', name: 'JP | App' }, budget, 'JPY')).toBe(
      'Campaign “JP | App”: the daily budget was ¥6,000 when proposed; Meta now has ¥4,800.',
    );
    const both = [
      { field: 'status' as const, expected: 'ACTIVE', actual: 'PAUSED' },
      { field: 'dailyBudget' as const, expected: 6000, actual: null },
    ];
    expect(staleMessage({ level: 'ad', name: 'Boots' }, both, 'USD')).toBe(
      'Ad “Boots”: the status was active when proposed; Meta now has paused, and the daily budget was $60.00 when proposed; Meta now has none.',
    );
  });

  it('is a 409 from the catalogue with one detail per object', () => {
    const error = staleBeforeError([
      { objectId: '1', message: 'Ad set “A”: …' },
      { objectId: '2', message: 'Ad set “B”: …' },
    ]);
    expect(error).toMatchObject({ code: 'STALE_BEFORE', statusCode: 409 });
    expect(error.details).toEqual({ '1': 'Ad set “A”: …', '2': 'Ad set “B”: …' });
    expect(error.toBody().error.code).toBe('STALE_BEFORE');
  });
});
