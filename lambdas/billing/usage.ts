import type { QuotaKey } from '@shared/quotas';
import type { Usage } from '@shared/schemas/billing';
import { planOfUser } from '../lib/billing/plan-record';
import type { RequestUser } from '../lib/http/request-user';
import { readUsage, type QuotaStore } from '../lib/quota/plan-quota';
import type { BillingDeps } from './billing-deps';

/** The signed-in user's plan and, for each of its limits, how much is used and when it resets. */
export async function usageOf(
  user: RequestUser,
  deps: Pick<BillingDeps, 'doc' | 'tables' | 'now'> & {
    counters: QuotaStore;
    /** Limits an operator fixed in place of the plan's, which the counting functions apply too. */
    overrides?: Partial<Record<QuotaKey, number>>;
  },
): Promise<Usage> {
  const plan = await planOfUser(deps.doc, deps.tables.userPlans, user.sub, deps.now?.() ?? new Date());
  return { plan, limits: await readUsage(deps.counters, user.sub, plan, deps.overrides) };
}
