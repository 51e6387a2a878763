import * as z from 'zod';
import { videoData } from '../lib/meta/ad-videos';
import type { AdCopyLanguage } from '@shared/ad-copy-rules';
import { DEFAULT_CITY_RADIUS } from '@shared/campaign-rules';
import { baseLanguage, META_LOCALE_KEYS } from '@shared/copy-languages';
import type {
  CampaignBrief,
  DeliveryEstimate,
  PlanCity,
  PlanRegion,
  PlanAd,
  PlanInterest,
  PlanTargeting,
} from '@shared/schemas/campaign-plan';
import { validationError } from '../lib/errors';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import type { MetaSession } from '../lib/meta-session/session';
import type { AccountFacts } from './build-plan';

/**
 * The Meta reads the generator needs: account facts (currency, minimum budget,
 * page, pixel), targeting search, delivery estimates and ad previews. Every
 * reply is validated; the account must be one of the user's own.
 */

const AccountSchema = z.object({
  id: z.string(),
  currency: z.string(),
  min_daily_budget: z.coerce.number().int().optional(),
});
const ListSchema = z.object({ data: z.array(z.object({ id: z.string(), name: z.string().optional() })) });

export async function accountFacts(session: MetaSession, adAccountId: string): Promise<AccountFacts> {
  await ownedAdAccount(session, adAccountId);
  const [account, pages, pixels] = await Promise.all([
    session.graph.get(`/${adAccountId}`, { fields: 'id,currency,min_daily_budget' }, AccountSchema),
    session.graph.get(`/${adAccountId}/promote_pages`, { fields: 'id,name' }, ListSchema),
    session.graph.get(`/${adAccountId}/adspixels`, { fields: 'id,name' }, ListSchema),
  ]);
  return {
    adAccountId,
    currency: account.currency,
    // Meta's floor for offset-100 currencies is about 1.00; it reports the account's own.
    minDailyBudgetMinor: account.min_daily_budget ?? 100,
    ...(pages.data[0] && { pageId: pages.data[0].id }),
    ...(pixels.data[0] && { pixelId: pixels.data[0].id }),
  };
}

const InterestReplySchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      audience_size_lower_bound: z.number().optional(),
      audience_size_upper_bound: z.number().optional(),
      path: z.array(z.string()).optional(),
    }),
  ),
});

export async function searchInterests(session: MetaSession, query: string, limit = 10) {
  const reply = await session.graph.get('/search', { type: 'adinterest', q: query, limit }, InterestReplySchema);
  return reply.data.map((item) => ({
    id: item.id,
    name: item.name,
    ...(item.audience_size_lower_bound !== undefined && { audienceLower: item.audience_size_lower_bound }),
    ...(item.audience_size_upper_bound !== undefined && { audienceUpper: item.audience_size_upper_bound }),
    ...(item.path && { path: item.path }),
  }));
}

/**
 * Resolves free interest names to Meta's interests: the best match for the whole
 * name, else for its longest word; names Meta does not know stay unresolved (no id),
 * which the validator flags so the editor offers suggestions.
 */
export async function resolveInterests(session: MetaSession, names: string[]): Promise<PlanInterest[]> {
  const resolved: PlanInterest[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const words = name
      .split(/\s+/)
      .filter((word) => word.length >= 4)
      .sort((a, b) => b.length - a.length);
    let match: { id: string; name: string } | undefined;
    for (const query of [name, ...words.slice(0, 2)]) {
      match = (await searchInterests(session, query, 1))[0];
      if (match) break;
    }
    const interest = match ? { id: match.id, name: match.name } : { name };
    const key = interest.id ?? interest.name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    resolved.push(interest);
  }
  return resolved;
}

const GeoReplySchema = z.object({
  data: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      type: z.string(),
      country_code: z.string().optional(),
      region: z.string().optional(),
      region_id: z.coerce.string().optional(),
    }),
  ),
});

/**
 * Resolves the brief's region and city names to Meta's location keys through location search
 * (`type=adgeolocation`), keeping only places in the brief's countries. A name Meta does not
 * know there is refused with a 400 naming it, before anything is generated or stored.
 */
export async function resolveLocations(
  session: MetaSession,
  brief: Pick<CampaignBrief, 'countries' | 'regions' | 'cities'>,
): Promise<{ regions: PlanRegion[]; cities: PlanCity[] }> {
  const find = async (name: string, type: 'region' | 'city') => {
    const reply = await session.graph.get(
      '/search',
      { type: 'adgeolocation', q: name, location_types: JSON.stringify([type]), limit: 25 },
      GeoReplySchema,
    );
    const inCountries = reply.data.filter(
      (place) => place.type === type && place.country_code && brief.countries.includes(place.country_code),
    );
    const wanted = name.trim().toLowerCase();
    return inCountries.find((place) => place.name.toLowerCase() === wanted) ?? inCountries[0];
  };
  const unknown: Record<string, string> = {};
  const regions: PlanRegion[] = [];
  for (const [index, name] of brief.regions.entries()) {
    const place = await find(name, 'region');
    if (!place) unknown[`regions.${index}`] = `Meta knows no region "${name}" in ${brief.countries.join(', ')}.`;
    else if (!regions.some((region) => region.key === place.key))
      regions.push({ key: place.key, name: place.name, countryCode: place.country_code! });
  }
  const cities: PlanCity[] = [];
  for (const [index, name] of brief.cities.entries()) {
    const place = await find(name, 'city');
    if (!place) unknown[`cities.${index}`] = `Meta knows no city "${name}" in ${brief.countries.join(', ')}.`;
    else if (!cities.some((city) => city.key === place.key))
      cities.push({
        key: place.key,
        name: place.name,
        countryCode: place.country_code!,
        ...(place.region_id && { regionKey: place.region_id }),
        ...(place.region && { regionName: place.region }),
        ...DEFAULT_CITY_RADIUS,
      });
  }
  const problems = Object.values(unknown);
  if (problems.length > 0) {
    throw validationError(`${problems.join(' ')} Check the spelling, or the countries.`, unknown);
  }
  return { regions, cities };
}

/**
 * Meta's `geo_locations`: regions and cities by their keys, and the countries nothing narrows (a
 * country with a targeted region or city in it would overlap them, which Meta refuses).
 */
export function geoLocations(targeting: PlanTargeting): Record<string, unknown> {
  const narrowed = new Set([...targeting.regions, ...targeting.cities].map((place) => place.countryCode));
  const countries = targeting.countries.filter((country) => !narrowed.has(country));
  return {
    ...(countries.length > 0 && { countries }),
    ...(targeting.regions.length > 0 && { regions: targeting.regions.map((region) => ({ key: region.key })) }),
    ...(targeting.cities.length > 0 && {
      cities: targeting.cities.map((city) => ({
        key: city.key,
        radius: city.radius,
        distance_unit: city.distanceUnit,
      })),
    }),
  };
}

export function targetingSpec(targeting: PlanTargeting): Record<string, unknown> {
  return {
    geo_locations: geoLocations(targeting),
    age_min: targeting.ageMin,
    age_max: targeting.ageMax,
    // Since v23 Meta refuses an ad set without this flag (code 100, subcode 1870227). Our plans set
    // their own ages (and maybe genders), which Advantage+ audience (1) would treat as suggestions
    // and refuse below 65 / above 25, so we opt out.
    targeting_automation: { advantage_audience: 0 },
    ...(targeting.genders.length > 0 && { genders: targeting.genders.map((gender) => (gender === 'male' ? 1 : 2)) }),
    ...(targeting.interests.some((interest) => interest.id) && {
      flexible_spec: [
        {
          interests: targeting.interests
            .filter((interest) => interest.id)
            .map((interest) => ({ id: interest.id, name: interest.name })),
        },
      ],
    }),
    ...(targeting.placements !== 'advantage' && { publisher_platforms: targeting.placements.publisherPlatforms }),
    // One language's ad set (language-ad-sets.ts): the people who use Meta in it (Targeting spec `locales`).
    ...(targeting.locales?.length && { locales: targeting.locales }),
    // Meta's Targeting spec takes custom audiences as [{id}] lists (the Business SDK's Targeting fields
    // custom_audiences / excluded_custom_audiences; the targeting examples of the Marketing API's audience guides).
    ...(targeting.audiences?.length && {
      custom_audiences: targeting.audiences.map((audience) => ({ id: audience.id })),
    }),
    ...(targeting.excludedAudiences?.length && {
      excluded_custom_audiences: targeting.excludedAudiences.map((audience) => ({ id: audience.id })),
    }),
  };
}

const EstimateSchema = z.object({
  data: z.array(z.object({ estimate_mau_lower_bound: z.number(), estimate_mau_upper_bound: z.number() })).min(1),
});

export async function deliveryEstimate(
  session: MetaSession,
  adAccountId: string,
  optimizationGoal: string,
  targeting: PlanTargeting,
): Promise<DeliveryEstimate> {
  await ownedAdAccount(session, adAccountId);
  const reply = await session.graph.get(
    `/${adAccountId}/delivery_estimate`,
    { optimization_goal: optimizationGoal, targeting_spec: targetingSpec(targeting) },
    EstimateSchema,
  );
  return { lower: reply.data[0]!.estimate_mau_lower_bound, upper: reply.data[0]!.estimate_mau_upper_bound };
}

/** The creative's `object_story_spec` (link_data) for an ad of the plan. */
/**
 * A carousel's link_data: the ad's text above the cards, its link as the "see more" destination, then one
 * child attachment per card with its own link, image (by hash), headline, description and the ad's button.
 * Meta orders the cards by performance (multi_share_optimized) unless the marketer keeps their order, and
 * closes with the Page's end card.
 */
function carouselLinkData(ad: PlanAd): Record<string, unknown> {
  return {
    link: ad.link,
    message: ad.primaryText,
    child_attachments: (ad.cards ?? []).map((card) => ({
      link: card.link,
      name: card.headline,
      ...(card.description && { description: card.description }),
      ...(card.image && { image_hash: card.image.hash }),
      call_to_action: { type: ad.callToAction, value: { link: card.link } },
    })),
    multi_share_optimized: true,
    multi_share_end_card: true,
  };
}

export function storySpec(ad: PlanAd, pageId: string): Record<string, unknown> {
  if (ad.format === 'carousel') return { page_id: pageId, link_data: carouselLinkData(ad) };
  return {
    page_id: pageId,
    link_data: {
      link: ad.link,
      message: ad.primaryText,
      name: ad.headline,
      ...(ad.description && { description: ad.description }),
      call_to_action: { type: ad.callToAction, value: { link: ad.link } },
      // The image is already in the account's library: the creative names it by hash, as Meta takes it.
      ...(ad.image && { image_hash: ad.image.hash }),
    },
  };
}

/**
 * A single-image ad with translations as one Meta multi-language ad: the Page in object_story_spec, and an
 * asset_feed_spec with one labelled body, title, description and link per language, the image shared, and one
 * asset_customization_rule per language — the ad's own language the default (is_default) version, each other
 * version shown to its language's Meta locales (Multi-Language Ads guide; the sandbox's rules and sources are in
 * infra/twin/meta-sandbox/language-feed.ts).
 */
export function languageFeedSpec(ad: PlanAd): Record<string, unknown> {
  const own = {
    language: ad.language ?? 'en',
    headline: ad.headline,
    primaryText: ad.primaryText,
    description: ad.description,
  };
  const versions = [own, ...(ad.translations ?? [])];
  const label = (language: string) => [{ name: `lang-${language}` }];
  const ref = (language: string) => ({ name: `lang-${language}` });
  const withDescriptions = versions.some((v) => v.description.trim() !== '');
  return {
    ad_formats: ['SINGLE_IMAGE'],
    images: ad.image ? [{ hash: ad.image.hash }] : [],
    bodies: versions.map((v) => ({ text: v.primaryText, adlabels: label(v.language) })),
    titles: versions.map((v) => ({ text: v.headline, adlabels: label(v.language) })),
    ...(withDescriptions && {
      descriptions: versions.map((v) => ({ text: v.description || v.headline, adlabels: label(v.language) })),
    }),
    link_urls: versions.map((v) => ({ website_url: ad.link, adlabels: label(v.language) })),
    call_to_action_types: [ad.callToAction],
    asset_customization_rules: versions.map((v, i) => ({
      ...(i > 0 && {
        customization_spec: { locales: META_LOCALE_KEYS[baseLanguage(v.language) as AdCopyLanguage] ?? [] },
      }),
      body_label: ref(v.language),
      title_label: ref(v.language),
      ...(withDescriptions && { description_label: ref(v.language) }),
      link_url_label: ref(v.language),
      priority: i + 1,
      ...(i === 0 && { is_default: true }),
    })),
  };
}

/** What `POST /act_{id}/adcreatives` is sent for an ad of the plan: a multi-language ad when it has translations. */
export function creativeParams(
  ad: PlanAd,
  pageId: string,
  video?: { videoId: string; imageHash: string },
): Record<string, unknown> {
  if (ad.format === 'video') {
    if (!video) throw new Error(`The video of "${ad.name}" was not sent to the ad account.`);
    return {
      object_story_spec: {
        page_id: pageId,
        video_data: videoData({
          ...video,
          title: ad.headline,
          message: ad.primaryText,
          linkDescription: ad.description,
          callToAction: { type: ad.callToAction, link: ad.link },
        }),
      },
    };
  }
  if ((ad.translations?.length ?? 0) > 0 && ad.format !== 'carousel') {
    return { object_story_spec: { page_id: pageId }, asset_feed_spec: languageFeedSpec(ad) };
  }
  return { object_story_spec: storySpec(ad, pageId) };
}
