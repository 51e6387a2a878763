import type { QuotaKey } from '@shared/quotas';
import type { KeepAdAccounts, Usage } from '@shared/schemas/billing';
import { isPooled, placesOf, quotaScopeOf } from '../lib/billing/plan-record';
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
  // Ad accounts are pooled: an agency's (or an attached client's) places are in the agency's counter.
  const scope = await quotaScopeOf(deps.doc, deps.tables.userPlans, user.sub, deps.now?.() ?? new Date());
  await keepHeld(deps.counters, user.sub, 'connectedAdAccounts', scope.plan, body.keep, scope);
  return usageOf(user, deps);
}

/**
 * The signed-in user's plan and, for each of its limits, how much is used and when it resets. In an agency's pool
 * (the agency itself or an attached client) a pooled limit reads as the pool stands, all of it used by anyone;
 * its `held` list names only this workspace's own things, never another client's.
 */
export async function usageOf(user: RequestUser, deps: UsageDeps): Promise<Usage> {
  const scope = await quotaScopeOf(deps.doc, deps.tables.userPlans, user.sub, deps.now?.() ?? new Date());
  const { plan, holder } = scope;
  const own = await readUsage(deps.counters, user.sub, plan, deps.overrides);
  const pool = holder === user.sub ? own : await readUsage(deps.counters, holder, plan, deps.overrides);
  return {
    plan,
    limits: own.map((limit) => {
      if (!isPooled(limit.key)) return limit;
      const pooled = pool.find((p) => p.key === limit.key)!;
      return pooled.held ? { ...pooled, held: placesOf(scope, user.sub, pooled.held) } : pooled;
    }),
  };
}
