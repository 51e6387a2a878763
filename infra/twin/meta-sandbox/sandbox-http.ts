import type { IncomingMessage, ServerResponse } from 'node:http';
import { previewPage } from './ad-previews.js';
import { handleAdmin } from './admin-routes.js';
import { handleBatch } from './batch.js';
import { graphCall } from './graph-call.js';
import { GraphError, LATEST_VERSION, newTraceId, unknownPath } from './graph-error.js';
import { dialogDecision, dialogPage } from './oauth.js';
import { pixelBeacon } from './pixel-routes.js';
import { customAudienceTermsPage } from './custom-audience-routes.js';
import { MAX_ROWS_PER_REQUEST } from './custom-audience-users.js';
import type { Reply } from './reply.js';
import { MAX_IMAGE_UPLOAD_BODY_BYTES, parseBody, queryParams, readBody } from './request-input.js';
import type { SandboxParts } from './sandbox-parts.js';
import { advanceDays, daysAdvanced } from './time-travel.js';
import { MAX_VIDEO_UPLOAD_BODY_BYTES, prepareVideoUpload } from './ad-videos.js';

const VERSION_PATTERN = /^v\d+\.\d+$/;

const PREFLIGHT: Reply = {
  status: 204,
  headers: {
    'Access-Control-Allow-Methods': 'GET, POST, DELETE',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type',
    'Access-Control-Max-Age': '86400',
  },
};

/** The fault switches, the call log, resets and time travel (`/__admin/...`). */
function adminReply(parts: SandboxParts, method: string, path: string, body: string): Reply {
  return handleAdmin(
    {
      faults: parts.faults,
      calls: parts.calls,
      reset: (o) => parts.reset(o),
      advanceDays: (days) => {
        advanceDays(parts.world.state.world, days);
        return { daysAdvanced: daysAdvanced(parts.world.state.world) };
      },
      pixelEvents: (pixelId) => parts.world.state.pixels.received(pixelId),
    },
    method,
    path,
    body,
  );
}

/**
 * Image uploads carry their bytes; a customer-list upload carries up to 10,000 rows of up to 15 SHA-256 hashes
 * (about 10 MB as JSON, three times that form-encoded); everything else fits in the default.
 */
function bodyLimit(path: string): number | undefined {
  if (path.endsWith('/adimages')) return MAX_IMAGE_UPLOAD_BODY_BYTES;
  if (path.endsWith('/advideos')) return MAX_VIDEO_UPLOAD_BODY_BYTES;
  if (path.endsWith('/users')) return MAX_ROWS_PER_REQUEST * 15 * 70 * 3;
  return undefined;
}

/** One request: admin, preflight, the ad preview, the login dialog, a batch or a Graph call. */
async function handle(parts: SandboxParts, request: IncomingMessage): Promise<Reply> {
  const url = new URL(request.url ?? '/', 'http://sandbox.local');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const rawMethod = (request.method ?? 'GET').toUpperCase();
  const body = rawMethod === 'GET' || rawMethod === 'HEAD' ? Buffer.alloc(0) : await readBody(request, bodyLimit(path));

  if (path.startsWith('/__admin/')) return adminReply(parts, rawMethod, path, body.toString('utf8'));
  if (rawMethod === 'OPTIONS') return PREFLIGHT;

  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  let version = LATEST_VERSION;
  if (segments[0] && VERSION_PATTERN.test(segments[0])) version = segments.shift()!;

  const query = queryParams(url);
  const form = parseBody(body, request.headers['content-type']);
  let params: Record<string, string> = { ...query, ...form };
  // A video upload is probed here, where waiting is allowed; the Graph handlers that judge it are synchronous.
  if (rawMethod === 'POST' && segments.length === 2 && segments[1] === 'advideos') {
    try {
      params = await prepareVideoUpload(params);
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      return { status: error.httpStatus, json: { error: error.body } };
    }
  }

  if (rawMethod === 'GET' && path === '/ads/api/preview_iframe.php')
    return previewPage(parts.world.state.world, params.d);
  if (segments.length === 1 && segments[0] === 'tr' && (rawMethod === 'GET' || rawMethod === 'POST')) {
    return pixelBeacon(parts.world.state.world, parts.world.state.pixels, params, parts.now());
  }
  if (segments.join('/') === 'customaudiences/app/tos' && (rawMethod === 'GET' || rawMethod === 'POST')) {
    return customAudienceTermsPage(parts.world.state.world, parts.world.state.audiences, rawMethod, params);
  }
  if (segments[0] === 'dialog' && segments[1] === 'oauth') {
    if (rawMethod === 'GET' && segments.length === 2) return dialogPage(parts.oauthContext(), version, params);
    if (rawMethod === 'POST' && segments[2] === 'confirm') return dialogDecision(parts.oauthContext(), params);
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
      return await handleBatch(params, { authorization, origin, version }, (call) => graphCall(parts, call));
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      return { status: error.httpStatus, json: { error: error.body }, headers: parts.usage.appHeaders() };
    }
  }
  return graphCall(parts, { method, version, segments, params, query, authorization, origin });
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
function mayChangeState(request: IncomingMessage): boolean {
  const method = (request.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') return true;
  const url = new URL(request.url ?? '/', 'http://sandbox.local');
  // Graph's `method=` override, and the token endpoint, which issues tokens on a GET.
  return url.searchParams.has('method') || url.pathname.replace(/\/+$/, '').endsWith('/oauth/access_token');
}

/** A sandbox bug: answered like Meta's unknown error, and said on stderr. */
const UNKNOWN_ERROR: Reply = {
  status: 500,
  json: { error: { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1 } },
};

/** The sandbox's HTTP listener: answers each request, then asks for a save when it may have changed state. */
export function sandboxRequestListener(parts: SandboxParts) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    handle(parts, request)
      .finally(() => {
        // Once the change is made: the save that follows sees it.
        if (parts.saver && mayChangeState(request)) parts.saver.request();
      })
      .then((reply) => send(response, reply))
      .catch((error: unknown) => {
        if (error instanceof GraphError) {
          send(response, { status: error.httpStatus, json: { error: error.body }, headers: error.headers });
          return;
        }
        console.error('[meta-sandbox] unexpected error', error);
        const json = UNKNOWN_ERROR.json as { error: Record<string, unknown> };
        send(response, { ...UNKNOWN_ERROR, json: { error: { ...json.error, fbtrace_id: newTraceId() } } });
      });
  };
}
