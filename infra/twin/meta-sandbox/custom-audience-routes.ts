import { createCustomAudience } from './custom-audience-create.js';
import { audienceSize, deliveryStatus, operationStatus, sizeBounds, type SizeContext } from './custom-audience-size.js';
import { changeUsers, dataSourceOf } from './custom-audience-users.js';
import type { CustomAudience, CustomAudienceStore } from './custom-audiences.js';
import { parseFields } from './field-validation.js';
import { invalidParameter, nonexistingField, unknownPath, unsupportedRequest } from './graph-error.js';
import { escapeHtml } from './oauth-dialog-page.js';
import { paginate } from './paging.js';
import type { PixelEventLog } from './pixel-events.js';
import { jsonReply, type Reply } from './reply.js';
import type { World } from './world.js';

/**
 * Custom audiences on the Graph API: `GET|POST /act_{id}/customaudiences`, `GET|POST|DELETE /{audience_id}`,
 * `POST|DELETE /{audience_id}/users`, and the page where a person accepts the Custom Audience terms
 * (`/customaudiences/app/tos/?act=…`, the address Meta's #2663 error gives). Field names are the Business SDK's
 * `CustomAudience.Fields` (src/objects/custom-audience.js): `approximate_count` is not among them any more, so
 * asking for it is the unknown-field error, and sizes are read as `approximate_count_lower_bound`/`_upper_bound`.
 */
const AUDIENCE_FIELDS = [
  'account_id',
  'approximate_count_lower_bound',
  'approximate_count_upper_bound',
  'customer_file_source',
  'data_source',
  'data_source_types',
  'datafile_custom_audience_uploading_status',
  'delete_time',
  'delivery_status',
  'description',
  'excluded_custom_audiences',
  'external_event_source',
  'fields_violating_integrity_policy',
  'household_audience',
  'id',
  'included_custom_audiences',
  'is_eligible_for_sac_campaigns',
  'is_household',
  'is_snapshot',
  'is_value_based',
  'lookalike_audience_ids',
  'lookalike_spec',
  'name',
  'operation_status',
  'opt_out_link',
  'owner_business',
  'page_deletion_marked_delete_time',
  'permission_for_actions',
  'pixel_id',
  'regulated_audience_spec',
  'retention_days',
  'rev_share_policy_id',
  'rule',
  'rule_aggregation',
  'rule_v2',
  'seed_audience',
  'sharing_status',
  'subtype',
  'time_content_updated',
  'time_created',
  'time_updated',
];
/** What `POST /{audience_id}` may change (the reference's "Updating" parameters the product uses). */
const UPDATABLE = ['name', 'description', 'retention_days', 'opt_out_link'];

export interface AudienceRouteDeps {
  world: World;
  audiences: CustomAudienceStore;
  pixels: PixelEventLog;
  now: () => Date;
  origin: string;
  requireRead: () => void;
  requireWrite: () => void;
}

function sizeContext(deps: AudienceRouteDeps): SizeContext {
  return { pixels: deps.pixels, nowS: Math.floor(deps.now().getTime() / 1000) };
}

function audienceField(deps: AudienceRouteDeps, audience: CustomAudience, field: string): unknown {
  const size = () => audienceSize(audience, sizeContext(deps));
  switch (field) {
    case 'id':
      return audience.id;
    case 'account_id':
      return audience.accountId;
    case 'name':
      return audience.name;
    case 'description':
      return audience.description;
    case 'subtype':
      return audience.subtype;
    case 'approximate_count_lower_bound':
      return sizeBounds(size()).lower;
    case 'approximate_count_upper_bound':
      return sizeBounds(size()).upper;
    case 'delivery_status':
      return deliveryStatus(size());
    case 'operation_status':
      return operationStatus(audience);
    case 'customer_file_source':
      return audience.customerFileSource;
    case 'data_source':
      return dataSourceOf(audience);
    case 'retention_days':
      return audience.retentionDays ?? 0;
    case 'rule':
      return audience.rule;
    case 'pixel_id':
      return audience.pixelId;
    case 'time_created':
      return audience.timeCreated;
    case 'time_updated':
      return audience.timeUpdated;
    case 'time_content_updated':
      return audience.timeContentUpdated;
    case 'is_value_based':
    case 'is_household':
    case 'is_snapshot':
      return false;
    case 'lookalike_audience_ids': {
      const ids = deps.audiences.lookalikesOf(audience.id).map((lookalike) => lookalike.id);
      return ids.length > 0 ? ids : undefined;
    }
    case 'lookalike_spec': {
      const spec = audience.lookalike;
      if (!spec) return undefined;
      const origin = deps.audiences.audiences.get(spec.originId);
      return {
        type: spec.type,
        ...(spec.startingRatio > 0 && { starting_ratio: spec.startingRatio }),
        ratio: spec.ratio,
        country: spec.country,
        origin: [
          origin
            ? { id: origin.id, name: origin.name, type: 'custom_audience' }
            : { id: spec.originId, type: 'custom_audience', deleted: true },
        ],
        target_countries: [spec.country],
      };
    }
    case 'permission_for_actions':
      return {
        can_edit: true,
        can_see_insight: true,
        can_share: true,
        subtype_supports_lookalike: audience.subtype !== 'LOOKALIKE',
        supports_recipient_lookalike: false,
      };
    default:
      return undefined;
  }
}

function renderAudience(deps: AudienceRouteDeps, audience: CustomAudience, fields: string | undefined): Reply['json'] {
  const names = fields ? parseFields(fields).map((field) => field.name) : ['id'];
  const out: Record<string, unknown> = {};
  for (const name of names) {
    if (!AUDIENCE_FIELDS.includes(name)) throw nonexistingField(name, 'CustomAudience');
    const value = audienceField(deps, audience, name);
    if (value !== undefined) out[name] = value;
  }
  out.id = audience.id;
  return out;
}

/** A Graph request on custom audiences (the account's edge, an audience, its users); undefined for anything else. */
export function customAudienceRoutes(
  deps: AudienceRouteDeps,
  request: {
    method: 'GET' | 'POST' | 'DELETE';
    params: Record<string, string>;
    query: Record<string, string>;
    origin: string;
    version: string;
  },
  first: string,
  edge: string | undefined,
): { reply: Reply; accountId: string } | undefined {
  if (first.startsWith('act_')) {
    const accountId = first.slice(4);
    const reply = accountAudienceRoutes(deps, request.method, accountId, edge, {
      params: request.params,
      query: request.query,
      baseUrl: `${request.origin}/${request.version}/${first}/${edge ?? ''}`,
    });
    return reply && { reply, accountId };
  }
  return audienceRoutes(deps, request.method, first, edge, request.params);
}

/** `GET|POST /act_{id}/customaudiences`; undefined when the request is not for that edge. */
function accountAudienceRoutes(
  deps: AudienceRouteDeps,
  method: 'GET' | 'POST' | 'DELETE',
  accountId: string,
  edge: string | undefined,
  request: { params: Record<string, string>; query: Record<string, string>; baseUrl: string },
): Reply | undefined {
  if (edge !== 'customaudiences') return undefined;
  const account = deps.world.accounts.get(accountId);
  if (!account) return undefined;
  if (method === 'GET') {
    deps.requireRead();
    const page = paginate(deps.audiences.ofAccount(accountId), { baseUrl: request.baseUrl, params: request.query });
    return jsonReply({
      data: page.data.map((audience) => renderAudience(deps, audience, request.params.fields)),
      ...(page.paging && { paging: page.paging }),
    });
  }
  if (method === 'POST') {
    deps.requireWrite();
    return jsonReply(
      createCustomAudience(deps.audiences, account, request.params, deps.now(), deps.origin, (audience) =>
        audienceSize(audience, sizeContext(deps)),
      ),
    );
  }
  throw unsupportedRequest('delete', 'customaudiences');
}

/** `/{audience_id}` and `/{audience_id}/users`; undefined when `first` is no audience (a deleted one is none). */
function audienceRoutes(
  deps: AudienceRouteDeps,
  method: 'GET' | 'POST' | 'DELETE',
  first: string,
  edge: string | undefined,
  params: Record<string, string>,
): { reply: Reply; accountId: string } | undefined {
  const audience = deps.audiences.audiences.get(first);
  if (!audience) return undefined;
  const nowS = Math.floor(deps.now().getTime() / 1000);
  const reply = (): Reply => {
    if (edge === 'users') {
      if (method === 'GET') throw unsupportedRequest('get', `${first}/users`);
      deps.requireWrite();
      return jsonReply(changeUsers(audience, method === 'POST' ? 'add' : 'remove', params, nowS));
    }
    if (edge !== undefined) throw unknownPath(`/${edge}`);
    if (method === 'GET') {
      deps.requireRead();
      return jsonReply(renderAudience(deps, audience, params.fields));
    }
    deps.requireWrite();
    if (method === 'DELETE') {
      // Its lookalikes stay; their lookalike_spec.origin then reads `deleted: true`, as Meta's guide shows.
      deps.audiences.audiences.delete(audience.id);
      return jsonReply({ success: true });
    }
    updateAudience(audience, params, nowS);
    return jsonReply({ success: true });
  };
  return { reply: reply(), accountId: audience.accountId };
}

function updateAudience(audience: CustomAudience, params: Record<string, string>, nowS: number): void {
  const sent = Object.keys(params).filter((key) => !['access_token', 'appsecret_proof', 'method', 'id'].includes(key));
  const unknown = sent.filter((key) => !UPDATABLE.includes(key));
  if (unknown.length > 0)
    throw invalidParameter(
      `(#100) The Adsmith Meta sandbox does not change ${unknown.join(', ')} on a custom audience`,
    );
  if (params.name !== undefined) {
    if (params.name.trim() === '') throw invalidParameter('(#100) name must not be empty', { blame: ['name'] });
    audience.name = params.name.trim();
  }
  if (params.description !== undefined) audience.description = params.description;
  if (params.retention_days !== undefined) {
    const days = Number(params.retention_days);
    if (audience.subtype !== 'WEBSITE' || !Number.isInteger(days) || days < 1 || days > 180)
      throw invalidParameter('(#100) retention_days must be 1 to 180, on a website audience', {
        blame: ['retention_days'],
      });
    audience.retentionDays = days;
  }
  audience.timeUpdated = nowS;
}

/**
 * The Custom Audience terms as a person accepts them: a page with the terms' gist and an Accept button (Meta shows
 * the full terms at facebook.com/customaudiences/app/tos/?act=…); the form posts back and the account then may
 * make customer lists (its `tos_accepted.custom_audience_tos` reads 1).
 */
export function customAudienceTermsPage(
  world: World,
  audiences: CustomAudienceStore,
  method: string,
  params: Record<string, string>,
): Reply {
  const accountId = params.act ?? '';
  const account = world.accounts.get(accountId);
  if (!account) {
    return { status: 404, html: '<!doctype html><title>Not found</title><p>This ad account does not exist.</p>' };
  }
  if (method === 'POST') {
    audiences.acceptTerms(accountId);
  }
  const accepted = audiences.hasAcceptedTerms(accountId);
  const name = escapeHtml(account.name);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Custom Audience Terms</title></head>
<body><main><h1>Custom Audience Terms</h1><p>Ad account: ${name} (${escapeHtml(accountId)})</p>
<p>You agree that the customer information you upload is hashed before it is sent, that you have the right to use it,
and that it is used only to match people and is deleted after matching.</p>
${
  accepted
    ? '<p role="status">You accepted the Custom Audience terms for this ad account.</p>'
    : `<form method="post" action="/customaudiences/app/tos/?act=${escapeHtml(accountId)}"><button type="submit">Accept</button></form>`
}
</main></body></html>`;
  return { status: 200, html };
}
