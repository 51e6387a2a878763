import type {
  OptimizerReadJob,
  RecommendationList,
  RecommendationsReply,
  StoredRecommendation,
} from '@shared/schemas/optimizer';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import type { MetaSession } from '../lib/meta-session/session';
import { isRequested, opportunityPerWeek } from '../lib/optimizer/account-read';
import {
  explainRecommendations,
  type ExplainDeps,
  type ExplainOutcome,
} from '../lib/optimizer/explain-recommendations';
import { listAccountRows } from '../lib/optimizer/recommendation-rows';
import { claimRead, endRead, readRunItem, type RecommendationRun } from '../lib/optimizer/recommendation-run';
import { actedOn, saveExplanations, type RecommendationStore } from '../lib/optimizer/recommendation-store';
import { failureToShow, newLease, readDecision } from './read-decision';

export interface ListDeps {
  store: RecommendationStore;
  remainingMs: () => number;
  /** Graph calls made so far in this request (the session's onGraphCall counts them). */
  graphCalls: () => number;
  /** The AI engine's two plain sentences per recommendation; recommendations keep their template text without it. */
  explain?: ExplainDeps;
  /** Start a read of Meta now even when the last one is still fresh (the screen's Refresh). */
  refresh?: boolean;
  /** Hands a read to the optimizer-worker (the optimizer-reads queue). */
  enqueueRead: (job: OptimizerReadJob) => Promise<void>;
  /** A new lease id. */
  newId: () => string;
}

/** The open proposals with their AI explanations (written once each, a few per request), and how that went. */
async function explained(
  open: StoredRecommendation[],
  deps: ListDeps,
  userId: string,
): Promise<{ open: StoredRecommendation[]; explanations?: RecommendationList['explanations'] }> {
  if (!deps.explain) return { open };
  const outcome: ExplainOutcome = await explainRecommendations(open, deps.explain);
  await saveExplanations(deps.store, userId, outcome.toStore);
  return {
    open: outcome.recommendations,
    explanations: { status: outcome.status, ...(outcome.reason ? { message: outcome.reason } : {}) },
  };
}

/**
 * The answer of the last read, from what it stored: its proposals in its order (those acted on since have
 * moved to the acted-on list), the requested ones, and its health with today's open value. No Graph call.
 */
async function fromRun(
  run: RecommendationRun,
  stored: readonly StoredRecommendation[],
  now: Date,
  deps: ListDeps,
  userId: string,
): Promise<RecommendationList> {
  const byId = new Map(stored.map((r) => [r.id, r]));
  const proposed = run.openIds.flatMap((id) => {
    const row = byId.get(id);
    return row && row.status === 'proposed' && !isRequested(row) ? [row] : [];
  });
  const { open, explanations } = await explained(proposed, deps, userId);
  return {
    data: [...stored.filter(isRequested), ...open, ...actedOn(stored)],
    health: { ...run.health, opportunityPerWeek: opportunityPerWeek(open) },
    currency: run.currency,
    generatedAt: now.toISOString(),
    metaReadAt: run.metaReadAt,
    ...(run.partial ? { partial: true } : {}),
    graphCalls: 0,
    metaReadGraphCalls: run.graphCalls,
    ...(explanations ? { explanations } : {}),
  };
}

/**
 * Recommendations for one of the user's ad accounts, from the last background read of Meta (see
 * lib/optimizer/account-read.ts): no request waits on Meta. A last read older than RECOMMENDATIONS_FRESH_FOR_SECONDS,
 * or a refresh, starts a new read (one per account at a time, under the run item's lease) and the answer says
 * `updating` beside the figures it has; before an account's first read lands there are none (`pending`, 202).
 */
export async function listRecommendations(
  session: MetaSession,
  adAccountId: string,
  deps: ListDeps,
): Promise<RecommendationsReply> {
  const now = session.deps.now();
  const userId = session.user.sub;
  const item = await readRunItem(deps.store, userId, adAccountId);
  const decision = readDecision(item, now, deps.refresh === true);
  if (decision === 'start') {
    // Only an account the connection holds is read; it takes one of the plan's places, as a read always did.
    const account = await ownedAdAccount(session, adAccountId);
    const lease = newLease(deps.newId(), now);
    // Not claimed: another request's read started a moment ago, and this answer waits for it like theirs.
    if (await claimRead(deps.store, userId, adAccountId, lease, now)) {
      try {
        await deps.enqueueRead({ userId, adAccountId: account.id, leaseId: lease.id });
      } catch (error) {
        await endRead(deps.store, userId, adAccountId, lease.id);
        throw error;
      }
    }
  }
  const updating = decision !== 'stored';
  const readFailed = failureToShow(item, updating);
  const status = { ...(updating ? { updating: true } : {}), ...(readFailed ? { readFailed } : {}) };
  if (!item.run)
    return { pending: true, updating, ...(readFailed ? { readFailed } : {}), graphCalls: deps.graphCalls() };
  const answer = await fromRun(item.run, await listAccountRows(deps.store, userId, adAccountId), now, deps, userId);
  return { ...answer, graphCalls: deps.graphCalls(), ...status };
}
