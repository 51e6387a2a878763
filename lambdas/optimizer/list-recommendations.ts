import {
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
import { explainRecommendations, type ExplainDeps, type ExplainOutcome } from './explain-recommendations';
import { listAccountRows } from '../lib/optimizer/recommendation-rows';
import { actedOn, saveExplanations, saveProposals, type RecommendationStore } from './recommendation-store';

export interface ListDeps {
  store: RecommendationStore;
  remainingMs: () => number;
  /** Graph calls made so far in this request (the session's onGraphCall counts them). */
  graphCalls: () => number;
  /** The AI engine's two plain sentences per recommendation; recommendations keep their template text without it. */
  explain?: ExplainDeps;
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
    opportunityPerWeek:
      Math.round(
        open.filter((r) => r.status === 'proposed').reduce((sum, r) => sum + Math.max(0, r.valuePerWeek), 0) * 100,
      ) / 100,
  };
}

/**
 * Recommendations for one of the user's ad accounts, computed now from Meta's data, stored for
 * the user with their proposed changes (what was already approved stays as it was), ranked by
 * what their effect is worth a week; the ones acted on follow, newest first.
 */
export async function listRecommendations(
  session: MetaSession,
  adAccountId: string,
  deps: ListDeps,
): Promise<RecommendationList> {
  const [snapshot, stored] = await Promise.all([
    readAccountSnapshot(session, adAccountId, { remainingMs: deps.remainingMs }),
    listAccountRows(deps.store, session.user.sub, adAccountId),
  ]);
  const now = session.deps.now();
  // Proposals the marketer asked for (a marketing-mix hand-off) are no detector's: they stay until acted on,
  // and the objects they change are theirs (a detector's change to the same object is taken out).
  const requested = stored.filter((r) => REQUESTED_KINDS.includes(r.kind) && r.status === 'proposed');
  const proposals = recommend(snapshot, OPTIMIZER_CONFIG, requested);
  let saved = await saveProposals(
    deps.store,
    session.user.sub,
    { adAccountId: snapshot.adAccountId, currency: snapshot.currency, now },
    proposals,
    stored,
  );
  let explained: ExplainOutcome | undefined;
  if (deps.explain) {
    explained = await explainRecommendations(saved, deps.explain);
    saved = explained.recommendations;
    await saveExplanations(deps.store, session.user.sub, explained.toStore);
  }
  const open = saved.filter((r) => r.status === 'proposed');
  return {
    data: [...requested, ...open, ...actedOn(stored)],
    health: accountHealth(snapshot, open),
    currency: snapshot.currency,
    generatedAt: now.toISOString(),
    ...(snapshot.partial ? { partial: true } : {}),
    graphCalls: deps.graphCalls(),
    ...(explained
      ? { explanations: { status: explained.status, ...(explained.reason ? { message: explained.reason } : {}) } }
      : {}),
  };
}
