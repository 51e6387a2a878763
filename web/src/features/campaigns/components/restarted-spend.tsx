import type { CampaignAdSet, CampaignWithMetrics } from '@shared/schemas/meta';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/auth/use-auth';
import { formatBudget } from '@web/lib/format';
import { useCampaignAdSets } from '../api/get-campaign-adsets';
import { campaignBudget } from '../lib/campaign-table';

/**
 * What resuming a campaign starts spending: its own budget, or, when the budgets sit on the ad sets, those of its
 * active ad sets (resuming a campaign does not resume ad sets paused on their own).
 */
export function RestartedSpend({ campaign, currency }: { campaign: CampaignWithMetrics; currency: string }) {
  const budget = campaignBudget(campaign);
  if (budget) return <SpendLine>{spendWords([budget], currency)}</SpendLine>;
  return <AdSetSpend campaign={campaign} currency={currency} />;
}

function AdSetSpend({ campaign, currency }: { campaign: CampaignWithMetrics; currency: string }) {
  const { currentUser } = useAuth();
  const adsets = useCampaignAdSets(currentUser?.uid, `act_${campaign.accountId}`, campaign.id);
  if (adsets.isError) {
    return <SpendLine>Its ad sets’ budgets could not be read: check them in the campaign’s details first.</SpendLine>;
  }
  if (!adsets.data) return <Skeleton className="h-5 w-2/3" aria-label="Reading the ad sets’ budgets" />;
  const budgets = adsets.data.data.filter((a) => a.status === 'ACTIVE').flatMap(adSetBudget);
  if (budgets.length === 0) return <SpendLine>None of its ad sets is active: nothing starts spending yet.</SpendLine>;
  return <SpendLine>{spendWords(budgets, currency)}</SpendLine>;
}

function adSetBudget(adset: CampaignAdSet): Array<{ minor: number; kind: 'daily' | 'lifetime' }> {
  if (adset.dailyBudget !== null) return [{ minor: adset.dailyBudget, kind: 'daily' }];
  if (adset.lifetimeBudget !== null) return [{ minor: adset.lifetimeBudget, kind: 'lifetime' }];
  return [];
}

function spendWords(budgets: Array<{ minor: number; kind: 'daily' | 'lifetime' }>, currency: string): string {
  const daily = budgets.filter((b) => b.kind === 'daily').reduce((sum, b) => sum + b.minor, 0);
  const lifetime = budgets.filter((b) => b.kind === 'lifetime').reduce((sum, b) => sum + b.minor, 0);
  const parts = [
    ...(daily > 0 ? [`${formatBudget(daily, currency)} a day`] : []),
    ...(lifetime > 0 ? [`what is left of ${formatBudget(lifetime, currency)} in lifetime budgets`] : []),
  ];
  return `It starts spending again: ${parts.join(' and ')}.`;
}

function SpendLine({ children }: { children: string }) {
  return <p className="mb-4 text-sm font-medium">{children}</p>;
}
