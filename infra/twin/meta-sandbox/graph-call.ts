import { GraphError, transientServerError, unknownPath } from './graph-error.js';
import { accountIdForPath, handleGraph, type GraphOutcome, type GraphRequest } from './graph-routes.js';
import { accessToken, debugToken } from './oauth.js';
import type { Reply } from './reply.js';
import type { SandboxParts } from './sandbox-parts.js';

/** Dispatches one Graph call (a plain request or a batch item) after the fault switches had their say. */
async function dispatch(parts: SandboxParts, call: GraphRequest): Promise<GraphOutcome> {
  const { faults, usage, reports } = parts;
  const { segments, params } = call;
  const world = parts.world.state.world;
  if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
  if (faults.takeServerError()) throw transientServerError();
  const accountId = accountIdForPath(world, segments, reports);
  if (faults.takeRateLimit()) {
    throw accountId
      ? usage.throttled(accountId, segments[1] === 'insights' ? 'ads_insights' : 'ads_management')
      : usage.userThrottled();
  }
  if (segments[0] === 'oauth' && segments[1] === 'access_token' && segments.length === 2) {
    return { reply: accessToken(parts.oauthContext(), params) };
  }
  if (segments[0] === 'debug_token' && segments.length === 1) {
    return { reply: debugToken(parts.oauthContext(), params, call.authorization) };
  }
  if (segments.length === 0) throw unknownPath('/');
  const handled = await handleGraph(parts.graphDeps(), call);
  if (call.method === 'POST' && handled.reply.status < 300) faults.wrote();
  return handled;
}

/** One Graph call end to end: dispatch, Meta-shaped error, call log, usage headers. */
export async function graphCall(parts: SandboxParts, call: GraphRequest): Promise<Reply> {
  const { usage, calls, now } = parts;
  const started = Date.now();
  usage.recordAppCall();
  let outcome: GraphOutcome;
  try {
    outcome = await dispatch(parts, call);
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    const accountId = accountIdForPath(parts.world.state.world, call.segments);
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
