/**
 * Deterministic randomness: the same seed always yields the same world, so
 * tests and benchmarks can assert exact numbers and screenshots stay stable.
 */

export type Random = () => number;

/** mulberry32: tiny, fast, good enough for synthetic data (not for secrets). */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the joined keys: derives independent streams (per ad, per day) from one seed. */
export function hashKeys(...keys: Array<string | number>): number {
  let hash = 0x811c9dc5;
  for (const char of keys.join('\u0000')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function randomFor(...keys: Array<string | number>): Random {
  return mulberry32(hashKeys(...keys));
}

export function between(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

export function integerBetween(random: Random, min: number, max: number): number {
  return Math.floor(between(random, min, max + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Approximately normal noise (Irwin–Hall of 4), centred on 0 with sd≈1. */
export function gaussian(random: Random): number {
  return (random() + random() + random() + random() - 2) * Math.sqrt(3);
}

/** Rounds 2.4 to 2 or 3 with probabilities .6/.4 so small counts stay unbiased. */
export function stochasticRound(random: Random, value: number): number {
  const floor = Math.floor(value);
  return floor + (random() < value - floor ? 1 : 0);
}

/** Numeric id of `digits` digits with a fixed prefix, the shape Meta ids have. */
export function numericId(random: Random, prefix: string, digits: number): string {
  let id = prefix;
  while (id.length < digits) id += String(Math.floor(random() * 10));
  return id;
}
