import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api';
import { usageKey } from './usage-key';

// Kept importable from here for the screens that already do; the chatbot imports quota-exceeded.ts itself
// (this module loads the API client and its schemas, which public pages must not).
export { quotaExceededOf, type QuotaExceeded } from './quota-exceeded';

export { usageKey } from './usage-key';

/** GET /api/billing/usage: the user's plan and how much of each limit is used (refetch after a counted action). */
export function useUsage(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: usageKey, queryFn: () => apiRequest('billingUsage'), enabled: options.enabled });
}
