import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import type {
  CreateCustomerListBody,
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
