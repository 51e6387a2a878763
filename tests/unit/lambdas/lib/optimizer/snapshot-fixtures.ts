import type { AccountSnapshot, AdSetSnapshot, AdSnapshot, DayFigures } from '@lambdas/lib/optimizer/account-snapshot';

/** Synthetic account snapshots for the detector tests: one campaign, ad sets and ads with set daily figures. */

export const TODAY = '2026-03-29';

export function day(offset: number, figures: Partial<DayFigures>): DayFigures {
  const date = new Date(Date.parse(`${TODAY}T00:00:00Z`) - offset * 86_400_000).toISOString().slice(0, 10);
  return {
    date,
    spend: 0,
    impressions: 0,
    reach: 0,
    clicks: 0,
    linkClicks: 0,
    results: 0,
    purchaseValue: 0,
    ...figures,
  };
}

/** `n` complete days before today with the same figures each day. */
export const days = (n: number, figures: Partial<DayFigures>) =>
  Array.from({ length: n }, (_, i) => day(i + 1, figures));

export function adset(id: string, extra: Partial<AdSetSnapshot>): AdSetSnapshot {
  return {
    id,
    name: `Ad set ${id}`,
    campaignId: 'c1',
    status: 'ACTIVE',
    optimizationGoal: 'OFFSITE_CONVERSIONS',
    dailyBudget: 10_000,
    lifetimeBudget: null,
    learningStatus: 'SUCCESS',
    days: [],
    ...extra,
  };
}

export function ad(id: string, extra: Partial<AdSnapshot>): AdSnapshot {
  return { id, name: `Ad ${id}`, adsetId: 's1', campaignId: 'c1', status: 'ACTIVE', weeks: [], ...extra };
}

export function account(extra: Partial<AccountSnapshot>): AccountSnapshot {
  return {
    adAccountId: 'act_1',
    currency: 'USD',
    today: TODAY,
    campaigns: [
      {
        id: 'c1',
        name: 'Sales',
        objective: 'OUTCOME_SALES',
        status: 'ACTIVE',
        dailyBudget: null,
        lifetimeBudget: null,
      },
    ],
    adsets: [],
    ads: [],
    ...extra,
  };
}
