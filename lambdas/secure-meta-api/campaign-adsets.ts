import * as z from 'zod';
import type { CampaignAdSet } from '@shared/schemas/meta';
import { ownedCampaign } from '../lib/meta-session/insights-series';
import type { MetaSession } from '../lib/meta-session/session';

const numeric = z.union([z.string(), z.number()]).transform((v) => Number(v));

const GraphAdSetSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  effective_status: z.string(),
  daily_budget: numeric.optional(),
  lifetime_budget: numeric.optional(),
});
const ADSET_FIELDS = Object.keys(GraphAdSetSchema.shape).join(',');

/** Ad sets per page; a campaign with more than five pages of them is shown in part. */
const PAGE_SIZE = 100;
const MAX_PAGES = 5;

/**
 * A campaign's ad sets with their budgets, read fresh from Meta (a budget just changed by the optimizer
 * must show as it is now). Only for a campaign of one of the connection's ad accounts (404 otherwise).
 */
export async function listCampaignAdSets(session: MetaSession, campaignId: string) {
  const { campaign, account } = await ownedCampaign(session, campaignId);
  const page = await session.graph.paginate(
    `/${campaign.id}/adsets`,
    { fields: ADSET_FIELDS, limit: PAGE_SIZE },
    GraphAdSetSchema,
    { maxPages: MAX_PAGES },
  );
  const data: CampaignAdSet[] = page.items.map((a) => ({
    id: a.id,
    name: a.name,
    status: a.status,
    effectiveStatus: a.effective_status,
    // Meta answers 0 for "no budget here" (it sits on the campaign).
    dailyBudget: a.daily_budget && a.daily_budget > 0 ? a.daily_budget : null,
    lifetimeBudget: a.lifetime_budget && a.lifetime_budget > 0 ? a.lifetime_budget : null,
  }));
  return { data, currency: account.currency, ...(page.hasMore ? { partial: true } : {}) };
}
