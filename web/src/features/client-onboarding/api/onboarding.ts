import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

const configKey = (token: string) => ['client-onboarding', token, 'config'] as const;

/** Who asks, for which workspace, until when (no sign-in: the link's token is the credential). */
export function useOnboardingConfig(token: string) {
  return useQuery({
    queryKey: configKey(token),
    queryFn: ({ signal }) => apiRequest('metaOnboardingConfig', { params: { token }, signal }),
    retry: false,
    // Each answer carries a fresh single-use state for Meta's dialog: never refetched behind the page's back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** A fresh dialog URL and state at the moment the client clicks (the page's may be older than the state's 10 min). */
export const freshOnboardingDialog = (token: string) => apiRequest('metaOnboardingConfig', { params: { token } });

/** Finishes Meta's return into the link's client workspace; the answer names the Meta user, never the token. */
export function useFinishOnboarding(token: string) {
  return useMutation({
    mutationFn: (body: { code: string; state: string }) =>
      apiRequest('metaOnboardingCallback', { params: { token }, body }),
    // The callback page shows the outcome itself.
    meta: { component: 'ClientOnboarding.finish', ownErrorToast: true },
  });
}
