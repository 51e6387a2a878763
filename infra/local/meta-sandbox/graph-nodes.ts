import { formatGraphTime, localMidnight } from './calendar.js';
import { EXPANDABLE_EDGES, validateNodeFields, type FieldSelection } from './field-validation.js';
import { enumParameter, invalidParameter } from './graph-error.js';
import { buildInsightsRows, type ReportScope } from './insights-report.js';
import { parseInsightsParams } from './insights-params.js';
import type { InsightsModel } from './insights-model.js';
import { paginate, type PageRequest } from './paging.js';
import { EFFECTIVE_STATUS_FILTER_VALUES, type InsightsLevel, type NodeType } from './reference.js';
import {
  accountOf,
  children,
  current,
  effectiveStatusOf,
  valueOn,
  type Ad,
  type AdAccount,
  type AdObject,
  type AdSet,
  type Campaign,
  type World,
} from './world.js';

/**
 * Reading the Marketing API object graph: rendering nodes with the requested
 * fields (Meta's defaults when none), listing edges with paging and
 * effective_status filtering, and field expansion of edges inside `fields`
 * (`campaigns{name}`, `insights.date_preset(last_7d){spend}`, `campaign{name}`).
 */

export interface ReadContext {
  world: World;
  model: InsightsModel;
  seed: number;
  now: () => Date;
  /** e.g. http://127.0.0.1:4010/v26.0 — base of absolute paging URLs. */
  versionBaseUrl: string;
  /** Parameters that nested paging URLs must carry (access_token when it came in the query). */
  carriedParams: Record<string, string>;
}

export type GraphNode =
  { type: 'AdAccount'; account: AdAccount } | { type: 'Campaign' | 'AdSet' | 'Ad'; node: AdObject };

export type Json = Record<string, unknown>;

/** Meta returns only `id` for ad objects unless fields are named (and account_id + id for accounts). */
export const DEFAULT_FIELDS: Record<string, string[]> = {
  AdAccount: ['account_id', 'id'],
  Campaign: ['id'],
  AdSet: ['id'],
  Ad: ['id'],
  AdCreative: ['id'],
  User: ['name', 'id'],
};

const NODE_LEVEL: Record<'AdAccount' | 'Campaign' | 'AdSet' | 'Ad', InsightsLevel> = {
  AdAccount: 'account',
  Campaign: 'campaign',
  AdSet: 'adset',
  Ad: 'ad',
};

function selectionOrDefault(selection: FieldSelection[] | undefined, type: string): FieldSelection[] {
  if (selection && selection.length > 0) return selection;
  return (DEFAULT_FIELDS[type] ?? ['id']).map((name) => ({ name, modifiers: {} }));
}

function budgetFields(history: Campaign['budgetHistory'], today: string): Json {
  const budget = valueOn(history, today) ?? current(history);
  const fields: Json = {};
  if (budget?.daily !== undefined) fields.daily_budget = String(Math.round(budget.daily));
  if (budget?.lifetime !== undefined) fields.lifetime_budget = String(Math.round(budget.lifetime));
  return fields;
}

export function amountSpentMinor(ctx: ReadContext, account: AdAccount): number {
  const ads = [...ctx.world.ads.values()].filter((ad) => ad.accountId === account.accountId);
  return ads.reduce((sum, ad) => sum + ctx.model.series(ad).reduce((s, day) => s + day.spendMinor, 0), 0);
}

function spentToday(ctx: ReadContext, ads: Ad[], account: AdAccount): number {
  const today = ctx.model.today(account);
  return ads.reduce((sum, ad) => sum + ctx.model.day(ad, today).spendMinor, 0);
}

function time(instant: Date, account: AdAccount): string {
  return formatGraphTime(instant, account.timezoneName);
}

function accountField(ctx: ReadContext, account: AdAccount, field: string): unknown {
  switch (field) {
    case 'id':
      return `act_${account.accountId}`;
    case 'account_id':
      return account.accountId;
    case 'name':
      return account.name;
    case 'currency':
      return account.currency;
    case 'timezone_name':
      return account.timezoneName;
    case 'timezone_id':
      return account.timezoneId;
    case 'timezone_offset_hours_utc':
      return account.timezoneOffsetHoursUtc;
    case 'account_status':
      return 1;
    case 'disable_reason':
      return 0;
    case 'amount_spent':
      return String(amountSpentMinor(ctx, account));
    case 'balance':
      return '0';
    case 'spend_cap':
      return '0';
    case 'min_daily_budget':
      return account.currency === 'JPY' ? 150 : 100;
    case 'created_time':
      return time(account.createdTime, account);
    case 'business_name':
      return account.businessName;
    case 'business_country_code':
      return account.currency === 'JPY' ? 'JP' : 'US';
    case 'owner':
      return account.ownerUserId;
    case 'age':
      return Number(((ctx.now().getTime() - account.createdTime.getTime()) / 86_400_000).toFixed(6));
    case 'is_personal':
      return 0;
    case 'is_prepay_account':
      return false;
    case 'capabilities':
      return [];
    case 'user_tasks':
      return ['DRAFT', 'ANALYZE', 'ADVERTISE', 'MANAGE'];
    case 'tos_accepted':
      return { web_custom_audience_tos: 1 };
    default:
      return undefined;
  }
}

function campaignField(ctx: ReadContext, campaign: Campaign, field: string): unknown {
  const account = accountOf(ctx.world, campaign);
  const today = ctx.model.today(account);
  switch (field) {
    case 'id':
      return campaign.id;
    case 'account_id':
      return campaign.accountId;
    case 'name':
      return campaign.name;
    case 'objective':
      return campaign.objective;
    case 'status':
    case 'configured_status':
      return current(campaign.statusHistory);
    case 'effective_status':
      return effectiveStatusOf(ctx.world, campaign);
    case 'buying_type':
      return campaign.buyingType;
    case 'bid_strategy':
      return campaign.bidStrategy;
    case 'daily_budget':
    case 'lifetime_budget':
      return budgetFields(campaign.budgetHistory, today)[field];
    case 'budget_remaining': {
      const budget = current(campaign.budgetHistory);
      if (!budget) return '0';
      const ads = [...ctx.world.ads.values()].filter((ad) => ad.campaignId === campaign.id);
      if (budget.daily !== undefined) return String(Math.max(0, budget.daily - spentToday(ctx, ads, account)));
      const spent = ads.reduce((sum, ad) => sum + ctx.model.series(ad).reduce((s, d) => s + d.spendMinor, 0), 0);
      return String(Math.max(0, Math.round((budget.lifetime ?? 0) - spent)));
    }
    case 'is_adset_budget_sharing_enabled':
      return current(campaign.budgetHistory) ? undefined : false;
    case 'created_time':
      return time(campaign.createdTime, account);
    case 'updated_time':
      return time(campaign.updatedTime, account);
    case 'start_time':
      return time(localMidnight(campaign.startDate, account.timezoneName), account);
    case 'stop_time':
      return campaign.stopDate ? time(localMidnight(campaign.stopDate, account.timezoneName), account) : undefined;
    case 'special_ad_categories':
      return campaign.specialAdCategories;
    case 'special_ad_category':
      return 'NONE';
    case 'can_use_spend_cap':
      return true;
    case 'pacing_type':
      return ['standard'];
    case 'smart_promotion_type':
      return 'GUIDED_CREATION';
    case 'source_campaign_id':
    case 'topline_id':
      return '0';
    case 'primary_attribution':
      return 'DEFAULT';
    default:
      return undefined;
  }
}

function promotedObject(campaign: Campaign, account: AdAccount): Json | undefined {
  const pageId = `10${account.accountId.slice(2, 15)}`;
  switch (campaign.objective) {
    case 'OUTCOME_SALES':
      return { pixel_id: `7${account.accountId.slice(1, 15)}`, custom_event_type: 'PURCHASE' };
    case 'OUTCOME_APP_PROMOTION':
      return {
        application_id: '1234567890123456',
        object_store_url: 'https://play.google.com/store/apps/details?id=com.example.outdoor',
      };
    case 'OUTCOME_LEADS':
    case 'OUTCOME_ENGAGEMENT':
      return { page_id: pageId };
    default:
      return undefined;
  }
}

function adsetField(ctx: ReadContext, adset: AdSet, field: string): unknown {
  const account = accountOf(ctx.world, adset);
  const campaign = ctx.world.campaigns.get(adset.campaignId)!;
  const today = ctx.model.today(account);
  switch (field) {
    case 'id':
      return adset.id;
    case 'account_id':
      return adset.accountId;
    case 'campaign_id':
      return adset.campaignId;
    case 'campaign':
      return { id: adset.campaignId };
    case 'name':
      return adset.name;
    case 'status':
    case 'configured_status':
      return current(adset.statusHistory);
    case 'effective_status':
      return effectiveStatusOf(ctx.world, adset);
    case 'optimization_goal':
      return adset.optimizationGoal;
    case 'billing_event':
      return adset.billingEvent;
    case 'bid_strategy':
      return adset.bidStrategy;
    case 'destination_type':
      return adset.destinationType;
    case 'daily_budget':
    case 'lifetime_budget':
      return budgetFields(adset.budgetHistory, today)[field];
    case 'budget_remaining': {
      const budget = current(adset.budgetHistory);
      if (!budget?.daily) return '0';
      const ads = children(ctx.world).adsByAdset.get(adset.id) ?? [];
      return String(Math.max(0, budget.daily - spentToday(ctx, ads, account)));
    }
    case 'targeting':
      return {
        age_min: adset.ageMin,
        age_max: adset.ageMax,
        geo_locations: { countries: adset.countries, location_types: ['home', 'recent'] },
        targeting_automation: { advantage_audience: 1 },
      };
    case 'promoted_object':
      return promotedObject(campaign, account);
    case 'created_time':
      return time(adset.createdTime, account);
    case 'updated_time':
      return time(adset.updatedTime, account);
    case 'start_time':
      return time(localMidnight(adset.startDate, account.timezoneName), account);
    case 'end_time':
      return adset.endDate ? time(localMidnight(adset.endDate, account.timezoneName), account) : undefined;
    case 'pacing_type':
      return ['standard'];
    case 'is_dynamic_creative':
      return false;
    case 'attribution_spec':
      return [
        { event_type: 'CLICK_THROUGH', window_days: 7 },
        { event_type: 'VIEW_THROUGH', window_days: 1 },
      ];
    case 'learning_stage_info':
      return { status: 'SUCCESS' };
    default:
      return undefined;
  }
}

function adField(ctx: ReadContext, ad: Ad, field: string): unknown {
  const account = accountOf(ctx.world, ad);
  switch (field) {
    case 'id':
      return ad.id;
    case 'account_id':
      return ad.accountId;
    case 'campaign_id':
      return ad.campaignId;
    case 'adset_id':
      return ad.adsetId;
    case 'campaign':
      return { id: ad.campaignId };
    case 'adset':
      return { id: ad.adsetId };
    case 'creative':
      return { id: ad.creativeId };
    case 'name':
      return ad.name;
    case 'status':
    case 'configured_status':
      return current(ad.statusHistory);
    case 'effective_status':
      return effectiveStatusOf(ctx.world, ad);
    case 'created_time':
      return time(ad.createdTime, account);
    case 'updated_time':
      return time(ad.updatedTime, account);
    case 'tracking_specs':
      return [{ 'action.type': ['offsite_conversion'], fb_pixel: [`7${account.accountId.slice(1, 15)}`] }];
    default:
      return undefined;
  }
}

export function creativeField(ad: Ad, field: string): unknown {
  switch (field) {
    case 'id':
      return ad.creativeId;
    case 'account_id':
      return ad.accountId;
    case 'name':
      return `${ad.name} creative`;
    case 'title':
      return ad.name.split(' | ')[0];
    case 'body':
      return 'Gear up for the trail: light, tough and made to last.';
    case 'call_to_action_type':
      return ad.callToActionType;
    case 'object_type':
      return 'SHARE';
    case 'status':
      return 'ACTIVE';
    default:
      return undefined;
  }
}

function nodeType(node: GraphNode): 'AdAccount' | 'Campaign' | 'AdSet' | 'Ad' {
  return node.type;
}

function nodeId(node: GraphNode): string {
  return node.type === 'AdAccount' ? `act_${node.account.accountId}` : node.node.id;
}

function accountOfNode(ctx: ReadContext, node: GraphNode): AdAccount {
  return node.type === 'AdAccount' ? node.account : accountOf(ctx.world, node.node);
}

/** The ads under a node: the scope of its insights. */
export function adsUnder(ctx: ReadContext, node: GraphNode): Ad[] {
  const all = [...ctx.world.ads.values()];
  if (node.type === 'AdAccount') return all.filter((ad) => ad.accountId === node.account.accountId);
  if (node.type === 'Campaign') return all.filter((ad) => ad.campaignId === node.node.id);
  if (node.type === 'AdSet') return all.filter((ad) => ad.adsetId === node.node.id);
  return [node.node as Ad];
}

function parseStatusFilter(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  let values: string[];
  try {
    const parsed: unknown = JSON.parse(raw);
    values = Array.isArray(parsed) ? parsed.map(String) : [String(parsed)];
  } catch {
    values = raw.split(',').map((value) => value.trim());
  }
  values.forEach((value, index) => {
    if (!EFFECTIVE_STATUS_FILTER_VALUES.includes(value))
      throw enumParameter(`effective_status[${index}]`, EFFECTIVE_STATUS_FILTER_VALUES);
  });
  return values;
}

/** Children of a node on an edge, newest first; archived and deleted objects only when asked for. */
export function listEdge(
  ctx: ReadContext,
  node: GraphNode,
  edge: 'campaigns' | 'adsets' | 'ads',
  statusFilter?: string,
): AdObject[] {
  const accountId = accountOfNode(ctx, node).accountId;
  const source: AdObject[] =
    edge === 'campaigns'
      ? (children(ctx.world).campaignsByAccount.get(accountId) ?? [])
      : edge === 'adsets'
        ? [...ctx.world.adsets.values()]
        : [...ctx.world.ads.values()];
  const inScope = source.filter((item) => {
    if (item.accountId !== accountId) return false;
    if (node.type === 'Campaign') return item.kind !== 'Campaign' && item.campaignId === node.node.id;
    if (node.type === 'AdSet') return item.kind === 'Ad' && item.adsetId === node.node.id;
    return true;
  });
  const wanted = parseStatusFilter(statusFilter);
  const filtered = inScope.filter((item) => {
    const status = effectiveStatusOf(ctx.world, item);
    return wanted ? wanted.includes(status) : status !== 'ARCHIVED' && status !== 'DELETED';
  });
  return filtered.sort((a, b) => b.createdTime.getTime() - a.createdTime.getTime() || b.id.localeCompare(a.id));
}

export function asGraphNode(item: AdObject): GraphNode {
  return { type: item.kind, node: item };
}

/** Insights of a node as an edge response ({data, paging}). */
export function insightsEdge(
  ctx: ReadContext,
  node: GraphNode,
  params: Record<string, string | undefined>,
  page: PageRequest,
): Json {
  const account = accountOfNode(ctx, node);
  const parsed = parseInsightsParams(params, {
    nodeLevel: NODE_LEVEL[nodeType(node)],
    today: ctx.model.today(account),
    dataStart: account.dataStart,
  });
  const scope: ReportScope = { account, ads: adsUnder(ctx, node) };
  const rows = buildInsightsRows(ctx.world, ctx.model, ctx.seed, scope, parsed);
  return paginate(rows, page) as unknown as Json;
}

/** Turns field-expansion modifiers and children back into edge parameters. */
function expansionParams(selection: FieldSelection): Record<string, string> {
  const params: Record<string, string> = { ...selection.modifiers };
  if (selection.children) params.fields = serializeFields(selection.children);
  return params;
}

export function serializeFields(selection: FieldSelection[]): string {
  return selection
    .map((field) => {
      const modifiers = Object.entries(field.modifiers)
        .map(([name, argument]) => `.${name}(${argument})`)
        .join('');
      return `${field.name}${modifiers}${field.children ? `{${serializeFields(field.children)}}` : ''}`;
    })
    .join(',');
}

function expandEdge(ctx: ReadContext, node: GraphNode, selection: FieldSelection): Json | undefined {
  const params = expansionParams(selection);
  const page: PageRequest = {
    baseUrl: `${ctx.versionBaseUrl}/${nodeId(node)}/${selection.name}`,
    params: { ...ctx.carriedParams, ...params },
  };
  if (selection.name === 'insights') {
    const result = insightsEdge(ctx, node, params, page);
    // Meta leaves an expanded insights edge out entirely when there is no data.
    return (result.data as unknown[]).length > 0 ? result : undefined;
  }
  const items = listEdge(ctx, node, selection.name as 'campaigns' | 'adsets' | 'ads', params.effective_status);
  const result = paginate(items, page);
  return {
    data: result.data.map((item) => renderNode(ctx, asGraphNode(item), selection.children)),
    ...(result.paging && { paging: result.paging }),
  };
}

/** Renders a node with the requested fields (validated against the v26 field list of its type). */
export function renderNode(ctx: ReadContext, node: GraphNode, selection: FieldSelection[] | undefined): Json {
  const type = nodeType(node) as NodeType;
  const fields = selectionOrDefault(selection, type);
  validateNodeFields(fields, type);
  const out: Json = {};
  for (const field of fields) {
    if ((EXPANDABLE_EDGES[type] ?? []).includes(field.name)) {
      const expanded = expandEdge(ctx, node, field);
      if (expanded !== undefined) out[field.name] = expanded;
      continue;
    }
    let value: unknown;
    if (node.type === 'AdAccount') value = accountField(ctx, node.account, field.name);
    else if (node.node.kind === 'Campaign') value = campaignField(ctx, node.node, field.name);
    else if (node.node.kind === 'AdSet') value = adsetField(ctx, node.node, field.name);
    else value = adField(ctx, node.node, field.name);
    if (value !== undefined && field.children) value = expandReference(ctx, field, value);
    if (value !== undefined) out[field.name] = value;
  }
  // Meta always echoes the id of the node it read.
  if (!('id' in out) && node.type !== 'AdAccount') out.id = nodeId(node);
  if (!('id' in out) && node.type === 'AdAccount') out.id = nodeId(node);
  return out;
}

/** `campaign{name}` on an ad set, `creative{title}` on an ad: a reference rendered as its node. */
function expandReference(ctx: ReadContext, field: FieldSelection, value: unknown): unknown {
  const id = (value as { id?: string }).id;
  if (!id) return value;
  if (field.name === 'creative') {
    const ad = [...ctx.world.ads.values()].find((candidate) => candidate.creativeId === id);
    if (!ad) return value;
    validateNodeFields(field.children ?? [], 'AdCreative');
    const out: Json = {};
    for (const child of field.children ?? []) {
      const childValue = creativeField(ad, child.name);
      if (childValue !== undefined) out[child.name] = childValue;
    }
    out.id = id;
    return out;
  }
  const target = ctx.world.campaigns.get(id) ?? ctx.world.adsets.get(id);
  if (!target) return value;
  return renderNode(ctx, asGraphNode(target), field.children);
}

export function requireEdgeName(edge: string, type: string): 'campaigns' | 'adsets' | 'ads' | 'insights' {
  const allowed = EXPANDABLE_EDGES[type as NodeType] ?? [];
  if (!allowed.includes(edge)) throw invalidParameter(`(#100) Unknown edge ${edge} on node type (${type})`);
  return edge as 'campaigns' | 'adsets' | 'ads' | 'insights';
}
