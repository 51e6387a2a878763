import type { QuotaKey } from '@shared/quotas';
import type { KeepAdAccounts, Usage } from '@shared/schemas/billing';
import { planOfUser, POOLED_QUOTAS, quotaScopeOf } from '../lib/billing/plan-record';
import type { RequestUser } from '../lib/http/request-user';
import { keepHeld, readUsage, type QuotaStore } from '../lib/quota/plan-quota';
import type { BillingDeps } from './billing-deps';

type UsageDeps = Pick<BillingDeps, 'doc' | 'tables' | 'now'> & {
  counters: QuotaStore;
  /** Limits an operator fixed in place of the plan's, which the counting functions apply too. */
  overrides?: Partial<Record<QuotaKey, number>>;
};

/**
 * Above the plan's ad-account limit (after a downgrade or a subscription that ended): the user keeps the accounts
 * they choose and the others give their places back. Returns the usage as it is now.
 */
export async function keepAdAccounts(user: RequestUser, body: KeepAdAccounts, deps: UsageDeps): Promise<Usage> {
  const plan = await planOfUser(deps.doc, deps.tables.userPlans, user.sub, deps.now?.() ?? new Date());
  await keepHeld(deps.counters, user.sub, 'connectedAdAccounts', plan, body.keep);
  return usageOf(user, deps);
}

/** The signed-in user's plan and, for each of its limits, how much is used and when it resets. */
export async function usageOf(user: RequestUser, deps: UsageDeps): Promise<Usage> {
  const { plan, holder } = await quotaScopeOf(deps.doc, deps.tables.userPlans, user.sub, deps.now?.() ?? new Date());
  const own = await readUsage(deps.counters, user.sub, plan, deps.overrides);
  if (holder === user.sub) return { plan, limits: own };
  // A client workspace on its agency's pool: the pooled limits as the pool stands (the agency's and every client's).
  const pool = await readUsage(deps.counters, holder, plan, deps.overrides);
  const pooled = new Set<string>(POOLED_QUOTAS);
  return { plan, limits: own.map((limit) => (pooled.has(limit.key) ? pool.find((p) => p.key === limit.key)! : limit)) };
}
