import { invalidParameter } from './graph-error.js';
import { audienceSize, parseTargeting } from './targeting-spec.js';
import { adSetAudiences, type TargetedAudienceDeps } from './targeted-audiences.js';
import { checkSpecialCategoryRadius, requireAdvantageAudience } from './v26-rules.js';
import type { AdAccount, AdSet, Campaign } from './world.js';

/**
 * An ad set's `targeting` as the sandbox keeps it, checked as Meta checks it when an ad set is created or its
 * targeting is updated (`POST /{adset_id}` with `targeting`: Meta replaces the whole spec, so a caller sends the
 * spec it read with its change, e.g. one more `excluded_custom_audiences` entry).
 */
/** Categories whose ad sets may not narrow age or gender (housing, employment, credit/financial). */
const RESTRICTED_CATEGORIES = ['HOUSING', 'EMPLOYMENT', 'CREDIT', 'FINANCIAL_PRODUCTS_SERVICES'];

export type AdSetTargeting = Pick<
  AdSet,
  | 'audienceSize'
  | 'ageMin'
  | 'ageMax'
  | 'advantageAudience'
  | 'genders'
  | 'interests'
  | 'publisherPlatforms'
  | 'locales'
  | 'customAudiences'
  | 'excludedCustomAudiences'
  | 'countries'
  | 'regions'
  | 'cities'
>;

/** The optional parts, cleared before an update writes the new spec (a key left out of it is gone). */
export const OPTIONAL_TARGETING_KEYS = [
  'genders',
  'interests',
  'publisherPlatforms',
  'locales',
  'customAudiences',
  'excludedCustomAudiences',
  'regions',
  'cities',
] as const;

export function adSetTargeting(
  raw: string | undefined,
  account: AdAccount,
  campaign: Campaign,
  audiences: TargetedAudienceDeps | undefined,
): AdSetTargeting {
  const targeting = parseTargeting(raw);
  const advantageAudience = requireAdvantageAudience(targeting.advantageAudience);
  checkSpecialCategoryRadius(campaign.specialAdCategories, targeting.cities);
  const customAudiences = adSetAudiences(audiences, account, campaign.specialAdCategories, targeting);
  if (campaign.specialAdCategories.some((category) => RESTRICTED_CATEGORIES.includes(category))) {
    if (targeting.ageMin !== 18 || targeting.ageMax !== 65 || targeting.genders.length > 0) {
      throw invalidParameter('Invalid parameter', {
        subcode: 1892042,
        userTitle: 'Special Ad Category Restrictions',
        userMsg: `Ads in the special ad categories ${campaign.specialAdCategories.join(', ')} must target ages 18 to 65 and all genders.`,
      });
    }
  }
  return {
    audienceSize: audienceSize(targeting),
    ageMin: targeting.ageMin,
    ageMax: targeting.ageMax,
    advantageAudience,
    ...(targeting.genders.length > 0 && { genders: targeting.genders }),
    ...(targeting.interests.length > 0 && {
      interests: targeting.interests.map(({ id, name }) => ({ id, name })),
    }),
    ...(targeting.publisherPlatforms.length > 0 && { publisherPlatforms: targeting.publisherPlatforms }),
    ...(targeting.locales.length > 0 && { locales: targeting.locales }),
    ...customAudiences,
    countries: targeting.countries,
    ...(targeting.regions.length > 0 && {
      regions: targeting.regions.map((r) => ({ key: r.key, name: r.name, country: r.countryCode })),
    }),
    ...(targeting.cities.length > 0 && {
      cities: targeting.cities.map(({ city, radius, distanceUnit }) => ({
        key: city.key,
        name: city.name,
        region: city.region?.name ?? '',
        region_id: city.region?.key ?? '',
        country: city.countryCode,
        radius,
        distance_unit: distanceUnit,
      })),
    }),
  };
}
