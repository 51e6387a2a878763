import { InsightsModel } from '@infra/twin/meta-sandbox/insights-model';
import { seedWorld, type SeedOptions } from '@infra/twin/meta-sandbox/seed';
import type { World } from '@infra/twin/meta-sandbox/world';

/** A fixed instant: 15:30 UTC is 10:30 in New York and 00:30 the next day in Tokyo. */
export const FIXED_NOW = new Date('2026-11-21T15:30:00Z');

export function demoWorld(options: SeedOptions = {}, now: Date = FIXED_NOW): { world: World; model: InsightsModel } {
  const world = seedWorld(options, now);
  return { world, model: new InsightsModel(world, options.seed ?? 42, () => now) };
}

export function accountByCurrency(world: World, currency: string) {
  const account = [...world.accounts.values()].find((candidate) => candidate.currency === currency);
  if (!account) throw new Error(`no ${currency} account`);
  return account;
}
