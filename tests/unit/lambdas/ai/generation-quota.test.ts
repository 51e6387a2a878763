import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { plans } from '@shared/plans';
import {
  consumeGeneration,
  dailyGenerationLimit,
  nextUtcMidnight,
  planOf,
  refundGeneration,
  utcDay,
} from '@lambdas/lib/ai/generation-quota';
import { AppError } from '@lambdas/lib/errors';

const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(doc);
const now = new Date('2026-11-22T23:59:30.000Z');
const store = { doc, table: 'adsmith-test-ai_usage', now: () => now };

beforeEach(() => mock.reset());

describe('daily generation limit', () => {
  it('comes from the user’s plan, overridable by configuration', async () => {
    expect(await planOf('user-1')).toBe('free');
    expect(dailyGenerationLimit('free')).toBe(plans.free.limits.aiGenerationsPerDay);
    expect(dailyGenerationLimit('pro')).toBe(plans.pro.limits.aiGenerationsPerDay);
    expect(dailyGenerationLimit('free', 3)).toBe(3);
  });

  it('resets at the next 00:00 UTC', () => {
    expect(utcDay(now)).toBe('2026-11-22');
    expect(nextUtcMidnight(now).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});

describe('consumeGeneration', () => {
  it('increments the user’s counter for the day atomically, conditioned on the limit, with a TTL', async () => {
    mock.on(UpdateCommand).resolves({ Attributes: { generations: 4 } });

    const status = await consumeGeneration(store, 'user-1', 20);

    expect(status).toEqual({ used: 4, limit: 20, resetsAt: '2026-11-23T00:00:00.000Z' });
    const input = mock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.Key).toEqual({ user_id: 'user-1', day: '2026-11-22' });
    expect(input.UpdateExpression).toContain('ADD #count :one');
    expect(input.ConditionExpression).toBe('attribute_not_exists(#count) OR #count < :limit');
    expect(input.ExpressionAttributeValues).toMatchObject({ ':limit': 20 });
    expect(input.ExpressionAttributeValues?.[':expires']).toBeGreaterThan(Date.parse('2026-11-23') / 1000);
  });

  it('answers RATE_LIMITED with the reset time when the condition fails', async () => {
    mock.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }));

    const error = (await consumeGeneration(store, 'user-1', 20).catch((e: unknown) => e)) as AppError;

    expect(error).toBeInstanceOf(AppError);
    expect(error.statusCode).toBe(429);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.details).toEqual({ resetsAt: '2026-11-23T00:00:00.000Z', limit: '20' });
    expect(error.message).toContain('2026-11-23T00:00:00.000Z');
  });

  it('refunds to the day the generation was counted on, even after midnight', async () => {
    mock.on(UpdateCommand).resolves({});
    await refundGeneration(store, 'user-1', { used: 4, limit: 20, resetsAt: '2026-11-23T00:00:00.000Z' });
    const input = mock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.Key).toEqual({ user_id: 'user-1', day: '2026-11-22' });
    expect(input.ConditionExpression).toBe('#count > :zero');
  });
});
