import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PlanKey } from '@shared/plans';
import { tableKey } from '@shared/table-keys';
import { planOfUser, quotaScopeOf } from '../billing/plan-record';
import { consumeQuota, refundQuota, type QuotaGrant, type QuotaStore } from '../quota/plan-quota';
import type { TokenUsage } from './token-usage';

/**
 * The AI generations a user's plan allows per UTC day, counted by the plan
 * quota module before the model is called (QUOTA_EXCEEDED once used up), and
 * the tokens each day's generations used (the `ai_usage` table, for support
 * and cost, never for limits).
 */
export type QuotaStatus = QuotaGrant & {
  /** Whose counter it was taken from when not the workspace's own (a client workspace drawing on its agency's pool). */
  holder?: string;
};

export interface GenerationQuota {
  /** Counters (`quota_usage`). */
  counters: QuotaStore;
  /** The user's plan row (`user_plans`), read to find their limit. */
  plans: { doc: DynamoDBDocumentClient; table: string };
  /** Token totals per day (`ai_usage`). */
  tokens: { doc: DynamoDBDocumentClient; table: string };
}

/** The plan whose limit applies: the user's, as billing recorded it. */
export function planOf(quota: GenerationQuota, userId: string): Promise<PlanKey> {
  return planOfUser(quota.plans.doc, quota.plans.table, userId, quota.counters.now?.() ?? new Date());
}

/** Counts one generation against today's allowance of the user's plan (`limitOverride`: an operator's fixed limit). */
export async function consumeGeneration(
  quota: GenerationQuota,
  userId: string,
  limitOverride?: number,
): Promise<QuotaStatus> {
  const scope = await quotaScopeOf(quota.plans.doc, quota.plans.table, userId, quota.counters.now?.() ?? new Date());
  // A client workspace on its agency's plan counts in the agency's counter: one pool, each generation counted once.
  const grant = await consumeQuota(quota.counters, scope.holder, 'aiGenerationsPerDay', scope.plan, limitOverride);
  return scope.holder === userId ? grant : { ...grant, holder: scope.holder };
}

export function refundGeneration(quota: GenerationQuota, userId: string, status: QuotaStatus): Promise<void> {
  return refundQuota(quota.counters, status.holder ?? userId, status);
}

/** Items live two days past their day, long enough for support to look at yesterday. */
const RETAIN_SECONDS = 2 * 24 * 3600;

/** The day a counted generation belongs to: the one before its reset (not "today", which may have turned). */
function dayOf(status: QuotaStatus): string {
  return new Date(Date.parse(status.resetsAt) - 1).toISOString().slice(0, 10);
}

/** Adds the tokens a generation used to the user's day. */
export async function addTokensToDay(
  quota: GenerationQuota,
  userId: string,
  status: QuotaStatus,
  usage: TokenUsage,
): Promise<void> {
  await quota.tokens.doc.send(
    new UpdateCommand({
      TableName: quota.tokens.table,
      Key: tableKey('aiUsage', userId, dayOf(status)),
      UpdateExpression: 'ADD prompt_tokens :p, completion_tokens :c, generations :one SET expires_at = :expires',
      ExpressionAttributeValues: {
        ':p': usage.promptTokens,
        ':c': usage.completionTokens,
        ':one': 1,
        ':expires': Math.floor(Date.parse(status.resetsAt) / 1000) + RETAIN_SECONDS,
      },
    }),
  );
}
