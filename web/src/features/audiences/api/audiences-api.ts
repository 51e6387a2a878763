import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import type {
  CreateCustomerListBody,
  CustomerListUploadProgress,
  CustomerListUploadSlot,
  StartCustomerListRefreshBody,
  StartCustomerListUploadBody,
  CreateEngagementAudienceBodySchema,
  CreateLookalikeBodySchema,
  CreateWebsiteAudienceBodySchema,
  RefreshCustomerListBody,
} from '@shared/schemas/audiences';
import { apiRequest } from '@web/lib/api';

const listKey = (uid: string, accountId: string) => ['meta', uid, 'audiences', accountId] as const;

/** The account's audiences with their size ranges and statuses (one Graph list read, plus the terms). */
export function useAudiences(uid: string | undefined, accountId: string | undefined) {
  return useQuery({
    queryKey: listKey(uid ?? '', accountId ?? ''),
    queryFn: () => apiRequest('listAudiences', { params: { id: accountId! } }),
    enabled: Boolean(uid && accountId),
    staleTime: 60_000,
  });
}

const uploadsKey = (uid: string) => ['meta', uid, 'audiences', 'customer-uploads'] as const;

/** The workspace's latest customer-data uploads (the owner's only: a member is refused). */
export function useCustomerUploads(uid: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: uploadsKey(uid ?? ''),
    queryFn: () => apiRequest('listCustomerUploads'),
    enabled: Boolean(uid) && enabled,
  });
}

/** After a change the list is read again: sizes come from Meta, never computed here. */
function useRefreshList(uid: string | undefined, accountId: string | undefined) {
  const queryClient = useQueryClient();
  // The customer-uploads audit too: an upload or refresh adds to it.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey(uid ?? '', accountId ?? '') }),
      queryClient.invalidateQueries({ queryKey: uploadsKey(uid ?? '') }),
    ]);
}

export function useCreateCustomerList(uid: string | undefined, accountId: string | undefined) {
  const refresh = useRefreshList(uid, accountId);
  return useMutation({
    mutationFn: (body: CreateCustomerListBody) =>
      apiRequest('createCustomerListAudience', { params: { id: accountId! }, body }),
    meta: { component: 'Audiences.createCustomerList' },
    onSuccess: refresh,
  });
}

/** The file PUT straight to the bucket with the slot's presigned URL (never through the API), then queued. */
async function putAndProcess(accountId: string, slot: CustomerListUploadSlot, file: Blob) {
  const put = await fetch(slot.uploadUrl, { method: slot.method, headers: slot.headers, body: file });
  if (!put.ok) throw new Error(`The file could not be stored for processing (${put.status}): try again.`);
  return apiRequest('processCustomerListUpload', { params: { id: accountId, uploadId: slot.uploadId } });
}

/**
 * A large list (above ASYNC_CUSTOMER_LIST_BYTES): an upload slot, the file PUT to the bucket, then queued for the
 * worker. Answers the queued upload's progress.
 */
export function useStartCustomerListUpload(accountId: string | undefined) {
  return useMutation({
    mutationFn: async ({ file, body }: { file: Blob; body: Omit<StartCustomerListUploadBody, 'size'> }) => {
      const slot = await apiRequest('startCustomerListUpload', {
        params: { id: accountId! },
        body: { ...body, size: file.size },
      });
      return putAndProcess(accountId!, slot, file);
    },
    meta: { component: 'Audiences.startCustomerListUpload' },
  });
}

/** A large file refreshing a list: the same bucket path; the worker sends Meta only who was added and removed. */
export function useStartCustomerListRefresh(accountId: string | undefined, audienceId: string) {
  return useMutation({
    mutationFn: async ({ file, body }: { file: Blob; body: Omit<StartCustomerListRefreshBody, 'size'> }) => {
      const slot = await apiRequest('startCustomerListRefresh', {
        params: { id: accountId!, audienceId },
        body: { ...body, size: file.size },
      });
      return putAndProcess(accountId!, slot, file);
    },
    meta: { component: 'Audiences.startCustomerListRefresh' },
  });
}

const finishedUpload = (progress: CustomerListUploadProgress | undefined) =>
  progress?.state === 'done' || progress?.state === 'failed';

/** The upload's progress, read every second until it is done or failed; then the list and the audit are read again. */
export function useCustomerListUploadProgress(
  uid: string | undefined,
  accountId: string | undefined,
  uploadId: string | undefined,
) {
  const refresh = useRefreshList(uid, accountId);
  return useQuery({
    // Not under the list's key: reading the list again must not read this again (which would read the list again…).
    queryKey: ['meta', uid ?? '', 'customer-list-upload', accountId ?? '', uploadId ?? ''],
    queryFn: async () => {
      const progress = await apiRequest('customerListUploadProgress', {
        params: { id: accountId!, uploadId: uploadId! },
      });
      if (finishedUpload(progress)) await refresh();
      return progress;
    },
    enabled: Boolean(uid && accountId && uploadId),
    refetchInterval: (query) => (finishedUpload(query.state.data) ? false : 1000),
  });
}

/** A list's new file: the server sends Meta only who was added and removed since the last upload. */
export function useRefreshCustomerList(uid: string | undefined, accountId: string | undefined) {
  const refresh = useRefreshList(uid, accountId);
  return useMutation({
    mutationFn: ({ audienceId, body }: { audienceId: string; body: RefreshCustomerListBody }) =>
      apiRequest('refreshCustomerListAudience', { params: { id: accountId!, audienceId }, body }),
    meta: { component: 'Audiences.refreshCustomerList' },
    onSuccess: refresh,
  });
}

export function useCreateWebsiteAudience(uid: string | undefined, accountId: string | undefined) {
  const refresh = useRefreshList(uid, accountId);
  return useMutation({
    mutationFn: (body: z.input<typeof CreateWebsiteAudienceBodySchema>) =>
      apiRequest('createWebsiteAudience', { params: { id: accountId! }, body }),
    meta: { component: 'Audiences.createWebsite' },
    onSuccess: refresh,
  });
}

export function useCreateEngagementAudience(uid: string | undefined, accountId: string | undefined) {
  const refresh = useRefreshList(uid, accountId);
  return useMutation({
    mutationFn: (body: z.input<typeof CreateEngagementAudienceBodySchema>) =>
      apiRequest('createEngagementAudience', { params: { id: accountId! }, body }),
    meta: { component: 'Audiences.createEngagement' },
    onSuccess: refresh,
  });
}

export function useCreateLookalike(uid: string | undefined, accountId: string | undefined) {
  const refresh = useRefreshList(uid, accountId);
  return useMutation({
    mutationFn: (body: z.input<typeof CreateLookalikeBodySchema>) =>
      apiRequest('createLookalikeAudience', { params: { id: accountId! }, body }),
    meta: { component: 'Audiences.createLookalike' },
    onSuccess: refresh,
  });
}

export function useDeleteAudience(uid: string | undefined, accountId: string | undefined) {
  const refresh = useRefreshList(uid, accountId);
  return useMutation({
    mutationFn: (audienceId: string) => apiRequest('deleteAudience', { params: { id: accountId!, audienceId } }),
    meta: { component: 'Audiences.delete' },
    onSuccess: refresh,
  });
}
