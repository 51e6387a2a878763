import path from 'node:path';
import type { NotificationTuning } from './events/notification-queues';
import type { SeedOptions } from './meta-sandbox/seed';
import { autoPorts, portsFromEnv, type TwinPorts } from './twin-ports';

export const DEFAULT_REGION = 'us-east-1';

export interface TwinOptions {
  /** 'auto' picks free ports (tests); otherwise each missing port comes from its env var or default. */
  ports?: 'auto' | Partial<TwinPorts>;
  /** Where state lives: cognito users, tables, the HMAC key, endpoints.json. Default `<repo>/.local`. */
  stateDir?: string;
  /**
   * 'persisted' keeps tables in `<stateDir>/dynamodb`; 'memory' forgets them on stop.
   * Default: 'memory' with `ports: 'auto'` (tests), else 'persisted'.
   */
  dynamodb?: 'persisted' | 'memory';
  /** Start Vite for the web app. Default true. */
  web?: boolean;
  /** Start the Meta sandbox (Graph API + OAuth dialog). Default true. */
  meta?: boolean;
  /**
   * The AI model: 'auto' runs the offline demo model unless OPENAI_API_KEY or
   * OPENAI_BASE_URL is set (then that is used); 'offline' always runs it (tests). Default 'auto'.
   */
  ai?: 'auto' | 'offline';
  /** How the Meta sandbox seeds its world (benchmarks ask for hundreds of campaigns). */
  metaSeed?: SeedOptions;
  /**
   * Run the Meta sandbox on a worker thread of its own, so building a large reply never holds the twin's gateway
   * (Meta's servers are not in API Gateway's process). The large-account benches set it. Default false.
   */
  metaThread?: boolean;
  region?: string;
  /** The site the emailed links lead to. Default: the twin's web app (or where it would listen). */
  siteUrl?: string;
  /** Where `<fn>/handler.ts` live. Default `<repo>/lambdas`. */
  lambdasDir?: string;
  /** Progress lines; silent when omitted. */
  log?: (line: string) => void;
  /** One line per API request. */
  logRequests?: boolean;
  /** Queue and forwarder timings, scaled down by tests that replay long outages quickly. */
  notifications?: NotificationTuning;
  /**
   * The period of scheduled functions (EventBridge Scheduler's stand-in), or 'off'. Default:
   * `ADSMITH_SCHEDULE_TICK_MS`, else each function's declared rate.
   */
  scheduleTickMs?: number | 'off';
  /**
   * Seed the demo user's history for a first look: a recommendation approved days ago, measured on the
   * optimizer's Applied tab. `npm run dev` sets it; tests leave the sandbox's world as seeded. Default false.
   */
  demoHistory?: boolean;
  /**
   * Owners of paid workspaces must turn on authenticator-app MFA before routes that move money (the deployment
   * setting `mfaForPaidOwners`, on in prod). Default: `ADSMITH_MFA_FOR_PAID_OWNERS=required`, else off, so a local
   * demo owner on a paid plan is not stopped; the tests of the rule turn it on.
   */
  mfaForPaidOwners?: boolean;
}

/** The options with every default applied, as the twin's services read them. */
export interface TwinSettings {
  options: TwinOptions;
  /** Progress lines (silent unless the caller logs). */
  log: (line: string) => void;
  /** Lines about the state folder and the sandbox's world: the caller's log, else stderr. */
  warn: (line: string) => void;
  region: string;
  stateDir: string;
  ports: TwinPorts;
  /** Tables, queued jobs and the sandbox's world are forgotten on stop (a throwaway twin). */
  inMemory: boolean;
  /** The offline demo model runs, unless the developer brought a real key or another OpenAI-compatible server. */
  offline: boolean;
  repoRoot: string;
}

export function twinSettings(options: TwinOptions, repoRoot: string): TwinSettings {
  return {
    options,
    log: options.log ?? (() => undefined),
    warn: options.log ?? ((line) => console.warn(line)),
    region: options.region ?? DEFAULT_REGION,
    stateDir: path.resolve(options.stateDir ?? path.join(repoRoot, '.local')),
    ports: options.ports === 'auto' ? autoPorts() : { ...portsFromEnv(), ...options.ports },
    inMemory: (options.dynamodb ?? (options.ports === 'auto' ? 'memory' : 'persisted')) === 'memory',
    offline: options.ai === 'offline' || (!process.env.OPENAI_API_KEY && !process.env.OPENAI_BASE_URL),
    repoRoot,
  };
}
