import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { planOfUser } from '../lib/billing/plan-record';
import { consumeQuota, type QuotaStore } from '../lib/quota/plan-quota';

/**
 * Charges one of the month's marketing-mix fits of the user's plan (shared/plans.ts →
 * mmmFitsPerMonth) before a fit is queued; QUOTA_EXCEEDED, naming the plan that allows more,
 * once the month's fits are used.
 */
export function monthlyFitCharge(
  counters: QuotaStore,
  plans: { doc: DynamoDBDocumentClient; table: string },
): (userId: string) => Promise<void> {
  return async (userId) => {
    const plan = await planOfUser(plans.doc, plans.table, userId, counters.now?.() ?? new Date());
    await consumeQuota(counters, userId, 'mmmFitsPerMonth', plan);
  };
}
