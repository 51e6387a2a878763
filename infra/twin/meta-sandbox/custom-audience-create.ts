import { pageIdOf, pixelIdOf } from './account-assets.js';
import type { CustomAudience, CustomAudienceStore, AudienceSubtype, LookalikeSpec } from './custom-audiences.js';
import { enumParameter, GraphError, invalidParameter } from './graph-error.js';
import { LOOKALIKE_MIN_SOURCE } from './custom-audience-size.js';
import type { AdAccount } from './world.js';

/**
 * `POST /act_{id}/customaudiences` for the four kinds the product makes, with Meta's refusals
 * (developers.facebook.com/docs/marketing-api/reference/ad-account/customaudiences, "Creating"):
 * - `subtype` is one of the Business SDK's `CustomAudience.Subtype` values (src/objects/custom-audience.js); the
 *   sandbox makes CUSTOM, WEBSITE, ENGAGEMENT and LOOKALIKE, and says plainly it does not model the others;
 * - a customer list needs `customer_file_source` ("(#100) Missing parameter(s): customer_file_source",
 *   facebook-php-business-sdk issue #457) and the Custom Audience terms accepted for the account: else
 *   "(#2663) Terms of service has not been accepted. To accept, go to https://www.facebook.com/customaudiences/app/tos"
 *   (the endpoint's error table; the `?act=` tail as facebook-php-business-sdk issue #43 shows it);
 * - a website audience's `rule` names the account's pixel as event source, a `retention_seconds` of at most 180 days
 *   ("any value between 1 and 180 days") and a `filter` on `event` or `url`;
 * - an engagement audience's rule names the account's Page; Meta keeps engagement for up to 365 days;
 * - a lookalike needs `origin_audience_id` ("The origin audience you create must have a minimum size of 100") and
 *   `lookalike_spec` with `country` and `ratio` 0.01–0.20 in steps of 0.01, or `type` similarity (1 %) / reach (5 %),
 *   `starting_ratio` below `ratio` (docs/marketing-api/audiences/guides/lookalike-audiences); the same source, country
 *   and size twice answers #2654 "Can’t Create a Duplicate Lookalike" (facebook-php-business-sdk issue #181).
 */
const SDK_SUBTYPES = [
  'CUSTOM',
  'PRIMARY',
  'WEBSITE',
  'APP',
  'OFFLINE_CONVERSION',
  'CLAIM',
  'MANAGED',
  'PARTNER',
  'VIDEO',
  'LOOKALIKE',
  'ENGAGEMENT',
  'BAG_OF_ACCOUNTS',
  'STUDY_RULE_AUDIENCE',
  'FOX',
  'MEASUREMENT',
  'REGULATED_CATEGORIES_AUDIENCE',
  'BIDDING',
  'EXCLUSION',
  'MESSENGER_SUBSCRIBER_LIST',
];
const MODELLED: readonly AudienceSubtype[] = ['CUSTOM', 'WEBSITE', 'ENGAGEMENT', 'LOOKALIKE'];
const CUSTOMER_FILE_SOURCES = ['USER_PROVIDED_ONLY', 'PARTNER_PROVIDED_ONLY', 'BOTH_USER_AND_PARTNER_PROVIDED'];
const MAX_WEBSITE_RETENTION_S = 180 * 86_400;
const MAX_ENGAGEMENT_RETENTION_S = 365 * 86_400;
const RULE_FIELDS = ['event', 'url'];
const RULE_OPERATORS = ['eq', 'neq', 'i_contains', 'i_not_contains', 'contains', 'not_contains', 'starts_with'];
/** Meta's lookalike types and the share of the country each stands for. */
const LOOKALIKE_TYPES: Record<string, number> = { similarity: 0.01, reach: 0.05 };

export function customAudienceTermsUrl(origin: string, accountId: string): string {
  return `${origin}/customaudiences/app/tos/?act=${accountId}`;
}

function termsNotAccepted(origin: string, accountId: string): GraphError {
  return new GraphError(400, {
    message: `(#2663) Terms of service has not been accepted. To accept, go to ${customAudienceTermsUrl(origin, accountId)}`,
    type: 'OAuthException',
    code: 2663,
  });
}

function failedToCreate(title: string, detail: string): GraphError {
  return new GraphError(400, {
    message: `(#2654) ${title}: ${detail}`,
    type: 'OAuthException',
    code: 2654,
    is_transient: false,
    error_user_title: title,
    error_user_msg: detail,
  });
}

function invalidRule(detail: string): GraphError {
  return invalidParameter('Invalid parameter', { userTitle: 'Invalid Rule', userMsg: detail, blame: ['rule'] });
}

function jsonParam(params: Record<string, string>, name: string): unknown {
  const raw = params[name];
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw invalidParameter(`(#100) param ${name} must be a JSON object`, { blame: [name] });
  }
}

interface RuleSource {
  retentionSeconds: number;
  sourceType: string;
  sourceId: string;
}

/** The rule's one inclusion (the product makes one per audience): its event source and retention. */
function readRule(raw: unknown): RuleSource {
  const inclusions = (raw as { inclusions?: { rules?: unknown } } | null)?.inclusions;
  const rules = Array.isArray(inclusions?.rules) ? (inclusions.rules as Array<Record<string, unknown>>) : [];
  if (rules.length === 0) throw invalidRule('The rule needs inclusions.rules with at least one rule.');
  let found: RuleSource | undefined;
  for (const rule of rules) {
    const sources = Array.isArray(rule.event_sources) ? (rule.event_sources as Array<Record<string, unknown>>) : [];
    const source = sources[0];
    if (!source || typeof source.type !== 'string' || source.id === undefined)
      throw invalidRule('Each rule needs event_sources: [{"type", "id"}].');
    const retention = Number(rule.retention_seconds);
    if (!Number.isInteger(retention) || retention < 1) throw invalidRule('Each rule needs retention_seconds.');
    const filter = rule.filter as { filters?: unknown } | undefined;
    if (!filter || !Array.isArray(filter.filters) || filter.filters.length === 0)
      throw invalidRule('Each rule needs a filter, even one that keeps every visitor (url i_contains "").');
    for (const entry of filter.filters as Array<Record<string, unknown>>) {
      const inner = Array.isArray(entry.filters) ? (entry.filters as Array<Record<string, unknown>>) : [entry];
      for (const condition of inner) {
        if (!RULE_FIELDS.includes(String(condition.field)) || !RULE_OPERATORS.includes(String(condition.operator)))
          throw invalidRule(
            `A filter is a field (${RULE_FIELDS.join(', ')}) with an operator (${RULE_OPERATORS.join(', ')}) and a value.`,
          );
      }
    }
    found ??= { retentionSeconds: retention, sourceType: source.type, sourceId: String(source.id) };
  }
  return found!;
}

function lookalikeSpec(
  store: CustomAudienceStore,
  account: AdAccount,
  params: Record<string, string>,
  sizeOf: (audience: CustomAudience) => number,
): LookalikeSpec {
  const originId = params.origin_audience_id;
  if (originId === undefined) throw invalidParameter('(#100) Missing parameter(s): origin_audience_id');
  const spec = jsonParam(params, 'lookalike_spec') as Record<string, unknown> | undefined;
  if (!spec || typeof spec !== 'object') throw invalidParameter('(#100) Missing parameter(s): lookalike_spec');
  const origin = store.audiences.get(originId);
  if (!origin || origin.accountId !== account.accountId) {
    throw invalidParameter(
      `(#100) The origin audience ${originId} does not exist or is not an audience of act_${account.accountId}`,
      { blame: ['origin_audience_id'] },
    );
  }
  if (origin.subtype === 'LOOKALIKE')
    throw failedToCreate('Invalid Source Audience', 'A lookalike audience cannot be the source of another lookalike.');
  const country = spec.country;
  if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country))
    throw invalidParameter('(#100) lookalike_spec.country must be a two-letter country code', {
      blame: ['lookalike_spec'],
    });
  let type: LookalikeSpec['type'];
  let ratio: number;
  if (spec.ratio !== undefined) {
    ratio = Number(spec.ratio);
    const hundredths = Math.round(ratio * 100);
    if (!Number.isFinite(ratio) || hundredths < 1 || hundredths > 20 || Math.abs(ratio * 100 - hundredths) > 1e-9)
      throw invalidParameter('(#100) lookalike_spec.ratio must be between 0.01 and 0.20, in steps of 0.01', {
        blame: ['lookalike_spec'],
      });
    type = 'custom_ratio';
  } else if (typeof spec.type === 'string' && spec.type in LOOKALIKE_TYPES) {
    type = spec.type as 'similarity' | 'reach';
    ratio = LOOKALIKE_TYPES[spec.type]!;
  } else {
    throw invalidParameter('(#100) lookalike_spec needs a ratio, or a type (similarity or reach)', {
      blame: ['lookalike_spec'],
    });
  }
  const startingRatio = spec.starting_ratio === undefined ? 0 : Number(spec.starting_ratio);
  if (!Number.isFinite(startingRatio) || startingRatio < 0 || startingRatio >= ratio)
    throw invalidParameter('(#100) lookalike_spec.starting_ratio must be less than ratio', {
      blame: ['lookalike_spec'],
    });
  // The source's size as the lookalike sees it: matched people, not rows uploaded.
  if (sizeOf(origin) < LOOKALIKE_MIN_SOURCE) {
    throw failedToCreate(
      'Source Audience Is Too Small',
      `The source audience must have at least ${LOOKALIKE_MIN_SOURCE} people in it. Choose a larger source audience.`,
    );
  }
  const duplicate = store
    .lookalikesOf(originId)
    .some(
      (other) =>
        other.lookalike!.country === country &&
        Math.abs(other.lookalike!.ratio - ratio) < 1e-9 &&
        Math.abs(other.lookalike!.startingRatio - startingRatio) < 1e-9,
    );
  if (duplicate) {
    throw failedToCreate(
      'Can’t Create a Duplicate Lookalike',
      "You've already created a lookalike audience with the same source, country and size. Please try using a different source or different specifications.",
    );
  }
  return { type, ratio, startingRatio, country, originId };
}

/** Which kind the request makes: the `subtype` sent, else the kind its rule's event source implies. */
function subtypeOf(params: Record<string, string>): AudienceSubtype {
  const sent = params.subtype;
  if (sent === undefined) {
    if (params.lookalike_spec !== undefined) return 'LOOKALIKE';
    if (params.rule !== undefined) {
      const source = readRule(jsonParam(params, 'rule'));
      return source.sourceType === 'pixel' ? 'WEBSITE' : 'ENGAGEMENT';
    }
    return 'CUSTOM';
  }
  if (!SDK_SUBTYPES.includes(sent)) throw enumParameter('subtype', SDK_SUBTYPES);
  if (!MODELLED.includes(sent as AudienceSubtype))
    throw invalidParameter(`(#100) The Adsmith Meta sandbox does not model custom audiences of subtype ${sent}`);
  return sent as AudienceSubtype;
}

export function createCustomAudience(
  store: CustomAudienceStore,
  account: AdAccount,
  params: Record<string, string>,
  now: Date,
  origin: string,
  sizeOf: (audience: CustomAudience) => number,
): { id: string } {
  const nowS = Math.floor(now.getTime() / 1000);
  const name = params.name?.trim();
  if (!name) throw invalidParameter('(#100) The parameter name is required');
  const subtype = subtypeOf(params);
  const audience: CustomAudience = {
    id: '',
    accountId: account.accountId,
    name,
    description: params.description ?? '',
    subtype,
    timeCreated: nowS,
    timeUpdated: nowS,
    timeContentUpdated: nowS,
    members: new Set(),
    received: 0,
    invalid: 0,
    sessions: new Map(),
  };
  if (subtype === 'CUSTOM') {
    const source = params.customer_file_source;
    if (source === undefined) throw invalidParameter('(#100) Missing parameter(s): customer_file_source');
    if (!CUSTOMER_FILE_SOURCES.includes(source)) throw enumParameter('customer_file_source', CUSTOMER_FILE_SOURCES);
    if (!store.hasAcceptedTerms(account.accountId)) throw termsNotAccepted(origin, account.accountId);
    audience.customerFileSource = source;
  } else if (subtype === 'WEBSITE' || subtype === 'ENGAGEMENT') {
    const rule = jsonParam(params, 'rule');
    if (rule === undefined) throw invalidParameter('(#100) Missing parameter(s): rule');
    const source = readRule(rule);
    const expected =
      subtype === 'WEBSITE'
        ? { type: 'pixel', id: pixelIdOf(account), max: MAX_WEBSITE_RETENTION_S }
        : { type: 'page', id: pageIdOf(account), max: MAX_ENGAGEMENT_RETENTION_S };
    if (source.sourceType !== expected.type || source.sourceId !== expected.id) {
      throw invalidRule(
        `The rule's event source must be a ${expected.type} of act_${account.accountId} (${expected.type} ${expected.id}).`,
      );
    }
    if (source.retentionSeconds > expected.max)
      throw invalidRule(`retention_seconds may be at most ${expected.max} (${expected.max / 86_400} days).`);
    audience.rule = params.rule;
    audience.retentionDays = Math.ceil(source.retentionSeconds / 86_400);
    if (subtype === 'WEBSITE') {
      audience.pixelId = source.sourceId;
      audience.prefill = params.prefill === undefined ? true : params.prefill === 'true' || params.prefill === '1';
    }
  } else {
    audience.lookalike = lookalikeSpec(store, account, params, sizeOf);
  }
  audience.id = store.newId();
  store.audiences.set(audience.id, audience);
  return { id: audience.id };
}
