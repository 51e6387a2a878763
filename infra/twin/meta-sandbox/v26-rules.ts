import { GraphError, invalidParameter } from './graph-error.js';
import type { TargetedCity } from './targeting-spec.js';

/**
 * Rules Meta enforces since v23–v26 that the sandbox once let through (issue 22, findings 1–3).
 * Each names where our knowledge of it comes from: /work/shared/reference/meta/marketing-api-notes.md,
 * "Rules confirmed by an outside audit", and the sources it cites.
 */

/** A code-100 refusal in the shape Meta sends for a parameter it refuses for people to read (graph-error.ts). */
function refusal(subcode: number | undefined, title: string, message: string, blame: string): GraphError {
  return invalidParameter('Invalid parameter', {
    ...(subcode !== undefined && { subcode }),
    userTitle: title,
    userMsg: message,
    blame: [blame],
  });
}

/**
 * `targeting.targeting_automation.advantage_audience`: required on ad set creation since v23
 * (code 100, subcode 1870227, "Advantage Audience Flag Required"; source: ChatbotXIO/ChatbotX PR
 * #1061, live-verified 2026-08-29, and public codebases that handle 1870227). 0 or 1, nothing else.
 */
export const ADVANTAGE_AUDIENCE_REQUIRED_SUBCODE = 1870227;

export function parseAdvantageAudience(automation: unknown): 0 | 1 | undefined {
  if (automation === undefined) return undefined;
  if (typeof automation !== 'object' || automation === null || Array.isArray(automation)) {
    throw refusal(
      undefined,
      'Invalid Targeting Automation',
      'targeting_automation must be a JSON object.',
      'targeting',
    );
  }
  const value = (automation as { advantage_audience?: unknown }).advantage_audience;
  if (value === undefined) return undefined;
  if (value !== 0 && value !== 1 && value !== '0' && value !== '1') {
    throw refusal(
      undefined,
      'Invalid Advantage Audience Value',
      'targeting_automation.advantage_audience must be 0 (off) or 1 (on).',
      'targeting',
    );
  }
  return Number(value) as 0 | 1;
}

export function requireAdvantageAudience(flag: 0 | 1 | undefined): 0 | 1 {
  if (flag !== undefined) return flag;
  throw refusal(
    ADVANTAGE_AUDIENCE_REQUIRED_SUBCODE,
    'Advantage Audience Flag Required',
    'To create your ad set, you need to enable or disable the Advantage audience feature. Set targeting_automation.advantage_audience to 1 (on) or 0 (off) in targeting.',
    'targeting',
  );
}

/**
 * With Advantage+ audience on (1), ages are suggestions: Meta refuses an `age_max` below 65 and an
 * `age_min` above 25 (same source as the flag: the audit notes, "Opting in (1) makes Meta refuse an
 * age_max below 65 and cap age_min at 25"). Ad sets that set their own ages send 0. The age_max
 * refusal's subcode, 1870189, is second-hand: three unrelated public codebases handle it by that number
 * (a PHP Meta client that clamps age_max to 65 "error 1870189", a Korean publishing script, a
 * Vietnamese v24 runbook); the age_min refusal's subcode is not known, so none is sent.
 */
export const ADVANTAGE_AUDIENCE_AGE_MAX_SUBCODE = 1870189;

export function checkAdvantageAudienceAges(flag: 0 | 1 | undefined, ageMin: number, ageMax: number): void {
  if (flag !== 1) return;
  if (ageMax < 65) {
    throw refusal(
      ADVANTAGE_AUDIENCE_AGE_MAX_SUBCODE,
      'Maximum Age Not Available With Advantage+ Audience',
      'With Advantage+ audience on, the maximum age must be 65. Turn Advantage+ audience off (advantage_audience 0) to set a lower maximum age.',
      'targeting',
    );
  }
  if (ageMin > 25) {
    throw refusal(
      undefined,
      'Minimum Age Not Available With Advantage+ Audience',
      'With Advantage+ audience on, the minimum age can be at most 25. Turn Advantage+ audience off (advantage_audience 0) to set a higher minimum age.',
      'targeting',
    );
  }
}

/**
 * A campaign with special ad categories must say where it runs: `special_ad_category_country`, an
 * array of ISO country codes (Meta's Special Ad Category guide, per the audit notes).
 */
export function parseSpecialAdCategoryCountry(categories: readonly string[], raw: string | undefined): string[] {
  if (categories.length === 0) return [];
  if (raw === undefined) {
    throw refusal(
      undefined,
      'Special Ad Category Country Required',
      `Campaigns in the special ad categories ${categories.join(', ')} need special_ad_category_country: the countries (ISO codes) where the ads run.`,
      'special_ad_category_country',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new GraphError(400, {
      message: '(#100) param special_ad_category_country must be an array of country codes.',
      type: 'OAuthException',
      code: 100,
      is_transient: false,
    });
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length === 0 ||
    !parsed.every((code) => typeof code === 'string' && /^[A-Z]{2}$/.test(code))
  ) {
    throw refusal(
      undefined,
      'Invalid Special Ad Category Country',
      'special_ad_category_country must be a non-empty array of two-letter ISO country codes, e.g. ["US"].',
      'special_ad_category_country',
    );
  }
  return parsed as string[];
}

/** Cities in special-ad-category campaigns: at least 15 miles around (about 25 km); same source. */
export const SPECIAL_CATEGORY_MIN_RADIUS = { mile: 15, kilometer: 25 } as const;

export function checkSpecialCategoryRadius(categories: readonly string[], cities: readonly TargetedCity[]): void {
  if (categories.length === 0) return;
  for (const { city, radius, distanceUnit } of cities) {
    const min = SPECIAL_CATEGORY_MIN_RADIUS[distanceUnit];
    if (radius < min) {
      throw refusal(
        1487882,
        'Invalid Radius',
        `Ads in special ad categories must reach at least ${min} ${distanceUnit === 'mile' ? 'miles' : 'kilometers'} around ${city.name}.`,
        'targeting',
      );
    }
  }
}

/**
 * At most 4 budget changes per ad set in any hour (Meta's Marketing API rate-limiting page:
 * "Budget change limit: ad set budget changes 4/hour"). The error Meta sends for it is not in our
 * reference: code 17 ("User request limit reached") is Meta's user-level limit; the subcode below
 * is the sandbox's own, UNCONFIRMED against Meta. The product matches on it, so change both together.
 */
export const BUDGET_CHANGES_PER_HOUR = 4;
export const BUDGET_CHANGE_LIMIT_SUBCODE = 1487632;
const HOUR_MS = 3_600_000;

/** The change times still inside the rolling hour before `now`. */
export function recentBudgetChanges(changes: readonly number[] | undefined, now: Date): number[] {
  return (changes ?? []).filter((at) => now.getTime() - at < HOUR_MS);
}

export function checkBudgetChangeLimit(changes: readonly number[] | undefined, now: Date): void {
  const recent = recentBudgetChanges(changes, now);
  if (recent.length < BUDGET_CHANGES_PER_HOUR) return;
  const waitMinutes = Math.max(1, Math.ceil((Math.min(...recent) + HOUR_MS - now.getTime()) / 60_000));
  throw new GraphError(400, {
    message: 'User request limit reached',
    type: 'OAuthException',
    code: 17,
    error_subcode: BUDGET_CHANGE_LIMIT_SUBCODE,
    is_transient: false,
    error_user_title: 'Budget Change Limit Reached',
    error_user_msg: `An ad set's budget can be changed at most ${BUDGET_CHANGES_PER_HOUR} times an hour. Try again in ${waitMinutes} minute${waitMinutes === 1 ? '' : 's'}.`,
  });
}
