import { EXPANDABLE_EDGES, validateNodeFields, type FieldSelection } from './field-validation.js';
import { daysBetween, maxDate, minDate } from './calendar.js';
import { enumParameter, reduceDataError } from './graph-error.js';
import { buildInsightsRows, type InsightsRow, type ReportScope } from './insights-report.js';
import { parseInsightsParams } from './insights-params.js';
import {
  accountField,
  adField,
  adsetField,
  campaignField,
  createdCreativeField,
  creativeField,
} from './node-fields.js';
import type { GraphNode, Json, ReadContext } from './read-context.js';
import { paginate, type PageRequest } from './paging.js';
import { EFFECTIVE_STATUS_FILTER_VALUES, type InsightsLevel, type NodeType } from './reference.js';
import { accountOf, children, effectiveStatusOf, type Ad, type AdAccount, type AdObject, type World } from './world.js';

/**
 * Reading the Marketing API object graph: rendering nodes with the requested
 * fields (Meta's defaults when none), listing edges with paging and
 * effective_status filtering, and field expansion of edges inside `fields`
 * (`campaigns{name}`, `insights.date_preset(last_7d){spend}`, `campaign{name}`).
 */

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

/**
 * A synchronous request may cover at most this many ad-days (ads in scope ×
 * days of data in the range); beyond it Meta answers code 1 "Please reduce the
 * amount of data…", and asynchronous report runs are the way to read it.
 * The limit is on the whole request: the insights expanded on every object of a
 * list page add up (Meta refuses `get_ads` with nested data until the `limit` is
 * lowered: facebook-python-business-sdk issue #474, HTTP 500 code 1; subcode 99 as in
 * issue #510 of the same repository).
 */
export const SYNC_AD_DAY_LIMIT = 200_000;

/** Insights rows of a node; `sync` requests are refused when they are too big (report runs are not). */
export function insightsRows(
  ctx: ReadContext,
  node: GraphNode,
  params: Record<string, string | undefined>,
  { sync }: { sync: boolean },
): { rows: InsightsRow[]; range: { since: string; until: string } } {
  const account = accountOfNode(ctx, node);
  const today = ctx.model.today(account);
  const parsed = parseInsightsParams(params, {
    nodeLevel: NODE_LEVEL[nodeType(node)],
    today,
    dataStart: account.dataStart,
  });
  const scope: ReportScope = { account, ads: adsUnder(ctx, node) };
  if (sync) {
    const from = maxDate(parsed.range.since, account.dataStart);
    const to = minDate(parsed.range.until, today);
    const adDays = from > to ? 0 : scope.ads.length * (daysBetween(from, to) + 1);
    const requestAdDays = (ctx.syncAdDays?.used ?? 0) + adDays;
    if (requestAdDays > SYNC_AD_DAY_LIMIT || ctx.takeReduceData?.()) throw reduceDataError();
    if (ctx.syncAdDays) ctx.syncAdDays.used = requestAdDays;
  }
  const key = reportKey(ctx, node, params);
  const cached = builtReports.get(ctx.world)?.get(key);
  if (cached) return cached;
  const built = { rows: buildInsightsRows(ctx.world, ctx.model, ctx.seed, scope, parsed), range: parsed.range };
  remember(ctx.world, key, built);
  return built;
}

/**
 * Reports just built, so that reading one report page by page builds it once (Meta's cursors page
 * through one result too). A report is the same while the world is unchanged (every write bumps its
 * revision) and within a few seconds (today's figures grow through the day).
 */
const builtReports = new WeakMap<
  World,
  Map<string, { rows: InsightsRow[]; range: { since: string; until: string } }>
>();
const REPORT_REUSE_MS = 5_000;
const REPORTS_KEPT = 16;
const PAGING_PARAMS = new Set(['after', 'before', 'limit', 'access_token', 'appsecret_proof']);

function reportKey(ctx: ReadContext, node: GraphNode, params: Record<string, string | undefined>): string {
  const asked = Object.entries(params)
    .filter(([name, value]) => value !== undefined && !PAGING_PARAMS.has(name))
    .sort(([a], [b]) => a.localeCompare(b));
  const window = Math.floor(ctx.now().getTime() / REPORT_REUSE_MS);
  return `${ctx.world.revision}|${window}|${nodeId(node)}|${JSON.stringify(asked)}`;
}

function remember(
  world: World,
  key: string,
  report: { rows: InsightsRow[]; range: { since: string; until: string } },
): void {
  const kept = builtReports.get(world) ?? new Map();
  kept.set(key, report);
  // Oldest first out: a Map iterates in insertion order.
  while (kept.size > REPORTS_KEPT) kept.delete(kept.keys().next().value!);
  builtReports.set(world, kept);
}

/** Insights of a node as an edge response ({data, paging}). */
export function insightsEdge(
  ctx: ReadContext,
  node: GraphNode,
  params: Record<string, string | undefined>,
  page: PageRequest,
): Json {
  return paginate(insightsRows(ctx, node, params, { sync: true }).rows, page) as unknown as Json;
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
  if (!('id' in out)) out.id = nodeId(node);
  return out;
}

/** `campaign{name}` on an ad set, `creative{title}` on an ad: a reference rendered as its node. */
function expandReference(ctx: ReadContext, field: FieldSelection, value: unknown): unknown {
  const id = (value as { id?: string }).id;
  if (!id) return value;
  if (field.name === 'creative') {
    const created = ctx.world.creatives.get(id);
    if (created) {
      validateNodeFields(field.children ?? [], 'AdCreative');
      const out: Json = {};
      for (const child of field.children ?? []) {
        const childValue = createdCreativeField(created, child.name, ctx.world);
        if (childValue !== undefined) out[child.name] = childValue;
      }
      out.id = id;
      return out;
    }
    const ad = [...ctx.world.ads.values()].find((candidate) => candidate.creativeId === id);
    if (!ad) return value;
    validateNodeFields(field.children ?? [], 'AdCreative');
    const out: Json = {};
    for (const child of field.children ?? []) {
      const childValue = creativeField(ad, child.name, ctx.world);
      if (childValue !== undefined) out[child.name] = childValue;
    }
    out.id = id;
    return out;
  }
  const target = ctx.world.campaigns.get(id) ?? ctx.world.adsets.get(id);
  if (!target) return value;
  return renderNode(ctx, asGraphNode(target), field.children);
}
