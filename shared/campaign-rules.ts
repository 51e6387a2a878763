/**
 * Meta's rules for building a campaign, as the campaign generator's pre-publish
 * validator needs them: the ODAX objective → conversion location → optimization
 * goal table (Meta's "Outcome-Driven Ads Experiences > Restrictions"), which
 * billing event goes with which goal, what each goal needs as promoted object,
 * and how our brief's goal maps onto Meta's structure. The Meta sandbox keeps its
 * own copy from the reference; a unit test checks the two agree.
 */

export const ODAX_OBJECTIVES = [
  'OUTCOME_AWARENESS',
  'OUTCOME_TRAFFIC',
  'OUTCOME_ENGAGEMENT',
  'OUTCOME_LEADS',
  'OUTCOME_APP_PROMOTION',
  'OUTCOME_SALES',
] as const;
export type OdaxObjective = (typeof ODAX_OBJECTIVES)[number];

/** Objective → conversion location (`(any)` when there is none) → allowed optimization goals. */
export const ODAX_GOALS: Readonly<Record<OdaxObjective, Readonly<Record<string, readonly string[]>>>> = {
  OUTCOME_AWARENESS: { '(any)': ['AD_RECALL_LIFT', 'REACH', 'IMPRESSIONS'] },
  OUTCOME_TRAFFIC: {
    WEBSITE: ['LANDING_PAGE_VIEWS', 'LINK_CLICKS', 'IMPRESSIONS', 'REACH'],
    APP: ['LINK_CLICKS', 'REACH'],
    MESSENGER: ['LINK_CLICKS', 'IMPRESSIONS', 'REACH'],
    WHATSAPP: ['LINK_CLICKS', 'IMPRESSIONS', 'REACH'],
    'SHOP(closed beta)': ['LINK_CLICKS'],
  },
  OUTCOME_ENGAGEMENT: {
    ON_VIDEO: ['THRUPLAY', 'TWO_SECOND_CONTINUOUS_VIDEO_VIEWS'],
    ON_POST: ['POST_ENGAGEMENT', 'IMPRESSIONS', 'REACH'],
    ON_EVENT: ['EVENT_RESPONSES', 'IMPRESSIONS', 'POST_ENGAGEMENT', 'REACH'],
    'MESSENGER/WHATSAPP/INSTAGRAM_DIRECT': ['CONVERSATIONS', 'LINK_CLICKS'],
    WEBSITE: ['OFFSITE_CONVERSIONS', 'ONSITE_CONVERSIONS', 'LANDING_PAGE_VIEWS', 'LINK_CLICKS', 'IMPRESSIONS', 'REACH'],
    APP: ['APP_INSTALLS_AND_OFFSITE_CONVERSIONS', 'LINK_CLICKS', 'REACH'],
    ON_PAGE: ['PAGE_LIKES'],
  },
  OUTCOME_LEADS: {
    WEBSITE: ['OFFSITE_CONVERSIONS', 'ONSITE_CONVERSIONS', 'LANDING_PAGE_VIEWS', 'LINK_CLICKS', 'IMPRESSIONS', 'REACH'],
    'INSTANT_FORMS(ON_AD)': ['LEAD_GENERATION', 'QUALITY_LEAD'],
    MESSENGER: ['LEAD_GENERATION', 'QUALITY_LEAD'],
    CALLS: ['QUALITY_CALL'],
    APP: ['APP_INSTALLS_AND_OFFSITE_CONVERSIONS', 'LINK_CLICKS', 'REACH'],
  },
  OUTCOME_APP_PROMOTION: {
    'non-AAA': ['LINK_CLICKS', 'APP_INSTALLS', 'APP_INSTALLS_AND_OFFSITE_CONVERSIONS', 'VALUE'],
    AAA: ['APP_INSTALLS', 'APP_INSTALLS_AND_OFFSITE_CONVERSIONS', 'VALUE'],
  },
  OUTCOME_SALES: {
    WEBSITE: ['OFFSITE_CONVERSIONS', 'VALUE', 'LANDING_PAGE_VIEWS', 'LINK_CLICKS', 'IMPRESSIONS', 'REACH'],
    APP: ['OFFSITE_CONVERSIONS', 'LINK_CLICKS', 'REACH'],
    WEBSITE_AND_APP: ['OFFSITE_CONVERSIONS'],
    MESSENGER: ['CONVERSATIONS', 'OFFSITE_CONVERSIONS', 'LINK_CLICKS', 'IMPRESSIONS', 'REACH'],
    WHATSAPP: ['OFFSITE_CONVERSIONS', 'LINK_CLICKS', 'IMPRESSIONS', 'REACH'],
  },
};

/** The goals an objective allows at a destination (the destination_type enum value), or anywhere. */
export function goalsFor(objective: string, destination?: string): string[] {
  const table = ODAX_GOALS[objective as OdaxObjective];
  if (!table) return [];
  if (destination !== undefined) {
    const key = Object.keys(table).find((candidate) => candidate.split('(')[0] === destination);
    if (key) return [...table[key]!];
  }
  return [...new Set(Object.values(table).flat())];
}

/** Billing events per optimization goal; IMPRESSIONS is the only one for every other goal. */
export const BILLING_EVENTS_FOR_GOAL: Readonly<Record<string, readonly string[]>> = {
  LINK_CLICKS: ['IMPRESSIONS', 'LINK_CLICKS'],
  THRUPLAY: ['IMPRESSIONS', 'THRUPLAY'],
  PAGE_LIKES: ['IMPRESSIONS', 'PAGE_LIKES'],
  POST_ENGAGEMENT: ['IMPRESSIONS', 'POST_ENGAGEMENT'],
  APP_INSTALLS: ['IMPRESSIONS', 'APP_INSTALLS'],
};

export function billingEventsFor(goal: string): readonly string[] {
  return BILLING_EVENTS_FOR_GOAL[goal] ?? ['IMPRESSIONS'];
}

/** What a goal's `promoted_object` must carry. */
export function promotedObjectNeeds(
  goal: string,
): Array<'pixelId' | 'customEventType' | 'pageId' | 'applicationId' | 'objectStoreUrl'> {
  if (goal === 'OFFSITE_CONVERSIONS' || goal === 'VALUE') return ['pixelId', 'customEventType'];
  if (goal === 'LEAD_GENERATION' || goal === 'QUALITY_LEAD' || goal === 'PAGE_LIKES') return ['pageId'];
  if (goal === 'APP_INSTALLS' || goal === 'APP_INSTALLS_AND_OFFSITE_CONVERSIONS') {
    return ['applicationId', 'objectStoreUrl'];
  }
  return [];
}

/** The goals a marketer picks in the brief, in the order the form lists them. */
export const BRIEF_GOALS = {
  sales: 'Sales',
  leads: 'Leads',
  traffic: 'Traffic',
  awareness: 'Awareness',
  engagement: 'Engagement',
  app_promotion: 'App promotion',
} as const;
export type BriefGoal = keyof typeof BRIEF_GOALS;
export const briefGoalKeys = Object.keys(BRIEF_GOALS) as [BriefGoal, ...BriefGoal[]];

/** How each brief goal becomes Meta's structure (a website link ad for every goal but app promotion). */
export const GOAL_STRUCTURE: Readonly<
  Record<
    BriefGoal,
    {
      objective: OdaxObjective;
      optimizationGoal: string;
      billingEvent: string;
      destinationType?: string;
      customEventType?: string;
      callToAction: string;
    }
  >
> = {
  sales: {
    objective: 'OUTCOME_SALES',
    optimizationGoal: 'OFFSITE_CONVERSIONS',
    billingEvent: 'IMPRESSIONS',
    destinationType: 'WEBSITE',
    customEventType: 'PURCHASE',
    callToAction: 'SHOP_NOW',
  },
  leads: {
    objective: 'OUTCOME_LEADS',
    optimizationGoal: 'OFFSITE_CONVERSIONS',
    billingEvent: 'IMPRESSIONS',
    destinationType: 'WEBSITE',
    customEventType: 'LEAD',
    callToAction: 'SIGN_UP',
  },
  traffic: {
    objective: 'OUTCOME_TRAFFIC',
    optimizationGoal: 'LINK_CLICKS',
    billingEvent: 'IMPRESSIONS',
    destinationType: 'WEBSITE',
    callToAction: 'LEARN_MORE',
  },
  awareness: {
    objective: 'OUTCOME_AWARENESS',
    optimizationGoal: 'REACH',
    billingEvent: 'IMPRESSIONS',
    callToAction: 'LEARN_MORE',
  },
  engagement: {
    objective: 'OUTCOME_ENGAGEMENT',
    optimizationGoal: 'LINK_CLICKS',
    billingEvent: 'IMPRESSIONS',
    destinationType: 'WEBSITE',
    callToAction: 'LEARN_MORE',
  },
  app_promotion: {
    objective: 'OUTCOME_APP_PROMOTION',
    optimizationGoal: 'APP_INSTALLS',
    billingEvent: 'IMPRESSIONS',
    callToAction: 'INSTALL_MOBILE_APP',
  },
};

/** Special ad categories a marketer declares (Meta then restricts targeting). */
export const SPECIAL_AD_CATEGORIES = [
  'HOUSING',
  'EMPLOYMENT',
  'FINANCIAL_PRODUCTS_SERVICES',
  'ISSUES_ELECTIONS_POLITICS',
] as const;
export type SpecialAdCategory = (typeof SPECIAL_AD_CATEGORIES)[number];
/** Categories whose ad sets must target ages 18–65 and all genders. */
export const RESTRICTED_TARGETING_CATEGORIES: readonly SpecialAdCategory[] = [
  'HOUSING',
  'EMPLOYMENT',
  'FINANCIAL_PRODUCTS_SERVICES',
];

export const TARGETING_AGE = { min: 18, max: 65 } as const;

/** The radius Meta allows around a targeted city, per `distance_unit`. */
export const CITY_RADIUS = { mile: { min: 10, max: 50 }, kilometer: { min: 17, max: 80 } } as const;
/**
 * The smallest radius around a city in a campaign with special ad categories: 15 miles, about 25 km
 * (Meta's Special Ad Category rules, per the 2026-11 audit in shared/reference/meta).
 */
export const SPECIAL_CATEGORY_MIN_RADIUS = { mile: 15, kilometer: 25 } as const;
/** Meta's radius when a city is targeted without one (and the plan's default). */
export const DEFAULT_CITY_RADIUS = { radius: 25, distanceUnit: 'mile' } as const;

/** Meta's hard text limits for link ads (longer is refused), and the lengths it recommends per placement. */
export const LINK_AD_TEXT_LIMITS = { primaryText: 2200, headline: 255, description: 255 } as const;
export const RECOMMENDED_TEXT = {
  feed: { primaryText: 125, headline: 40, description: 30 },
  story: { primaryText: 125, headline: 40 },
} as const;

/** Call-to-action buttons Instagram stories do not show on link ads (they need a Page or a phone). */
export const STORY_UNSUPPORTED_CTAS: readonly string[] = ['CALL_NOW', 'GET_DIRECTIONS', 'MESSAGE_PAGE'];

/**
 * The account's minimum daily budget in minor units when Meta's `min_daily_budget`
 * is not at hand: 1.00 for offset-100 currencies, 150 whole units for JPY-like ones.
 */
export function defaultMinDailyBudget(offset: 1 | 100): number {
  return offset === 1 ? 150 : 100;
}
