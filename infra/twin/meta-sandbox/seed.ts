import { addDays, localMidnight, todayIn, type IsoDate } from './calendar.js';
import { between, integerBetween, numericId, pick, randomFor, type Random } from './prng.js';
import { DEFAULT_ATTRIBUTION_SETTING } from './insights-results.js';
import { seedSituations } from './seeded-situations.js';
import { seedVideoLibrary } from './seeded-videos.js';
import { currencyOffset, type Status } from './reference.js';
import type { Ad, AdAccount, AdSet, Budget, Campaign, PerformanceProfile, Timeline, World } from './world.js';

/** How much demo data to create; the defaults give the ~12-campaign demo world. */
export interface SeedOptions {
  /** PRNG seed: the same seed (and the same "today") gives the same world. Default 42. */
  seed?: number;
  /** Campaigns per ad account. Default 6 (one per ODAX objective); benchmarks use hundreds. */
  campaignsPerAccount?: number;
  /** Ads in every ad set. Default 3 in the first ad set of a campaign, 2 in the others; benchmarks use more. */
  adsPerAdSet?: number;
}

/** Days of daily insights, ending today in each account's time zone. */
export const INSIGHTS_HISTORY_DAYS = 120;

interface AccountTemplate {
  name: string;
  currency: string;
  timezoneName: string;
  timezoneId: number;
  timezoneOffsetHoursUtc: number;
  businessName: string;
  market: string;
  countries: string[];
  /** min_daily_budget in minor units (whole yen for JPY). */
  minDailyBudget: number;
}

/** USD in New York and JPY in Tokyo: two zones far apart, and an offset-1 currency (whole-yen budgets). */
const ACCOUNT_TEMPLATES: AccountTemplate[] = [
  {
    name: 'Demo Outdoor Co. (US)',
    currency: 'USD',
    timezoneName: 'America/New_York',
    timezoneId: 7,
    timezoneOffsetHoursUtc: -5,
    businessName: 'Demo Outdoor Co.',
    market: 'US',
    countries: ['US'],
    minDailyBudget: 100,
  },
  {
    name: 'Demo Outdoor Japan',
    currency: 'JPY',
    timezoneName: 'Asia/Tokyo',
    timezoneId: 79,
    timezoneOffsetHoursUtc: 9,
    businessName: 'Demo Outdoor Co.',
    market: 'JP',
    countries: ['JP'],
    minDailyBudget: 150,
  },
];

/** Major units of a currency per US dollar, to keep budgets and order values plausible. */
export const UNITS_PER_USD: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, JPY: 150 };

interface ObjectiveTemplate {
  objective: string;
  label: string;
  goals: Array<{ goal: string; billing: string; destination?: string }>;
  callToAction: string;
  bidStrategy: string;
}

/** Goals are taken from the ODAX table (fields-and-enums.json), one destination each. */
const OBJECTIVES: ObjectiveTemplate[] = [
  {
    objective: 'OUTCOME_SALES',
    label: 'Sales',
    goals: [
      { goal: 'OFFSITE_CONVERSIONS', billing: 'IMPRESSIONS', destination: 'WEBSITE' },
      { goal: 'VALUE', billing: 'IMPRESSIONS', destination: 'WEBSITE' },
    ],
    callToAction: 'SHOP_NOW',
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
  },
  {
    objective: 'OUTCOME_TRAFFIC',
    label: 'Traffic',
    goals: [
      { goal: 'LINK_CLICKS', billing: 'IMPRESSIONS', destination: 'WEBSITE' },
      { goal: 'LANDING_PAGE_VIEWS', billing: 'IMPRESSIONS', destination: 'WEBSITE' },
    ],
    callToAction: 'LEARN_MORE',
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
  },
  {
    objective: 'OUTCOME_LEADS',
    label: 'Leads',
    goals: [
      { goal: 'LEAD_GENERATION', billing: 'IMPRESSIONS', destination: 'ON_AD' },
      { goal: 'QUALITY_LEAD', billing: 'IMPRESSIONS', destination: 'ON_AD' },
    ],
    callToAction: 'SIGN_UP',
    bidStrategy: 'COST_CAP',
  },
  {
    objective: 'OUTCOME_AWARENESS',
    label: 'Awareness',
    goals: [
      { goal: 'REACH', billing: 'IMPRESSIONS' },
      { goal: 'AD_RECALL_LIFT', billing: 'IMPRESSIONS' },
    ],
    callToAction: 'LEARN_MORE',
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
  },
  {
    objective: 'OUTCOME_ENGAGEMENT',
    label: 'Engagement',
    goals: [
      { goal: 'POST_ENGAGEMENT', billing: 'IMPRESSIONS', destination: 'ON_POST' },
      { goal: 'THRUPLAY', billing: 'THRUPLAY', destination: 'ON_VIDEO' },
    ],
    callToAction: 'LEARN_MORE',
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
  },
  {
    objective: 'OUTCOME_APP_PROMOTION',
    label: 'App installs',
    goals: [
      { goal: 'APP_INSTALLS', billing: 'IMPRESSIONS' },
      { goal: 'APP_INSTALLS_AND_OFFSITE_CONVERSIONS', billing: 'IMPRESSIONS' },
    ],
    callToAction: 'INSTALL_MOBILE_APP',
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
  },
];

const THEMES = [
  'Spring Trail',
  'Summit Pack',
  'Rain Shell',
  'Camp Kitchen',
  'Night Hike',
  'Trail Runner',
  'Base Layer',
  'Family Tent',
];
const AUDIENCES = [
  'Broad',
  'Lookalike 1%',
  'Interests: Hiking',
  'Retargeting 30d',
  'Advantage+ audience',
  'Interests: Camping',
];
const CREATIVES = ['Video 15s', 'Carousel', 'Static image', 'UGC video', 'Collection', 'Reel 9:16'];

/** Status mix of the demo: mostly running, some paused, some archived (no spend since archiving). */
const STATUS_PATTERN: Status[] = ['ACTIVE', 'ACTIVE', 'PAUSED', 'ACTIVE', 'ARCHIVED', 'ACTIVE'];

export const DEMO_USER = {
  name: 'Demo Marketer',
  firstName: 'Demo',
  lastName: 'Marketer',
  email: 'demo.marketer@example.com',
};

function profile(random: Random): PerformanceProfile {
  return {
    cpmFactor: between(random, 0.8, 1.25),
    ctrFactor: between(random, 0.75, 1.3),
    conversionFactor: between(random, 0.7, 1.35),
    fatigueRate: between(random, 0.08, 0.22),
  };
}

/** A budget in minor units from a USD-equivalent daily amount, rounded to whole major units. */
function budgetMinor(usdPerDay: number, currency: string): number {
  const major = usdPerDay * (UNITS_PER_USD[currency] ?? 1);
  const step = currency === 'JPY' ? 100 : 1;
  return Math.max(step, Math.round(major / step) * step) * currencyOffset(currency);
}

function instantOn(date: IsoDate, timeZone: string, random: Random): Date {
  return new Date(localMidnight(date, timeZone).getTime() + integerBetween(random, 8 * 3600, 18 * 3600) * 1000);
}

interface Ids {
  next(prefix: string, digits: number): string;
}

function idFactory(random: Random): Ids {
  const used = new Set<string>();
  return {
    next(prefix, digits) {
      let id = numericId(random, prefix, digits);
      while (used.has(id)) id = numericId(random, prefix, digits);
      used.add(id);
      return id;
    },
  };
}

/** Status timeline of a campaign ending in `status`, with an occasional past pause for active ones. */
function statusTimeline(random: Random, status: Status, start: IsoDate, today: IsoDate): Timeline<Status> {
  const timeline: Timeline<Status> = [{ from: start, value: 'ACTIVE' }];
  if (status === 'PAUSED') timeline.push({ from: addDays(today, -integerBetween(random, 4, 30)), value: 'PAUSED' });
  if (status === 'ARCHIVED')
    timeline.push({ from: addDays(today, -integerBetween(random, 40, 80)), value: 'ARCHIVED' });
  if (status === 'ACTIVE' && random() < 0.4) {
    const pausedFrom = addDays(today, -integerBetween(random, 25, 70));
    timeline.push(
      { from: pausedFrom, value: 'PAUSED' },
      { from: addDays(pausedFrom, integerBetween(random, 3, 9)), value: 'ACTIVE' },
    );
  }
  return timeline.filter((entry, index) => index === 0 || entry.from > start);
}

function budgetTimeline(random: Random, budget: Budget, start: IsoDate, today: IsoDate): Timeline<Budget | null> {
  const timeline: Timeline<Budget | null> = [{ from: start, value: budget }];
  if (budget.daily !== undefined && random() < 0.5) {
    const changedFrom = addDays(today, -integerBetween(random, 10, 60));
    const factor = random() < 0.6 ? 1.5 : 0.7;
    if (changedFrom > start) timeline.push({ from: changedFrom, value: { daily: Math.round(budget.daily * factor) } });
  }
  return timeline;
}

const CONVERSION_GOALS = new Set([
  'OFFSITE_CONVERSIONS',
  'VALUE',
  'LEAD_GENERATION',
  'QUALITY_LEAD',
  'APP_INSTALLS',
  'APP_INSTALLS_AND_OFFSITE_CONVERSIONS',
]);

/** Builds the deterministic demo world for `now` (history dates are relative to each account's today). */
/**
 * `targeting_automation.advantage_audience` as Meta reports it for a seeded ad set: an ad set reaching 65+
 * is on Advantage+ audience (1, the default for new ad sets since v23); one that caps its ages below 65
 * cannot be (Meta refuses an age_max below 65 with the flag on), so it reads 0.
 */
function withAdvantageAudience(adset: Omit<AdSet, 'advantageAudience'>): AdSet {
  return { ...adset, advantageAudience: adset.ageMax >= 65 && adset.ageMin <= 25 ? 1 : 0 };
}

export function seedWorld(options: SeedOptions, now: Date): World {
  const seed = options.seed ?? 42;
  const perAccount = options.campaignsPerAccount ?? OBJECTIVES.length;
  const random = randomFor('world', seed);
  const ids = idFactory(random);
  const world: World = {
    user: { id: ids.next('10', 15), ...DEMO_USER },
    accounts: new Map(),
    campaigns: new Map(),
    adsets: new Map(),
    ads: new Map(),
    images: new Map(),
    creatives: new Map(),
    videos: new Map(),
    revision: 0,
    campaignRevisions: new Map(),
  };

  ACCOUNT_TEMPLATES.forEach((template, accountIndex) => {
    const today = todayIn(template.timezoneName, now);
    const account: AdAccount = {
      kind: 'AdAccount',
      accountId: ids.next(String(accountIndex + 1), 15),
      name: template.name,
      currency: template.currency,
      timezoneName: template.timezoneName,
      timezoneId: template.timezoneId,
      timezoneOffsetHoursUtc: template.timezoneOffsetHoursUtc,
      createdTime: instantOn(addDays(today, -900), template.timezoneName, random),
      ownerUserId: world.user.id,
      businessName: template.businessName,
      dataStart: addDays(today, -(INSIGHTS_HISTORY_DAYS - 1)),
      minDailyBudget: template.minDailyBudget,
    };
    world.accounts.set(account.accountId, account);

    for (let index = 0; index < perAccount; index += 1) {
      const template2 = OBJECTIVES[(index + accountIndex * 2) % OBJECTIVES.length]!;
      const status = STATUS_PATTERN[(index + accountIndex * 3) % STATUS_PATTERN.length]!;
      const start = addDays(today, -integerBetween(random, status === 'ARCHIVED' ? 110 : 20, 200));
      const campaignBudget = index % 2 === 0;
      const lifetime = campaignBudget && template2.objective === 'OUTCOME_AWARENESS';
      const usdPerDay = between(random, 25, 160);
      const stopDate = lifetime ? addDays(start, 150 + integerBetween(random, 0, 90)) : undefined;
      const lifetimeDays =
        1 + (stopDate ? Math.max(0, Math.round((Date.parse(stopDate) - Date.parse(start)) / 86_400_000)) : 0);
      const campaignBudgetValue: Budget | null = !campaignBudget
        ? null
        : lifetime
          ? { lifetime: budgetMinor(usdPerDay, account.currency) * lifetimeDays }
          : { daily: budgetMinor(usdPerDay, account.currency) };
      const theme = pick(random, THEMES);
      const createdTime = instantOn(start, account.timezoneName, random);
      const campaign: Campaign = {
        kind: 'Campaign',
        id: ids.next('1202', 18),
        accountId: account.accountId,
        name: `${template.market} | ${template2.label} | ${theme}`,
        objective: template2.objective,
        buyingType: 'AUCTION',
        ...(campaignBudget && { bidStrategy: template2.bidStrategy }),
        statusHistory: statusTimeline(random, status, start, today),
        budgetHistory: campaignBudgetValue
          ? budgetTimeline(random, campaignBudgetValue, start, today)
          : [{ from: start, value: null }],
        startDate: start,
        ...(stopDate && { stopDate }),
        createdTime,
        updatedTime: createdTime,
        specialAdCategories: [],
      };
      world.campaigns.set(campaign.id, campaign);

      const adsetCount = template2.objective === 'OUTCOME_SALES' ? 3 : 2;
      for (let a = 0; a < adsetCount; a += 1) {
        const goal = template2.goals[a % template2.goals.length]!;
        const adsetUsd = usdPerDay / adsetCount;
        const adsetStatus: Status = status === 'ACTIVE' && a === 2 ? 'PAUSED' : 'ACTIVE';
        const adsetStatuses: Timeline<Status> =
          adsetStatus === 'PAUSED'
            ? [
                { from: start, value: 'ACTIVE' },
                { from: addDays(today, -integerBetween(random, 5, 20)), value: 'PAUSED' },
              ]
            : [{ from: start, value: 'ACTIVE' }];
        const adset = withAdvantageAudience({
          kind: 'AdSet',
          id: ids.next('1202', 18),
          accountId: account.accountId,
          campaignId: campaign.id,
          name: `${pick(random, AUDIENCES)} | ${goal.goal.toLowerCase().replace(/_/g, ' ')}`,
          optimizationGoal: goal.goal,
          // Some conversion ad sets credit 1-day clicks only, so Ads Manager's per-ad-set attribution matters.
          attributionSetting: a === 1 && CONVERSION_GOALS.has(goal.goal) ? '1d_click' : DEFAULT_ATTRIBUTION_SETTING,
          billingEvent: goal.billing,
          bidStrategy: template2.bidStrategy,
          ...(goal.destination && { destinationType: goal.destination }),
          statusHistory: adsetStatuses.filter((entry, i) => i === 0 || entry.from > start),
          budgetHistory: campaignBudget
            ? [{ from: start, value: null }]
            : budgetTimeline(random, { daily: budgetMinor(adsetUsd, account.currency) }, start, today),
          weight: between(random, 0.5, 1.5),
          // Small enough that long-running ads saturate it: cumulative frequency climbs and creatives fatigue.
          audienceSize: Math.round(between(random, 0.15, 0.6) * 1_000_000),
          ageMin: pick(random, [18, 21, 25]),
          ageMax: pick(random, [45, 55, 65]),
          countries: template.countries,
          startDate: start,
          createdTime,
          updatedTime: createdTime,
          profile: profile(random),
        });
        world.adsets.set(adset.id, adset);

        const adCount = options.adsPerAdSet ?? (a === 0 ? 3 : 2);
        for (let d = 0; d < adCount; d += 1) {
          const adStart = d === 2 ? addDays(start, integerBetween(random, 10, 40)) : start;
          const paused = d === 1 && random() < 0.25;
          const ad: Ad = {
            kind: 'Ad',
            id: ids.next('1202', 18),
            accountId: account.accountId,
            campaignId: campaign.id,
            adsetId: adset.id,
            name: `${theme} | ${pick(random, CREATIVES)} | v${d + 1}`,
            creativeId: ids.next('1202', 18),
            callToActionType: template2.callToAction,
            statusHistory: paused
              ? [
                  { from: adStart, value: 'ACTIVE' },
                  { from: addDays(today, -integerBetween(random, 2, 15)), value: 'PAUSED' },
                ]
              : [{ from: adStart, value: 'ACTIVE' }],
            weight: between(random, 0.4, 1.6),
            startDate: adStart,
            createdTime: instantOn(adStart, account.timezoneName, random),
            updatedTime: createdTime,
            profile: profile(random),
          };
          ad.statusHistory = ad.statusHistory.filter((entry, i) => i === 0 || entry.from > adStart);
          world.ads.set(ad.id, ad);
        }
      }
    }
  });
  seedSituations(world, now);
  seedVideoLibrary(world);
  return world;
}
