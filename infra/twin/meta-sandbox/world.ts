import type { AdVideoObject } from './ad-videos.js';
import type { LanguageFeed } from './language-feed.js';
import type { CarouselSpec } from './carousel-cards.js';
import type { IsoDate } from './calendar.js';
import type { Status } from './reference.js';

/**
 * The sandbox's in-memory Meta: one demo user, their ad accounts and the
 * campaign → ad set → ad tree. Status and budget are kept as timelines
 * (value from a local date on) so insights for past days stay what they were
 * while a pause or budget change only moves today and the future.
 */

export interface TimelineEntry<T> {
  from: IsoDate;
  value: T;
}
export type Timeline<T> = TimelineEntry<T>[];

/** Budgets in the account currency's minor units (cents; whole yen for offset-1 currencies). */
export interface Budget {
  daily?: number;
  lifetime?: number;
}

export interface MetaUser {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface AdAccount {
  kind: 'AdAccount';
  /** Numeric account id; the node id is `act_<id>`. */
  accountId: string;
  name: string;
  currency: string;
  timezoneName: string;
  timezoneId: number;
  timezoneOffsetHoursUtc: number;
  createdTime: Date;
  ownerUserId: string;
  businessName: string;
  /** First day insights exist for (120 days before the seed's "today"). */
  dataStart: IsoDate;
  /**
   * `min_daily_budget`: the smallest daily budget Meta accepts in this account, in minor units
   * (whole units for offset-1 currencies). Budget writes below it are refused.
   */
  minDailyBudget: number;
}

/** Per-entity knobs of the performance model, drawn once from the seed. */
export interface PerformanceProfile {
  cpmFactor: number;
  ctrFactor: number;
  conversionFactor: number;
  fatigueRate: number;
}

export interface Campaign {
  kind: 'Campaign';
  id: string;
  accountId: string;
  name: string;
  objective: string;
  buyingType: 'AUCTION';
  bidStrategy?: string;
  statusHistory: Timeline<Status>;
  budgetHistory: Timeline<Budget | null>;
  startDate: IsoDate;
  stopDate?: IsoDate;
  createdTime: Date;
  updatedTime: Date;
  specialAdCategories: string[];
  /** Where a special-ad-category campaign runs (ISO codes), as sent. */
  specialAdCategoryCountry?: string[];
}

export interface AdSet {
  kind: 'AdSet';
  id: string;
  accountId: string;
  campaignId: string;
  name: string;
  optimizationGoal: string;
  /** How conversions are credited, e.g. `7d_click_1d_view` or `1d_click` (Meta's attribution_setting). */
  attributionSetting: string;
  billingEvent: string;
  bidStrategy: string;
  /** Absent for objectives without a conversion location (awareness, app promotion). */
  destinationType?: string;
  statusHistory: Timeline<Status>;
  budgetHistory: Timeline<Budget | null>;
  /** Share of a campaign budget this ad set wins (campaign budget optimisation). */
  weight: number;
  audienceSize: number;
  ageMin: number;
  ageMax: number;
  /** `targeting_automation.advantage_audience`: as created, or as seeded to fit the ad set's ages. */
  advantageAudience: 0 | 1;
  /** The rest of a created ad set's targeting, read back as sent (Meta echoes the whole spec). */
  genders?: number[];
  interests?: Array<{ id: string; name: string }>;
  publisherPlatforms?: string[];
  /** Meta's locale keys the ad set is narrowed to (`targeting.locales`). */
  locales?: number[];
  /** Custom audiences the ad set includes and excludes, as Meta reads them back (`{id, name}`). */
  customAudiences?: Array<{ id: string; name: string }>;
  excludedCustomAudiences?: Array<{ id: string; name: string }>;
  /** When its budget was changed (epoch ms), for Meta's 4-changes-an-hour limit. */
  budgetChangesAt?: number[];
  countries: string[];
  /** Regions and cities of a created ad set's targeting, as Meta reads them back. */
  regions?: Array<{ key: string; name: string; country: string }>;
  cities?: Array<{
    key: string;
    name: string;
    region: string;
    region_id: string;
    country: string;
    radius: number;
    distance_unit: 'mile' | 'kilometer';
  }>;
  startDate: IsoDate;
  endDate?: IsoDate;
  createdTime: Date;
  updatedTime: Date;
  profile: PerformanceProfile;
  /** Seeded problem: CPM multiplied by `factor` from `from` on (an auction that got dearer). */
  cpmShock?: { from: IsoDate; factor: number };
  /** Seeded problem: the most of its budget the auction lets it spend (a too-small audience). */
  deliveryCap?: number;
  /**
   * Seeded: the budget, not the auction, is its limit: it spends its whole budget day after day (about
   * 98 %, where an ordinary ad set paces around 90 %), so the budget detectors see it spent in full.
   */
  spendsWholeBudget?: boolean;
}

export interface Ad {
  kind: 'Ad';
  id: string;
  accountId: string;
  campaignId: string;
  adsetId: string;
  name: string;
  creativeId: string;
  /** True when the creative is an API-created one (world.creatives), not the seeded inline creative. */
  createdCreative?: boolean;
  /** The seeded inline creative an ad showed before a creative swap, so it can be swapped back. */
  seededCreativeId?: string;
  callToActionType: string;
  statusHistory: Timeline<Status>;
  weight: number;
  startDate: IsoDate;
  createdTime: Date;
  updatedTime: Date;
  profile: PerformanceProfile;
}

export type AdObject = Campaign | AdSet | Ad;

/** An uploaded image (`POST /act_{id}/adimages`), addressed by its hash within the account. */
export interface AdImage {
  hash: string;
  accountId: string;
  name: string;
  url: string;
  /** The uploaded bytes as a data: URL, so previews can show the real image with no network. */
  dataUrl?: string;
  width: number;
  height: number;
  createdTime: Date;
}

/** A link ad creative created through `POST /act_{id}/adcreatives` (`object_story_spec.link_data`). */
export interface AdCreativeObject {
  id: string;
  accountId: string;
  name: string;
  pageId: string;
  link: string;
  message?: string;
  headline?: string;
  description?: string;
  callToActionType?: string;
  imageHash?: string;
  picture?: string;
  /** A video ad's video (`object_story_spec.video_data.video_id`); its link is the call to action's. */
  videoId?: string;
  /** A carousel's cards and settings (`link_data.child_attachments`), absent for a single-image link ad. */
  carousel?: CarouselSpec;
  /** A multi-language ad's versions (`asset_feed_spec` with asset_customization_rules), absent otherwise. */
  languageFeed?: LanguageFeed;
  createdTime: Date;
}

export interface World {
  user: MetaUser;
  accounts: Map<string, AdAccount>;
  campaigns: Map<string, Campaign>;
  adsets: Map<string, AdSet>;
  ads: Map<string, Ad>;
  /** Images and creatives made through the API (seeded ads carry their creative inline). */
  images: Map<string, AdImage>;
  creatives: Map<string, AdCreativeObject>;
  /** The ad accounts' video libraries (`POST /act_{id}/advideos`), by video id. */
  videos: Map<string, AdVideoObject>;
  /** Bumped on every write so derived caches know to rebuild. */
  revision: number;
  /** Per-campaign write counter: a change can only move the spend of ads in its own campaign. */
  campaignRevisions: Map<string, number>;
}

export function current<T>(timeline: Timeline<T>): T {
  const last = timeline[timeline.length - 1];
  if (!last) throw new Error('empty timeline');
  return last.value;
}

/** The value in force on `date`, or undefined before the first entry. */
export function valueOn<T>(timeline: Timeline<T>, date: IsoDate): T | undefined {
  let value: T | undefined;
  for (const entry of timeline) {
    if (entry.from > date) break;
    value = entry.value;
  }
  return value;
}

/** Records a change effective from `date` on; a second change the same day replaces the first. */
export function setFrom<T>(timeline: Timeline<T>, date: IsoDate, value: T): void {
  while (timeline.length > 0 && (timeline[timeline.length - 1]?.from ?? '') >= date) timeline.pop();
  timeline.push({ from: date, value });
}

/** Meta's effective_status: a paused parent shows through on the children. */
export function campaignEffectiveStatus(campaign: Campaign): string {
  return current(campaign.statusHistory);
}

export function adsetEffectiveStatus(adset: AdSet, campaign: Campaign): string {
  const own = current(adset.statusHistory);
  const parent = current(campaign.statusHistory);
  if (own === 'DELETED' || parent === 'DELETED') return 'DELETED';
  if (own === 'ARCHIVED' || parent === 'ARCHIVED') return 'ARCHIVED';
  if (own === 'PAUSED') return 'PAUSED';
  if (parent === 'PAUSED') return 'CAMPAIGN_PAUSED';
  return 'ACTIVE';
}

export function adEffectiveStatus(ad: Ad, adset: AdSet, campaign: Campaign): string {
  const own = current(ad.statusHistory);
  const adsetStatus = current(adset.statusHistory);
  const parent = current(campaign.statusHistory);
  const all = [own, adsetStatus, parent];
  if (all.includes('DELETED')) return 'DELETED';
  if (all.includes('ARCHIVED')) return 'ARCHIVED';
  if (own === 'PAUSED') return 'PAUSED';
  if (parent === 'PAUSED') return 'CAMPAIGN_PAUSED';
  if (adsetStatus === 'PAUSED') return 'ADSET_PAUSED';
  return 'ACTIVE';
}

export function effectiveStatusOf(world: World, node: AdObject): string {
  if (node.kind === 'Campaign') return campaignEffectiveStatus(node);
  const campaign = world.campaigns.get(node.campaignId);
  if (!campaign) throw new Error(`orphan ${node.kind} ${node.id}`);
  if (node.kind === 'AdSet') return adsetEffectiveStatus(node, campaign);
  const adset = world.adsets.get(node.adsetId);
  if (!adset) throw new Error(`orphan ad ${node.id}`);
  return adEffectiveStatus(node, adset, campaign);
}

export function findAdObject(world: World, id: string): AdObject | undefined {
  return world.campaigns.get(id) ?? world.adsets.get(id) ?? world.ads.get(id);
}

export function accountOf(world: World, node: AdObject): AdAccount {
  const account = world.accounts.get(node.accountId);
  if (!account) throw new Error(`orphan ${node.kind} ${node.id}`);
  return account;
}

interface ChildIndex {
  adsetsByCampaign: Map<string, AdSet[]>;
  adsByAdset: Map<string, Ad[]>;
  campaignsByAccount: Map<string, Campaign[]>;
}

const childIndexes = new WeakMap<World, ChildIndex>();

/** Objects created through the API change the tree's shape: the next lookup rebuilds the index. */
export function forgetChildIndex(world: World): void {
  childIndexes.delete(world);
}

/** Parent → children lookups, built once per shape of the tree (see forgetChildIndex). */
export function children(world: World): ChildIndex {
  let index = childIndexes.get(world);
  if (!index) {
    index = { adsetsByCampaign: new Map(), adsByAdset: new Map(), campaignsByAccount: new Map() };
    for (const campaign of world.campaigns.values()) {
      const list = index.campaignsByAccount.get(campaign.accountId) ?? [];
      list.push(campaign);
      index.campaignsByAccount.set(campaign.accountId, list);
    }
    for (const adset of world.adsets.values()) {
      const list = index.adsetsByCampaign.get(adset.campaignId) ?? [];
      list.push(adset);
      index.adsetsByCampaign.set(adset.campaignId, list);
    }
    for (const ad of world.ads.values()) {
      const list = index.adsByAdset.get(ad.adsetId) ?? [];
      list.push(ad);
      index.adsByAdset.set(ad.adsetId, list);
    }
    childIndexes.set(world, index);
  }
  return index;
}
