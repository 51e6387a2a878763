import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { handleAdmin } from './admin-routes.js';
import { advanceDays, daysAdvanced } from './time-travel.js';
import { seedPastApproval, type PastApproval } from './seeded-past-approval.js';
import { previewPage } from './ad-previews.js';
import { handleBatch } from './batch.js';
import { CallLog } from './call-log.js';
import { FaultSwitches, faultsFromEnv, type FaultSettings } from './faults.js';
import { GraphError, LATEST_VERSION, newTraceId, transientServerError, unknownPath } from './graph-error.js';
import { accountIdForPath, handleGraph, type GraphDeps, type GraphRequest } from './graph-routes.js';
import { InsightsModel } from './insights-model.js';
import { ReportRuns } from './report-runs.js';
import { accessToken, debugToken, dialogDecision, dialogPage, type OAuthContext } from './oauth.js';
import { PermissionGrants } from './permissions.js';
import type { Reply } from './reply.js';
import { MAX_IMAGE_UPLOAD_BODY_BYTES, parseBody, queryParams, readBody } from './request-input.js';
import { checkSandboxOptions } from './sandbox-options.js';
import { seedWorld, type SeedOptions } from './seed.js';
import { TokenStore } from './tokens.js';
import { DEVELOPMENT_TIER, STANDARD_TIER, UsageMeter, type UsageLimits } from './usage.js';
import type { World } from './world.js';
import { loadSandboxState, SandboxStateSaver, setAsideSandboxState, type SandboxState } from './persisted-state.js';
import {
  applyChanges,
  baselineOf,
  changesSince,
  checkParents,
  fingerprintOf,
  type WorldBaseline,
} from './world-changes.js';

export type { SeedOptions } from './seed.js';
export type { FaultSettings } from './faults.js';
export { FaultSwitches } from './faults.js';

/**
 * The local Meta: Facebook Login (dialog + token endpoints) and the Graph /
 * Marketing API for the seeded demo user, on one port, speaking Meta's
 * shapes, errors, paging and rate-limit headers. See README.md beside this file.
 */

export interface MetaSandboxOptions {
  /** 0 picks a free port. */
  port: number | 0;
  /** Default 127.0.0.1. */
  host?: string;
  appId: string;
  appSecret: string;
  /** Shown on the consent dialog. Default "Adsmith (local)". */
  appName?: string;
  /** When set, the dialog only accepts redirect_uri values starting with one of these. */
  allowedRedirectUris?: string[];
  seed?: SeedOptions;
  now?: () => Date;
  /** Usage tier (or exact limits). Default 'standard' so normal browsing never trips the limits. */
  usage?: 'development' | 'standard' | Partial<UsageLimits>;
  /** Initial fault switches; default from the META_SANDBOX_FAULTS env var (JSON). */
  faults?: FaultSettings;
  /** Seed a budget raise the demo marketer approved in Adsmith days ago (`npm run dev`; see seeded-past-approval.ts). */
  pastApproval?: boolean;
  /**
   * Keep tokens, grants and Graph writes in this file across restarts (persisted-state.ts); the twin
   * uses `.local/meta-sandbox.json`. Without it everything is in memory only.
   */
  stateFile?: string;
  /** Where a line about the state file goes (a damaged file set aside, a changed seed). Default console.warn. */
  log?: (line: string) => void;
}

export interface MetaSandbox {
  url: string;
  stop(): Promise<void>;
  faults: FaultSwitches;
  /** Graph calls answered so far (same as GET /__admin/calls). */
  calls(): ReturnType<CallLog['snapshot']>;
  /** Clears faults, usage and the call log; `{ world: true }` also reseeds the data and forgets tokens. */
  reset(options?: { world?: boolean }): void;
  /** The demo approval seeded in the current world (option `pastApproval`), if any. */
  pastApproval(): PastApproval | undefined;
  /** Resolves once every change so far is in the state file (option `stateFile`); at once without one. */
  saved(): Promise<void>;
  /** True when the world at start came from the state file (a previous run's), not a fresh seed. */
  readonly keptWorld: boolean;
}

const VERSION_PATTERN = /^v\d+\.\d+$/;

function usageLimits(option: MetaSandboxOptions['usage']): UsageLimits {
  if (option === 'development') return DEVELOPMENT_TIER;
  if (option === undefined || option === 'standard') return STANDARD_TIER;
  return { ...STANDARD_TIER, ...option };
}

interface State {
  world: World;
  model: InsightsModel;
  tokens: TokenStore;
  grants: PermissionGrants;
  pastApproval?: PastApproval | undefined;
  /** The instant the world was seeded for (it is kept across restarts, so the seed is the same world). */
  seededAt: Date;
  /** Only with a state file: the seed's fingerprint, and the seeded world (advanced as the live one) to diff against. */
  fingerprint?: string;
  baseline?: { days: number; objects: WorldBaseline };
}

export async function startMetaSandbox(options: MetaSandboxOptions): Promise<MetaSandbox> {
  checkSandboxOptions(options);
  const now = options.now ?? (() => new Date());
  const seed = options.seed?.seed ?? 42;
  const app = { appId: options.appId, appSecret: options.appSecret };
  const appName = options.appName ?? 'Adsmith (local)';

  const log = options.log ?? ((line: string) => console.warn(line));

  /** The seeded world for an instant: the same instant (and seed code) gives the same world. */
  const seeded = (at: Date): { world: World; pastApproval?: PastApproval | undefined } => {
    const world = seedWorld(options.seed ?? {}, at);
    if (!options.pastApproval) return { world };
    return { world, pastApproval: seedPastApproval(world, new InsightsModel(world, seed, () => at), at) };
  };
  const stateOf = (at: Date, built: ReturnType<typeof seeded>): State => ({
    world: built.world,
    model: new InsightsModel(built.world, seed, now),
    tokens: new TokenStore(now),
    grants: new PermissionGrants(),
    ...(built.pastApproval ? { pastApproval: built.pastApproval } : {}),
    seededAt: at,
    ...(options.stateFile && {
      fingerprint: fingerprintOf(built.world),
      baseline: { days: 0, objects: baselineOf(built.world) },
    }),
  });
  const fresh = (): State => {
    const at = now();
    return stateOf(at, seeded(at));
  };

  /** The previous run's state put back: the same seed, the days advanced, then what was written since. */
  const restored = (saved: SandboxState): State => {
    const built = seeded(saved.seededAt);
    let restoredState: State;
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

  let keptWorld = false;
  let state: State;
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

  /** What the state file holds now: the world as changes to its seed (advanced as far as the world was). */
  const snapshot = (): SandboxState => {
    const days = daysAdvanced(state.world);
    if (!state.baseline || state.baseline.days !== days) {
      const { world } = seeded(state.seededAt);
      if (days > 0) advanceDays(world, days);
      state.baseline = { days, objects: baselineOf(world) };
    }
    return {
      seededAt: state.seededAt,
      fingerprint: state.fingerprint ?? '',
      daysAdvanced: days,
      revision: state.world.revision,
      world: changesSince(state.baseline.objects, state.world),
      ...state.tokens.snapshot(),
      grants: state.grants.snapshot(),
    };
  };
  const saver = options.stateFile ? new SandboxStateSaver(options.stateFile, snapshot, log) : undefined;
  const faults = new FaultSwitches(() => state.tokens.expireAll());
  faults.set(options.faults ?? faultsFromEnv(process.env.META_SANDBOX_FAULTS));
  const usage = new UsageMeter(usageLimits(options.usage), now);
  const calls = new CallLog();
  const reports = new ReportRuns(now, () => faults.takeAsyncJobFail());

  const reset = ({ world = false }: { world?: boolean } = {}) => {
    faults.reset();
    usage.reset();
    calls.clear();
    if (world) {
      state = fresh();
      reports.clear();
      // The file then holds the fresh seed alone: a restart comes back to the reset world.
      saver?.request();
    }
  };

  const graphDeps = (): GraphDeps => ({
    app,
    world: state.world,
    tokens: state.tokens,
    grants: state.grants,
    usage,
    reports,
    readContext: {
      world: state.world,
      model: state.model,
      seed,
      now,
      takeReduceData: () => faults.takeReduceData(),
    },
    requireAppsecretProof: () => faults.requireAppsecretProof,
    now,
    takeFailWrite: (edge) => faults.takeFailWrite(edge),
  });
  const oauthContext = (): OAuthContext => ({
    app: {
      ...app,
      name: appName,
      ...(options.allowedRedirectUris && { allowedRedirectUris: options.allowedRedirectUris }),
    },
    tokens: state.tokens,
    grants: state.grants,
    user: state.world.user,
    now,
  });

  /** Dispatches one Graph call (a plain request or a batch item) after the fault switches had their say. */
  async function dispatch(call: GraphRequest): Promise<{ reply: Reply; accountId?: string }> {
    const { segments, params } = call;
    if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    if (faults.takeServerError()) throw transientServerError();
    const accountId = accountIdForPath(state.world, segments, reports);
    if (faults.takeRateLimit()) {
      throw accountId
        ? usage.throttled(accountId, segments[1] === 'insights' ? 'ads_insights' : 'ads_management')
        : usage.userThrottled();
    }
    if (segments[0] === 'oauth' && segments[1] === 'access_token' && segments.length === 2) {
      return { reply: accessToken(oauthContext(), params) };
    }
    if (segments[0] === 'debug_token' && segments.length === 1) {
      return { reply: debugToken(oauthContext(), params, call.authorization) };
    }
    if (segments.length === 0) throw unknownPath('/');
    const handled = await handleGraph(graphDeps(), call);
    if (call.method === 'POST' && handled.reply.status < 300) faults.wrote();
    return handled;
  }

  /** One Graph call end to end: dispatch, Meta-shaped error, call log, usage headers. */
  async function graphCall(call: GraphRequest): Promise<Reply> {
    const started = Date.now();
    usage.recordAppCall();
    let outcome: { reply: Reply; accountId?: string };
    try {
      outcome = await dispatch(call);
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      const accountId = accountIdForPath(state.world, call.segments);
      outcome = {
        reply: { status: error.httpStatus, json: { error: error.body }, headers: error.headers },
        ...(accountId && { accountId }),
      };
    }
    const reply = outcome.reply;
    const errorCode = (reply.json as { error?: { code?: number } } | undefined)?.error?.code;
    calls.record({
      at: now().toISOString(),
      method: call.method,
      path: `/${call.version}/${call.segments.join('/')}`,
      params: call.params,
      status: reply.status,
      ...(outcome.accountId && { accountId: outcome.accountId }),
      ...(errorCode !== undefined && { errorCode }),
      durationMs: Date.now() - started,
    });
    const type = call.segments[1] === 'insights' ? 'ads_insights' : 'ads_management';
    return {
      ...reply,
      headers: {
        ...usage.appHeaders(),
        ...(outcome.accountId && !reply.headers?.['X-Business-Use-Case-Usage']
          ? usage.accountHeaders(outcome.accountId, type)
          : {}),
        ...(outcome.accountId && type === 'ads_insights' ? usage.insightsThrottleHeader(outcome.accountId) : {}),
        'facebook-api-version': call.version,
        ...reply.headers,
      },
    };
  }

  async function handle(request: IncomingMessage): Promise<Reply> {
    const url = new URL(request.url ?? '/', 'http://sandbox.local');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const rawMethod = (request.method ?? 'GET').toUpperCase();
    const body =
      rawMethod === 'GET' || rawMethod === 'HEAD'
        ? Buffer.alloc(0)
        : await readBody(request, path.endsWith('/adimages') ? MAX_IMAGE_UPLOAD_BODY_BYTES : undefined);

    if (path.startsWith('/__admin/')) {
      return handleAdmin(
        {
          faults,
          calls,
          reset: (o) => reset(o),
          advanceDays: (days) => {
            advanceDays(state.world, days);
            return { daysAdvanced: daysAdvanced(state.world) };
          },
        },
        rawMethod,
        path,
        body.toString('utf8'),
      );
    }
    if (rawMethod === 'OPTIONS') {
      return {
        status: 204,
        headers: {
          'Access-Control-Allow-Methods': 'GET, POST, DELETE',
          'Access-Control-Allow-Headers': 'Authorization, Content-Type',
          'Access-Control-Max-Age': '86400',
        },
      };
    }

    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    let version = LATEST_VERSION;
    if (segments[0] && VERSION_PATTERN.test(segments[0])) version = segments.shift()!;

    const query = queryParams(url);
    const form = parseBody(body, request.headers['content-type']);
    const params = { ...query, ...form };

    if (rawMethod === 'GET' && path === '/ads/api/preview_iframe.php') return previewPage(state.world, params.d);
    if (segments[0] === 'dialog' && segments[1] === 'oauth') {
      if (rawMethod === 'GET' && segments.length === 2) return dialogPage(oauthContext(), version, params);
      if (rawMethod === 'POST' && segments[2] === 'confirm') return dialogDecision(oauthContext(), params);
    }

    // Graph, like the JS SDK relies on, lets `method=` override the HTTP verb.
    const override = params.method?.toUpperCase();
    const method = override === 'GET' || override === 'POST' || override === 'DELETE' ? override : rawMethod;
    if (method !== 'GET' && method !== 'POST' && method !== 'DELETE') {
      return { status: 400, json: { error: unknownPath(path).body } };
    }
    const origin = `http://${request.headers.host ?? 'localhost'}`;
    const authorization = request.headers.authorization;
    if (method === 'POST' && segments.length === 0 && params.batch !== undefined) {
      try {
        return await handleBatch(params, { authorization, origin, version }, graphCall);
      } catch (error) {
        if (!(error instanceof GraphError)) throw error;
        return { status: error.httpStatus, json: { error: error.body }, headers: usage.appHeaders() };
      }
    }
    return graphCall({ method, version, segments, params, query, authorization, origin });
  }

  function send(response: ServerResponse, reply: Reply): void {
    const headers: Record<string, string> = { 'Access-Control-Allow-Origin': '*', ...reply.headers };
    if (reply.redirect) {
      response.writeHead(302, { ...headers, Location: reply.redirect });
      response.end();
      return;
    }
    if (reply.html !== undefined) {
      response.writeHead(reply.status, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
      response.end(reply.html);
      return;
    }
    if (reply.json === undefined) {
      response.writeHead(reply.status, headers);
      response.end();
      return;
    }
    const traceId = (reply.json as { error?: { fbtrace_id?: string } }).error?.fbtrace_id ?? newTraceId();
    // Graph escapes forward slashes in its JSON output.
    const text = JSON.stringify(reply.json).replace(/\//g, '\\/');
    response.writeHead(reply.status, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Cache-Control': 'private, no-cache, no-store, must-revalidate',
      Pragma: 'no-cache',
      Expires: 'Sat, 01 Jan 2000 00:00:00 GMT',
      'x-fb-trace-id': traceId,
      'x-fb-rev': '1029384756',
      ...headers,
    });
    response.end(text);
  }

  /** Reads never change what is saved; anything else (a write, a login, an admin switch) may. */
  const mayChangeState = (request: IncomingMessage): boolean => {
    const method = (request.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') return true;
    const url = new URL(request.url ?? '/', 'http://sandbox.local');
    // Graph's `method=` override, and the token endpoint, which issues tokens on a GET.
    return url.searchParams.has('method') || url.pathname.replace(/\/+$/, '').endsWith('/oauth/access_token');
  };

  const server = createServer((request, response) => {
    handle(request)
      .finally(() => {
        // Once the change is made: the save that follows sees it.
        if (saver && mayChangeState(request)) saver.request();
      })
      .then((reply) => send(response, reply))
      .catch((error: unknown) => {
        if (error instanceof GraphError) {
          send(response, { status: error.httpStatus, json: { error: error.body }, headers: error.headers });
          return;
        }
        // A sandbox bug: answer like Meta's unknown error, and say so on stderr.
        console.error('[meta-sandbox] unexpected error', error);
        send(response, {
          status: 500,
          json: {
            error: {
              message: 'An unknown error has occurred.',
              type: 'OAuthException',
              code: 1,
              fbtrace_id: newTraceId(),
            },
          },
        });
      });
  });
  server.keepAliveTimeout = 5_000;

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}`,
    faults,
    calls: () => calls.snapshot(),
    reset,
    pastApproval: () => state.pastApproval,
    saved: async () => saver?.settled(),
    keptWorld,
    stop: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      // Nothing written before the stop is lost: the last changes reach the file first.
      await saver?.settled();
    },
  };
}
