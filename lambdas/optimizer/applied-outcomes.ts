import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { RecommendationKind, StoredRecommendation } from '@shared/schemas/optimizer';
import type { AppliedList, AppliedRecommendation, Outcome } from '@shared/schemas/optimizer-outcomes';
import type { GraphClient } from '../lib/meta/graph-client';
import { categorise, toAppError } from '../lib/meta/graph-errors';
import { InsightsRowSchema, summariseInsights, type InsightsRow } from '../lib/meta/insights-math';
import { listObjectChanges } from '../lib/meta-changes/change-audit';
import { todayIn } from '../lib/meta-connection/date-range';
import {
  detectorScores,
  isFinal,
  judgeOutcome,
  MIN_HISTORY,
  outcomeWindows,
  type AuditedChange,
  type DailyRow,
  type ObjectState,
  type OutcomeWindows,
  type WindowTotals,
} from '../lib/optimizer/outcome-math';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import { graphList, INSIGHTS_ATTRIBUTION_PARAMS } from '../lib/meta-session/graph-shapes';
import type { MetaSession } from '../lib/meta-session/session';
import { listTests, type TestStore } from '../lib/ad-optimizer/test-store';
import type { RecommendationStore } from '../lib/optimizer/recommendation-store';
import { listAppliedRows, saveOutcome, type AppliedRow } from './outcome-store';
import { abTestObjects, madeTests, measureAbTests, type MadeTest } from './applied-ab-tests';

/**
 * The "Applied" view of the optimizer: each applied recommendation with what it predicted and
 * what happened, and per detector how often its predicted range held.
 *
 * Measured on read, and cached on the recommendation's row. Only someone looking at the screen
 * needs the numbers; a measurement is a couple of batched Graph calls for the recommendations not
 * yet final, and once final (7 days measured and 7 more for Meta's late conversions, or not
 * measurable) it is never read from Meta again. A daily scheduled function would read Meta for
 * every user with an applied recommendation, whether or not anyone looks, with their tokens,
 * and would still need this same read path for "day N of 7" on the screen.
 */

/** The detectors whose recommendations change something (the others need a person and are never applied). */
export const APPLYING_DETECTORS: readonly RecommendationKind[] = [
  'budget_shift',
  'budget_limited_winner',
  'overspending_loser',
  'learning_limited',
  'ab_loser',
];

const NodeSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  effective_status: z.string().optional(),
  updated_time: z.string().optional(),
  adset_id: z.string().optional(),
});
const InsightsPageSchema = graphList(InsightsRowSchema);

export interface AppliedDeps {
  store: RecommendationStore;
  /** Our audit table: every change made through Adsmith, with its time ("changed again" in between). */
  audit: { doc: DynamoDBDocumentClient; table: string };
  /** The ad optimizer's rewrites: the A/B copies made are the tab's A/B rows (read only). */
  tests: TestStore;
  /** Graph calls made so far in this request. */
  graphCalls: () => number;
}

/** The object whose delivery a change moves: a paused ad's delivery goes to its ad set's other ads. */
function scopeOf(
  change: { level: string; objectId: string },
  nodes: Map<string, z.infer<typeof NodeSchema>>,
): { level: string; id: string } {
  const adset = change.level === 'ad' ? nodes.get(change.objectId)?.adset_id : undefined;
  return adset ? { level: 'adset', id: adset } : { level: change.level, id: change.objectId };
}

/**
 * An A/B copy made in the ad set whose delivery a change moves adds its own spend and results to that ad set: as
 * a change in its week it is "changed again", so the copy's figures are never counted as the change's effect
 * (the A/B row measures them).
 */
function copiesIn(tests: readonly MadeTest[], scope: { level: string; id: string }): AuditedChange[] {
  if (scope.level !== 'adset') return [];
  return tests
    .filter((test) => test.adsetId === scope.id)
    .map((test) => ({ at: test.approvedAt, action: 'create_ad_copy', source: `ad-optimizer:${test.id}` }));
}

/** Another applied recommendation of ours that changed the same object later, by object id. */
function laterChanges(rows: readonly AppliedRow[], row: AppliedRow): Map<string, string> {
  const later = new Map<string, string>();
  for (const other of rows) {
    if (other === row || other.record.status !== 'applied') continue;
    if (other.record.appliedAt! <= row.record.appliedAt!) continue;
    for (const change of other.record.applied ?? []) {
      const known = later.get(change.objectId);
      if (!known || other.record.appliedAt! < known) later.set(change.objectId, other.record.appliedAt!);
    }
  }
  return later;
}

async function readNodes(graph: GraphClient, objects: ReadonlyArray<{ objectId: string; level: string }>) {
  const ids = objects.map((o) => o.objectId);
  const results = await graph.batch(
    objects.map(({ objectId, level }) => ({
      method: 'GET' as const,
      path: `/${objectId}`,
      // Meta refuses a field the node type does not have (#100): only an ad has an ad set.
      params: { fields: `id,name,effective_status,updated_time${level === 'ad' ? ',adset_id' : ''}` },
    })),
  );
  const nodes = new Map<string, z.infer<typeof NodeSchema>>();
  results.forEach((result, index) => {
    const id = ids[index]!;
    if (result.ok) {
      const parsed = NodeSchema.safeParse(result.body);
      if (parsed.success) nodes.set(id, parsed.data);
    } else if (categorise(result.error) === 'not-found') {
      // Meta no longer finds the object (deleted, or beyond this token's reach): it cannot be measured.
      nodes.set(id, { id, effective_status: 'DELETED' });
    } else {
      throw toAppError(result.error);
    }
  });
  return nodes;
}

const DELIVERY_FIELDS = 'spend,impressions,inline_link_clicks,results,cost_per_result,actions';

/** What one recommendation's measurement reads: its objects (of one level) over its two windows. */
interface WindowRead {
  level: string;
  ids: string[];
  windows: OutcomeWindows;
}

function dailyRow(row: InsightsRow, currency: string): DailyRow {
  const summary = summariseInsights([row], { currency });
  return {
    date: String(row.date_start ?? ''),
    spend: summary.spend,
    impressions: summary.impressions,
    linkClicks: summary.linkClicks,
    results: summary.resultsByType.reduce((total, r) => total + r.results, 0),
  };
}

function totalsOf(row: InsightsRow | undefined, currency: string): WindowTotals | undefined {
  if (!row) return undefined;
  const summary = summariseInsights([row], { currency });
  const results = summary.resultsByType.reduce((total, r) => total + r.results, 0);
  return {
    spend: summary.spend,
    results,
    // Meta's own cost_per_result when the window has one result type (always, within one goal).
    costPerResult: summary.costPerResult ?? (results > 0 ? Math.round((summary.spend / results) * 100) / 100 : null),
    impressions: summary.impressions,
    linkClicks: summary.linkClicks,
  };
}

/**
 * Two insights reads per recommendation, all in one batch: Meta's totals for the before and
 * after windows (`time_ranges`, one row each, the objects filtered by id and added up by Meta),
 * and the same objects by day over both (which days had delivery).
 */
async function readWindows(
  graph: GraphClient,
  accountId: string,
  currency: string,
  reads: readonly WindowRead[],
): Promise<Array<{ rows: DailyRow[]; before?: WindowTotals; after?: WindowTotals }>> {
  const requests = reads.flatMap(({ level, ids, windows }) => {
    const filtering = JSON.stringify([{ field: `${level}.id`, operator: 'IN', value: ids }]);
    const common = { fields: DELIVERY_FIELDS, filtering, limit: 100, ...INSIGHTS_ATTRIBUTION_PARAMS };
    return [
      {
        method: 'GET' as const,
        path: `/${accountId}/insights`,
        params: { ...common, time_ranges: JSON.stringify([windows.before, windows.after]) },
      },
      {
        method: 'GET' as const,
        path: `/${accountId}/insights`,
        params: {
          ...common,
          time_range: JSON.stringify({ since: windows.before.since, until: windows.after.until }),
          time_increment: 1,
        },
      },
    ];
  });
  const results = await graph.batch(requests);
  const pages = results.map((result) => {
    if (!result.ok) throw toAppError(result.error);
    return InsightsPageSchema.parse(result.body).data;
  });
  return reads.map(({ windows }, index) => {
    const totals = pages[index * 2]!;
    const daily = pages[index * 2 + 1]!;
    const of = (range: { since: string }) => totals.find((row) => row.date_start === range.since);
    return {
      rows: daily.map((row) => dailyRow(row, currency)),
      ...(of(windows.before) ? { before: totalsOf(of(windows.before), currency)! } : {}),
      ...(of(windows.after) ? { after: totalsOf(of(windows.after), currency)! } : {}),
    };
  });
}

/** Adds up the reads of one recommendation (one per level of the objects it changed). */
function combine(parts: ReadonlyArray<{ rows: DailyRow[]; before?: WindowTotals; after?: WindowTotals }>) {
  const add = (which: 'before' | 'after'): WindowTotals | undefined => {
    const present = parts.map((p) => p[which]).filter((t): t is WindowTotals => t !== undefined);
    if (present.length === 0) return undefined;
    if (present.length === 1) return present[0];
    const spend = present.reduce((sum, t) => sum + t.spend, 0);
    const results = present.reduce((sum, t) => sum + t.results, 0);
    return {
      spend,
      results,
      costPerResult: results > 0 ? Math.round((spend / results) * 100) / 100 : null,
      impressions: present.reduce((sum, t) => sum + t.impressions, 0),
      linkClicks: present.reduce((sum, t) => sum + t.linkClicks, 0),
    };
  };
  const before = add('before');
  const after = add('after');
  return {
    rows: parts.flatMap((p) => p.rows),
    totals: { ...(before ? { before } : {}), ...(after ? { after } : {}) },
  };
}

function view(record: StoredRecommendation, outcome: Outcome): AppliedRecommendation {
  return {
    id: record.id,
    kind: record.kind,
    title: record.title,
    status: record.status === 'undone' ? 'undone' : 'applied',
    appliedAt: record.appliedAt!,
    ...(record.undoUntil ? { undoUntil: record.undoUntil } : {}),
    predicted: record.expectedEffect,
    objects: (record.applied ?? []).map((a) => ({ level: a.level, objectId: a.objectId, objectName: a.objectName })),
    outcome,
  };
}

/**
 * Every applied recommendation of one of the user's ad accounts, newest first, with its outcome,
 * and the detectors' scores over the measured ones. Rows are keyed by the signed-in user, so
 * another user sees none of them.
 */
export async function listAppliedOutcomes(
  session: MetaSession,
  adAccountId: string,
  deps: AppliedDeps,
): Promise<AppliedList> {
  const account = await ownedAdAccount(session, adAccountId);
  const now = session.deps.now();
  const timeZone = account.timezone_name;
  const localDate = (instant: Date) => todayIn(timeZone, instant);
  const today = localDate(now);
  const [rows, tests] = await Promise.all([
    listAppliedRows(deps.store, session.user.sub, account.id),
    listTests(deps.tests, session.user.sub, account.id).then(madeTests),
  ]);

  const open = rows.filter((row) => row.record.status === 'applied' && !isFinal(row.outcome));
  const objects = new Map<string, { objectId: string; level: string }>([
    ...open.flatMap((row) =>
      row.record.applied!.map((a) => [a.objectId, { objectId: a.objectId, level: a.level }] as const),
    ),
    // The A/B tests' ads in the same batch: whether each side still runs.
    ...abTestObjects(tests).map((o) => [o.objectId, o] as const),
  ]);
  const nodes = objects.size ? await readNodes(session.graph, [...objects.values()]) : new Map();
  // Every audited change since the oldest open one was applied: Meta's updated_time keeps only the latest edit.
  const oldest = open.reduce<string | undefined>(
    (first, row) => (!first || row.record.appliedAt! < first ? row.record.appliedAt! : first),
    undefined,
  );
  const audited = oldest
    ? await listObjectChanges(deps.audit.doc, deps.audit.table, session.user.sub, new Date(oldest), account.id)
    : [];
  const auditedByObject = new Map<string, AuditedChange[]>();
  for (const change of audited) {
    const list = auditedByObject.get(change.objectId) ?? [];
    list.push({ at: change.at, action: change.action, ...(change.source ? { source: change.source } : {}) });
    auditedByObject.set(change.objectId, list);
  }

  const plans = open.map((row) => {
    const appliedOn = localDate(new Date(row.record.appliedAt!));
    const windows = outcomeWindows(appliedOn);
    const byLevel = new Map<string, Set<string>>();
    for (const change of row.record.applied!) {
      const scope = scopeOf(change, nodes);
      const level = scope.level;
      byLevel.set(level, (byLevel.get(level) ?? new Set()).add(scope.id));
    }
    const reads = [...byLevel].map(([level, ids]) => ({ level, ids: [...ids], windows }));
    return { row, appliedOn, reads };
  });
  const allReads = plans.flatMap((plan) => plan.reads);
  const measured = allReads.length ? await readWindows(session.graph, account.id, account.currency, allReads) : [];

  const outcomes = new Map<string, Outcome>();
  let offset = 0;
  for (const { row, appliedOn, reads } of plans) {
    const { rows: dailyRows, totals } = combine(measured.slice(offset, offset + reads.length));
    offset += reads.length;
    const later = laterChanges(rows, row);
    const objects: ObjectState[] = row.record.applied!.map((a) => {
      const node = nodes.get(a.objectId);
      return {
        objectId: a.objectId,
        objectName: node?.name ?? a.objectName,
        effectiveStatus: node?.effective_status ?? 'UNKNOWN',
        ...(node?.updated_time ? { updatedTime: node.updated_time } : {}),
        ...(later.get(a.objectId) ? { laterChangeAt: later.get(a.objectId)! } : {}),
        auditedChanges: [...(auditedByObject.get(a.objectId) ?? []), ...copiesIn(tests, scopeOf(a, nodes))],
      };
    });
    const outcome = judgeOutcome({
      recommendationId: row.record.id,
      appliedAt: row.record.appliedAt!,
      appliedOn,
      today,
      predicted: row.record.expectedEffect,
      rows: dailyRows,
      totals,
      objects,
      expectsDelivery: row.record.applied!.some((a) => a.change.status !== 'PAUSED' || a.level === 'ad'),
      localDate,
      now,
    });
    outcomes.set(row.record.id, outcome);
    // "Measuring" is recomputed from the dates on every read; only results worth keeping are written.
    if (outcome.state !== 'measuring') await saveOutcome(deps.store, session.user.sub, row.record.id, outcome, now);
  }

  const abTests = await measureAbTests(session.graph, account, tests, nodes, { today, localDate });

  const data = rows.map((row): AppliedRecommendation => {
    if (row.record.status === 'undone') {
      return view(row.record, { state: 'undone', undoneAt: row.record.undoneAt ?? row.record.appliedAt! });
    }
    return view(row.record, outcomes.get(row.record.id) ?? row.outcome!);
  });
  return {
    data,
    detectors: detectorScores(
      data.map((item) => ({ kind: item.kind, predicted: item.predicted, outcome: item.outcome })),
      APPLYING_DETECTORS,
    ),
    abTests,
    currency: account.currency,
    today,
    minHistory: MIN_HISTORY,
    graphCalls: deps.graphCalls(),
  };
}
