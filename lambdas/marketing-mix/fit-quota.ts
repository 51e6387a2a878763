import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { consumeWorkspaceQuota, type QuotaStore } from '../lib/quota/plan-quota';

/**
 * Charges one of the month's marketing-mix fits of the user's plan (shared/plans.ts →
 * mmmFitsPerMonth) before a fit is queued; QUOTA_EXCEEDED, naming the plan that allows more,
 * once the month's fits are used. An attached client workspace draws on its agency's pool.
 */
export function monthlyFitCharge(
  counters: QuotaStore,
  plans: { doc: DynamoDBDocumentClient; table: string },
): (userId: string) => Promise<void> {
  return async (userId) => {
    await consumeWorkspaceQuota(counters, plans, userId, 'mmmFitsPerMonth');
  };
}
