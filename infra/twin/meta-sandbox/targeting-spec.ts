import { enumParameter, invalidParameter } from './graph-error.js';
import type { Json } from './read-context.js';
import reference from './meta-reference.json';
import { CITY_RADIUS, findGeo, type GeoLocation } from './geo-locations.js';
import { findInterest, type Interest } from './targeting-search.js';
import { checkAdvantageAudienceAges, parseAdvantageAudience } from './v26-rules.js';

/**
 * The `targeting` spec of ad sets and delivery estimates, checked the way Meta
 * does: keys from the Targeting reference, a location is required, ages 18–65
 * (Meta's floor for new ad sets in most markets; 13 is rejected here), genders
 * 1/2, interests by id from targeting search, placements from the placement enums.
 */

/** A targeted city with the radius around it (Meta's default when none is given: 25 miles). */
export interface TargetedCity {
  city: GeoLocation;
  radius: number;
  distanceUnit: 'mile' | 'kilometer';
}

export interface TargetingSpec {
  countries: string[];
  regions: GeoLocation[];
  cities: TargetedCity[];
  ageMin: number;
  ageMax: number;
  genders: number[];
  interests: Interest[];
  publisherPlatforms: string[];
  /** Custom audience ids the spec includes and excludes (`custom_audiences` / `excluded_custom_audiences`). */
  customAudiences: string[];
  excludedCustomAudiences: string[];
  /** `targeting_automation.advantage_audience` as sent (ad set creation requires it; estimates do not). */
  advantageAudience?: 0 | 1;
  /** Meta's locale keys (`locales`): only people who use Facebook or Instagram in one of them. */
  locales: number[];
}

/**
 * The locale keys the sandbox knows, as `GET /search?type=adlocale` names them in public code that calls it (the
 * reference folder has no locale list): the "(All)" groups and a few single locales. Any other key is refused, as
 * Meta refuses a locale it does not have.
 */
export const AD_LOCALES: Readonly<Record<number, string>> = {
  5: 'German',
  6: 'English (US)',
  9: 'French (France)',
  23: 'Spanish',
  24: 'English (UK)',
  1001: 'English (All)',
  1002: 'Spanish (All)',
  1003: 'French (All)',
  1004: 'Chinese (All)',
  1005: 'Portuguese (All)',
};

/** `locales`: an array of Meta's numeric locale keys, each one Meta has. */
function localeKeys(list: unknown): number[] {
  if (list === undefined) return [];
  if (!Array.isArray(list) || list.length === 0) {
    throw invalidParameter('(#100) param targeting[locales] must be a non-empty array of locale keys.');
  }
  return list.map((raw) => {
    const key = Number(raw);
    if (!Number.isInteger(key) || AD_LOCALES[key] === undefined) {
      throw targetingError(
        'Invalid Locale',
        `The locale ${String(raw)} is not valid. Use the keys that targeting search (type=adlocale) returns.`,
      );
    }
    return key;
  });
}

/** People on Meta's apps aged 18–65 per country (sandbox figures, rough orders of magnitude). */
export const ADULTS_BY_COUNTRY: Readonly<Record<string, number>> = {
  US: 240_000_000,
  CA: 30_000_000,
  MX: 85_000_000,
  BR: 140_000_000,
  GB: 50_000_000,
  IE: 3_500_000,
  DE: 55_000_000,
  FR: 45_000_000,
  ES: 32_000_000,
  IT: 36_000_000,
  NL: 12_000_000,
  SE: 7_000_000,
  PL: 22_000_000,
  JP: 60_000_000,
  KR: 20_000_000,
  AU: 20_000_000,
  NZ: 3_500_000,
  IN: 380_000_000,
  ID: 120_000_000,
  PH: 80_000_000,
  SG: 4_500_000,
  ZA: 25_000_000,
};

const TARGETING_KEYS = new Set<string>(reference.fields.Targeting);
const GEO_KEYS = new Set<string>(reference.fields.TargetingGeoLocation);
const PLATFORMS = reference.targeting_placements.publisher_platforms;

function targetingError(title: string, message: string, subcode?: number): Error {
  return invalidParameter('Invalid parameter', {
    ...(subcode !== undefined && { subcode }),
    userTitle: title,
    userMsg: message,
    blame: ['targeting'],
  });
}

function parseJsonObject(name: string, raw: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalidParameter(`(#100) param ${name} must be JSON object.`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalidParameter(`(#100) param ${name} must be JSON object.`);
  }
  return parsed as Record<string, unknown>;
}

function keysOf(list: unknown, name: string): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw invalidParameter(`(#100) param ${name} must be an array.`);
  return list.map((item) => {
    if (typeof item === 'string') return item;
    if (typeof item === 'object' && item !== null && typeof (item as { key?: unknown }).key === 'string') {
      return (item as { key: string }).key;
    }
    throw invalidParameter(`(#100) param ${name} must be an array of location objects with a key.`);
  });
}

function invalidLocation(type: 'region' | 'city', key: string): Error {
  return targetingError(
    'Invalid Location',
    `The ${type} key ${key} is not valid. Search for locations with type=adgeolocation and use the keys it returns.`,
    1487851,
  );
}

/** Cities: `{key}` or `{key, radius, distance_unit}` (both or neither), within Meta's radius bounds. */
function parseCities(list: unknown): TargetedCity[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw invalidParameter('(#100) param geo_locations[cities] must be an array.');
  return list.map((item): TargetedCity => {
    if (typeof item !== 'object' || item === null || typeof (item as { key?: unknown }).key !== 'string') {
      throw invalidParameter('(#100) param geo_locations[cities] must be an array of location objects with a key.');
    }
    const { key, radius, distance_unit: unit } = item as { key: string; radius?: unknown; distance_unit?: unknown };
    const city = findGeo('city', key);
    if (!city) throw invalidLocation('city', key);
    if (radius === undefined && unit === undefined) return { city, radius: 25, distanceUnit: 'mile' };
    if (unit !== 'mile' && unit !== 'kilometer') {
      throw invalidParameter(
        unit === undefined
          ? '(#100) param geo_locations[cities][distance_unit] is required when a radius is given.'
          : '(#100) param geo_locations[cities][distance_unit] must be one of {mile, kilometer}',
      );
    }
    const bounds = CITY_RADIUS[unit];
    const value = Number(radius);
    if (radius === undefined || !Number.isFinite(value) || value < bounds.min || value > bounds.max) {
      throw targetingError(
        'Invalid Radius',
        `The radius around ${city.name} must be from ${bounds.min} to ${bounds.max} ${unit === 'mile' ? 'miles' : 'kilometers'}.`,
        1487882,
      );
    }
    return { city, radius: value, distanceUnit: unit };
  });
}

/** Meta refuses locations that contain one another (a region in a targeted country, a city in a targeted region). */
function checkOverlap(countries: string[], regions: GeoLocation[], cities: TargetedCity[]): void {
  const overlap = (inner: string, outer: string) =>
    targetingError(
      'Locations Overlap',
      `Some of your locations overlap: ${inner} is inside ${outer}. Remove one of them and try again.`,
      1487479,
    );
  for (const region of regions) {
    if (countries.includes(region.countryCode)) throw overlap(region.name, region.countryName);
  }
  for (const { city } of cities) {
    if (countries.includes(city.countryCode)) throw overlap(city.name, city.countryName);
    if (city.region && regions.some((region) => region.key === city.region!.key)) {
      throw overlap(city.name, city.region.name);
    }
  }
}

/**
 * `custom_audiences` / `excluded_custom_audiences`: arrays of `{id}` (the Targeting reference's shape; the Advantage
 * lookalike example sends `custom_audiences: [{…}]`), ids being numbers. Whether each exists, is the account's and
 * is ready is the ad set's check (targeted-audiences.ts): an estimate only needs the shape.
 */
function audienceIds(list: unknown, name: string): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw invalidParameter(`(#100) param targeting[${name}] must be an array.`);
  return list.map((item) => {
    const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item;
    if ((typeof id !== 'string' && typeof id !== 'number') || !/^\d{1,20}$/.test(String(id)))
      throw invalidParameter(`(#100) param targeting[${name}] must be an array of objects with a numeric id.`);
    return String(id);
  });
}

export function parseTargeting(raw: string | undefined, name = 'targeting'): TargetingSpec {
  if (raw === undefined) throw invalidParameter(`(#100) The parameter ${name} is required`);
  const spec = parseJsonObject(name, raw);
  for (const key of Object.keys(spec)) {
    if (!TARGETING_KEYS.has(key)) throw invalidParameter(`(#100) param ${name} has unknown key ${key}`);
  }
  const geo = spec.geo_locations;
  if (typeof geo !== 'object' || geo === null || Array.isArray(geo)) {
    throw targetingError(
      'Location Required',
      'Your audience must include at least one location. Add a country, region or city and try again.',
      1487756,
    );
  }
  for (const key of Object.keys(geo)) {
    if (!GEO_KEYS.has(key)) throw invalidParameter(`(#100) param geo_locations has unknown key ${key}`);
  }
  const geoSpec = geo as Record<string, unknown>;
  const countries = keysOf(geoSpec.countries, 'geo_locations[countries]');
  for (const country of countries) {
    if (ADULTS_BY_COUNTRY[country] === undefined) {
      throw targetingError('Invalid Location', `The country code ${country} is not valid.`);
    }
  }
  const regions = keysOf(geoSpec.regions, 'geo_locations[regions]').map((key) => {
    const region = findGeo('region', key);
    if (!region) throw invalidLocation('region', key);
    return region;
  });
  const cities = parseCities(geoSpec.cities);
  checkOverlap(countries, regions, cities);
  if (countries.length + regions.length + cities.length === 0) {
    throw targetingError(
      'Location Required',
      'Your audience must include at least one location. Add a country, region or city and try again.',
      1487756,
    );
  }

  const ageMin = spec.age_min === undefined ? 18 : Number(spec.age_min);
  const ageMax = spec.age_max === undefined ? 65 : Number(spec.age_max);
  if (!Number.isInteger(ageMin) || ageMin < 18 || ageMin > 65) {
    throw targetingError('Invalid Minimum Age', 'The minimum age must be a whole number from 18 to 65.');
  }
  if (!Number.isInteger(ageMax) || ageMax < 18 || ageMax > 65) {
    throw targetingError('Invalid Maximum Age', 'The maximum age must be a whole number from 18 to 65.');
  }
  if (ageMin > ageMax) {
    throw targetingError('Invalid Age Range', 'The minimum age must not be greater than the maximum age.');
  }
  const advantageAudience = parseAdvantageAudience(spec.targeting_automation);
  checkAdvantageAudienceAges(advantageAudience, ageMin, ageMax);

  const genders = spec.genders === undefined ? [] : spec.genders;
  if (!Array.isArray(genders) || !genders.every((gender) => gender === 1 || gender === 2)) {
    throw invalidParameter('(#100) param genders must be an array of 1 (male) and 2 (female).');
  }

  const interests: Interest[] = [];
  const flexible = spec.flexible_spec === undefined ? [] : spec.flexible_spec;
  const direct = spec.interests === undefined ? [] : spec.interests;
  if (!Array.isArray(flexible) || !Array.isArray(direct)) {
    throw invalidParameter('(#100) param flexible_spec must be an array.');
  }
  const lists = [direct, ...flexible.map((entry) => (entry as { interests?: unknown }).interests ?? [])];
  for (const list of lists) {
    if (!Array.isArray(list)) throw invalidParameter('(#100) param interests must be an array.');
    for (const item of list as unknown[]) {
      const id = typeof item === 'object' && item !== null ? String((item as { id?: unknown }).id ?? '') : '';
      const interest = findInterest(id);
      if (!interest) {
        throw targetingError(
          'Invalid Interest',
          `The interest with ID ${id || '(none)'} is not valid. Search for interests with targeting search and use the IDs it returns.`,
          1487079,
        );
      }
      interests.push(interest);
    }
  }

  const platforms = spec.publisher_platforms === undefined ? [] : spec.publisher_platforms;
  if (!Array.isArray(platforms) || !platforms.every((platform) => PLATFORMS.includes(String(platform)))) {
    throw invalidParameter(`(#100) param publisher_platforms must be one of {${PLATFORMS.join(', ')}}`);
  }
  for (const [key, allowed] of Object.entries(reference.targeting_placements)) {
    if (!key.endsWith('_positions') || spec[key] === undefined) continue;
    const values = spec[key];
    const clean = (allowed as string[]).map((value) => value.split('(')[0]!).filter((value) => value !== 'explore');
    if (!Array.isArray(values) || !values.every((value) => clean.includes(String(value)))) {
      throw invalidParameter(`(#100) param ${key} must be one of {${clean.join(', ')}}`);
    }
  }

  return {
    countries,
    regions,
    cities,
    customAudiences: audienceIds(spec.custom_audiences, 'custom_audiences'),
    excludedCustomAudiences: audienceIds(spec.excluded_custom_audiences, 'excluded_custom_audiences'),
    ageMin,
    ageMax,
    genders: genders as number[],
    interests,
    publisherPlatforms: platforms as string[],
    locales: localeKeys(spec.locales),
    ...(advantageAudience !== undefined && { advantageAudience }),
  };
}

/** Monthly active people the spec reaches: country populations narrowed by age, gender and interests. */
export function audienceSize(spec: TargetingSpec): number {
  let people = spec.countries.reduce((sum, country) => sum + (ADULTS_BY_COUNTRY[country] ?? 0), 0);
  people += spec.regions.reduce((sum, region) => sum + region.people, 0);
  // A city's figure is for 25 miles around it; people grow with the area, about the radius squared.
  for (const { city, radius, distanceUnit } of spec.cities) {
    const miles = distanceUnit === 'mile' ? radius : radius / 1.609;
    people += city.people * Math.min(4, (miles / 25) ** 2);
  }
  people *= (spec.ageMax - spec.ageMin + 1) / 48;
  if (spec.genders.length === 1) people *= 0.5;
  if (spec.interests.length > 0) {
    // Interests are OR-ed: the share of people in any of them, capped well below everyone.
    const share = Math.min(0.6, spec.interests.reduce((sum, interest) => sum + interest.audience, 0) / 3.2e9);
    people *= share;
  }
  if (spec.publisherPlatforms.length > 0 && !spec.publisherPlatforms.includes('facebook')) people *= 0.55;
  return Math.max(1000, Math.round(people));
}

/** Meta reports audiences as a range rounded to two significant figures. */
export function audienceBounds(size: number): { lower: number; upper: number } {
  const round = (value: number) => {
    const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
    return Math.round(value / magnitude) * magnitude;
  };
  return { lower: round(size * 0.85), upper: round(size * 1.15) };
}

/** `GET /act_{id}/delivery_estimate?targeting_spec=…&optimization_goal=…` (v26 shape: no curve, no DAU). */
export function deliveryEstimate(params: Record<string, string | undefined>, goals: readonly string[]): Json {
  const goal = params.optimization_goal;
  if (goal === undefined) throw invalidParameter('(#100) The parameter optimization_goal is required');
  if (!goals.includes(goal)) throw enumParameter('optimization_goal', goals);
  const spec = parseTargeting(params.targeting_spec, 'targeting_spec');
  const bounds = audienceBounds(audienceSize(spec));
  return {
    data: [
      {
        estimate_mau_lower_bound: bounds.lower,
        estimate_mau_upper_bound: bounds.upper,
        estimate_ready: true,
        targeting_optimization_types: [],
      },
    ],
  };
}
