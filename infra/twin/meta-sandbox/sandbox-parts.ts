import { CallLog } from './call-log.js';
import { FaultSwitches, faultsFromEnv, type FaultSettings } from './faults.js';
import type { GraphDeps } from './graph-routes.js';
import type { OAuthContext } from './oauth.js';
import type { SandboxStateSaver } from './persisted-state.js';
import { ReportRuns } from './report-runs.js';
import type { SandboxWorld } from './sandbox-world.js';
import { DEVELOPMENT_TIER, STANDARD_TIER, UsageMeter, type UsageLimits } from './usage.js';

/** What answering a request needs: the world and the switches, meters and logs beside it. */
export interface SandboxParts {
  world: SandboxWorld;
  faults: FaultSwitches;
  usage: UsageMeter;
  calls: CallLog;
  reports: ReportRuns;
  saver: SandboxStateSaver | undefined;
  now: () => Date;
  /** The Graph routes' view of the current world. */
  graphDeps(): GraphDeps;
  /** Facebook Login's view of the current world. */
  oauthContext(): OAuthContext;
  /** Clears faults, usage and the call log; `{ world: true }` also reseeds the data and forgets tokens. */
  reset(options?: { world?: boolean }): void;
}

export interface SandboxPartsOptions {
  appId: string;
  appSecret: string;
  appName?: string;
  allowedRedirectUris?: string[];
  seed?: { seed?: number };
  usage?: 'development' | 'standard' | Partial<UsageLimits>;
  faults?: FaultSettings;
}

function usageLimits(option: SandboxPartsOptions['usage']): UsageLimits {
  if (option === 'development') return DEVELOPMENT_TIER;
  if (option === undefined || option === 'standard') return STANDARD_TIER;
  return { ...STANDARD_TIER, ...option };
}

export function sandboxParts(
  options: SandboxPartsOptions,
  world: SandboxWorld,
  now: () => Date,
  saver: SandboxStateSaver | undefined,
): SandboxParts {
  const app = { appId: options.appId, appSecret: options.appSecret };
  const seed = options.seed?.seed ?? 42;
  const faults = new FaultSwitches(() => world.state.tokens.expireAll());
  faults.set(options.faults ?? faultsFromEnv(process.env.META_SANDBOX_FAULTS));
  const usage = new UsageMeter(usageLimits(options.usage), now);
  const calls = new CallLog();
  const reports = new ReportRuns(now, () => faults.takeAsyncJobFail());

  return {
    world,
    faults,
    usage,
    calls,
    reports,
    saver,
    now,
    graphDeps: () => ({
      app,
      world: world.state.world,
      tokens: world.state.tokens,
      grants: world.state.grants,
      pixels: world.state.pixels,
      audiences: world.state.audiences,
      usage,
      reports,
      readContext: {
        world: world.state.world,
        model: world.state.model,
        seed,
        now,
        takeReduceData: () => faults.takeReduceData(),
        customAudienceTermsAccepted: (accountId) => world.state.audiences.hasAcceptedTerms(accountId),
      },
      requireAppsecretProof: () => faults.requireAppsecretProof,
      now,
      takeFailWrite: (edge) => faults.takeFailWrite(edge),
    }),
    oauthContext: () => ({
      app: {
        ...app,
        name: options.appName ?? 'Adsmith (local)',
        ...(options.allowedRedirectUris && { allowedRedirectUris: options.allowedRedirectUris }),
      },
      tokens: world.state.tokens,
      grants: world.state.grants,
      user: world.state.world.user,
      now,
    }),
    reset: ({ world: reseed = false } = {}) => {
      faults.reset();
      usage.reset();
      calls.clear();
      if (reseed) {
        world.state = world.fresh();
        reports.clear();
        // The file then holds the fresh seed alone: a restart comes back to the reset world.
        saver?.request();
      }
    },
  };
}
