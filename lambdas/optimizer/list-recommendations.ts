import {
  RECOMMENDATIONS_FRESH_FOR_SECONDS,
  REQUESTED_KINDS,
  type AccountHealth,
  type RecommendationList,
  type StoredRecommendation,
} from '@shared/schemas/optimizer';
import type { AccountSnapshot } from '../lib/optimizer/account-snapshot';
import { recommend } from '../lib/optimizer/detectors';
import { lastDays } from '../lib/optimizer/detectors';
import { OPTIMIZER_CONFIG } from '../lib/optimizer/optimizer-config';
import type { MetaSession } from '../lib/meta-session/session';
import { readAccountSnapshot } from '../lib/optimizer/read-snapshot';
import { customerExclusions } from './customer-exclusions';
import { explainRecommendations, type ExplainDeps, type ExplainOutcome } from './explain-recommendations';
import { listAccountRows } from '../lib/optimizer/recommendation-rows';
import { actedOn, saveExplanations, saveProposals, type RecommendationStore } from './recommendation-store';
import { isFresh, readRun, saveRun, type RecommendationRun } from './recommendation-run';

export interface ListDeps {
  store: RecommendationStore;
  remainingMs: () => number;
  /** Graph calls made so far in this request (the session's onGraphCall counts them). */
  graphCalls: () => number;
  /** The AI engine's two plain sentences per recommendation; recommendations keep their template text without it. */
  explain?: ExplainDeps;
  /** Read Meta now even when its last read is still fresh (the screen's Refresh). */
  refresh?: boolean;
}

/** The last 7 days' results per kind of result (the ad set's result type, else its optimization goal), most first. */
export function resultsByType(snapshot: AccountSnapshot): AccountHealth['resultsByType'] {
  const totals = new Map<string, number>();
  for (const adset of snapshot.adsets) {
    const { results } = lastDays(adset.days, snapshot.today, OPTIMIZER_CONFIG.recentDays);
    if (results <= 0) continue;
    const type = adset.resultType ?? adset.optimizationGoal.toLowerCase();
    totals.set(type, (totals.get(type) ?? 0) + results);
  }
  return [...totals.entries()]
    .map(([resultType, results]) => ({ resultType, results }))
    .sort((a, b) => b.results - a.results || a.resultType.localeCompare(b.resultType));
}

/** What the open recommendations are worth a week, in the account currency. */
function opportunityPerWeek(open: readonly StoredRecommendation[]): number {
  return (
    Math.round(
      open.filter((r) => r.status === 'proposed').reduce((sum, r) => sum + Math.max(0, r.valuePerWeek), 0) * 100,
    ) / 100
  );
}

export function accountHealth(snapshot: AccountSnapshot, open: readonly StoredRecommendation[]): AccountHealth {
  const recent = lastDays(
    snapshot.adsets.flatMap((a) => a.days),
    snapshot.today,
    OPTIMIZER_CONFIG.recentDays,
  );
  const byType = resultsByType(snapshot);
  return {
    activeCampaigns: snapshot.campaigns.filter((c) => c.status === 'ACTIVE').length,
    activeAdSets: snapshot.adsets.filter((a) => a.status === 'ACTIVE').length,
    activeAds: snapshot.ads.filter((a) => a.status === 'ACTIVE').length,
    spendLast7Days: Math.round(recent.spend * 100) / 100,
    // Installs, purchases and leads are not one number: a total only when every result is of one kind.
    resultsLast7Days: byType.length <= 1 ? recent.results : null,
    resultsByType: byType,
    // As the detector counts them: an ad set of a paused campaign is not learning anything.
    learningLimitedAdSets: snapshot.adsets.filter(
      (a) =>
        a.status === 'ACTIVE' &&
        a.learningStatus === 'FAIL' &&
        snapshot.campaigns.some((c) => c.id === a.campaignId && c.status === 'ACTIVE'),
    ).length,
    opportunityPerWeek: opportunityPerWeek(open),
  };
}

const isRequested = (r: StoredRecommendation) => REQUESTED_KINDS.includes(r.kind) && r.status === 'proposed';

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
 * The answer of a fresh earlier read, from what it stored: its proposals in its order (those acted on since have
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
    ...(explanations ? { explanations } : {}),
  };
}

/**
 * Recommendations for one of the user's ad accounts, computed from Meta's data, stored for
 * the user with their proposed changes (what was already approved stays as it was), ranked by
 * what their effect is worth a week; the ones acted on follow, newest first. Meta is read at most
 * once per RECOMMENDATIONS_FRESH_FOR_SECONDS unless the caller asks for a refresh.
 */
export async function listRecommendations(
  session: MetaSession,
  adAccountId: string,
  deps: ListDeps,
): Promise<RecommendationList> {
  const now = session.deps.now();
  const userId = session.user.sub;
  if (!deps.refresh) {
    const run = await readRun(deps.store, userId, adAccountId);
    if (run && isFresh(run.metaReadAt, now, RECOMMENDATIONS_FRESH_FOR_SECONDS)) {
      return fromRun(run, await listAccountRows(deps.store, userId, adAccountId), now, deps, userId);
    }
  }
  const [snapshot, stored] = await Promise.all([
    readAccountSnapshot(session, adAccountId, { remainingMs: deps.remainingMs }),
    listAccountRows(deps.store, userId, adAccountId),
  ]);
  // Proposals the marketer asked for (a marketing-mix hand-off) are no detector's: they stay until acted on,
  // and the objects they change are theirs (a detector's change to the same object is taken out).
  const requested = stored.filter(isRequested);
  const proposals = [
    ...recommend(snapshot, OPTIMIZER_CONFIG, requested),
    ...(await customerExclusions(session, snapshot)),
  ];
  const saved = await saveProposals(
    deps.store,
    userId,
    { adAccountId: snapshot.adAccountId, currency: snapshot.currency, now },
    proposals,
    stored,
  );
  const { open, explanations } = await explained(
    saved.filter((r) => r.status === 'proposed'),
    deps,
    userId,
  );
  const health = accountHealth(snapshot, open);
  const graphCalls = deps.graphCalls();
  const { opportunityPerWeek: _value, ...runHealth } = health;
  await saveRun(
    deps.store,
    userId,
    adAccountId,
    {
      metaReadAt: now.toISOString(),
      currency: snapshot.currency,
      health: runHealth,
      partial: Boolean(snapshot.partial),
      graphCalls,
      openIds: open.map((r) => r.id),
    },
    now,
  );
  return {
    data: [...requested, ...open, ...actedOn(stored)],
    health,
    currency: snapshot.currency,
    generatedAt: now.toISOString(),
    metaReadAt: now.toISOString(),
    ...(snapshot.partial ? { partial: true } : {}),
    graphCalls,
    ...(explanations ? { explanations } : {}),
  };
}
