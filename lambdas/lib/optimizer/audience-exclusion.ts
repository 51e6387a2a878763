import { RESTRICTED_TARGETING_CATEGORIES } from '@shared/campaign-rules';
import type { ExpectedEffect, ProposedChange, Recommendation } from '@shared/schemas/optimizer';

/**
 * Leaving an audience out of ad sets (issue 30, req 3): the change set the optimizer proposes for acquisition
 * campaigns that still reach the account's customers, and the agent proposes when asked. One change per ad set: its
 * excluded custom audiences with the audience added (an ad set's targeting is replaced whole at Meta, so the change
 * names the whole list, and its undo the list before). Applied only on approval, through the one audited path.
 */

/** Meta's objectives whose results are new customers: sales, leads, app installs. */
export const ACQUISITION_OBJECTIVES = ['OUTCOME_SALES', 'OUTCOME_LEADS', 'OUTCOME_APP_PROMOTION'];

export interface ExcludedAudience {
  id: string;
  name: string;
}

/** An ad set as the exclusion reads it: its exclusions now, with their names where Meta gave them. */
export interface ExcludingAdSet {
  id: string;
  name: string;
  status: string;
  excluded: ExcludedAudience[];
}

/** What no detector can put a figure on: Meta reports no spend per custom audience. */
export const EXCLUSION_EFFECT: ExpectedEffect = {
  metric: 'spend_per_week',
  low: 0,
  expected: 0,
  high: 0,
  noFigure:
    'no money figure: the budget goes to people who are not customers yet; Meta does not report what the list’s people took of it',
};

/** The ad set's change, or undefined when it already leaves the audience out. */
export function exclusionChange(adset: ExcludingAdSet, audience: ExcludedAudience): ProposedChange | undefined {
  const ids = adset.excluded.map((a) => a.id);
  if (ids.includes(audience.id)) return undefined;
  return {
    level: 'adset',
    objectId: adset.id,
    objectName: adset.name,
    change: { excludedAudienceIds: [...ids, audience.id] },
    before: { status: adset.status, excludedAudienceIds: [...ids].sort() },
    audienceNames: Object.fromEntries([...adset.excluded, audience].map((a) => [a.id, a.name])),
  };
}

export interface ExclusionCampaign {
  id: string;
  name: string;
  objective: string;
  status: string;
  specialAdCategories: readonly string[];
}

/**
 * The optimizer's proposals: for each active acquisition campaign and each of the account's customer lists Meta has
 * ready, one recommendation to leave the list out of the campaign's active ad sets that still reach it. None in a
 * housing, employment or financial campaign, where Meta allows no exclusions.
 */
export function exclusionRecommendations(
  campaigns: readonly ExclusionCampaign[],
  adsets: ReadonlyArray<ExcludingAdSet & { campaignId: string }>,
  customerLists: readonly ExcludedAudience[],
): Recommendation[] {
  const recommendations: Recommendation[] = [];
  for (const campaign of campaigns) {
    if (campaign.status !== 'ACTIVE' || !ACQUISITION_OBJECTIVES.includes(campaign.objective)) continue;
    if (campaign.specialAdCategories.some((c) => (RESTRICTED_TARGETING_CATEGORIES as string[]).includes(c))) continue;
    const active = adsets.filter((a) => a.campaignId === campaign.id && a.status === 'ACTIVE');
    for (const list of customerLists) {
      const changes = active.flatMap((adset) => exclusionChange(adset, list) ?? []);
      if (changes.length === 0) continue;
      recommendations.push({
        id: `audience_exclusion.${campaign.id}.${list.id}`,
        kind: 'audience_exclusion',
        level: 'campaign',
        objectId: campaign.id,
        objectName: campaign.name,
        campaignId: campaign.id,
        title: `Leave your customer list “${list.name}” out of ${campaign.name}`,
        why: `${campaign.name} looks for new customers, and ${changes.length} of its ad sets still reach the people of your customer list “${list.name}”.`,
        evidence: { adSetsReachingCustomers: changes.length },
        expectedEffect: EXCLUSION_EFFECT,
        valuePerWeek: 0,
        // Certain in what it changes (the list is in the ad sets' reach); what it saves Meta does not say.
        confidence: 0.5,
        changes,
      });
    }
  }
  return recommendations;
}
