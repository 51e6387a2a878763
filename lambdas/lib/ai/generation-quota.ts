import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_PLAN, plans, type PlanKey } from '@shared/plans';
import { AppError } from '../errors';
import type { TokenUsage } from './token-usage';

/**
 * The per-user daily AI generation quota: one counter item per user per UTC
 * day, incremented atomically with a condition, so concurrent requests from
 * any number of containers can never pass the limit together. The day is part
 * of the key, so yesterday's item is never read again: TTL (which dynalite
 * never applies) only cleans up.
 */
export interface QuotaStatus {
  used: number;
  limit: number;
  /** ISO time the counter starts again: next 00:00 UTC. */
  resetsAt: string;
}

/** Where billing will plug in: today every user is on the default plan. */
export async function planOf(_userId: string): Promise<PlanKey> {
  return DEFAULT_PLAN;
}

export function dailyGenerationLimit(plan: PlanKey, override?: number): number {
  return override ?? plans[plan].limits.aiGenerationsPerDay;
}

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** Items live two days past their day, long enough for support to look at yesterday. */
const RETAIN_SECONDS = 2 * 24 * 3600;

export interface QuotaStore {
  doc: DynamoDBDocumentClient;
  table: string;
  now?: () => Date;
}

/** Counts one generation, or throws RATE_LIMITED naming when the quota resets. */
export async function consumeGeneration(store: QuotaStore, userId: string, limit: number): Promise<QuotaStatus> {
  const now = store.now?.() ?? new Date();
  const resetsAt = nextUtcMidnight(now);
  try {
    const reply = await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: { user_id: userId, day: utcDay(now) },
        UpdateExpression: 'ADD #count :one SET expires_at = :expires',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'generations' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': limit,
          ':expires': Math.floor(resetsAt.getTime() / 1000) + RETAIN_SECONDS,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return { used: Number(reply.Attributes?.generations ?? 1), limit, resetsAt: resetsAt.toISOString() };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw quotaExceeded(limit, resetsAt);
    throw error;
  }
}

export function quotaExceeded(limit: number, resetsAt: Date): AppError {
  const time = resetsAt.toISOString();
  return new AppError(
    'RATE_LIMITED',
    `You have used all ${limit} AI generations for today. Your quota resets at 00:00 UTC (${time}).`,
    { details: { resetsAt: time, limit: String(limit) } },
  );
}

/** The day a counted generation belongs to: the one before its reset (not "today", which may have turned). */
function dayOf(status: QuotaStatus): string {
  return utcDay(new Date(Date.parse(status.resetsAt) - 1));
}

/** Gives a generation back when it produced nothing (the model failed): a failure should not cost quota. */
export async function refundGeneration(store: QuotaStore, userId: string, status: QuotaStatus): Promise<void> {
  const day = dayOf(status);
  await store.doc.send(
    new UpdateCommand({
      TableName: store.table,
      Key: { user_id: userId, day },
      UpdateExpression: 'ADD #count :minusOne',
      ConditionExpression: '#count > :zero',
      ExpressionAttributeNames: { '#count': 'generations' },
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    }),
  );
}

/** Adds the tokens a generation used to the user's day (per-user usage, next to the counter). */
export async function addTokensToDay(
  store: QuotaStore,
  userId: string,
  status: QuotaStatus,
  usage: TokenUsage,
): Promise<void> {
  const day = dayOf(status);
  await store.doc.send(
    new UpdateCommand({
      TableName: store.table,
      Key: { user_id: userId, day },
      UpdateExpression: 'ADD prompt_tokens :p, completion_tokens :c',
      ExpressionAttributeValues: { ':p': usage.promptTokens, ':c': usage.completionTokens },
    }),
  );
}
