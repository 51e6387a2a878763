import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CampaignBriefInput,
  CampaignDraft,
  CampaignPlan,
  PlanAd,
  PlanTargeting,
  PREVIEW_FORMATS,
} from '@shared/schemas/campaign-plan';
import { apiRequest } from '@web/lib/api';
import type { SendApprovalInput } from '@web/lib/approvals/send-approval';

export const generatorKeys = {
  accounts: (uid: string | undefined) => ['campaign-generator', uid, 'accounts'] as const,
  drafts: (uid: string | undefined) => ['campaign-generator', uid, 'drafts'] as const,
  draft: (uid: string | undefined, id: string) => ['campaign-generator', uid, 'draft', id] as const,
  interests: (account: string, q: string) => ['campaign-generator', 'interests', account, q] as const,
  estimate: (account: string, goal: string, targeting: PlanTargeting) =>
    ['campaign-generator', 'estimate', account, goal, JSON.stringify(targeting)] as const,
  previews: (account: string, ad: PlanAd) => ['campaign-generator', 'previews', account, JSON.stringify(ad)] as const,
  videos: (uid: string | undefined) => ['campaign-generator', uid, 'videos'] as const,
};

/** The user's rendered videos, newest first (a video ad's video is swapped for one of them), asked for when shown. */
export function useMyVideos(uid: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: generatorKeys.videos(uid),
    queryFn: async ({ signal }) => (await apiRequest('graphicsVideos', { signal })).videos,
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** The user's ad accounts (the generator asks which one to plan for). */
export function useGeneratorAdAccounts(uid: string | undefined) {
  return useQuery({
    queryKey: generatorKeys.accounts(uid),
    queryFn: async () => (await apiRequest('metaAdAccounts')).data,
    enabled: Boolean(uid),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useDrafts(uid: string | undefined) {
  return useQuery({
    queryKey: generatorKeys.drafts(uid),
    queryFn: () => apiRequest('campaignGeneratorDrafts'),
    enabled: Boolean(uid),
  });
}

export function useDraft(uid: string | undefined, id: string | null, polling: boolean) {
  return useQuery({
    queryKey: generatorKeys.draft(uid, id ?? ''),
    queryFn: () => apiRequest('campaignGeneratorDraft', { params: { id: id! } }),
    enabled: Boolean(uid && id),
    // While a publish runs, its steps are read back to show progress.
    refetchInterval: polling ? 600 : false,
  });
}

export function useGeneratePlan(uid: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (brief: CampaignBriefInput) => apiRequest('campaignGeneratorPlan', { body: brief }),
    onSuccess: (draft) => {
      client.setQueryData(generatorKeys.draft(uid, draft.id), draft);
      void client.invalidateQueries({ queryKey: generatorKeys.drafts(uid) });
    },
  });
}

export function useSaveDraft(uid: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, plan }: { id: string; plan: CampaignPlan }) =>
      apiRequest('campaignGeneratorSaveDraft', { params: { id }, body: { plan } }),
    onSuccess: (draft) => {
      client.setQueryData(generatorKeys.draft(uid, draft.id), draft);
      void client.invalidateQueries({ queryKey: generatorKeys.drafts(uid) });
    },
  });
}

export function usePublishDraft(uid: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, publishKey }: { id: string; publishKey: string }): Promise<CampaignDraft> =>
      apiRequest('campaignGeneratorPublish', { params: { id }, body: { publishKey } }),
    // The publishing card shows the refusal (Meta's, a plan limit, the client's approval missing) in place.
    meta: { component: 'CampaignGenerator.publish', ownErrorToast: true },
    onSettled: (_data, _error, variables) => {
      void client.invalidateQueries({ queryKey: generatorKeys.draft(uid, variables.id) });
      void client.invalidateQueries({ queryKey: generatorKeys.drafts(uid) });
      // The campaigns screen must show the new campaign.
      void client.invalidateQueries({ queryKey: ['meta'] });
    },
  });
}

export function useInterestSearch(adAccountId: string, q: string) {
  return useQuery({
    queryKey: generatorKeys.interests(adAccountId, q),
    queryFn: ({ signal }) => apiRequest('campaignGeneratorInterests', { query: { adAccountId, q }, signal }),
    enabled: q.trim().length >= 2,
    staleTime: 60_000,
  });
}

export function useDeliveryEstimate(adAccountId: string, optimizationGoal: string, targeting: PlanTargeting) {
  return useQuery({
    queryKey: generatorKeys.estimate(adAccountId, optimizationGoal, targeting),
    queryFn: ({ signal }) =>
      apiRequest('campaignGeneratorEstimate', { body: { adAccountId, optimizationGoal, targeting }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

export function usePreviews(
  adAccountId: string,
  ad: PlanAd | null,
  formats: ReadonlyArray<(typeof PREVIEW_FORMATS)[number]>,
) {
  return useQuery({
    queryKey: generatorKeys.previews(adAccountId, ad ?? ({} as PlanAd)),
    queryFn: ({ signal }) =>
      apiRequest('campaignGeneratorPreviews', { body: { adAccountId, ad: ad!, formats: [...formats] }, signal }),
    enabled: ad !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

const approvalKeys = {
  ofDraft: (uid: string | undefined, draftId: string) => ['campaign-generator', uid, 'approvals', draftId] as const,
};

/** The approvals a draft was sent for (issue 28, req 3), newest first. */
export function useDraftApprovals(uid: string | undefined, draftId: string) {
  return useQuery({
    queryKey: approvalKeys.ofDraft(uid, draftId),
    queryFn: ({ signal }) => apiRequest('approvalsList', { query: { draftId }, signal }),
    enabled: Boolean(uid),
  });
}

/** Sends the saved plan for approval: to the client in the app, or as a link (its token shown once). */
export function useSendForApproval(uid: string | undefined, draftId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendApprovalInput) =>
      apiRequest('approvalsSend', { body: { subject: { kind: 'campaign_plan', draftId }, ...input } }),
    // The form shows why it was refused.
    meta: { component: 'SendForApproval', ownErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKeys.ofDraft(uid, draftId) }),
  });
}
