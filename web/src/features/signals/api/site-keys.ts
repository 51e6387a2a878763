import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSiteKeyRequestSchema } from '@shared/schemas/signals-endpoint';
import type { z } from 'zod';
import { apiRequest } from '@web/lib/api';

const siteKeysKey = (uid: string | undefined) => ['signals', uid ?? '', 'site-keys'] as const;

/** The workspace's site keys for the first-party Conversions API (never the keys themselves). */
export function useSiteKeys(uid: string | undefined) {
  return useQuery({
    queryKey: siteKeysKey(uid),
    queryFn: () => apiRequest('signalsSiteKeys', {}),
    enabled: Boolean(uid),
  });
}

/** Creates a key; the reply is the only time the key itself is shown. */
export function useCreateSiteKey(uid: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof CreateSiteKeyRequestSchema>) => apiRequest('signalsCreateSiteKey', { body }),
    meta: { component: 'Signals.createSiteKey' },
    onSuccess: () => client.invalidateQueries({ queryKey: siteKeysKey(uid) }),
  });
}

export function useRevokeSiteKey(uid: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => apiRequest('signalsRevokeSiteKey', { params: { keyId } }),
    meta: { component: 'Signals.revokeSiteKey' },
    onSuccess: () => client.invalidateQueries({ queryKey: siteKeysKey(uid) }),
  });
}
