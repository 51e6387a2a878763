import { describe, expect, it } from 'vitest';
import type { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '@lambdas/lib/errors';
import { readFailureMessage, runReadJob } from '@lambdas/optimizer-worker/read-job';

const job = { userId: 'u-1', adAccountId: 'act_42', leaseId: 'lease-1' };
const at = new Date('2026-11-29T10:00:00Z');

describe('a queued optimizer read', () => {
  it('records a read that could not start on the run item, ending its lease, and does not throw (no SQS retry)', async () => {
    const sent: UpdateCommand[] = [];
    const doc = {
      send: async (command: UpdateCommand) => void sent.push(command),
    } as unknown as DynamoDBDocumentClient;
    const logs: string[] = [];
    await runReadJob(job, {
      store: { doc, table: 't' },
      open: () => Promise.reject(new AppError('META_RECONNECT_REQUIRED')),
      remainingMs: () => 50_000,
      now: () => at,
      log: (level, message) => void logs.push(`${level}: ${message}`),
    });
    expect(sent).toHaveLength(1);
    const input = sent[0]!.input;
    expect(input.Key).toEqual({ user_id: 'u-1', recommendation_id: 'run#42' });
    expect(input.ConditionExpression).toBe('#reading.#id = :lease');
    expect(input.ExpressionAttributeValues).toEqual({
      ':lease': 'lease-1',
      ':failure': { at: at.toISOString(), message: 'Your Meta connection has expired. Please reconnect Meta.' },
    });
    expect(logs).toEqual(['warn: optimizer read failed']);
  });

  it('says what to do for our own errors, and blames Meta for anything else', () => {
    expect(readFailureMessage(new AppError('META_NOT_CONNECTED'))).toBe('Not connected to Meta.');
    expect(readFailureMessage(new Error('socket hang up'))).toBe('Meta could not be read just now.');
  });
});
