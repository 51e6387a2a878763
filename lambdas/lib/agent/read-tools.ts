import * as z from 'zod';
import { datePresets, performanceBreakdowns } from '@shared/performance-options';
import type { PerformanceRow } from '@shared/schemas/meta';
import { listObjectChanges } from '../meta-changes/change-audit';
import { listAdAccounts, ownedAdAccount, toAdAccount } from '../meta-session/ad-accounts';
import { listCampaigns } from '../meta-session/campaigns';
import { performanceTable } from '../meta-session/performance-table';
import type { MetaSession } from '../meta-session/session';
import { listAccountRows } from '../optimizer/recommendation-rows';
import { listRules, listRuns } from '../rules/rule-store';
import { notFound } from '../errors';
import type { AgentToolContext } from './agent-context';
import { defineTool } from './tool-registry';

/**
 * The agent's read tools: what the dashboard, the optimizer, the rules, the marketing-mix service and the
 * audit trail already show, read through the same code, so the agent's figures are the screens' figures.
 */

const AdAccountIdSchema = z
  .string()
  .regex(/^act_\d{1,30}$/, 'An ad account id looks like act_123')
  .optional()
  .describe("The ad account (act_…); the workspace's first active one when left out");

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates look like 2026-01-31');

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The named account when it is the workspace's (NOT_FOUND otherwise), else its first active one. */
export async function accountFor(session: MetaSession, adAccountId: string | undefined) {
  if (adAccountId) return toAdAccount(await ownedAdAccount(session, adAccountId));
  const accounts = (await listAdAccounts(session)).map(toAdAccount);
  const chosen = accounts.find((account) => account.status === 'ACTIVE') ?? accounts[0];
  if (!chosen) throw notFound('This workspace’s Meta connection has no ad account.');
  return chosen;
}

export const listAdAccountsTool = defineTool({
  name: 'list_ad_accounts',
  kind: 'read',
  description: "The workspace's Meta ad accounts: id, name, currency, status and amount spent.",
  args: () => z.object({}).strict(),
  run: async (_args, ctx: AgentToolContext) => {
    const accounts = (await listAdAccounts(await ctx.session())).map(toAdAccount);
    return {
      ok: true,
      summary:
        accounts.length === 0
          ? 'The Meta connection has no ad accounts.'
          : `Ad accounts: ${accounts.map((a) => `${a.name} (${a.id}, ${a.currency}, ${a.status})`).join('; ')}.`,
      data: {
        accounts: accounts.map((a) => ({
          id: a.id,
          name: a.name,
          currency: a.currency,
          status: a.status,
          amountSpent: a.amountSpent,
        })),
      },
    };
  },
});

function compactRow(row: PerformanceRow, level: string, status: string | undefined) {
  const m = row.metrics;
  return {
    id: row.id,
    name: row.name,
    level,
    ...(status ? { status } : {}),
    ...(Object.keys(row.segment).length > 0 ? { segment: row.segment } : {}),
    spend: round2(m.spend),
    impressions: m.impressions,
    results: m.results,
    resultType: m.resultType,
    costPerResult: m.costPerResult === null ? null : round2(m.costPerResult),
    cpm: m.cpm === null ? null : round2(m.cpm),
    ctr: m.ctr === null ? null : round2(m.ctr),
    frequency: m.frequency === null ? null : round2(m.frequency),
    roas: m.roas === null ? null : round2(m.roas),
  };
}

/** Rows the model reads at most: the biggest spenders (the summary says how many were left out). */
const MAX_ROWS = 25;

export const getInsightsTool = defineTool({
  name: 'get_insights',
  kind: 'read',
  description:
    "Meta's own figures for campaigns, ad sets or ads over a date range, optionally split by age, gender, placement or device: spend, impressions, Meta's results and cost_per_result, CPM, CTR, frequency, ROAS. Money in the account currency.",
  args: () =>
    z
      .object({
        adAccountId: AdAccountIdSchema,
        level: z.enum(['campaign', 'adset', 'ad']).default('campaign'),
        datePreset: z.enum(datePresets).optional(),
        since: isoDate.optional(),
        until: isoDate.optional(),
        breakdown: z
          .enum(Object.keys(performanceBreakdowns) as [keyof typeof performanceBreakdowns])
          .optional()
          .describe('Split each row by age, gender, placement or device'),
      })
      .strict()
      .refine((a) => !(a.datePreset && (a.since || a.until)), {
        message: 'Use either datePreset or since and until',
        path: ['datePreset'],
      })
      .refine((a) => Boolean(a.since) === Boolean(a.until), {
        message: 'since and until go together',
        path: ['since'],
      }),
  run: async (args, ctx: AgentToolContext) => {
    const session = await ctx.session();
    const account = await accountFor(session, args.adAccountId);
    const range =
      args.since && args.until
        ? { since: args.since, until: args.until }
        : { datePreset: args.datePreset ?? 'last_7d' };
    const table = await performanceTable(session, account.id, {
      ...range,
      level: args.level,
      ...(args.breakdown ? { breakdown: args.breakdown } : {}),
    });
    // A campaign that spent in the range may be paused now: the model must not propose pausing it again.
    const statuses =
      args.level === 'campaign'
        ? new Map((await listCampaigns(session, account.id)).map((c) => [c.id, c.effective_status]))
        : new Map<string, string>();
    const rows = [...table.rows]
      .sort((a, b) => b.metrics.spend - a.metrics.spend)
      .map((r) => compactRow(r, args.level, statuses.get(r.id)));
    const shown = rows.slice(0, MAX_ROWS);
    const line = (r: (typeof rows)[number]) =>
      `${r.name}${r.segment ? ` [${Object.values(r.segment).join(' ')}]` : ''}` +
      `${r.status && r.status !== 'ACTIVE' ? ` (${r.status.toLowerCase().replace(/_/g, ' ')} now)` : ''}: spend ${r.spend}` +
      (r.results !== null ? `, ${r.results} results (${r.resultType}) at ${r.costPerResult} each` : ', no results') +
      (r.frequency !== null ? `, frequency ${r.frequency}` : '');
    return {
      ok: true,
      summary:
        `${account.name} (${account.id}), ${table.range.since} to ${table.range.until}, ${table.currency}: ` +
        (shown.length === 0 ? 'nothing delivered.' : `${shown.slice(0, 5).map(line).join('; ')}.`) +
        (rows.length > shown.length ? ` (${rows.length - shown.length} smaller rows left out)` : ''),
      data: {
        adAccountId: account.id,
        currency: table.currency,
        range: table.range,
        level: args.level,
        breakdown: table.breakdown,
        rows: shown,
        ...(table.partial ? { partial: true } : {}),
      },
    };
  },
});

export const listRecommendationsTool = defineTool({
  name: 'list_recommendations',
  kind: 'read',
  description:
    "The optimizer's recommendations for an ad account as last computed (open ones and those applied or undone), each with its evidence, expected effect and confidence.",
  args: () => z.object({ adAccountId: AdAccountIdSchema }).strict(),
  run: async (args, ctx: AgentToolContext) => {
    const account = await accountFor(await ctx.session(), args.adAccountId);
    const rows = await listAccountRows(ctx.recommendations, ctx.workspace.id, account.id);
    const open = rows.filter((r) => r.status === 'proposed');
    return {
      ok: true,
      summary:
        rows.length === 0
          ? `No recommendations are stored for ${account.name}: open the optimizer to compute them.`
          : `${open.length} open recommendations for ${account.name}: ${open
              .slice(0, 5)
              .map((r) => `${r.title} (confidence ${Math.round(r.confidence * 100)}%)`)
              .join('; ')}.`,
      data: {
        adAccountId: account.id,
        recommendations: rows.slice(0, 20).map((r) => ({
          id: r.id,
          kind: r.kind,
          status: r.status,
          title: r.title,
          why: r.why,
          evidence: r.evidence,
          expectedEffect: r.expectedEffect,
          confidence: r.confidence,
        })),
      },
    };
  },
});

export const listRulesTool = defineTool({
  name: 'list_rules',
  kind: 'read',
  description: "The workspace's automation rules (on or off) and their latest runs with what they did.",
  args: () => z.object({}).strict(),
  run: async (_args, ctx: AgentToolContext) => {
    const [records, runs] = await Promise.all([
      listRules(ctx.rules, ctx.workspace.id),
      listRuns(ctx.ruleRuns, ctx.workspace.id, 10),
    ]);
    const rules = records.map((r) => ({ ruleId: r.ruleId, name: r.rule.name, status: r.status, lastRun: r.lastRun }));
    return {
      ok: true,
      summary:
        rules.length === 0
          ? 'This workspace has no automation rules.'
          : `Rules: ${rules.map((r) => `${r.name} (${r.status})`).join('; ')}. Latest runs: ${
              runs.length === 0
                ? 'none'
                : runs
                    .slice(0, 5)
                    .map((run) => `${run.ruleName} ${run.outcome} at ${run.startedAt}`)
                    .join('; ')
            }.`,
      data: {
        rules,
        runs: runs.map((run) => ({
          ruleName: run.ruleName,
          startedAt: run.startedAt,
          outcome: run.outcome,
          actions: run.actions.length,
        })),
      },
    };
  },
});

export const listMmmReportsTool = defineTool({
  name: 'list_mmm_reports',
  kind: 'read',
  description:
    "The workspace's marketing-mix models: status, fit quality (R², NRMSE) and the share of results they attribute to media.",
  args: () => z.object({}).strict(),
  run: async (_args, ctx: AgentToolContext) => {
    const { listModelRows, modelSummary } = await ctx.logic.marketingMix();
    const models = (await listModelRows(ctx.mmm, ctx.workspace.id)).map(modelSummary);
    return {
      ok: true,
      summary:
        models.length === 0
          ? 'This workspace has no marketing-mix models.'
          : `Marketing-mix models: ${models
              .map(
                (m) =>
                  `${m.name} (${m.status}${m.headline ? `, R² ${m.headline.rSquared}, ${m.headline.channels} channels` : ''})`,
              )
              .join('; ')}.`,
      data: {
        models: models.map((m) => ({
          id: m.id,
          name: m.name,
          status: m.status,
          headline: m.headline,
          updatedAt: m.updatedAt,
        })),
      },
    };
  },
});

export const listAuditTrailTool = defineTool({
  name: 'list_audit_trail',
  kind: 'read',
  description:
    'Changes made to an ad account through Adsmith (by people, the optimizer, rules or the agent) over the last days: when, what action, on which object and who asked.',
  args: () => z.object({ adAccountId: AdAccountIdSchema, days: z.number().int().min(1).max(30).default(7) }).strict(),
  run: async (args, ctx: AgentToolContext) => {
    const account = await accountFor(await ctx.session(), args.adAccountId);
    const from = new Date(ctx.now().getTime() - args.days * 86_400_000);
    const changes = await listObjectChanges(ctx.audit.doc, ctx.audit.table, ctx.workspace.id, from, account.id);
    const latest = changes.slice(-20).reverse();
    return {
      ok: true,
      summary:
        latest.length === 0
          ? `No changes were made to ${account.name} through Adsmith in the last ${args.days} days.`
          : `${changes.length} changes to ${account.name} in the last ${args.days} days; latest: ${latest
              .slice(0, 5)
              .map((c) => `${c.action} on ${c.objectId} at ${c.at}${c.source ? ` (${c.source})` : ''}`)
              .join('; ')}.`,
      data: { adAccountId: account.id, changes: latest },
    };
  },
});

const AudiencesPageSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      subtype: z.string(),
      approximate_count_lower_bound: z.number().optional(),
      approximate_count_upper_bound: z.number().optional(),
    }),
  ),
});

/** Meta's subtypes in the Audiences screen's words. */
const AUDIENCE_KIND: Record<string, string> = {
  CUSTOM: 'customer list',
  WEBSITE: 'website visitors',
  ENGAGEMENT: 'Page engagers',
  LOOKALIKE: 'lookalike',
};

export const listAudiencesTool = defineTool({
  name: 'list_audiences',
  kind: 'read',
  description:
    "The ad account's custom audiences (customer lists, website visitors, Page engagers, lookalikes): id, name, kind and Meta's size range. Their ids are what propose_audience_exclusion takes.",
  args: () => z.object({ adAccountId: AdAccountIdSchema }).strict(),
  run: async (args, ctx: AgentToolContext) => {
    const session = await ctx.session();
    const account = await accountFor(session, args.adAccountId);
    const page = await session.graph.get(
      `${account.id}/customaudiences`,
      { fields: 'id,name,subtype,approximate_count_lower_bound,approximate_count_upper_bound', limit: 100 },
      AudiencesPageSchema,
    );
    const audiences = page.data.map((a) => ({
      id: a.id,
      name: a.name,
      kind: AUDIENCE_KIND[a.subtype] ?? a.subtype.toLowerCase(),
      sizeLower: a.approximate_count_lower_bound ?? null,
      sizeUpper: a.approximate_count_upper_bound ?? null,
    }));
    return {
      ok: true,
      summary:
        audiences.length === 0
          ? `${account.name} has no custom audiences.`
          : `Custom audiences of ${account.name}: ${audiences.map((a) => `${a.name} (${a.id}, ${a.kind})`).join('; ')}.`,
      data: { adAccountId: account.id, audiences },
    };
  },
});
