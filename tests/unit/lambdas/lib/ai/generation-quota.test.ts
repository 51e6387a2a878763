import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '@shared/plans';
import { localTableName } from '@infra/twin/function-environment';
import {
  addTokensToDay,
  consumeGeneration,
  planOf,
  refundGeneration,
  type GenerationQuota,
} from '@lambdas/lib/ai/generation-quota';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

let aws: LocalAws;
const now = new Date('2026-11-22T23:59:30.000Z');
let quota: GenerationQuota;

beforeAll(async () => {
  aws = await startLocalAws();
  quota = {
    counters: { doc: aws.doc, table: localTableName('quotaUsage'), now: () => now },
    plans: { doc: aws.doc, table: localTableName('userPlans') },
    tokens: { doc: aws.doc, table: localTableName('aiUsage') },
  };
}, 60_000);
afterAll(async () => aws?.stop());

const proUntil = (user: string, end: Date) =>
  aws.doc.send(
    new PutCommand({
      TableName: localTableName('userPlans'),
      Item: { user_id: user, plan: 'pro', subscription_status: 'active', current_period_end: end.getTime() / 1000 },
    }),
  );

describe('the daily generation quota follows the user’s plan', () => {
  it('Free without a plan row, Pro while the subscription runs', async () => {
    expect(await planOf(quota, 'gen-free')).toBe('free');
    await proUntil('gen-pro', new Date('2026-12-22T00:00:00Z'));
    expect(await planOf(quota, 'gen-pro')).toBe('pro');
    expect((await consumeGeneration(quota, 'gen-free')).limit).toBe(plans.free.limits.aiGenerationsPerDay);
    expect((await consumeGeneration(quota, 'gen-pro')).limit).toBe(plans.pro.limits.aiGenerationsPerDay);
  });

  it('answers QUOTA_EXCEEDED (not RATE_LIMITED) once used up; an operator override wins', async () => {
    await consumeGeneration(quota, 'gen-small', 1);
    await expect(consumeGeneration(quota, 'gen-small', 1)).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      statusCode: 429,
      details: { quota: 'aiGenerationsPerDay', limit: '1', resetsAt: '2026-11-23T00:00:00.000Z', upgradeTo: 'pro' },
    });
  });

  it('a refund frees the generation; tokens are added to the day it was counted on', async () => {
    const status = await consumeGeneration(quota, 'gen-refund', 1);
    await refundGeneration(quota, 'gen-refund', status);
    const again = await consumeGeneration(quota, 'gen-refund', 1);
    await addTokensToDay(quota, 'gen-refund', again, { promptTokens: 10, completionTokens: 5 });
    const day = await aws.doc.send(
      new GetCommand({ TableName: localTableName('aiUsage'), Key: { user_id: 'gen-refund', day: '2026-11-22' } }),
    );
    expect(day.Item).toMatchObject({ prompt_tokens: 10, completion_tokens: 5, generations: 1 });
  });
});
