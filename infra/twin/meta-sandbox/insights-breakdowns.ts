import { invalidParameter } from './graph-error.js';
import { randomFor, type Random } from './prng.js';
import { BREAKDOWN_VALUES } from './reference.js';
import type { Ad, AdSet } from './world.js';

/**
 * Breakdowns split an ad's daily numbers into segments by fixed, per-ad shares
 * (drawn from the seed), so segment rows always add up to the unsplit row.
 */

export interface Segment {
  values: Record<string, string>;
  share: number;
}

type ShareTable = Array<[string, number]>;

const AGE_BUCKETS: Array<[string, number, number, number]> = [
  ['18-24', 18, 24, 0.16],
  ['25-34', 25, 34, 0.3],
  ['35-44', 35, 44, 0.22],
  ['45-54', 45, 54, 0.15],
  ['55-64', 55, 64, 0.1],
  ['65+', 65, 200, 0.07],
];

const BASE_SHARES: Record<string, ShareTable> = {
  gender: [
    ['female', 0.52],
    ['male', 0.46],
    ['unknown', 0.02],
  ],
  publisher_platform: [
    ['facebook', 0.58],
    ['instagram', 0.36],
    ['audience_network', 0.04],
    ['messenger', 0.02],
  ],
  device_platform: [
    ['mobile_app', 0.82],
    ['mobile_web', 0.08],
    ['desktop', 0.1],
  ],
};

/**
 * Where an ad showed within each platform: Ads Manager's "Placement" breakdown is `publisher_platform` with
 * `platform_position` (values as Meta's insights report them; https://developers.facebook.com/docs/marketing-api/insights/breakdowns/).
 */
const POSITION_SHARES: Record<string, ShareTable> = {
  facebook: [
    ['feed', 0.55],
    ['facebook_reels', 0.15],
    ['facebook_stories', 0.12],
    ['marketplace', 0.08],
    ['video_feeds', 0.06],
    ['right_hand_column', 0.04],
  ],
  instagram: [
    ['feed', 0.45],
    ['instagram_stories', 0.25],
    ['instagram_reels', 0.22],
    ['instagram_explore', 0.08],
  ],
  audience_network: [
    ['an_classic', 0.7],
    ['rewarded_video', 0.3],
  ],
  messenger: [
    ['messenger_inbox', 0.6],
    ['messenger_stories', 0.4],
  ],
};

/** Breakdowns the sandbox can produce; other valid Meta breakdowns are refused explicitly. */
export const SUPPORTED_BREAKDOWNS = [
  'age',
  'gender',
  'publisher_platform',
  'platform_position',
  'device_platform',
  'country',
] as const;

/**
 * Combinations Meta allows among the supported ones (Meta's breakdowns page lists the combinations). A single
 * breakdown is fine except `platform_position`, which Meta answers only beside `publisher_platform`.
 */
const ALLOWED_COMBINATIONS = [
  ['age', 'gender'],
  ['publisher_platform', 'platform_position'],
  ['publisher_platform', 'platform_position', 'device_platform'],
];
const NEVER_ALONE = ['platform_position'];

export function validateBreakdowns(breakdowns: string[]): void {
  const unknown = breakdowns.filter((b) => !BREAKDOWN_VALUES.includes(b));
  if (unknown.length > 0) {
    throw invalidParameter(
      `(#100) ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not valid for breakdowns param. please check https://developers.facebook.com/docs/marketing-api/insights/breakdowns/ for all valid values`,
    );
  }
  const unsupported = breakdowns.filter((b) => !(SUPPORTED_BREAKDOWNS as readonly string[]).includes(b));
  if (unsupported.length > 0) {
    throw invalidParameter(
      `(#100) Breakdown ${unsupported.join(', ')} is not available in the Adsmith Meta sandbox (supported: ${SUPPORTED_BREAKDOWNS.join(', ')})`,
    );
  }
  if (breakdowns.length > 1 || NEVER_ALONE.includes(breakdowns[0] ?? '')) {
    const sorted = [...breakdowns].sort();
    const allowed = ALLOWED_COMBINATIONS.some(
      (combo) => combo.length === sorted.length && [...combo].sort().every((b, i) => b === sorted[i]),
    );
    if (!allowed) {
      throw invalidParameter(
        `(#100) Current combination of data breakdown columns (${breakdowns.join(', ')}) is invalid`,
      );
    }
  }
}

function jitter(random: Random, table: ShareTable): ShareTable {
  const raw = table.map(([key, share]): [string, number] => [key, share * (0.75 + 0.5 * random())]);
  const total = raw.reduce((sum, [, share]) => sum + share, 0);
  return raw.map(([key, share]) => [key, share / total]);
}

function sharesFor(breakdown: string, ad: Ad, adset: AdSet, seed: number, segment: Record<string, string>): ShareTable {
  if (breakdown === 'platform_position') {
    const platform = segment.publisher_platform ?? '';
    const positions = POSITION_SHARES[platform];
    if (!positions) throw new Error(`no positions for ${platform}`);
    return jitter(randomFor(seed, ad.id, breakdown, platform), positions);
  }
  const random = randomFor(seed, ad.id, breakdown);
  if (breakdown === 'age') {
    const inRange = AGE_BUCKETS.filter(([, min, max]) => max >= adset.ageMin && min <= adset.ageMax);
    return jitter(
      random,
      inRange.map(([key, , , share]) => [key, share]),
    );
  }
  if (breakdown === 'country') return adset.countries.map((country) => [country, 1 / adset.countries.length]);
  const base = BASE_SHARES[breakdown];
  if (!base) throw new Error(`no shares for ${breakdown}`);
  return jitter(random, base);
}

/** The segments of one ad for the requested breakdowns (one segment of share 1 when none). */
export function segmentsFor(breakdowns: string[], ad: Ad, adset: AdSet, seed: number): Segment[] {
  let segments: Segment[] = [{ values: {}, share: 1 }];
  // A position splits its platform's share, so the platform is split first whatever the order asked.
  const ordered = [...breakdowns].sort((a, b) => Number(a === 'platform_position') - Number(b === 'platform_position'));
  for (const breakdown of ordered) {
    segments = segments.flatMap((segment) =>
      sharesFor(breakdown, ad, adset, seed, segment.values).map(([value, share]) => ({
        values: { ...segment.values, [breakdown]: value },
        share: segment.share * share,
      })),
    );
  }
  return segments;
}
