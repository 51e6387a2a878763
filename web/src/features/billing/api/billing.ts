import { useMutation, useQuery } from '@tanstack/react-query';
import type { CheckoutRequest } from '@shared/schemas/billing';
import { apiRequest } from '@web/lib/api';

export const billingStatusKey = ['billing', 'status'] as const;

/** GET /api/billing: the plan the server enforces. After checkout it is polled until the webhook lands. */
export function useBillingStatus(options: { pollUntilPaid?: boolean } = {}) {
  return useQuery({
    queryKey: billingStatusKey,
    queryFn: () => apiRequest('billingStatus'),
    refetchInterval: (query) => (options.pollUntilPaid && query.state.data?.plan === 'free' ? 2_000 : false),
  });
}

/** The browser leaves for Stripe's hosted page; nothing about the card ever touches our app. */
const goTo = (url: string) => window.location.assign(url);

export function useStartCheckout() {
  return useMutation({
    mutationFn: (body: CheckoutRequest) => apiRequest('billingCheckout', { body }),
    meta: { component: 'Billing.checkout' },
    onSuccess: ({ url }) => goTo(url),
  });
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: () => apiRequest('billingPortal'),
    meta: { component: 'Billing.portal' },
    onSuccess: ({ url }) => goTo(url),
  });
}
