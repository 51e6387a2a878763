import * as z from 'zod';
import type { ClientOverviewRow, ClientTargets } from '@shared/schemas/agency-overview';
import type { WorkspaceRole } from '@shared/workspace-roles';
import { isAppError } from '../errors';
import type { GraphClient } from '../meta/graph-client';
import { GraphError, toAppError } from '../meta/graph-errors';
import {
  InsightsRowSchema,
  SUMMARY_FIELDS,
  summariseInsights,
  type InsightsSummary,
  type ResultSummary,
} from '../meta/insights-math';
import { readInsights } from '../meta/insights-reader';
import { INSIGHTS_ATTRIBUTION_PARAMS } from '../meta-session/graph-shapes';
import { attentionOf, budgetPace, missesTarget } from './client-status';

/** One account-level row of the month so far, with the currency its money is in. */
const AccountRowSchema = InsightsRowSchema.extend({ account_currency: z.string().optional() });

export interface ClientWorkspace {
  workspaceId: string;
  name: string;
  role: WorkspaceRole;
  targets: ClientTargets | null;
}

export interface FiguresDeps {
  /** A Graph client acting as the workspace's own Meta connection (its owner's token). */
  graphFor: (workspaceId: string) => Promise<GraphClient>;
  /** Today in UTC, for a month with no spend yet (Meta sends no row, so no account day). */
  now: () => Date;
  remainingMs?: () => number;
}

function emptyRow(client: ClientWorkspace): ClientOverviewRow {
  return {
    ...client,
    period: null,
    currency: null,
    spend: null,
    results: null,
    resultType: null,
    costPerResult: null,
    roas: null,
    pace: null,
    offTarget: false,
    attention: client.targets ? 'error' : 'no_targets',
    error: null,
  };
}

/**
 * The account's result: Meta's single result type, or, when its ad sets optimise for different results (Meta then
 * gives the account no one cost per result), the type most of the money went to (results × cost per result), so a
 * mixed account is judged on its main goal rather than counted as having no results.
 */
export function mainResult(summary: InsightsSummary): ResultSummary | null {
  // Reach's cost is per 1,000 people.
  const spentOn = (e: ResultSummary) => (e.results * (e.costPerResult ?? 0)) / (e.resultType === 'reach' ? 1000 : 1);
  let best: ResultSummary | null = null;
  for (const entry of summary.resultsByType) {
    if (entry.costPerResult === null || entry.results <= 0) continue;
    if (!best || spentOn(entry) > spentOn(best)) best = entry;
  }
  return best;
}

/** Words a person reads for why a workspace's figures are missing; never Meta's raw error. */
function errorWords(error: unknown): string {
  const app = error instanceof GraphError ? toAppError(error) : error;
  return isAppError(app) ? app.message : 'Meta did not answer for this account. Try again later.';
}

/**
 * One workspace's month so far against its targets: a single account-level insights read (`date_preset=this_month`,
 * the account's own days and currency) with the workspace's connection. A workspace without targets is listed
 * without a Meta call (the agency has not said which account or goal to watch). A failure is the row's, in words,
 * so one client's revoked token never hides the others.
 */
export async function readClientRow(client: ClientWorkspace, deps: FiguresDeps): Promise<ClientOverviewRow> {
  const row = emptyRow(client);
  const targets = client.targets;
  if (!targets) return row;
  try {
    const graph = await deps.graphFor(client.workspaceId);
    const read = await readInsights(
      graph,
      targets.adAccountId,
      {
        level: 'account',
        date_preset: 'this_month',
        fields: [...SUMMARY_FIELDS, 'account_currency'].join(','),
        ...INSIGHTS_ATTRIBUTION_PARAMS,
      },
      AccountRowSchema,
      { remainingMs: deps.remainingMs ?? (() => 20_000), maxPages: 1 },
    );
    const first = read.rows[0];
    const currency = first?.account_currency ?? null;
    const summary = summariseInsights(read.rows, currency ? { currency } : {});
    const today = deps.now().toISOString().slice(0, 10);
    const until = first?.date_stop ?? today;
    const since = first?.date_start ?? `${until.slice(0, 8)}01`;
    const pace = budgetPace(summary.spend, targets.monthlyBudget, until);
    const main = mainResult(summary);
    const figures = { spend: summary.spend, costPerResult: main?.costPerResult ?? null, roas: summary.roas };
    const offTarget = missesTarget(targets, figures);
    return {
      ...row,
      period: { since, until },
      currency,
      spend: summary.spend,
      results: main?.results ?? null,
      resultType: main?.resultType ?? null,
      costPerResult: figures.costPerResult,
      roas: summary.roas,
      pace,
      offTarget,
      attention: attentionOf(offTarget, pace),
    };
  } catch (error) {
    return { ...row, attention: 'error', error: errorWords(error) };
  }
}

/** Runs `work` over `items`, at most `limit` at once, results in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
