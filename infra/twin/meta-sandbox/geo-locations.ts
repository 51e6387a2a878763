import { enumParameter, invalidParameter } from './graph-error.js';
import { hashKeys } from './prng.js';
import { jsonReply, type Reply } from './reply.js';

/**
 * Meta's location search (`GET /search?type=adgeolocation&q=…&location_types=[…]`) over a fixed
 * catalogue of regions and cities in the sandbox's markets. Keys are stable numbers derived from
 * the name (Meta's location keys are opaque numeric strings too); a targeting spec must use them.
 */

export type GeoType = 'country' | 'region' | 'city';

export interface GeoLocation {
  key: string;
  name: string;
  type: GeoType;
  countryCode: string;
  countryName: string;
  /** For a city: the region it is in. */
  region?: GeoLocation;
  /** Adults (18–65) on Meta's apps there; for a city, within Meta's default 25-mile radius. */
  people: number;
}

const COUNTRY_NAMES: Record<string, string> = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
  DE: 'Germany',
  FR: 'France',
  JP: 'Japan',
  AU: 'Australia',
};

/** [country, region, adults in millions, cities with adults in millions within 25 miles] */
const CATALOGUE: Array<[string, string, number, Array<[string, number]>]> = [
  [
    'US',
    'California',
    28,
    [
      ['Los Angeles', 9.5],
      ['San Francisco', 4.1],
      ['San Diego', 2.4],
      ['Sacramento', 1.6],
    ],
  ],
  [
    'US',
    'New York',
    14,
    [
      ['New York', 11.8],
      ['Buffalo', 0.8],
      ['Rochester', 0.7],
    ],
  ],
  [
    'US',
    'Texas',
    21,
    [
      ['Houston', 4.9],
      ['Austin', 1.9],
      ['Dallas', 4.6],
      ['San Antonio', 1.8],
    ],
  ],
  [
    'US',
    'Colorado',
    4.2,
    [
      ['Denver', 2.1],
      ['Boulder', 0.9],
      ['Colorado Springs', 0.6],
    ],
  ],
  [
    'US',
    'Washington',
    5.5,
    [
      ['Seattle', 3.0],
      ['Spokane', 0.4],
    ],
  ],
  [
    'US',
    'Oregon',
    3.1,
    [
      ['Portland', 1.8],
      ['Bend', 0.2],
    ],
  ],
  ['US', 'Utah', 2.3, [['Salt Lake City', 1.1]]],
  [
    'CA',
    'British Columbia',
    3.8,
    [
      ['Vancouver', 2.0],
      ['Victoria', 0.3],
    ],
  ],
  [
    'CA',
    'Ontario',
    11,
    [
      ['Toronto', 4.9],
      ['Ottawa', 1.0],
    ],
  ],
  [
    'GB',
    'England',
    38,
    [
      ['London', 7.6],
      ['Manchester', 2.1],
      ['Bristol', 0.8],
    ],
  ],
  [
    'GB',
    'Scotland',
    3.9,
    [
      ['Edinburgh', 0.7],
      ['Glasgow', 1.0],
    ],
  ],
  [
    'DE',
    'Bavaria',
    9.5,
    [
      ['Munich', 2.2],
      ['Nuremberg', 0.9],
    ],
  ],
  ['DE', 'Berlin', 2.9, [['Berlin', 3.1]]],
  ['FR', 'Île-de-France', 8.9, [['Paris', 7.9]]],
  ['JP', 'Tokyo', 9.8, [['Tokyo', 11.5]]],
  ['JP', 'Osaka', 6.2, [['Osaka', 6.8]]],
  ['JP', 'Hokkaido', 3.6, [['Sapporo', 1.7]]],
  ['AU', 'New South Wales', 5.8, [['Sydney', 3.9]]],
  ['AU', 'Victoria', 4.9, [['Melbourne', 3.8]]],
];

function geoKey(type: GeoType, ...parts: string[]): string {
  // Regions have short keys (Meta: "3847"), cities longer ones (Meta: "2420379"), both stable.
  const hash = hashKeys('geo', type, ...parts);
  return type === 'region' ? String(1000 + (hash % 9000)) : String(2_000_000 + (hash % 8_000_000));
}

export const GEO_LOCATIONS: GeoLocation[] = CATALOGUE.flatMap(([country, regionName, regionPeople, cities]) => {
  const region: GeoLocation = {
    key: geoKey('region', country, regionName),
    name: regionName,
    type: 'region',
    countryCode: country,
    countryName: COUNTRY_NAMES[country] ?? country,
    people: regionPeople * 1_000_000,
  };
  return [
    region,
    ...cities.map(([name, people]): GeoLocation => ({
      key: geoKey('city', country, regionName, name),
      name,
      type: 'city',
      countryCode: country,
      countryName: region.countryName,
      region,
      people: people * 1_000_000,
    })),
  ];
});

const byTypeAndKey = new Map(GEO_LOCATIONS.map((geo) => [`${geo.type}:${geo.key}`, geo]));

export function findGeo(type: 'region' | 'city', key: string): GeoLocation | undefined {
  return byTypeAndKey.get(`${type}:${key}`);
}

/** Meta's `distance_unit` values and the radius each allows around a city. */
export const CITY_RADIUS = { mile: { min: 10, max: 50 }, kilometer: { min: 17, max: 80 } } as const;

const LOCATION_TYPES = ['country', 'region', 'city'] as const;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

function locationTypes(raw: string | undefined): GeoType[] {
  if (raw === undefined) return [...LOCATION_TYPES];
  let parsed: unknown = raw;
  if (raw.trim().startsWith('[')) {
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw invalidParameter('(#100) param location_types must be an array.');
    }
  } else {
    parsed = [raw];
  }
  if (!Array.isArray(parsed) || parsed.length === 0) {
    throw invalidParameter('(#100) param location_types must be an array.');
  }
  for (const type of parsed) {
    if (!LOCATION_TYPES.includes(type as GeoType)) throw enumParameter('location_types', [...LOCATION_TYPES]);
  }
  return parsed as GeoType[];
}

function render(geo: GeoLocation): Record<string, unknown> {
  return {
    key: geo.key,
    name: geo.name,
    type: geo.type,
    country_code: geo.countryCode,
    country_name: geo.countryName,
    ...(geo.type === 'city' && geo.region ? { region: geo.region.name, region_id: Number(geo.region.key) } : {}),
    ...(geo.type === 'region' ? { region: geo.name, region_id: Number(geo.key) } : {}),
    supports_region: true,
    supports_city: true,
  };
}

/** `GET /search?type=adgeolocation`: names starting with the query (then containing it), countries too. */
export function handleGeoSearch(params: Record<string, string>): Reply {
  if (params.q === undefined || params.q.trim() === '') throw invalidParameter('(#100) The parameter q is required');
  const types = locationTypes(params.location_types);
  const limit = Math.min(Math.max(Number(params.limit ?? 25) || 25, 1), 1000);
  const query = fold(params.q);
  const countryCode = params.country_code?.toUpperCase();
  const countries: GeoLocation[] = Object.entries(COUNTRY_NAMES).map(([code, name]) => ({
    key: code,
    name,
    type: 'country',
    countryCode: code,
    countryName: name,
    people: 0,
  }));
  const candidates = [...countries, ...GEO_LOCATIONS].filter(
    (geo) => types.includes(geo.type) && (countryCode === undefined || geo.countryCode === countryCode),
  );
  const starts = candidates.filter((geo) => fold(geo.name).startsWith(query));
  const contains = candidates.filter((geo) => !starts.includes(geo) && fold(geo.name).includes(query));
  const byPeople = (a: GeoLocation, b: GeoLocation) => b.people - a.people;
  const found = [...starts.sort(byPeople), ...contains.sort(byPeople)].slice(0, limit);
  return jsonReply({
    data: found.map((geo) =>
      geo.type === 'country'
        ? {
            key: geo.key,
            name: geo.name,
            type: 'country',
            country_code: geo.key,
            supports_region: true,
            supports_city: true,
          }
        : render(geo),
    ),
  });
}
