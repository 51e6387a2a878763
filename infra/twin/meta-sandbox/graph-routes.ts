import { createAdVideo, readAdVideo } from './ad-videos.js';
import { authenticateUser, type AppCredentials } from './auth.js';
import { parseFields, validateNodeFields, type FieldSelection } from './field-validation.js';
import {
  deprecatedVersion,
  invalidParameter,
  missingPermission,
  unknownPath,
  unsupportedRequest,
} from './graph-error.js';
import { asGraphNode, insightsEdge, insightsRows, listEdge, renderNode } from './graph-nodes.js';
import { createdCreativeField, creativeField } from './node-fields.js';
import type { GraphNode, Json, ReadContext } from './read-context.js';
import { updateAdObject } from './graph-writes.js';
import { handleGeneratePreviews } from './ad-previews.js';
import { adsPixels, promotePages } from './account-assets.js';
import {
  createAd,
  createAdImage,
  createAdSet,
  createCampaign,
  createCreative,
  deleteCreative,
  deleteImage,
} from './graph-create.js';
import { deliveryEstimate } from './targeting-spec.js';
import { handleSearch } from './targeting-search.js';
import { OPTIMIZATION_GOAL_VALUES } from './reference.js';
import { paginate } from './paging.js';
import { renderReportRun, reportNotReady, progress, type ReportRuns } from './report-runs.js';
import type { PermissionGrants } from './permissions.js';
import type { PixelEventLog } from './pixel-events.js';
import { pixelRoutes } from './pixel-routes.js';
import { customAudienceRoutes } from './custom-audience-routes.js';
import type { CustomAudienceStore } from './custom-audiences.js';
import type { TargetedAudienceDeps } from './targeted-audiences.js';
import { audienceSize as audienceSizeOf } from './custom-audience-size.js';
import { jsonReply, type Reply } from './reply.js';
import type { AccessToken, TokenStore } from './tokens.js';
import type { UsageMeter } from './usage.js';
import { findAdObject, type World } from './world.js';

/**
 * The Graph API proper: /me, /me/adaccounts, /me/permissions, and every ad
 * object node (`act_…`, campaigns, ad sets, ads, creatives) with its edges.
 */

/**
 * When each Marketing API version stopped working (Meta's versions table); later
 * versions have no date yet. Plain Graph calls (/me, OAuth) are upgraded silently, as on Meta.
 */
export const ADS_API_EXPIRY: Readonly<Record<number, string>> = {
  17: '2024-05-14',
  18: '2024-08-13',
  19: '2025-02-04',
  20: '2025-05-06',
  21: '2025-09-09',
  22: '2026-02-19',
  23: '2026-06-09',
  24: '2026-10-06',
};

/** The oldest Ads API version still answering at `now`; older ones answer #2635. */
export function oldestAdsApiVersion(now: Date): number {
  let version = 17;
  while (ADS_API_EXPIRY[version] !== undefined && Date.parse(`${ADS_API_EXPIRY[version]}T00:00:00Z`) <= now.getTime()) {
    version += 1;
  }
  return version;
}

export interface GraphRequest {
  method: 'GET' | 'POST' | 'DELETE';
  version: string;
  segments: string[];
  params: Record<string, string>;
  /** Query parameters only: what paging URLs carry forward. */
  query: Record<string, string>;
  authorization: string | undefined;
  /** e.g. http://127.0.0.1:4010 as the client addressed us. */
  origin: string;
}

export interface GraphDeps {
  app: AppCredentials;
  world: World;
  tokens: TokenStore;
  grants: PermissionGrants;
  /** What the pixels received (pixel-events.ts). */
  pixels: PixelEventLog;
  /** Custom audiences (custom-audience-routes.ts). */
  audiences: CustomAudienceStore;
  usage: UsageMeter;
  reports: ReportRuns;
  readContext: Omit<ReadContext, 'versionBaseUrl' | 'carriedParams'>;
  requireAppsecretProof: () => boolean;
  now: () => Date;
  /** The `failWrite` fault switch: true when this create on `edge` must fail. */
  takeFailWrite?: (edge: string) => boolean;
}

/** What a handled request touched, for usage headers and the call log. */
export interface GraphOutcome {
  reply: Reply;
  accountId?: string;
}

const READ_SCOPES = ['ads_read', 'ads_management'];
const CREATION_EDGES = ['campaigns', 'adsets', 'ads', 'adcreatives', 'adimages', 'advideos', 'customaudiences'];

/** The account's custom audiences an ad set's targeting may name, sized as of `now`. */
function targetedAudiences(deps: GraphDeps, now: Date): TargetedAudienceDeps {
  return {
    store: deps.audiences,
    sizeOf: (audience) => audienceSizeOf(audience, { pixels: deps.pixels, nowS: Math.floor(now.getTime() / 1000) }),
  };
}
/** Account edges that are reads of something other than the object tree. */
const ACCOUNT_READ_EDGES = ['delivery_estimate', 'generatepreviews', 'promote_pages', 'adspixels'];

function versionNumber(version: string): number {
  return Number(version.slice(1));
}

function requireAdsVersion(version: string, now: Date): void {
  if (versionNumber(version) < oldestAdsApiVersion(now)) throw deprecatedVersion();
}

function requireRead(token: AccessToken): void {
  if (!token.scopes.some((scope) => READ_SCOPES.includes(scope))) {
    throw missingPermission('(#200) Ad account owner has NOT grant ads_management or ads_read permission');
  }
}

function requireWrite(token: AccessToken): void {
  if (!token.scopes.includes('ads_management'))
    throw missingPermission('(#200) Requires ads_management permission to manage the object');
}

function selection(params: Record<string, string>): FieldSelection[] | undefined {
  return params.fields !== undefined ? parseFields(params.fields) : undefined;
}

/** Finds the account an id refers to without authenticating (for throttling and usage headers). */
export function accountIdForPath(world: World, segments: string[], reports?: ReportRuns): string | undefined {
  const first = segments[0] ?? '';
  const run = reports?.get(first);
  if (run) return run.account.accountId;
  if (first.startsWith('act_')) return world.accounts.has(first.slice(4)) ? first.slice(4) : undefined;
  const node = findAdObject(world, first);
  if (node) return node.accountId;
  const ad = [...world.ads.values()].find((candidate) => candidate.creativeId === first);
  return ad?.accountId ?? world.creatives.get(first)?.accountId;
}

function resolveNode(world: World, id: string, method: 'get' | 'post' | 'delete'): GraphNode {
  if (id.startsWith('act_')) {
    const account = world.accounts.get(id.slice(4));
    if (!account) throw unsupportedRequest(method, id);
    return { type: 'AdAccount', account };
  }
  const node = findAdObject(world, id);
  if (!node) throw unsupportedRequest(method, id);
  return asGraphNode(node);
}

function userRoutes(deps: GraphDeps, request: GraphRequest, token: AccessToken, ctx: ReadContext): Reply {
  const [, edge, permission, ...rest] = request.segments;
  const user = deps.world.user;
  if (rest.length > 0) throw unknownPath(`/${rest.join('/')}`);
  if (edge === undefined) {
    if (request.method !== 'GET')
      throw unsupportedRequest(request.method === 'POST' ? 'post' : 'delete', request.segments[0]!);
    const fields = selection(request.params) ?? [
      { name: 'name', modifiers: {} },
      { name: 'id', modifiers: {} },
    ];
    validateNodeFields(fields, 'User');
    const out: Json = {};
    for (const field of fields) {
      const value = {
        id: user.id,
        name: user.name,
        first_name: user.firstName,
        last_name: user.lastName,
        short_name: user.firstName,
        name_format: '{first} {last}',
        email: token.scopes.includes('email') ? user.email : undefined,
        picture: { data: { height: 50, width: 50, is_silhouette: true, url: `${request.origin}/__admin/avatar.svg` } },
      }[field.name];
      if (value !== undefined) out[field.name] = value;
    }
    return jsonReply(out);
  }
  if (edge === 'permissions') {
    if (request.method === 'DELETE') {
      if (permission) {
        deps.grants.decline(token.appId, token.userId, permission);
        deps.tokens.revokePermission(token.appId, token.userId, permission);
      } else {
        deps.grants.removeApp(token.appId, token.userId);
        deps.tokens.revokeApp(token.appId, token.userId);
      }
      return jsonReply({ success: true });
    }
    if (request.method !== 'GET') throw unsupportedRequest('post', request.segments.join('/'));
    const list = deps.grants
      .list(token.appId, token.userId)
      .filter((entry) => entry.status === 'declined' || token.scopes.includes(entry.permission));
    return jsonReply({ data: list.filter((entry) => !permission || entry.permission === permission) });
  }
  if (edge === 'adaccounts' && request.method === 'GET' && !permission) {
    requireAdsVersion(request.version, deps.now());
    requireRead(token);
    const accounts = [...deps.world.accounts.values()].filter((account) => account.ownerUserId === token.userId);
    const fields = selection(request.params);
    const page = paginate(accounts, {
      baseUrl: `${request.origin}/${request.version}/${request.segments.join('/')}`,
      params: request.query,
    });
    return jsonReply({
      data: page.data.map((account) => renderNode(ctx, { type: 'AdAccount', account }, fields)),
      ...(page.paging && { paging: page.paging }),
    });
  }
  throw unknownPath(`/${request.segments.slice(1).join('/')}`);
}

/** `GET /{report_run_id}` (status) and `GET /{report_run_id}/insights` (rows, once completed). */
function reportRunRoutes(
  deps: GraphDeps,
  request: GraphRequest,
  token: AccessToken,
  run: ReturnType<ReportRuns['create']>,
): Reply {
  const [first, edge, ...rest] = request.segments;
  if (rest.length > 0) throw unknownPath(`/${rest.join('/')}`);
  if (request.method !== 'GET') throw unsupportedRequest(request.method === 'POST' ? 'post' : 'delete', first!);
  requireRead(token);
  deps.usage.charge(run.account.accountId, 'read', 'ads_insights');
  if (edge === undefined) {
    const fields = request.params.fields ? request.params.fields.split(',').map((f) => f.trim()) : undefined;
    return jsonReply(renderReportRun(run, deps.reports.read(run), fields));
  }
  if (edge !== 'insights') throw unknownPath(`/${edge}`);
  if (progress(run).status !== 'Job Completed') throw reportNotReady(run);
  const page = { baseUrl: `${request.origin}/${request.version}/${first}/insights`, params: request.query };
  return jsonReply(paginate(run.rows, page) as unknown as Json);
}

const WRITE_EDGE_NAMES: Record<string, string> = {
  campaigns: 'Campaign',
  adsets: 'Ad Set',
  adimages: 'Image',
  advideos: 'Video',
  adcreatives: 'Ad Creative',
  ads: 'Ad',
};

/** What the `failWrite` fault answers: a Meta-shaped rejection that says it was injected. */
function injectedWriteFailure(node: string, edge: string): Error {
  return invalidParameter('Invalid parameter', {
    userTitle: `Couldn't Create ${WRITE_EDGE_NAMES[edge] ?? edge}`,
    userMsg: `The sandbox's failWrite fault rejected POST /${node}/${edge}.`,
  });
}

/** A creative by id: created ones read and deleted, seeded ones read-only; undefined when `first` is none. */
function creativeRoutes(
  deps: GraphDeps,
  request: GraphRequest,
  token: AccessToken,
  first: string,
  edge: string | undefined,
): GraphOutcome | undefined {
  const created = deps.world.creatives.get(first);
  if (created && edge === undefined && request.method !== 'POST') {
    if (request.method === 'DELETE') {
      requireWrite(token);
      deps.usage.charge(created.accountId, 'write', 'ads_management');
      deleteCreative(deps.world, created);
      return { reply: jsonReply({ success: true }), accountId: created.accountId };
    }
    requireRead(token);
    deps.usage.charge(created.accountId, 'read', 'ads_management');
    const fields = selection(request.params) ?? [{ name: 'id', modifiers: {} }];
    validateNodeFields(fields, 'AdCreative');
    const out: Json = {};
    for (const field of fields) {
      const value = createdCreativeField(created, field.name, deps.world);
      if (value !== undefined) out[field.name] = value;
    }
    out.id = created.id;
    return { reply: jsonReply(out), accountId: created.accountId };
  }
  // Seeded creatives are read-only: enough for `creative{...}` and /{creative-id}.
  const creativeAd = [...deps.world.ads.values()].find((ad) => ad.creativeId === first && !ad.createdCreative);
  if (creativeAd && !edge && request.method === 'GET') {
    requireRead(token);
    deps.usage.charge(creativeAd.accountId, 'read', 'ads_management');
    const fields = selection(request.params) ?? [{ name: 'id', modifiers: {} }];
    validateNodeFields(fields, 'AdCreative');
    const out: Json = {};
    for (const field of fields) {
      const value = creativeField(creativeAd, field.name, deps.world);
      if (value !== undefined) out[field.name] = value;
    }
    out.id = creativeAd.creativeId;
    return { reply: jsonReply(out), accountId: creativeAd.accountId };
  }
  return undefined;
}

/**
 * `GET /{video-id}` and `DELETE /{video-id}`: a video of the account's library (ad-videos.ts); undefined when
 * `first` is none. Deleting answers `{success: true}` (Graph API reference, Video, "Deleting"); the id is then
 * unknown, so a later read gets the missing-object error (100, subcode 33) as at Meta.
 */
function videoRoute(
  deps: GraphDeps,
  request: GraphRequest,
  token: AccessToken,
  first: string,
  edge: string | undefined,
): GraphOutcome | undefined {
  const video = deps.world.videos.get(first);
  if (!video || edge !== undefined || request.method === 'POST') return undefined;
  if (request.method === 'DELETE') {
    requireWrite(token);
    deps.usage.charge(video.accountId, 'write', 'ads_management');
    deps.world.videos.delete(video.id);
    return { reply: jsonReply({ success: true }), accountId: video.accountId };
  }
  requireRead(token);
  deps.usage.charge(video.accountId, 'read', 'ads_management');
  const fields = request.params.fields?.split(',').map((field) => field.trim());
  return { reply: jsonReply(readAdVideo(video, fields, deps.now(), request.origin)), accountId: video.accountId };
}

export function handleGraph(deps: GraphDeps, request: GraphRequest): GraphOutcome {
  const [first = '', edge, ...rest] = request.segments;
  const isUser = first === 'me' || first === deps.world.user.id;
  if (!isUser) requireAdsVersion(request.version, deps.now());
  const token = authenticateUser(
    deps.tokens,
    deps.app,
    request.params,
    request.authorization,
    deps.requireAppsecretProof(),
    deps.now(),
  );
  const ctx: ReadContext = {
    ...deps.readContext,
    versionBaseUrl: `${request.origin}/${request.version}`,
    syncAdDays: { used: 0 },
    // Nested paging URLs carry the credentials the way the request brought them (query only).
    carriedParams: Object.fromEntries(
      ['access_token', 'appsecret_proof'].flatMap((key) => (request.query[key] ? [[key, request.query[key]]] : [])),
    ),
  };
  if (isUser) return { reply: userRoutes(deps, request, token, ctx) };

  const method = request.method.toLowerCase() as 'get' | 'post' | 'delete';
  if (first === 'search' && edge === undefined) {
    if (request.method !== 'GET') throw unsupportedRequest(method, first);
    requireRead(token);
    return { reply: handleSearch(request.params) };
  }
  const pixelDeps = {
    world: deps.world,
    pixels: deps.pixels,
    now: deps.now,
    requireRead: () => requireRead(token),
    requireWrite: () => requireWrite(token),
  };
  const pixel = rest.length === 0 ? pixelRoutes(pixelDeps, request.method, first, edge, request.params) : undefined;
  if (pixel) {
    deps.usage.charge(pixel.accountId, request.method === 'GET' ? 'read' : 'write', 'ads_management');
    return pixel;
  }
  const audienceDeps = { ...pixelDeps, audiences: deps.audiences, origin: request.origin };
  const audience = rest.length === 0 ? customAudienceRoutes(audienceDeps, request, first, edge) : undefined;
  if (audience) {
    deps.usage.charge(audience.accountId, request.method === 'GET' ? 'read' : 'write', 'ads_management');
    return audience;
  }
  const creative = creativeRoutes(deps, request, token, first, edge);
  if (creative) return creative;
  const video = videoRoute(deps, request, token, first, edge);
  if (video) return video;

  const run = deps.reports.get(first);
  if (run) return { reply: reportRunRoutes(deps, request, token, run), accountId: run.account.accountId };

  const node = resolveNode(deps.world, first, method);
  const accountId = node.type === 'AdAccount' ? node.account.accountId : node.node.accountId;
  if (rest.length > 0) throw unknownPath(`/${rest.join('/')}`);

  if (node.type === 'AdAccount' && edge !== undefined) {
    const account = node.account;
    if (request.method === 'GET' && ACCOUNT_READ_EDGES.includes(edge)) {
      requireRead(token);
      deps.usage.charge(accountId, 'read', 'ads_management');
      if (edge === 'delivery_estimate') {
        return { reply: jsonReply(deliveryEstimate(request.params, OPTIMIZATION_GOAL_VALUES)), accountId };
      }
      if (edge === 'generatepreviews') {
        return {
          reply: handleGeneratePreviews(deps.world, account, request.params, request.origin, deps.now()),
          accountId,
        };
      }
      return {
        reply: jsonReply({ data: edge === 'adspixels' ? adsPixels(account) : promotePages(account) }),
        accountId,
      };
    }
    if (request.method === 'DELETE' && edge === 'adimages') {
      requireWrite(token);
      deps.usage.charge(accountId, 'write', 'ads_management');
      deleteImage(deps.world, account, request.params);
      return { reply: jsonReply({ success: true }), accountId };
    }
    if (request.method === 'POST' && CREATION_EDGES.includes(edge) && edge !== 'customaudiences') {
      requireWrite(token);
      deps.usage.charge(accountId, 'write', 'ads_management');
      if (deps.takeFailWrite?.(edge)) throw injectedWriteFailure(first, edge);
      const now = deps.now();
      const params = request.params;
      const body =
        edge === 'campaigns'
          ? createCampaign(deps.world, account, params, now)
          : edge === 'adsets'
            ? createAdSet(deps.world, account, params, now, targetedAudiences(deps, now))
            : edge === 'adimages'
              ? createAdImage(deps.world, account, params, now, request.origin)
              : edge === 'advideos'
                ? createAdVideo(deps.world, account, params, now)
                : edge === 'adcreatives'
                  ? createCreative(deps.world, account, params, now)
                  : createAd(deps.world, account, params, now);
      return { reply: jsonReply(body), accountId };
    }
  }

  if (request.method === 'GET') {
    requireRead(token);
    deps.usage.charge(accountId, 'read', edge === 'insights' ? 'ads_insights' : 'ads_management');
    if (edge === undefined) return { reply: jsonReply(renderNode(ctx, node, selection(request.params))), accountId };
    const page = { baseUrl: `${ctx.versionBaseUrl}/${first}/${edge}`, params: request.query };
    if (edge === 'insights') return { reply: jsonReply(insightsEdge(ctx, node, request.params, page)), accountId };
    const allowed =
      node.type === 'AdAccount'
        ? ['campaigns', 'adsets', 'ads']
        : node.type === 'Campaign'
          ? ['adsets', 'ads']
          : node.type === 'AdSet'
            ? ['ads']
            : [];
    if (!allowed.includes(edge)) throw unknownPath(`/${edge}`);
    const items = listEdge(ctx, node, edge as 'campaigns' | 'adsets' | 'ads', request.params.effective_status);
    const fields = selection(request.params);
    const result = paginate(items, page);
    const body: Json = {
      data: result.data.map((item) => renderNode(ctx, asGraphNode(item), fields)),
      ...(result.paging && { paging: result.paging }),
    };
    if (request.params.summary === 'true' || request.params.summary === 'total_count')
      body.summary = { total_count: items.length };
    return { reply: jsonReply(body), accountId };
  }

  if (edge === 'insights' && request.method === 'POST') {
    // An asynchronous report run: parameters are checked now, the rows are read through the run.
    requireRead(token);
    deps.usage.charge(accountId, 'read', 'ads_insights');
    const account = deps.world.accounts.get(accountId)!;
    const { rows, range } = insightsRows(ctx, node, request.params, { sync: false });
    const created = deps.reports.create(account, rows, range);
    return { reply: jsonReply({ report_run_id: created.id }), accountId };
  }
  if (edge !== undefined && request.method === 'POST' && CREATION_EDGES.includes(edge)) {
    // Say plainly that this is the sandbox's limit, so nobody mistakes it for Meta's answer.
    throw invalidParameter(
      `(#100) The Adsmith Meta sandbox does not support creating objects (POST /${first}/${edge})`,
    );
  }
  if (edge !== undefined) throw unknownPath(`/${edge}`);
  if (node.type === 'AdAccount') throw unsupportedRequest(method, first);
  requireWrite(token);
  deps.usage.charge(accountId, 'write', 'ads_management');
  const params = request.method === 'DELETE' ? { status: 'DELETED' } : request.params;
  const now = deps.now();
  updateAdObject(deps.world, deps.readContext.model, node.node, params, now, targetedAudiences(deps, now));
  return { reply: jsonReply({ success: true }), accountId };
}
