import type { CampaignPlan } from '@shared/schemas/campaign-plan';

/**
 * The trail-shoes traffic campaign (act_100, USD, $50 a day, lowest cost) holding the ad sets a test gives: the plan
 * the shared validator's unit tests change one thing of. A new object each call, so a test may mutate it.
 */
export function trailShoesPlan(adSets: CampaignPlan['adSets']): CampaignPlan {
  return {
    adAccountId: 'act_100',
    currency: 'USD',
    campaign: {
      name: 'Trail shoes',
      objective: 'OUTCOME_TRAFFIC',
      buyingType: 'AUCTION',
      budget: { type: 'daily', amountMinor: 5000 },
      bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
      specialAdCategories: [],
    },
    adSets,
  };
}
