import { createHash } from 'node:crypto';
import { forgetChildIndex, type World } from './world.js';

/**
 * What the world holds beyond its seed. The seed is deterministic for a given instant, so the
 * sandbox's saved state is that instant plus the objects that differ from what it seeds
 * (edited, created or removed through the Graph API), not a second copy of the whole world.
 */

export const WORLD_MAPS = ['accounts', 'campaigns', 'adsets', 'ads', 'images', 'creatives', 'videos'] as const;
export type WorldMapName = (typeof WORLD_MAPS)[number];

export interface MapChanges {
  /** Objects that differ from the seed or are new, in the map's order (new ones last, as created). */
  changed: Array<[string, unknown]>;
  /** Seeded keys no longer in the map (a deleted creative or image). */
  removed: string[];
}
export type WorldChanges = Record<WorldMapName, MapChanges>;

/** Each seeded object as JSON, by map and key: what "unchanged" means. */
export type WorldBaseline = Record<WorldMapName, Map<string, string>>;

const DATE_TAG = '$date';

/** JSON in which Dates stay Dates through a round trip (tagged `{"$date": iso}`), so nothing guesses by field name. */
export function encodeJson(value: unknown, space?: number): string {
  return JSON.stringify(
    value,
    function replace(this: Record<string, unknown>, key: string, encoded: unknown) {
      const raw = this[key];
      return raw instanceof Date ? { [DATE_TAG]: raw.toISOString() } : encoded;
    },
    space,
  );
}

export function decodeJson(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const keys = Object.keys(value);
    const tagged = (value as Record<string, unknown>)[DATE_TAG];
    // An unparseable date stays an Invalid Date, which the state schema refuses.
    return keys.length === 1 && typeof tagged === 'string' ? new Date(tagged) : value;
  });
}

export function baselineOf(world: World): WorldBaseline {
  const baseline = {} as WorldBaseline;
  for (const name of WORLD_MAPS) {
    const map = world[name] as Map<string, unknown>;
    baseline[name] = new Map([...map].map(([key, value]) => [key, encodeJson(value)]));
  }
  return baseline;
}

/** Identifies a seed: when the seed code or options change, saved changes no longer apply to it. */
export function fingerprintOf(world: World): string {
  const hash = createHash('sha256');
  hash.update(encodeJson(world.user));
  for (const name of WORLD_MAPS) {
    for (const [key, value] of world[name] as Map<string, unknown>)
      hash.update(`${name}\u0000${key}\u0000${encodeJson(value)}\n`);
  }
  return hash.digest('hex');
}

export function changesSince(baseline: WorldBaseline, world: World): WorldChanges {
  const changes = {} as WorldChanges;
  for (const name of WORLD_MAPS) {
    const map = world[name] as Map<string, unknown>;
    const seeded = baseline[name];
    changes[name] = {
      changed: [...map].filter(([key, value]) => seeded.get(key) !== encodeJson(value)),
      removed: [...seeded.keys()].filter((key) => !map.has(key)),
    };
  }
  return changes;
}

export function hasChanges(changes: WorldChanges): boolean {
  return WORLD_MAPS.some((name) => changes[name].changed.length > 0 || changes[name].removed.length > 0);
}

/** Puts saved changes back onto a freshly seeded world (edited objects keep their place, new ones go last). */
export function applyChanges(world: World, changes: WorldChanges): void {
  for (const name of WORLD_MAPS) {
    const map = world[name] as Map<string, unknown>;
    for (const key of changes[name].removed) map.delete(key);
    for (const [key, value] of changes[name].changed) map.set(key, value);
  }
  forgetChildIndex(world);
}

/** Every object's parents exist: saved changes that break the tree are not used (the caller starts from the seed). */
export function checkParents(world: World): void {
  const missing = (kind: string, id: string, parent: string) => {
    throw new Error(`${kind} ${id} belongs to ${parent}, which is not in the world`);
  };
  for (const campaign of world.campaigns.values())
    if (!world.accounts.has(campaign.accountId)) missing('campaign', campaign.id, `account ${campaign.accountId}`);
  for (const adset of world.adsets.values())
    if (!world.campaigns.has(adset.campaignId)) missing('ad set', adset.id, `campaign ${adset.campaignId}`);
  for (const ad of world.ads.values()) if (!world.adsets.has(ad.adsetId)) missing('ad', ad.id, `ad set ${ad.adsetId}`);
}

export function noChanges(): WorldChanges {
  return Object.fromEntries(WORLD_MAPS.map((name) => [name, { changed: [], removed: [] }])) as unknown as WorldChanges;
}
