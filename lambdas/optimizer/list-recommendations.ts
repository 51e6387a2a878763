import type { AccountHealth, RecommendationList, StoredRecommendation } from '@shared/schemas/optimizer';
import type { AccountSnapshot } from '../lib/optimizer/account-snapshot';
import { recommend } from '../lib/optimizer/detectors';
import { lastDays } from '../lib/optimizer/detectors';
import { OPTIMIZER_CONFIG } from '../lib/optimizer/optimizer-config';
import type { MetaSession } from '../secure-meta-api/meta-session';
import { readAccountSnapshot } from './read-snapshot';
import { actedOn, listAccountRows, saveProposals, type RecommendationStore } from './recommendation-store';

export interface ListDeps {
  store: RecommendationStore;
  remainingMs: () => number;
  /** Graph calls made so far in this request (the session's onGraphCall counts them). */
  graphCalls: () => number;
  /** Turns evidence into two plain sentences; recommendations keep their template text without it. */
  explain?: (recs: StoredRecommendation[]) => Promise<StoredRecommendation[]>;
}

export function accountHealth(snapshot: AccountSnapshot, open: readonly StoredRecommendation[]): AccountHealth {
  const recent = lastDays(
    snapshot.adsets.flatMap((a) => a.days),
    snapshot.today,
    OPTIMIZER_CONFIG.recentDays,
  );
  return {
    activeCampaigns: snapshot.campaigns.filter((c) => c.status === 'ACTIVE').length,
    activeAdSets: snapshot.adsets.filter((a) => a.status === 'ACTIVE').length,
    activeAds: snapshot.ads.filter((a) => a.status === 'ACTIVE').length,
    spendLast7Days: Math.round(recent.spend * 100) / 100,
    resultsLast7Days: recent.results,
    learningLimitedAdSets: snapshot.adsets.filter((a) => a.status === 'ACTIVE' && a.learningStatus === 'FAIL').length,
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
  const proposals = recommend(snapshot);
  let saved = await saveProposals(
    deps.store,
    session.user.sub,
    { adAccountId: snapshot.adAccountId, currency: snapshot.currency, now },
    proposals,
    stored,
  );
  if (deps.explain) saved = await deps.explain(saved);
  const open = saved.filter((r) => r.status === 'proposed');
  return {
    data: [...open, ...actedOn(stored)],
    health: accountHealth(snapshot, open),
    currency: snapshot.currency,
    generatedAt: now.toISOString(),
    ...(snapshot.partial ? { partial: true } : {}),
    graphCalls: deps.graphCalls(),
  };
}
