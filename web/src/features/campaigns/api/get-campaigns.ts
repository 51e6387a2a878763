import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRangeQuery } from '@shared/schemas/meta';
import type { ResponseOf } from '@web/lib/api-client';
import { apiRequest } from '@web/lib/api';
import { refreshUsageUnlessHeld } from '@web/lib/billing/usage-key';
import { metaKeys } from '@web/lib/meta-account/meta-query-keys';

export type CampaignList = ResponseOf<'metaCampaigns'>;

/** The campaigns of an ad account with their metrics over the range. */
export function getCampaigns(accountId: string, range: DateRangeQuery): Promise<CampaignList> {
  return apiRequest('metaCampaigns', { params: { id: accountId }, query: range });
}

export function campaignsQueryOptions(uid: string, accountId: string, range: DateRangeQuery) {
  return queryOptions({
    queryKey: metaKeys.campaigns(uid, accountId, range),
    queryFn: async ({ client }) => {
      const list = await getCampaigns(accountId, range);
      // The first use of an account takes one of the plan's ad-account places.
      refreshUsageUnlessHeld(client, accountId);
      return list;
    },
  });
}

export function useCampaigns(uid: string | undefined, accountId: string | undefined, range: DateRangeQuery) {
  return useQuery({ ...campaignsQueryOptions(uid ?? '', accountId ?? '', range), enabled: Boolean(uid && accountId) });
}
