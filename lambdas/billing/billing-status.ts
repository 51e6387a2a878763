import type { BillingStatus } from '@shared/schemas/billing';
import { effectivePlan, readPlanRecord } from '../lib/billing/plan-record';
import type { RequestUser } from '../lib/http/request-user';
import type { BillingDeps } from './billing-deps';

export async function billingStatus(
  user: RequestUser,
  deps: Pick<BillingDeps, 'doc' | 'tables' | 'now'>,
): Promise<BillingStatus> {
  const record = await readPlanRecord(deps.doc, deps.tables.userPlans, user.sub);
  const { plan, downgradesAt } = effectivePlan(record, deps.now?.() ?? new Date());
  const paid = plan !== 'free';
  return {
    plan,
    interval: paid ? (record?.interval ?? null) : null,
    subscriptionStatus: record?.subscription_status ?? null,
    currentPeriodEnd:
      paid && record?.current_period_end ? new Date(record.current_period_end * 1000).toISOString() : null,
    cancelAtPeriodEnd: paid && Boolean(record?.cancel_at_period_end),
    paymentFailed: paid && Boolean(record?.payment_failed || record?.subscription_status === 'past_due'),
    downgradesAt: downgradesAt?.toISOString() ?? null,
    canManage: Boolean(record?.stripe_customer_id),
  };
}
