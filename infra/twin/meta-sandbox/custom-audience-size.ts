import type { CustomAudience } from './custom-audiences.js';
import type { PixelEventLog } from './pixel-events.js';

/**
 * How many people an audience holds, and how Meta shows it: never an exact count, a range
 * (`approximate_count_lower_bound` / `_upper_bound`; the reference's example reads 4,900–5,100 for about 5,000,
 * developers.facebook.com/docs/marketing-api/reference/custom-audience), with its delivery and operation status.
 */

/** "Origin audiences must have at least 100 members" (docs/marketing-api/audiences/guides/lookalike-audiences). */
export const LOOKALIKE_MIN_SOURCE = 100;
/** Below this an audience does not deliver (Meta's 100-person floor for custom audiences in ad sets). */
export const DELIVERY_MIN_SIZE = 100;
/** The seeded pixel traffic is a sample: each event it holds stands for this many visits. */
const VISITS_PER_SEEDED_EVENT = 25;
/** Visits per distinct visitor in a retention window. */
const PEOPLE_PER_VISIT = 0.55;
/** People who engage with the account's Page per day of retention. */
const ENGAGED_PER_DAY = 160;
/** Monthly active people per country a lookalike picks its share from (rounded; others get DEFAULT_POPULATION). */
const POPULATION: Record<string, number> = {
  US: 250_000_000,
  CA: 28_000_000,
  GB: 45_000_000,
  DE: 40_000_000,
  FR: 40_000_000,
  AU: 20_000_000,
  JP: 55_000_000,
};
const DEFAULT_POPULATION = 20_000_000;

export interface SizeContext {
  pixels: PixelEventLog;
  nowS: number;
}

/** The event names a website rule's filters ask for (`event eq …`); empty when it filters on URLs only. */
function ruleEvents(rule: string | undefined): { events: Set<string>; byUrl: boolean } {
  const events = new Set<string>();
  let byUrl = false;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const entry = node as Record<string, unknown>;
    if (entry.field === 'event' && typeof entry.value === 'string') events.add(entry.value);
    if (entry.field === 'url' && typeof entry.value === 'string' && entry.value !== '') byUrl = true;
    Object.values(entry).forEach(visit);
  };
  if (rule) visit(JSON.parse(rule));
  return { events, byUrl };
}

function websiteSize(audience: CustomAudience, context: SizeContext): number {
  const retentionS = (audience.retentionDays ?? 30) * 86_400;
  const since = Math.max(context.nowS - retentionS, audience.prefill === false ? audience.timeCreated : 0);
  const { events, byUrl } = ruleEvents(audience.rule);
  const counted = context.pixels
    .received(audience.pixelId ?? '', since, context.nowS + 1)
    .filter((event) => !event.deduplicated && (events.size === 0 || events.has(event.eventName)));
  // A URL filter keeps the visits to the pages it names: about two in five on the demo shop.
  const share = byUrl ? 0.4 : 1;
  return Math.round(counted.length * share * VISITS_PER_SEEDED_EVENT * PEOPLE_PER_VISIT);
}

export function audienceSize(audience: CustomAudience, context: SizeContext): number {
  switch (audience.subtype) {
    case 'CUSTOM':
      return audience.members.size;
    case 'WEBSITE':
      return websiteSize(audience, context);
    case 'ENGAGEMENT':
      return (audience.retentionDays ?? 30) * ENGAGED_PER_DAY;
    case 'LOOKALIKE': {
      const spec = audience.lookalike!;
      return Math.round((POPULATION[spec.country] ?? DEFAULT_POPULATION) * (spec.ratio - spec.startingRatio));
    }
  }
}

function twoSignificant(value: number): number {
  if (value <= 0) return 0;
  const scale = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / scale) * scale;
}

/**
 * The range Meta reads back: about ±2 % rounded to two significant figures. Under 1,000 people Ads Manager says
 * "Below 1000" and no count is given: the sandbox answers 0–1,000 then.
 */
export function sizeBounds(size: number): { lower: number; upper: number } {
  if (size < 1000) return { lower: 0, upper: 1000 };
  return { lower: twoSignificant(size * 0.98), upper: twoSignificant(size * 1.02) };
}

export interface StatusCode {
  code: number;
  description: string;
}

/**
 * `delivery_status`: 200 "This audience is ready for use." is Meta's (lookalike guide, "Delivery status"); the
 * too-small code and words are the sandbox's reading of Ads Manager's "Audience too small" (not found verbatim).
 */
export function deliveryStatus(size: number): StatusCode {
  return size >= DELIVERY_MIN_SIZE
    ? { code: 200, description: 'This audience is ready for use.' }
    : { code: 300, description: 'This audience is too small to be used for ads. Add more people to it.' };
}

/**
 * `operation_status`: 200 "Normal" as Meta answers for a working audience; a customer list nothing was uploaded to
 * yet answers 410 "No upload" (the sandbox's code, not confirmed at Meta's reference).
 */
export function operationStatus(audience: CustomAudience): StatusCode {
  if (audience.subtype === 'CUSTOM' && audience.received === 0) return { code: 410, description: 'No upload' };
  return { code: 200, description: 'Normal' };
}
