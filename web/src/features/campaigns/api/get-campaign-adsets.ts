import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { metaKeys } from '@web/lib/meta-account/meta-query-keys';

/** A campaign's ad sets with their budgets, for the campaign's detail drawer. */
export function useCampaignAdSets(uid: string | undefined, accountId: string | undefined, campaignId: string) {
  return useQuery({
    queryKey: metaKeys.campaignAdSets(uid ?? '', accountId ?? '', campaignId),
    queryFn: () => apiRequest('metaCampaignAdSets', { params: { id: campaignId } }),
    enabled: Boolean(uid && accountId),
  });
}
