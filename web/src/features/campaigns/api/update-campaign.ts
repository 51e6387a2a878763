import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Campaign, CampaignUpdate } from '@shared/schemas/meta';
import { apiRequest } from '@web/lib/api';
import { metaErrorMessage } from '@web/lib/meta-account/meta-error-message';
import type { CampaignList } from './get-campaigns';
import { metaKeys } from '@web/lib/meta-account/meta-query-keys';

/** PATCH /api/meta/campaigns/{id}: status (pause/resume) or budget in minor units. */
export function updateCampaign(campaignId: string, update: CampaignUpdate): Promise<Campaign> {
  return apiRequest('metaUpdateCampaign', { params: { id: campaignId }, body: update });
}

export interface UpdateCampaignVariables {
  campaignId: string;
  update: CampaignUpdate;
  /** The caller shows a refusal itself (the budget dialog keeps it inline), so no toast. */
  errorShownInline?: boolean;
}

function applyUpdate(list: CampaignList | undefined, campaignId: string, update: CampaignUpdate) {
  if (!list) return list;
  return {
    ...list,
    data: list.data.map((campaign) =>
      campaign.id === campaignId
        ? {
            ...campaign,
            ...(update.status ? { status: update.status, effectiveStatus: update.status } : {}),
            ...(update.dailyBudget ? { dailyBudget: update.dailyBudget } : {}),
            ...(update.lifetimeBudget ? { lifetimeBudget: update.lifetimeBudget } : {}),
          }
        : campaign,
    ),
  };
}

/**
 * Changes show at once in every cached range of the account's campaign list; on
 * failure each list goes back to what it was and the server's reason is shown.
 */
export function useUpdateCampaign(uid: string | undefined, accountId: string | undefined) {
  const queryClient = useQueryClient();
  const listsKey = metaKeys.campaignsOf(uid ?? '', accountId ?? '');
  return useMutation({
    mutationFn: ({ campaignId, update }: UpdateCampaignVariables) => updateCampaign(campaignId, update),
    // Shows the server's reason itself, so the central handler only logs and notifies.
    meta: { component: 'CampaignsTable', ownErrorToast: true },
    onMutate: async ({ campaignId, update }) => {
      await queryClient.cancelQueries({ queryKey: listsKey });
      const snapshot: [QueryKey, CampaignList | undefined][] = queryClient.getQueriesData<CampaignList>({
        queryKey: listsKey,
      });
      queryClient.setQueriesData<CampaignList>({ queryKey: listsKey }, (list) => applyUpdate(list, campaignId, update));
      return { snapshot };
    },
    onError: (error, variables, context) => {
      for (const [key, list] of context?.snapshot ?? []) queryClient.setQueryData(key, list);
      if (!variables.errorShownInline) toast.error(metaErrorMessage(error));
    },
    onSuccess: (campaign) => {
      queryClient.setQueriesData<CampaignList>({ queryKey: listsKey }, (list) =>
        list ? { ...list, data: list.data.map((c) => (c.id === campaign.id ? { ...c, ...campaign } : c)) } : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listsKey }),
  });
}
