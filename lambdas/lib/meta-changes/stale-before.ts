import { budgetToMajor, formatCurrency } from '@shared/currency-units';
import type { ObjectLevel, ObjectState } from '@shared/schemas/object-change';
import { AppError } from '../errors';

/**
 * A proposed change carries the values it was computed from (its "before", shown in the approval drawer).
 * When Meta has other values by the time it is approved (someone changed the budget in Ads Manager, a rule
 * ran, another recommendation on the same object was approved first), applying it would act on numbers
 * nobody saw: a cut computed from 60.00 applied to 48.00 compounds. Such a change is refused before
 * anything is written, naming the object and both values.
 */

/** The values a proposal was computed from; a field left out was not part of it and is not compared. */
export interface ExpectedBefore {
  status?: string | undefined;
  dailyBudget?: number | null | undefined;
  lifetimeBudget?: number | null | undefined;
  creativeId?: string | undefined;
  excludedAudienceIds?: readonly string[] | undefined;
}

export interface StaleField {
  field: 'status' | 'dailyBudget' | 'lifetimeBudget' | 'creativeId' | 'excludedAudienceIds';
  expected: string | number | null;
  actual: string | number | null;
}

const FIELD_WORDS: Record<StaleField['field'], string> = {
  status: 'status',
  dailyBudget: 'daily budget',
  lifetimeBudget: 'lifetime budget',
  creativeId: 'creative',
  excludedAudienceIds: 'excluded audiences',
};

const LEVEL_WORDS: Record<ObjectLevel, string> = { campaign: 'Campaign', adset: 'Ad set', ad: 'Ad' };

/** The fields whose value Meta has now differs from the one the proposal showed. */
export function staleFields(expected: ExpectedBefore, now: ObjectState): StaleField[] {
  const stale: StaleField[] = [];
  const compare = (field: StaleField['field'], want: string | number | null | undefined, have: unknown) => {
    if (want === undefined) return;
    const actual = (have ?? null) as string | number | null;
    // A budget of 0 or none both mean "budgeted elsewhere", as Meta's "0" does.
    if ((want || null) !== (actual || null)) stale.push({ field, expected: want, actual });
  };
  compare('status', expected.status, now.status);
  compare('dailyBudget', expected.dailyBudget, now.dailyBudget);
  compare('lifetimeBudget', expected.lifetimeBudget, now.lifetimeBudget);
  compare('creativeId', expected.creativeId, now.creativeId);
  // Exclusions compare as sorted lists (none and an empty list alike), shown as their ids.
  if (expected.excludedAudienceIds !== undefined) {
    const want = [...expected.excludedAudienceIds].sort().join(', ');
    const have = [...(now.excludedAudienceIds ?? [])].sort().join(', ');
    if (want !== have) stale.push({ field: 'excludedAudienceIds', expected: want || null, actual: have || null });
  }
  return stale;
}

function valueText(field: StaleField['field'], value: string | number | null, currency: string): string {
  if (value === null) return 'none';
  if (typeof value === 'number' && (field === 'dailyBudget' || field === 'lifetimeBudget')) {
    return formatCurrency(budgetToMajor(value, currency), currency);
  }
  if (field === 'status') return String(value).toLowerCase();
  return String(value);
}

/** "Ad set “Camping”: the daily budget was $60.00 when proposed; Meta now has $48.00." */
export function staleMessage(
  object: { level: ObjectLevel; name: string },
  stale: readonly StaleField[],
  currency: string,
): string {
  const parts = stale.map(
    (s) =>
      `the ${FIELD_WORDS[s.field]} was ${valueText(s.field, s.expected, currency)} when proposed; Meta now has ${valueText(s.field, s.actual, currency)}`,
  );
  return `${LEVEL_WORDS[object.level]} “${object.name}”: ${parts.join(', and ')}.`;
}

/** The 409 for one or more objects whose "before" is stale: details name each by its id. */
export function staleBeforeError(items: ReadonlyArray<{ objectId: string; message: string }>): AppError {
  return new AppError(
    'STALE_BEFORE',
    `Meta’s values changed since this was proposed. ${items.map((i) => i.message).join(' ')}`,
    {
      details: Object.fromEntries(items.map((i) => [i.objectId, i.message])),
    },
  );
}

export function isStaleBefore(error: unknown): error is AppError {
  return error instanceof AppError && error.code === 'STALE_BEFORE';
}
