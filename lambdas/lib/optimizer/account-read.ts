import {
  REQUESTED_KINDS,
  type AccountHealth,
  type Recommendation,
  type StoredRecommendation,
} from '@shared/schemas/optimizer';
import type { MetaSession } from '../meta-session/session';
import type { AccountSnapshot } from './account-snapshot';
import { customerExclusions } from './customer-exclusions';
import { lastDays, recommend } from './detectors';
import { OPTIMIZER_CONFIG } from './optimizer-config';
import { readAccountSnapshot } from './read-snapshot';
import { listAccountRows } from './recommendation-rows';
import { saveRun, type RecommendationRun } from './recommendation-run';
import { saveProposals, type RecommendationStore } from './recommendation-store';

/**
 * One read of an ad account from Meta and what it leads to: the detectors' proposals stored (what was already
 * approved stays as it was) and the run item the requests answer from. The optimizer-worker runs it in the
 * background, so no request waits on Meta.
 */

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
export function opportunityPerWeek(open: readonly StoredRecommendation[]): number {
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

/** A proposal the marketer asked for (a marketing-mix hand-off), not yet acted on: no detector's to replace. */
export const isRequested = (r: StoredRecommendation) => REQUESTED_KINDS.includes(r.kind) && r.status === 'proposed';

export interface AccountReadDeps {
  store: RecommendationStore;
  remainingMs: () => number;
  /** Graph calls made so far by this read. */
  graphCalls: () => number;
  /** The run item's lease this read holds (ended when its figures are stored). */
  leaseId?: string;
}

/** Reads the account from Meta, stores the proposals and the run; answers the run it stored. */
export async function readAccount(
  session: MetaSession,
  adAccountId: string,
  deps: AccountReadDeps,
): Promise<RecommendationRun> {
  const now = session.deps.now();
  const userId = session.user.sub;
  const [snapshot, stored] = await Promise.all([
    readAccountSnapshot(session, adAccountId, { remainingMs: deps.remainingMs }),
    listAccountRows(deps.store, userId, adAccountId),
  ]);
  // Proposals the marketer asked for (a marketing-mix hand-off) are no detector's: they stay until acted on,
  // and the objects they change are theirs (a detector's change to the same object is taken out).
  const requested = stored.filter(isRequested);
  const proposals: Recommendation[] = [
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
  const open = saved.filter((r) => r.status === 'proposed');
  const { opportunityPerWeek: _value, ...health } = accountHealth(snapshot, open);
  const run: RecommendationRun = {
    metaReadAt: now.toISOString(),
    currency: snapshot.currency,
    health,
    partial: Boolean(snapshot.partial),
    graphCalls: deps.graphCalls(),
    openIds: open.map((r) => r.id),
  };
  await saveRun(deps.store, userId, adAccountId, run, now, deps.leaseId);
  return run;
}
