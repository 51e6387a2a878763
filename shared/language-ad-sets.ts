import type { PlanAdSet, PlanBudget } from './schemas/campaign-plan';

/**
 * Which ad sets of a plan go out once per language, and with what budget each (issue 29 requirement 3): read by the
 * publish (lambdas/campaign-generator/language-ad-sets.ts, which makes those ad sets) and by the pre-publish
 * validator (each language's share must meet the account's minimum), so both count alike.
 */

/** Whether an ad set goes out once per language: it has a carousel or video ad with versions in other languages. */
export function needsLanguageAdSets(set: PlanAdSet): boolean {
  return set.ads.some(
    (ad) => (ad.format === 'carousel' || ad.format === 'video') && (ad.translations?.length ?? 0) > 0,
  );
}

/** The languages of an ad set's ads: each ad's own first, then its versions', each once. */
export function adSetLanguages(set: PlanAdSet): string[] {
  const seen: string[] = [];
  for (const ad of set.ads) {
    for (const language of [ad.language ?? 'en', ...(ad.translations ?? []).map((t) => t.language)]) {
      if (!seen.includes(language)) seen.push(language);
    }
  }
  return seen;
}

/** A budget shared evenly among `count` ad sets (the remainder to the first), so the plan spends what it said. */
export function languageShare(budget: PlanBudget | null, count: number, index: number): PlanBudget | null {
  if (!budget) return null;
  const part = Math.floor(budget.amountMinor / count);
  return { ...budget, amountMinor: part + (index === 0 ? budget.amountMinor - part * count : 0) };
}
