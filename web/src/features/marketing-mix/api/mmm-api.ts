import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateDatasetBody, ModelDetail, StartFitBody } from '@shared/schemas/mmm';
import type { MmmHandoffRequest } from '@shared/schemas/mmm-handoff';
import type { WeekPlanBody } from '@shared/schemas/mmm-week-plan';
import { apiRequest } from '@web/lib/api';

export const mmmKeys = {
  datasets: (uid: string | undefined) => ['mmm', uid, 'datasets'] as const,
  models: (uid: string | undefined) => ['mmm', uid, 'models'] as const,
  model: (uid: string | undefined, id: string) => ['mmm', uid, 'model', id] as const,
};

/** How often an unfinished fit is polled. */
export const FIT_POLL_MS = 1000;

export function useDatasets(uid: string | undefined) {
  return useQuery({
    queryKey: mmmKeys.datasets(uid),
    queryFn: ({ signal }) => apiRequest('mmmListDatasets', { signal }),
    enabled: !!uid,
  });
}

export function useModels(uid: string | undefined) {
  return useQuery({
    queryKey: mmmKeys.models(uid),
    queryFn: ({ signal }) => apiRequest('mmmListModels', { signal }),
    enabled: !!uid,
    // Keeps the list's statuses moving while any fit runs.
    refetchInterval: (query) =>
      query.state.data?.items.some((m) => m.status === 'queued' || m.status === 'running') ? FIT_POLL_MS : false,
  });
}

/** One model; polled until its fit is done or failed. */
export function useModel(uid: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: mmmKeys.model(uid, id ?? ''),
    queryFn: ({ signal }) => apiRequest('mmmGetModel', { params: { id: id! }, signal }),
    enabled: !!uid && !!id,
    refetchInterval: (query) => {
      const status = (query.state.data as ModelDetail | undefined)?.model.status;
      return status === 'queued' || status === 'running' ? FIT_POLL_MS : false;
    },
  });
}

/** The connected Meta ad accounts, for "use my Meta spend" (asked only when the person ticks it). */
export function useMetaAdAccountsForMmm(uid: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['mmm', uid, 'meta-ad-accounts'] as const,
    queryFn: ({ signal }) => apiRequest('metaAdAccounts', { signal }),
    enabled: !!uid && enabled,
    retry: false,
  });
}

export function useUploadDataset(uid: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDatasetBody) => apiRequest('mmmCreateDataset', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mmmKeys.datasets(uid) }),
  });
}

export function useStartFit(uid: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartFitBody) => apiRequest('mmmStartFit', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mmmKeys.models(uid) }),
  });
}

/** Deletes a dataset; models fitted from it stay in the list. */
export function useDeleteDataset(uid: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('mmmDeleteDataset', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mmmKeys.datasets(uid) }),
  });
}

export function useDeleteModel(uid: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('mmmDeleteModel', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mmmKeys.models(uid) }),
  });
}

/**
 * Hands a model's Meta allocation to the optimizer: a recommendation that waits there for approval.
 * The optimizer's cached lists are dropped so /optimizer shows it at once.
 */
export function useMetaHandoff(uid: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ adAccountId, body }: { adAccountId: string; body: MmmHandoffRequest }) =>
      apiRequest('optimizerMmmHandoff', { params: { id: adAccountId }, body }),
    meta: { component: 'MetaHandoff', ownErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['meta', uid ?? '', 'optimizer'] }),
  });
}

/** A week-by-week plan of a finished model: computed by the API on each request (a few seconds), never stored. */
export function useWeekPlan() {
  return useMutation({
    mutationFn: ({ modelId, body }: { modelId: string; body: WeekPlanBody }) =>
      apiRequest('mmmWeekPlan', { params: { id: modelId }, body }),
    meta: { component: 'WeekPlanPanel', ownErrorToast: true },
  });
}
