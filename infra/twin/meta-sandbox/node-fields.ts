import { renderLanguageFeed } from './language-feed.js';
import { addDays, formatGraphTime, localMidnight, type IsoDate } from './calendar.js';
import { attributionSpec, resultSpecFor, settingShare } from './insights-results.js';
import type { Json, ReadContext } from './read-context.js';
import {
  accountOf,
  children,
  current,
  effectiveStatusOf,
  valueOn,
  type Ad,
  type AdAccount,
  type AdCreativeObject,
  type AdSet,
  type Campaign,
  type World,
} from './world.js';
import { carouselLinkData } from './carousel-cards.js';
import { pageIdOf } from './account-assets.js';
import { findSeededImage, seededImageDataUrl, seededImageHash, seededLink, seededStorySpec } from './seeded-images.js';

/**
 * The fields of each Marketing API node type the sandbox can answer, rendered
 * the way Meta does: budgets and amounts as minor-unit strings, times in the
 * account's zone, references as `{id}`. A field returning undefined is valid
 * but not modelled, and is left out of the reply as Meta leaves out empty ones.
 */

function budgetFields(history: Campaign['budgetHistory'], today: string): Json {
  const budget = valueOn(history, today) ?? current(history);
  const fields: Json = {};
  if (budget?.daily !== undefined) fields.daily_budget = String(Math.round(budget.daily));
  if (budget?.lifetime !== undefined) fields.lifetime_budget = String(Math.round(budget.lifetime));
  return fields;
}

export function amountSpentMinor(ctx: ReadContext, account: AdAccount): number {
  const ads = [...ctx.world.ads.values()].filter((ad) => ad.accountId === account.accountId);
  return ads.reduce((sum, ad) => sum + ctx.model.series(ad).reduce((s, day) => s + day.spendMinor, 0), 0);
}

function spentToday(ctx: ReadContext, ads: Ad[], account: AdAccount): number {
  const today = ctx.model.today(account);
  return ads.reduce((sum, ad) => sum + ctx.model.day(ad, today).spendMinor, 0);
}

function time(instant: Date, account: AdAccount): string {
  return formatGraphTime(instant, account.timezoneName);
}

export function accountField(ctx: ReadContext, account: AdAccount, field: string): unknown {
  switch (field) {
    case 'id':
      return `act_${account.accountId}`;
    case 'account_id':
      return account.accountId;
    case 'name':
      return account.name;
    case 'currency':
      return account.currency;
    case 'timezone_name':
      return account.timezoneName;
    case 'timezone_id':
      return account.timezoneId;
    case 'timezone_offset_hours_utc':
      return account.timezoneOffsetHoursUtc;
    case 'account_status':
      return 1;
    case 'disable_reason':
      return 0;
    case 'amount_spent':
      return String(amountSpentMinor(ctx, account));
    case 'balance':
      return '0';
    case 'spend_cap':
      return '0';
    case 'min_daily_budget':
      return account.minDailyBudget;
    case 'created_time':
      return time(account.createdTime, account);
    case 'business_name':
      return account.businessName;
    case 'business_country_code':
      return account.currency === 'JPY' ? 'JP' : 'US';
    case 'owner':
      return account.ownerUserId;
    case 'age':
      return Number(((ctx.now().getTime() - account.createdTime.getTime()) / 86_400_000).toFixed(6));
    case 'is_personal':
      return 0;
    case 'is_prepay_account':
      return false;
    case 'capabilities':
      return [];
    case 'user_tasks':
      return ['DRAFT', 'ANALYZE', 'ADVERTISE', 'MANAGE'];
    case 'tos_accepted':
      // Website audiences' terms come accepted with the pixel; customer lists' terms are accepted on their page.
      return {
        ...(ctx.customAudienceTermsAccepted?.(account.accountId) && { custom_audience_tos: 1 }),
        web_custom_audience_tos: 1,
      };
    default:
      return undefined;
  }
}

export function campaignField(ctx: ReadContext, campaign: Campaign, field: string): unknown {
  const account = accountOf(ctx.world, campaign);
  const today = ctx.model.today(account);
  switch (field) {
    case 'id':
      return campaign.id;
    case 'account_id':
      return campaign.accountId;
    case 'name':
      return campaign.name;
    case 'objective':
      return campaign.objective;
    case 'status':
    case 'configured_status':
      return current(campaign.statusHistory);
    case 'effective_status':
      return effectiveStatusOf(ctx.world, campaign);
    case 'buying_type':
      return campaign.buyingType;
    case 'bid_strategy':
      return campaign.bidStrategy;
    case 'daily_budget':
    case 'lifetime_budget':
      return budgetFields(campaign.budgetHistory, today)[field];
    case 'budget_remaining': {
      const budget = current(campaign.budgetHistory);
      if (!budget) return '0';
      const ads = [...ctx.world.ads.values()].filter((ad) => ad.campaignId === campaign.id);
      if (budget.daily !== undefined) return String(Math.max(0, budget.daily - spentToday(ctx, ads, account)));
      const spent = ads.reduce((sum, ad) => sum + ctx.model.series(ad).reduce((s, d) => s + d.spendMinor, 0), 0);
      return String(Math.max(0, Math.round((budget.lifetime ?? 0) - spent)));
    }
    case 'is_adset_budget_sharing_enabled':
      return current(campaign.budgetHistory) ? undefined : false;
    case 'created_time':
      return time(campaign.createdTime, account);
    case 'updated_time':
      return time(campaign.updatedTime, account);
    case 'start_time':
      return time(localMidnight(campaign.startDate, account.timezoneName), account);
    case 'stop_time':
      return campaign.stopDate ? time(localMidnight(campaign.stopDate, account.timezoneName), account) : undefined;
    case 'special_ad_categories':
      return campaign.specialAdCategories;
    case 'special_ad_category':
      return 'NONE';
    case 'special_ad_category_country':
      return campaign.specialAdCategoryCountry;
    case 'can_use_spend_cap':
      return true;
    case 'pacing_type':
      return ['standard'];
    case 'smart_promotion_type':
      return 'GUIDED_CREATION';
    case 'source_campaign_id':
    case 'topline_id':
      return '0';
    case 'primary_attribution':
      return 'DEFAULT';
    default:
      return undefined;
  }
}

function promotedObject(campaign: Campaign, account: AdAccount): Json | undefined {
  const pageId = `10${account.accountId.slice(2, 15)}`;
  switch (campaign.objective) {
    case 'OUTCOME_SALES':
      return { pixel_id: `7${account.accountId.slice(1, 15)}`, custom_event_type: 'PURCHASE' };
    case 'OUTCOME_APP_PROMOTION':
      return {
        application_id: '1234567890123456',
        object_store_url: 'https://play.google.com/store/apps/details?id=com.example.outdoor',
      };
    case 'OUTCOME_LEADS':
    case 'OUTCOME_ENGAGEMENT':
      return { page_id: pageId };
    default:
      return undefined;
  }
}

/** Meta: an ad set leaves the learning phase after about 50 optimization events in 7 days. */
export const LEARNING_EVENTS_PER_WEEK = 50;

/** The last significant edit: the start, a budget change or a restart (Meta's last_sig_edit_ts). */
function lastSignificantEdit(adset: AdSet, campaign: Campaign): IsoDate {
  const dates = [
    adset.startDate,
    ...adset.budgetHistory.map((e) => e.from),
    ...campaign.budgetHistory.map((e) => e.from),
    ...adset.statusHistory.filter((e) => e.value === 'ACTIVE').map((e) => e.from),
  ];
  return dates.sort().at(-1)!;
}

/**
 * `learning_stage_info` as Meta reports it: LEARNING within 7 days of the last significant edit
 * until 50 optimization events, SUCCESS once it has them, FAIL ("Learning limited") when a week
 * went by without them. Events are the ad set's results (its optimization goal) over the last 7 days.
 */
function learningStage(ctx: ReadContext, adset: AdSet, campaign: Campaign, account: AdAccount) {
  const today = ctx.model.today(account);
  const spec = resultSpecFor(campaign.objective, adset.optimizationGoal);
  const share = spec.attributed ? settingShare(adset.attributionSetting) : 1;
  const ads = children(ctx.world).adsByAdset.get(adset.id) ?? [];
  let conversions = 0;
  for (let back = 1; back <= 7; back += 1) {
    const date = addDays(today, -back);
    for (const ad of ads) conversions += spec.count(ctx.model.day(ad, date)) * share;
  }
  conversions = Math.round(conversions);
  const edit = lastSignificantEdit(adset, campaign);
  const status = conversions >= LEARNING_EVENTS_PER_WEEK ? 'SUCCESS' : edit > addDays(today, -7) ? 'LEARNING' : 'FAIL';
  return {
    status,
    conversions,
    last_sig_edit_ts: Math.floor(localMidnight(edit, account.timezoneName).getTime() / 1000),
    attribution_windows: attributionSpec(adset.attributionSetting).map(
      (w) => `${w.window_days}d_${w.event_type === 'CLICK_THROUGH' ? 'click' : 'view'}`,
    ),
  };
}

export function adsetField(ctx: ReadContext, adset: AdSet, field: string): unknown {
  const account = accountOf(ctx.world, adset);
  const campaign = ctx.world.campaigns.get(adset.campaignId)!;
  const today = ctx.model.today(account);
  switch (field) {
    case 'id':
      return adset.id;
    case 'account_id':
      return adset.accountId;
    case 'campaign_id':
      return adset.campaignId;
    case 'campaign':
      return { id: adset.campaignId };
    case 'name':
      return adset.name;
    case 'status':
    case 'configured_status':
      return current(adset.statusHistory);
    case 'effective_status':
      return effectiveStatusOf(ctx.world, adset);
    case 'optimization_goal':
      return adset.optimizationGoal;
    case 'billing_event':
      return adset.billingEvent;
    case 'bid_strategy':
      return adset.bidStrategy;
    case 'destination_type':
      return adset.destinationType;
    case 'daily_budget':
    case 'lifetime_budget':
      return budgetFields(adset.budgetHistory, today)[field];
    case 'budget_remaining': {
      const budget = current(adset.budgetHistory);
      if (!budget?.daily) return '0';
      const ads = children(ctx.world).adsByAdset.get(adset.id) ?? [];
      return String(Math.max(0, budget.daily - spentToday(ctx, ads, account)));
    }
    case 'targeting':
      return {
        age_min: adset.ageMin,
        age_max: adset.ageMax,
        geo_locations: {
          ...(adset.countries.length > 0 && { countries: adset.countries }),
          ...(adset.regions?.length && { regions: adset.regions }),
          ...(adset.cities?.length && { cities: adset.cities }),
          location_types: ['home', 'recent'],
        },
        ...(adset.genders && { genders: adset.genders }),
        ...(adset.interests && { flexible_spec: [{ interests: adset.interests }] }),
        ...(adset.publisherPlatforms && { publisher_platforms: adset.publisherPlatforms }),
        ...(adset.locales && { locales: adset.locales }),
        ...(adset.customAudiences && { custom_audiences: adset.customAudiences }),
        ...(adset.excludedCustomAudiences && { excluded_custom_audiences: adset.excludedCustomAudiences }),
        targeting_automation: { advantage_audience: adset.advantageAudience },
      };
    case 'promoted_object':
      return promotedObject(campaign, account);
    case 'created_time':
      return time(adset.createdTime, account);
    case 'updated_time':
      return time(adset.updatedTime, account);
    case 'start_time':
      return time(localMidnight(adset.startDate, account.timezoneName), account);
    case 'end_time':
      return adset.endDate ? time(localMidnight(adset.endDate, account.timezoneName), account) : undefined;
    case 'pacing_type':
      return ['standard'];
    case 'is_dynamic_creative':
      return false;
    case 'attribution_spec':
      return attributionSpec(adset.attributionSetting);
    case 'learning_stage_info':
      return learningStage(ctx, adset, campaign, account);
    default:
      return undefined;
  }
}

export function adField(ctx: ReadContext, ad: Ad, field: string): unknown {
  const account = accountOf(ctx.world, ad);
  switch (field) {
    case 'id':
      return ad.id;
    case 'account_id':
      return ad.accountId;
    case 'campaign_id':
      return ad.campaignId;
    case 'adset_id':
      return ad.adsetId;
    case 'campaign':
      return { id: ad.campaignId };
    case 'adset':
      return { id: ad.adsetId };
    case 'creative':
      return { id: ad.creativeId };
    case 'name':
      return ad.name;
    case 'status':
    case 'configured_status':
      return current(ad.statusHistory);
    case 'effective_status':
      return effectiveStatusOf(ctx.world, ad);
    case 'created_time':
      return time(ad.createdTime, account);
    case 'updated_time':
      return time(ad.updatedTime, account);
    case 'tracking_specs':
      return [{ 'action.type': ['offsite_conversion'], fb_pixel: [`7${account.accountId.slice(1, 15)}`] }];
    default:
      return undefined;
  }
}

const SEEDED_BODY = 'Gear up for the trail: light, tough and made to last.';

/**
 * A seeded ad of an ad set optimising for ThruPlays plays a video (Meta serves those only with video): its creative
 * reads back as a video creative, its video id derived from the ad's.
 */
export function seededVideoId(ad: Ad, world?: World): string | undefined {
  if (world?.adsets.get(ad.adsetId)?.optimizationGoal !== 'THRUPLAY') return undefined;
  return `1207${ad.id.replace(/\D/g, '').slice(-12).padStart(12, '0')}`;
}

/**
 * Fields of a seeded ad's inline creative (a single-image link ad, or a video ad in a ThruPlay ad set; `world` gives
 * its Page and image).
 */
export function creativeField(ad: Ad, field: string, world?: World): unknown {
  const account = world?.accounts.get(ad.accountId);
  const videoId = seededVideoId(ad, world);
  if (videoId) {
    switch (field) {
      case 'object_type':
        return 'VIDEO';
      case 'video_id':
        return videoId;
      case 'object_story_spec': {
        if (!account) return undefined;
        const link = seededLink(ad);
        return {
          page_id: pageIdOf(account),
          video_data: {
            video_id: videoId,
            message: SEEDED_BODY,
            title: ad.name.split(' | ')[0]!,
            image_hash: seededImageHash(ad),
            call_to_action: { type: ad.callToActionType, value: { link } },
          },
        };
      }
    }
  }
  switch (field) {
    case 'image_hash':
      return seededImageHash(ad);
    case 'image_url':
    case 'thumbnail_url':
      return seededImageDataUrl(ad);
    case 'link_url':
      return seededLink(ad);
    case 'object_story_spec':
      return account
        ? seededStorySpec(account, ad, { message: SEEDED_BODY, headline: ad.name.split(' | ')[0]! })
        : undefined;
    case 'id':
      return ad.creativeId;
    case 'account_id':
      return ad.accountId;
    case 'name':
      return `${ad.name} creative`;
    case 'title':
      return ad.name.split(' | ')[0];
    case 'body':
      return SEEDED_BODY;
    case 'call_to_action_type':
      return ad.callToActionType;
    case 'object_type':
      return 'SHARE';
    case 'status':
      return 'ACTIVE';
    default:
      return undefined;
  }
}

/** Fields of a creative made through `POST /act_{id}/adcreatives`. */
export function createdCreativeField(creative: AdCreativeObject, field: string, world?: World): unknown {
  switch (field) {
    case 'image_url':
    case 'thumbnail_url': {
      // A carousel's thumbnail is its first card's image when link_data names none.
      const hash = creative.imageHash ?? creative.carousel?.cards[0]?.imageHash;
      const image =
        hash && world
          ? (world.images.get(`${creative.accountId}:${hash}`) ?? findSeededImage(world, creative.accountId, hash))
          : undefined;
      return image ? (image.dataUrl ?? image.url) : creative.picture;
    }
    case 'id':
      return creative.id;
    case 'account_id':
      return creative.accountId;
    case 'name':
      return creative.name;
    case 'title':
      return creative.headline;
    case 'body':
      return creative.message;
    case 'call_to_action_type':
      return creative.callToActionType;
    case 'image_hash':
      return creative.imageHash;
    case 'link_url':
      return creative.link;
    case 'object_type':
      return creative.videoId ? 'VIDEO' : 'SHARE';
    case 'video_id':
      return creative.videoId;
    case 'status':
      return 'ACTIVE';
    case 'asset_feed_spec':
      return creative.languageFeed ? renderLanguageFeed(creative.languageFeed) : undefined;
    case 'object_story_spec':
      // A multi-language creative's story names the Page only; its texts are in asset_feed_spec.
      if (creative.languageFeed) return { page_id: creative.pageId };
      if (creative.videoId) {
        return {
          page_id: creative.pageId,
          video_data: {
            video_id: creative.videoId,
            ...(creative.message !== undefined && { message: creative.message }),
            ...(creative.headline !== undefined && { title: creative.headline }),
            ...(creative.description !== undefined && { link_description: creative.description }),
            ...(creative.imageHash !== undefined && { image_hash: creative.imageHash }),
            ...(creative.picture !== undefined && { image_url: creative.picture }),
            call_to_action: { type: creative.callToActionType, value: { link: creative.link } },
          },
        };
      }
      return {
        page_id: creative.pageId,
        link_data: {
          link: creative.link,
          ...(creative.message !== undefined && { message: creative.message }),
          ...(creative.headline !== undefined && { name: creative.headline }),
          ...(creative.description !== undefined && { description: creative.description }),
          ...(creative.imageHash !== undefined && { image_hash: creative.imageHash }),
          ...(creative.picture !== undefined && { picture: creative.picture }),
          ...(creative.callToActionType !== undefined && {
            call_to_action: { type: creative.callToActionType, value: { link: creative.link } },
          }),
          ...(creative.carousel !== undefined && carouselLinkData(creative.carousel)),
        },
      };
    default:
      return undefined;
  }
}
