import { mkdir } from 'node:fs/promises';
import { CustomAudienceStore } from './custom-audiences.js';
import path from 'node:path';
import { InsightsModel } from './insights-model.js';
import { loadSandboxState, setAsideSandboxState, type SandboxState } from './persisted-state.js';
import { PermissionGrants } from './permissions.js';
import type { PixelEventLog } from './pixel-events.js';
import { seedPixelEvents } from './pixel-seed.js';
import { seedPastApproval, type PastApproval } from './seeded-past-approval.js';
import { seedWorld, type SeedOptions } from './seed.js';
import { advanceDays, daysAdvanced } from './time-travel.js';
import { TokenStore } from './tokens.js';
import type { World } from './world.js';
import {
  applyChanges,
  baselineOf,
  changesSince,
  checkParents,
  fingerprintOf,
  type WorldBaseline,
} from './world-changes.js';

/** What the sandbox serves: the seeded world (as changed since) with its model, tokens and grants. */
export interface SandboxWorldState {
  world: World;
  model: InsightsModel;
  tokens: TokenStore;
  grants: PermissionGrants;
  /** What the pixels received: two seeded weeks, then what the Conversions API and the beacon bring (in memory only). */
  pixels: PixelEventLog;
  /** Custom audiences and the accounts that accepted their terms (in memory only, like the pixels' events). */
  audiences: CustomAudienceStore;
  pastApproval?: PastApproval | undefined;
  /** The instant the world was seeded for (it is kept across restarts, so the seed is the same world). */
  seededAt: Date;
  /** Only with a state file: the seed's fingerprint, and the seeded world (advanced as the live one) to diff against. */
  fingerprint?: string;
  baseline?: { days: number; objects: WorldBaseline };
}

export interface SandboxWorldOptions {
  seed?: SeedOptions;
  /** Seed a budget raise the demo marketer approved days ago (see seeded-past-approval.ts). */
  pastApproval?: boolean;
  /** Where the world is kept across restarts (persisted-state.ts); without it, in memory only. */
  stateFile?: string;
  now: () => Date;
  log: (line: string) => void;
}

/** The sandbox's current world, replaced whole on a world reset. */
export interface SandboxWorld {
  state: SandboxWorldState;
  /** True when the world at start came from the state file (a previous run's), not a fresh seed. */
  readonly keptWorld: boolean;
  /** A newly seeded world, for a reset. */
  fresh(): SandboxWorldState;
  /** What the state file holds now: the world as changes to its seed (advanced as far as the world was). */
  snapshot(): SandboxState;
}

/**
 * The world at start: the previous run's, put back from the state file (the same seed, the days advanced,
 * then what was written since), else a fresh seed. A damaged file is set aside and the world starts fresh.
 */
export async function openSandboxWorld(options: SandboxWorldOptions): Promise<SandboxWorld> {
  const { now, log } = options;
  const seed = options.seed?.seed ?? 42;

  /** The seeded world for an instant: the same instant (and seed code) gives the same world. */
  const seeded = (at: Date): { world: World; pastApproval?: PastApproval | undefined } => {
    const world = seedWorld(options.seed ?? {}, at);
    if (!options.pastApproval) return { world };
    return { world, pastApproval: seedPastApproval(world, new InsightsModel(world, seed, () => at), at) };
  };
  const stateOf = (at: Date, built: ReturnType<typeof seeded>): SandboxWorldState => ({
    world: built.world,
    model: new InsightsModel(built.world, seed, now),
    tokens: new TokenStore(now),
    grants: new PermissionGrants(),
    pixels: seedPixelEvents(built.world, at, seed),
    audiences: new CustomAudienceStore(),
    ...(built.pastApproval ? { pastApproval: built.pastApproval } : {}),
    seededAt: at,
    ...(options.stateFile && {
      fingerprint: fingerprintOf(built.world),
      baseline: { days: 0, objects: baselineOf(built.world) },
    }),
  });
  const fresh = (): SandboxWorldState => {
    const at = now();
    return stateOf(at, seeded(at));
  };

  let keptWorld = false;
  const restored = (saved: SandboxState): SandboxWorldState => {
    const built = seeded(saved.seededAt);
    let restoredState: SandboxWorldState;
    if (fingerprintOf(built.world) === saved.fingerprint) {
      keptWorld = true;
      restoredState = stateOf(saved.seededAt, built);
      if (saved.daysAdvanced > 0) {
        advanceDays(restoredState.world, saved.daysAdvanced);
        restoredState.baseline = { days: saved.daysAdvanced, objects: baselineOf(restoredState.world) };
      }
      applyChanges(restoredState.world, saved.world);
      checkParents(restoredState.world);
      restoredState.world.revision = Math.max(restoredState.world.revision, saved.revision);
    } else {
      // The seed code or options changed: the saved edits were made to objects that may no longer exist.
      log(
        `[meta] The sandbox's seed changed since ${options.stateFile} was saved: campaigns start again from the new seed (Meta connections are kept).`,
      );
      restoredState = fresh();
    }
    restoredState.tokens.restore(saved);
    restoredState.grants.restore(saved.grants);
    return restoredState;
  };

  let state: SandboxWorldState;
  if (options.stateFile) {
    await mkdir(path.dirname(options.stateFile), { recursive: true });
    const loaded = await loadSandboxState(options.stateFile, log);
    try {
      state = loaded.kind === 'loaded' ? restored(loaded.state) : fresh();
    } catch (error) {
      // A file that reads well but does not fit the world (an object whose parent is gone) is damaged too.
      await setAsideSandboxState(options.stateFile, error, log);
      keptWorld = false;
      state = fresh();
    }
  } else {
    state = fresh();
  }

  const holder: SandboxWorld = {
    state,
    keptWorld,
    fresh,
    snapshot: () => {
      const current = holder.state;
      const days = daysAdvanced(current.world);
      if (!current.baseline || current.baseline.days !== days) {
        const { world } = seeded(current.seededAt);
        if (days > 0) advanceDays(world, days);
        current.baseline = { days, objects: baselineOf(world) };
      }
      return {
        seededAt: current.seededAt,
        fingerprint: current.fingerprint ?? '',
        daysAdvanced: days,
        revision: current.world.revision,
        world: changesSince(current.baseline.objects, current.world),
        ...current.tokens.snapshot(),
        grants: current.grants.snapshot(),
      };
    },
  };
  return holder;
}
