import { findVideo, isVideoReady } from './ad-videos.js';
import { createHash } from 'node:crypto';
import { pageIdOf, pixelIdOf, SANDBOX_APP } from './account-assets.js';
import { todayIn, type IsoDate } from './calendar.js';
import { checkCarousel } from './carousel-cards.js';
import { checkLanguageFeed } from './language-feed.js';
import { enumParameter, type GraphError, invalidParameter } from './graph-error.js';
import { parseBudget } from './graph-writes.js';
import { between, numericId, randomFor } from './prng.js';
import reference from './meta-reference.json';
import {
  BID_STRATEGY_VALUES,
  BILLING_EVENT_VALUES,
  CALL_TO_ACTION_VALUES,
  ODAX_GOALS,
  ODAX_OBJECTIVES,
  OBJECTIVE_VALUES,
  OPTIMIZATION_GOAL_VALUES,
  type Status,
} from './reference.js';
import { adSetTargeting } from './adset-targeting.js';
import type { TargetedAudienceDeps } from './targeted-audiences.js';
import { UPLOADED_FILE_NAME } from './request-input.js';
import { findSeededImage } from './seeded-images.js';
import { parseSpecialAdCategoryCountry } from './v26-rules.js';

/** Meta's largest ad image. */
const META_IMAGE_MAX_BYTES = 30 * 1024 * 1024;
import {
  current,
  forgetChildIndex,
  type Ad,
  type AdAccount,
  type AdCreativeObject,
  type AdImage,
  type AdSet,
  type Budget,
  type Campaign,
  type World,
} from './world.js';

/**
 * Creating objects on an ad account (`POST /act_{id}/campaigns|adsets|adimages|adcreatives|ads`)
 * and deleting images and creatives. Every parameter is checked as Meta checks it
 * before anything is stored; a created object is part of the world at once (lists,
 * effective status, and insights from the day it runs).
 */

export type CreateParams = Record<string, string | undefined>;

const CREATE_STATUS_VALUES = ['ACTIVE', 'PAUSED'] as const;
const SPECIAL_AD_CATEGORIES = reference.enums['Campaign.special_ad_categories'] as readonly string[];
const DESTINATION_TYPES = reference.enums['AdSet.destination_type'] as readonly string[];
const BID_CAP_STRATEGIES = ['LOWEST_COST_WITH_BID_CAP', 'COST_CAP'];

/** What each billing event may be paired with; IMPRESSIONS goes with every optimization goal. */
export const BILLING_EVENTS_FOR_GOAL: Readonly<Record<string, readonly string[]>> = {
  LINK_CLICKS: ['IMPRESSIONS', 'LINK_CLICKS'],
  THRUPLAY: ['IMPRESSIONS', 'THRUPLAY'],
  PAGE_LIKES: ['IMPRESSIONS', 'PAGE_LIKES'],
  POST_ENGAGEMENT: ['IMPRESSIONS', 'POST_ENGAGEMENT'],
  APP_INSTALLS: ['IMPRESSIONS', 'APP_INSTALLS'],
};

function required(params: CreateParams, name: string): string {
  const value = params[name];
  if (value === undefined || value.trim() === '') throw invalidParameter(`(#100) The parameter ${name} is required`);
  return value;
}

function checkName(params: CreateParams): string {
  const name = required(params, 'name');
  if (name.length > 400)
    throw invalidParameter('(#100) Param name must be a non-empty string of at most 400 characters');
  return name;
}

function createStatus(params: CreateParams): Status {
  const status = params.status ?? 'ACTIVE';
  if (!(CREATE_STATUS_VALUES as readonly string[]).includes(status))
    throw enumParameter('status', CREATE_STATUS_VALUES);
  return status as Status;
}

function oneOf(params: CreateParams, name: string, values: readonly string[]): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!values.includes(value)) throw enumParameter(name, values);
  return value;
}

export function jsonParam(params: CreateParams, name: string): unknown {
  const raw = params[name];
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw invalidParameter(`(#100) param ${name} must be JSON.`);
  }
}

function userError(title: string, message: string, subcode?: number): GraphError {
  return invalidParameter('Invalid parameter', {
    ...(subcode !== undefined && { subcode }),
    userTitle: title,
    userMsg: message,
  });
}

function newId(world: World, kind: string): string {
  const taken = (id: string) =>
    world.campaigns.has(id) || world.adsets.has(id) || world.ads.has(id) || world.creatives.has(id);
  for (let attempt = 0; ; attempt += 1) {
    const id = numericId(randomFor('created', kind, world.revision, world.creatives.size, attempt), '1202', 18);
    if (!taken(id)) return id;
  }
}

function profileFor(id: string): Ad['profile'] {
  const random = randomFor('created-profile', id);
  return {
    cpmFactor: between(random, 0.85, 1.2),
    ctrFactor: between(random, 0.8, 1.25),
    conversionFactor: between(random, 0.75, 1.3),
    fatigueRate: between(random, 0.08, 0.2),
  };
}

function touch(world: World, campaignId: string): void {
  world.revision += 1;
  world.campaignRevisions.set(campaignId, (world.campaignRevisions.get(campaignId) ?? 0) + 1);
  forgetChildIndex(world);
}

function budgetParams(params: CreateParams, account: AdAccount): Budget | null {
  const daily = parseBudget('daily_budget', params.daily_budget, account.currency, account.minDailyBudget);
  const lifetime = parseBudget('lifetime_budget', params.lifetime_budget, account.currency, account.minDailyBudget);
  if (daily !== undefined && lifetime !== undefined) {
    throw userError('Only One Budget Allowed', 'Set either a daily budget or a lifetime budget, not both.');
  }
  if (daily !== undefined) return { daily };
  if (lifetime !== undefined) return { lifetime };
  return null;
}

export function createCampaign(world: World, account: AdAccount, params: CreateParams, now: Date): { id: string } {
  const name = checkName(params);
  const objective = required(params, 'objective');
  if (!OBJECTIVE_VALUES.includes(objective)) throw enumParameter('objective', OBJECTIVE_VALUES);
  if (!ODAX_OBJECTIVES.includes(objective)) {
    throw userError(
      'Objective Not Available',
      `The objective ${objective} can no longer be used to create campaigns. Use one of ${ODAX_OBJECTIVES.join(', ')}.`,
      2490487,
    );
  }
  const status = createStatus(params);
  const rawCategories = params.special_ad_categories;
  if (rawCategories === undefined) throw invalidParameter('(#100) The parameter special_ad_categories is required');
  const categories = jsonParam(params, 'special_ad_categories');
  if (!Array.isArray(categories) || !categories.every((item) => SPECIAL_AD_CATEGORIES.includes(String(item)))) {
    throw enumParameter('special_ad_categories', SPECIAL_AD_CATEGORIES);
  }
  const specialCategories = (categories as string[]).filter((category) => category !== 'NONE');
  const specialCountries = parseSpecialAdCategoryCountry(specialCategories, params.special_ad_category_country);
  const buyingType = params.buying_type ?? 'AUCTION';
  if (buyingType !== 'AUCTION') throw enumParameter('buying_type', ['AUCTION', 'RESERVED']);
  const budget = budgetParams(params, account);
  const bidStrategy = oneOf(params, 'bid_strategy', BID_STRATEGY_VALUES);
  if (!budget) {
    const sharing = params.is_adset_budget_sharing_enabled;
    if (sharing !== 'true' && sharing !== 'false') {
      throw invalidParameter('Invalid parameter', {
        subcode: 4834011,
        userTitle: 'Must specify True or False in is_adset_budget_sharing_enabled field',
        userMsg:
          'Must specify True or False in is_adset_budget_sharing_enabled field when the campaign does not use a campaign budget.',
      });
    }
    if (bidStrategy !== undefined) {
      throw userError(
        'Bid Strategy Needs a Campaign Budget',
        'Set bid_strategy on the ad sets when the campaign has no budget.',
      );
    }
  }
  const today = todayIn(account.timezoneName, now);
  const id = newId(world, 'campaign');
  const campaign: Campaign = {
    kind: 'Campaign',
    id,
    accountId: account.accountId,
    name,
    objective,
    buyingType: 'AUCTION',
    ...(budget && { bidStrategy: bidStrategy ?? 'LOWEST_COST_WITHOUT_CAP' }),
    statusHistory: [{ from: today, value: status }],
    budgetHistory: [{ from: today, value: budget }],
    startDate: today,
    createdTime: now,
    updatedTime: now,
    specialAdCategories: specialCategories,
    ...(specialCountries.length > 0 && { specialAdCategoryCountry: specialCountries }),
  };
  world.campaigns.set(id, campaign);
  touch(world, id);
  return { id };
}

/** Meta's time params: ISO 8601 with an offset, or a Unix timestamp. */
function parseTime(name: string, raw: string | undefined): Date | undefined {
  if (raw === undefined) return undefined;
  const instant = /^\d+$/.test(raw) ? new Date(Number(raw) * 1000) : new Date(raw);
  if (Number.isNaN(instant.getTime())) throw invalidParameter(`(#100) Param ${name} must be a valid time`);
  return instant;
}

function checkPromotedObject(goal: string, raw: unknown, account: AdAccount): void {
  const object = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    if (!reference.fields.AdPromotedObject.includes(key)) {
      throw invalidParameter(`(#100) param promoted_object has unknown key ${key}`);
    }
  }
  const missing = (what: string) =>
    userError(
      'Promoted Object Required',
      `The performance goal ${goal} needs a promoted_object with ${what}.`,
      1885024,
    );
  if (goal === 'OFFSITE_CONVERSIONS' || goal === 'VALUE') {
    if (object.pixel_id === undefined || object.custom_event_type === undefined) {
      throw missing('pixel_id and custom_event_type');
    }
    if (String(object.pixel_id) !== pixelIdOf(account)) {
      throw userError('Invalid Pixel', `The pixel ${String(object.pixel_id)} can't be used with this ad account.`);
    }
  }
  if (goal === 'LEAD_GENERATION' || goal === 'QUALITY_LEAD' || goal === 'PAGE_LIKES') {
    if (object.page_id === undefined) throw missing('page_id');
    if (String(object.page_id) !== pageIdOf(account)) {
      throw userError('Invalid Page', `The Page ${String(object.page_id)} can't be promoted by this ad account.`);
    }
  }
  if (goal === 'APP_INSTALLS' || goal === 'APP_INSTALLS_AND_OFFSITE_CONVERSIONS') {
    if (object.application_id === undefined || object.object_store_url === undefined) {
      throw missing('application_id and object_store_url');
    }
    if (String(object.application_id) !== SANDBOX_APP.id) {
      throw userError('Invalid App', `The app ${String(object.application_id)} isn't registered for this ad account.`);
    }
    if (!SANDBOX_APP.storeUrls.includes(String(object.object_store_url))) {
      throw userError(
        'Invalid Object Store URL',
        `The object_store_url ${String(object.object_store_url)} isn't a store page of app ${SANDBOX_APP.id}. Use the App Store or Google Play URL registered for the app.`,
        1885247,
      );
    }
  }
}

export function createAdSet(
  world: World,
  account: AdAccount,
  params: CreateParams,
  now: Date,
  audiences?: TargetedAudienceDeps,
): { id: string } {
  const name = checkName(params);
  const campaignId = required(params, 'campaign_id');
  const campaign = world.campaigns.get(campaignId);
  if (!campaign || campaign.accountId !== account.accountId || current(campaign.statusHistory) === 'DELETED') {
    throw userError('Invalid Campaign', `The campaign ${campaignId} does not exist in this ad account.`, 1885010);
  }
  const status = createStatus(params);
  const goal = required(params, 'optimization_goal');
  if (!OPTIMIZATION_GOAL_VALUES.includes(goal)) throw enumParameter('optimization_goal', OPTIMIZATION_GOAL_VALUES);
  const billing = required(params, 'billing_event');
  if (!BILLING_EVENT_VALUES.includes(billing)) throw enumParameter('billing_event', BILLING_EVENT_VALUES);
  const destination = oneOf(params, 'destination_type', DESTINATION_TYPES);

  const byDestination = ODAX_GOALS[campaign.objective] ?? {};
  const destinationKey = Object.keys(byDestination).find((key) => key.split('(')[0] === destination);
  const allowed =
    destination !== undefined && destinationKey !== undefined
      ? byDestination[destinationKey]!
      : Object.entries(byDestination)
          .filter(([key]) => !key.startsWith('_'))
          .flatMap(([, goals]) => goals);
  if (!allowed.includes(goal)) {
    throw userError(
      "Performance Goal Isn't Available",
      `The performance goal ${goal} isn't available for the campaign objective ${campaign.objective}${destination ? ` with conversion location ${destination}` : ''}.`,
      2490408,
    );
  }
  const billingAllowed = BILLING_EVENTS_FOR_GOAL[goal] ?? ['IMPRESSIONS'];
  if (!billingAllowed.includes(billing)) {
    throw userError(
      'Invalid Billing Event',
      `The billing event ${billing} isn't available for the performance goal ${goal}. Use ${billingAllowed.join(' or ')}.`,
      1815117,
    );
  }
  checkPromotedObject(goal, jsonParam(params, 'promoted_object'), account);

  const targeting = adSetTargeting(params.targeting, account, campaign, audiences);

  const budget = budgetParams(params, account);
  const campaignBudget = current(campaign.budgetHistory);
  if (budget && campaignBudget) {
    throw userError(
      "Can't Set Budget at Campaign and Ad Set Level",
      'Budgets can be set at the campaign level or the ad set level, but not both. Remove one of the budgets and try again.',
      1885621,
    );
  }
  if (!budget && !campaignBudget) {
    throw userError(
      'Budget Required',
      'This campaign has no campaign budget, so each ad set needs a daily_budget or lifetime_budget.',
      1885650,
    );
  }
  const bidStrategy =
    oneOf(params, 'bid_strategy', BID_STRATEGY_VALUES) ?? campaign.bidStrategy ?? 'LOWEST_COST_WITHOUT_CAP';
  // The AdSet reference types bid_amount as an integer (minor units); Graph refuses other text as it does budgets.
  if (params.bid_amount !== undefined && !/^\d+$/.test(params.bid_amount.trim())) {
    throw invalidParameter('(#100) Param bid_amount must be an integer');
  }
  if (BID_CAP_STRATEGIES.includes(bidStrategy) && params.bid_amount === undefined) {
    throw userError('Bid Amount Required', `The bid strategy ${bidStrategy} needs a bid_amount.`, 1815857);
  }

  const start = parseTime('start_time', params.start_time) ?? now;
  const end = parseTime('end_time', params.end_time);
  if (end && end.getTime() <= start.getTime()) {
    throw userError('Invalid End Time', 'The end time must be after the start time.', 1487007);
  }
  if (end && end.getTime() <= now.getTime()) {
    throw userError('Invalid End Time', 'The end time must be in the future.', 1487007);
  }
  const lifetimeEnd = budget?.lifetime !== undefined || campaignBudget?.lifetime !== undefined;
  if (lifetimeEnd && !end) {
    throw userError('End Time Required', 'Ad sets with a lifetime budget need an end_time.', 1885183);
  }
  if (budget?.lifetime !== undefined && end) {
    // A lifetime budget covers at least the daily minimum for each scheduled day, at creation as an update already
    // checks it (parseBudget in graph-writes.ts); the creation took the daily minimum for the whole run.
    const days = Math.max(1, Math.round((end.getTime() - start.getTime()) / 86_400_000));
    parseBudget('lifetime_budget', params.lifetime_budget, account.currency, account.minDailyBudget * days);
  }
  if (budget?.daily !== undefined && end && end.getTime() - start.getTime() <= 24 * 3600 * 1000) {
    throw userError('Schedule Too Short', 'Ad sets with a daily budget must run for more than 24 hours.', 1885182);
  }

  const startDate: IsoDate = todayIn(account.timezoneName, start);
  const id = newId(world, 'adset');
  const adset: AdSet = {
    kind: 'AdSet',
    id,
    accountId: account.accountId,
    campaignId,
    name,
    optimizationGoal: goal,
    attributionSetting: '7d_click_1d_view',
    billingEvent: billing,
    bidStrategy,
    ...(destination !== undefined && { destinationType: destination }),
    statusHistory: [{ from: startDate, value: status }],
    budgetHistory: [{ from: startDate, value: budget }],
    weight: 1,
    ...targeting,
    startDate,
    ...(end && { endDate: todayIn(account.timezoneName, end) }),
    createdTime: now,
    updatedTime: now,
    profile: profileFor(id),
  };
  world.adsets.set(id, adset);
  touch(world, campaignId);
  return { id };
}

const IMAGE_SIGNATURES: Array<{ type: string; bytes: number[] }> = [
  { type: 'png', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { type: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] },
];

/** Width and height of a PNG (IHDR) or a fixed guess for other types. */
function dimensions(bytes: Buffer, type: string): { width: number; height: number } {
  if (type === 'png' && bytes.length >= 24) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  return { width: 1080, height: 1080 };
}

/**
 * `POST /act_{id}/adimages` with `bytes` (base64) or a multipart file; answers `{images:{<name>:{hash,url}}}` as
 * Meta does. Meta takes no image URL here, so neither does the sandbox: code that sends one would fail in production.
 */
export function createAdImage(
  world: World,
  account: AdAccount,
  params: CreateParams,
  now: Date,
  origin: string,
): Record<string, unknown> {
  if (params.bytes === undefined) throw invalidParameter('(#100) The parameter bytes is required');
  const bytes = Buffer.from(params.bytes, 'base64');
  const signature = IMAGE_SIGNATURES.find((candidate) => candidate.bytes.every((byte, i) => bytes[i] === byte));
  if (bytes.length === 0 || !signature) {
    throw userError('Invalid Image', 'The image could not be read. Upload a JPG, PNG or GIF file.', 1487242);
  }
  if (bytes.length > META_IMAGE_MAX_BYTES) {
    throw userError('Image Too Large', 'The image is larger than 30 MB. Upload a smaller file.', 1487242);
  }
  const type = signature.type;
  // Meta names the image by the uploaded file's name, or `bytes` for base64 in a parameter.
  const key = params[UPLOADED_FILE_NAME] ?? 'bytes';
  const hash = createHash('md5').update(bytes).digest('hex');
  const name = params.name ?? key;
  const size = dimensions(bytes, type);
  const image: AdImage = {
    hash,
    accountId: account.accountId,
    name,
    url: `${origin}/__admin/images/${hash}.${type}`,
    dataUrl: `data:image/${type === 'jpg' ? 'jpeg' : type};base64,${bytes.toString('base64')}`,
    width: size.width,
    height: size.height,
    createdTime: now,
  };
  world.images.set(`${account.accountId}:${hash}`, image);
  world.revision += 1;
  return { images: { [name]: { hash, url: image.url, width: image.width, height: image.height } } };
}

export function findImage(world: World, accountId: string, hash: string): AdImage | undefined {
  // The seeded ads' images are in the library too, as a real account's ads' images are.
  return world.images.get(`${accountId}:${hash}`) ?? findSeededImage(world, accountId, hash);
}

function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Checks an `object_story_spec` (link_data) the way Meta does and returns the creative it describes. */
export function checkStorySpec(
  world: World,
  account: AdAccount,
  spec: unknown,
  name: string | undefined,
  now: Date,
): Omit<AdCreativeObject, 'id'> {
  if (spec === undefined) throw invalidParameter('(#100) The parameter object_story_spec is required');
  if (typeof spec !== 'object' || spec === null) {
    throw invalidParameter('(#100) param object_story_spec must be JSON object.');
  }
  const story = spec as Record<string, unknown>;
  for (const key of Object.keys(story)) {
    if (!reference.fields.AdCreativeObjectStorySpec.includes(key)) {
      throw invalidParameter(`(#100) param object_story_spec has unknown key ${key}`);
    }
  }
  if (story.page_id === undefined)
    throw invalidParameter('(#100) The parameter object_story_spec[page_id] is required');
  if (String(story.page_id) !== pageIdOf(account)) {
    throw userError('Invalid Page', `The Page ${String(story.page_id)} can't be used by this ad account.`, 1487472);
  }
  if (story.video_data !== undefined && story.link_data === undefined) {
    return checkVideoData(world, account, story, name, now);
  }
  const link = story.link_data;
  if (typeof link !== 'object' || link === null) {
    throw invalidParameter('(#100) The Adsmith Meta sandbox supports object_story_spec with link_data only');
  }
  const data = link as Record<string, unknown>;
  for (const key of Object.keys(data)) {
    if (!reference.fields.AdCreativeLinkData.includes(key)) {
      throw invalidParameter(`(#100) param link_data has unknown key ${key}`);
    }
  }
  if (!isUrl(data.link)) {
    throw userError(
      'Invalid Link',
      'Enter a valid website URL (starting with http:// or https://) for link_data.link.',
      1487155,
    );
  }
  const text = (field: string, max: number): string | undefined => {
    const value = data[field];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidParameter(`(#100) param link_data[${field}] must be a string`);
    if (value.length > max) {
      throw userError('Text Too Long', `link_data.${field} can be at most ${max} characters.`, 1487040);
    }
    return value;
  };
  const message = text('message', 2200);
  const headline = text('name', 255);
  const description = text('description', 255);
  let callToActionType: string | undefined;
  if (data.call_to_action !== undefined) {
    const cta = data.call_to_action as { type?: unknown } | null;
    if (typeof cta !== 'object' || cta === null || typeof cta.type !== 'string') {
      throw invalidParameter('(#100) param link_data[call_to_action][type] is required');
    }
    if (!CALL_TO_ACTION_VALUES.includes(cta.type)) throw enumParameter('call_to_action[type]', CALL_TO_ACTION_VALUES);
    callToActionType = cta.type;
  }
  const imageHash = data.image_hash;
  if (imageHash !== undefined) {
    if (typeof imageHash !== 'string' || !findImage(world, account.accountId, imageHash)) {
      throw userError(
        'Image Not Found',
        `The image hash ${String(imageHash)} doesn't match an image in this ad account.`,
        1487242,
      );
    }
  }
  if (data.picture !== undefined && !isUrl(data.picture)) {
    throw invalidParameter('(#100) Param link_data[picture] must be a valid URL');
  }
  const carousel = checkCarousel(data, {
    isUrl,
    imageExists: (hash) => findImage(world, account.accountId, hash) !== undefined,
    videoExists: (id) => findVideo(world, account.accountId, id) !== undefined,
  });
  return {
    accountId: account.accountId,
    name: name ?? `${headline ?? 'Link ad'} creative`,
    pageId: String(story.page_id),
    link: data.link,
    ...(message !== undefined && { message }),
    ...(headline !== undefined && { headline }),
    ...(description !== undefined && { description }),
    ...(callToActionType !== undefined && { callToActionType }),
    ...(typeof imageHash === 'string' && { imageHash }),
    ...(typeof data.picture === 'string' && { picture: data.picture }),
    ...(carousel !== undefined && { carousel }),
    createdTime: now,
  };
}

/**
 * A video ad (`object_story_spec.video_data`, Ad Creative Video Data reference): `video_id` of this account's
 * library, a thumbnail (`image_hash` of the library or `image_url`; Meta refuses without one, subcode 1443226),
 * and a `call_to_action` whose `value.link` is where the ad leads (video_data has no other link field). The
 * video may still be processing: the creative is accepted, the ad is not until the video is ready (createAd).
 */
function checkVideoData(
  world: World,
  account: AdAccount,
  story: Record<string, unknown>,
  name: string | undefined,
  now: Date,
): Omit<AdCreativeObject, 'id'> {
  const data = story.video_data;
  if (typeof data !== 'object' || data === null) {
    throw invalidParameter('(#100) param object_story_spec[video_data] must be JSON object.');
  }
  const video = data as Record<string, unknown>;
  for (const key of Object.keys(video)) {
    if (!reference.fields.AdCreativeVideoData.includes(key)) {
      throw invalidParameter(`(#100) param video_data has unknown key ${key}`);
    }
  }
  if (video.video_id === undefined || video.video_id === '') {
    throw invalidParameter('(#100) The parameter object_story_spec[video_data][video_id] is required', {
      blame: ['object_story_spec[video_data][video_id]'],
    });
  }
  const videoId = String(video.video_id);
  if (!findVideo(world, account.accountId, videoId)) {
    throw userError('Invalid Video', `The video ${videoId} doesn't exist in this ad account's video library.`);
  }
  const imageHash = video.image_hash;
  const imageUrl = video.image_url;
  if (imageHash === undefined && imageUrl === undefined) {
    throw invalidParameter('Invalid parameter', {
      subcode: 1443226,
      userTitle: 'Video Thumbnail Required',
      userMsg: 'Your ad needs a video thumbnail. Add image_hash or image_url to video_data.',
      blame: ['object_story_spec[video_data][image_hash]'],
    });
  }
  if (imageHash !== undefined && (typeof imageHash !== 'string' || !findImage(world, account.accountId, imageHash))) {
    throw userError(
      'Image Not Found',
      `The image hash ${String(imageHash)} doesn't match an image in this ad account.`,
      1487242,
    );
  }
  if (imageUrl !== undefined && !isUrl(imageUrl)) {
    throw invalidParameter('(#100) Param video_data[image_url] must be a valid URL');
  }
  const cta = video.call_to_action as { type?: unknown; value?: { link?: unknown } } | undefined | null;
  if (typeof cta !== 'object' || cta === null || typeof cta.type !== 'string') {
    throw invalidParameter('(#100) param video_data[call_to_action][type] is required', {
      blame: ['object_story_spec[video_data][call_to_action]'],
    });
  }
  if (!CALL_TO_ACTION_VALUES.includes(cta.type)) throw enumParameter('call_to_action[type]', CALL_TO_ACTION_VALUES);
  if (!isUrl(cta.value?.link)) {
    throw userError(
      'Invalid Link',
      'Enter a valid website URL (starting with http:// or https://) for video_data.call_to_action.value.link.',
      1487155,
    );
  }
  const text = (field: string, max: number): string | undefined => {
    const value = video[field];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidParameter(`(#100) param video_data[${field}] must be a string`);
    if (value.length > max) {
      throw userError('Text Too Long', `video_data.${field} can be at most ${max} characters.`, 1487040);
    }
    return value;
  };
  const message = text('message', 2200);
  const headline = text('title', 255);
  const description = text('link_description', 255);
  return {
    accountId: account.accountId,
    name: name ?? `${headline ?? 'Video ad'} creative`,
    pageId: String(story.page_id),
    link: cta.value.link,
    videoId,
    ...(message !== undefined && { message }),
    ...(headline !== undefined && { headline }),
    ...(description !== undefined && { description }),
    callToActionType: cta.type,
    ...(typeof imageHash === 'string' && { imageHash }),
    ...(typeof imageUrl === 'string' && { picture: imageUrl }),
    createdTime: now,
  };
}

/**
 * A multi-language creative (language-feed.ts): object_story_spec names the Page only, the versions come from
 * asset_feed_spec; the default version's words stand for the creative where one text is read.
 */
function checkLanguageCreative(
  world: World,
  account: AdAccount,
  spec: unknown,
  feed: unknown,
  name: string | undefined,
  now: Date,
): Omit<AdCreativeObject, 'id'> {
  if (typeof spec !== 'object' || spec === null) {
    throw invalidParameter('(#100) The parameter object_story_spec is required');
  }
  const story = spec as Record<string, unknown>;
  if (String(story.page_id ?? '') !== pageIdOf(account)) {
    throw userError('Invalid Page', `The Page ${String(story.page_id)} can't be used by this ad account.`, 1487472);
  }
  if (story.link_data !== undefined) {
    throw invalidParameter(
      '(#100) With asset_feed_spec, object_story_spec carries the Page only; the texts and link are in the feed',
      {
        blame: ['object_story_spec[link_data]'],
      },
    );
  }
  const languageFeed = checkLanguageFeed(feed, {
    isUrl,
    imageExists: (hash) => findImage(world, account.accountId, hash) !== undefined,
  });
  const main = languageFeed.versions.find((version) => version.isDefault)!;
  return {
    accountId: account.accountId,
    name: name ?? `${main.title} creative`,
    pageId: String(story.page_id),
    link: main.link,
    message: main.body,
    headline: main.title,
    ...(main.description !== undefined && { description: main.description }),
    callToActionType: languageFeed.callToActionType,
    ...(main.imageHash !== undefined && { imageHash: main.imageHash }),
    ...(main.imageUrl !== undefined && { picture: main.imageUrl }),
    languageFeed,
    createdTime: now,
  };
}

/** `POST /act_{id}/adcreatives` with `object_story_spec.link_data` (single-image and carousel link ads). */
export function createCreative(world: World, account: AdAccount, params: CreateParams, now: Date): { id: string } {
  const feed = jsonParam(params, 'asset_feed_spec');
  const checked =
    feed === undefined
      ? checkStorySpec(world, account, jsonParam(params, 'object_story_spec'), params.name, now)
      : checkLanguageCreative(world, account, jsonParam(params, 'object_story_spec'), feed, params.name, now);
  const id = newId(world, 'creative');
  world.creatives.set(id, { id, ...checked });
  world.revision += 1;
  return { id };
}

export function createAd(world: World, account: AdAccount, params: CreateParams, now: Date): { id: string } {
  const name = checkName(params);
  const adsetId = required(params, 'adset_id');
  const adset = world.adsets.get(adsetId);
  if (!adset || adset.accountId !== account.accountId || current(adset.statusHistory) === 'DELETED') {
    throw userError('Invalid Ad Set', `The ad set ${adsetId} does not exist in this ad account.`, 1487010);
  }
  const status = createStatus(params);
  const creativeParam = jsonParam(params, 'creative');
  if (creativeParam === undefined) throw invalidParameter('(#100) The parameter creative is required');
  const creativeId = String((creativeParam as { creative_id?: unknown } | null)?.creative_id ?? '');
  const creative = world.creatives.get(creativeId);
  if (!creative || creative.accountId !== account.accountId) {
    throw userError(
      'Invalid Creative',
      `The creative ${creativeId || '(none)'} does not exist in this ad account.`,
      1487057,
    );
  }
  const video = creative.videoId ? findVideo(world, account.accountId, creative.videoId) : undefined;
  if (video && !isVideoReady(video, now)) {
    throw userError(
      'Video Still Processing',
      `The video ${video.id} is still being processed. Create the ad once its status is ready.`,
    );
  }
  const today = todayIn(account.timezoneName, now);
  const startDate = adset.startDate > today ? adset.startDate : today;
  const id = newId(world, 'ad');
  const ad: Ad = {
    kind: 'Ad',
    id,
    accountId: account.accountId,
    campaignId: adset.campaignId,
    adsetId,
    name,
    creativeId,
    createdCreative: true,
    callToActionType: creative.callToActionType ?? 'LEARN_MORE',
    statusHistory: [{ from: startDate, value: status }],
    weight: 1,
    startDate,
    createdTime: now,
    updatedTime: now,
    profile: profileFor(id),
  };
  world.ads.set(id, ad);
  touch(world, adset.campaignId);
  return { id };
}

/** A creative used by an ad that is not deleted cannot be deleted (Meta answers the same). */
export function deleteCreative(world: World, creative: AdCreativeObject): void {
  const inUse = [...world.ads.values()].some(
    (ad) => ad.creativeId === creative.id && current(ad.statusHistory) !== 'DELETED',
  );
  if (inUse) {
    throw userError(
      'Creative In Use',
      'This creative is used by an ad. Delete the ad before deleting the creative.',
      1487173,
    );
  }
  world.creatives.delete(creative.id);
  world.revision += 1;
}

/** `DELETE /act_{id}/adimages?hash=…`: only images no live creative uses. */
export function deleteImage(world: World, account: AdAccount, params: CreateParams): void {
  const hash = required(params, 'hash');
  const image = findImage(world, account.accountId, hash);
  if (!image)
    throw userError('Image Not Found', `The image hash ${hash} doesn't match an image in this ad account.`, 1487242);
  // A seeded ad's image is always in use by that ad.
  const inUse =
    !world.images.has(`${account.accountId}:${hash}`) ||
    [...world.creatives.values()].some(
      (creative) => creative.accountId === account.accountId && creative.imageHash === hash,
    );
  if (inUse) {
    throw userError(
      'Image In Use',
      'This image is used by a creative. Delete the creative before deleting the image.',
      1487174,
    );
  }
  world.images.delete(`${account.accountId}:${hash}`);
  world.revision += 1;
}
