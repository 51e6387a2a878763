import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { chatLimits } from '@shared/schemas/chat';
import { localTableName } from '@infra/twin/function-environment';
import { ipKey, takeChatMessage } from '@lambdas/chatbot/rate-limit';
import { AppError } from '@lambdas/lib/errors';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

let aws: LocalAws;
const table = localTableName('chatRateLimits');

beforeAll(async () => {
  aws = await startLocalAws();
}, 60_000);
afterAll(() => aws?.stop());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

describe('chat rate limits (dynalite)', () => {
  it('lets an IP send its per-minute allowance, then answers 429 with the seconds left in the minute', async () => {
    const at = new Date('2026-11-22T10:00:15Z');
    const store = { doc: aws.doc, table, now: () => at };
    for (let i = 0; i < chatLimits.perIpPerMinute; i++) await takeChatMessage(store, { ip: '203.0.113.7' });
    const error = await refusal(takeChatMessage(store, { ip: '203.0.113.7' }));
    expect(error).toBeInstanceOf(AppError);
    expect(error?.statusCode).toBe(429);
    expect(error?.message).toMatch(/wait 45 seconds/);
    expect((error as unknown as { retryAfterSeconds: number }).retryAfterSeconds).toBe(45);
    // Another address is not affected, and the next minute starts afresh.
    await expect(takeChatMessage(store, { ip: '203.0.113.8' })).resolves.toBeUndefined();
    const later = { ...store, now: () => new Date('2026-11-22T10:01:00Z') };
    await expect(takeChatMessage(later, { ip: '203.0.113.7' })).resolves.toBeUndefined();
  });

  it('also limits a signed-in user across addresses', async () => {
    const at = new Date('2026-11-22T11:00:00Z');
    const store = { doc: aws.doc, table, now: () => at };
    for (let i = 0; i < chatLimits.perUserPerMinute; i++) {
      await takeChatMessage(store, { ip: `198.51.100.${i}`, userId: 'user-42' });
    }
    const error = await refusal(takeChatMessage(store, { ip: '198.51.100.200', userId: 'user-42' }));
    expect(error?.code).toBe('RATE_LIMITED');
  });

  it('caps the day too, and says when it resets', async () => {
    const store = { doc: aws.doc, table, now: () => new Date('2026-11-22T12:00:00Z') };
    // Spread over minutes so only the daily window can refuse.
    for (let i = 0; i < chatLimits.perIpPerDay; i++) {
      const minute = new Date(Date.UTC(2026, 10, 22, 12, i));
      await takeChatMessage({ ...store, now: () => minute }, { ip: '192.0.2.55' });
    }
    const next = new Date(Date.UTC(2026, 10, 22, 12, chatLimits.perIpPerDay + 1));
    const error = await refusal(takeChatMessage({ ...store, now: () => next }, { ip: '192.0.2.55' }));
    expect(error?.message).toMatch(/today’s limit/);
  }, 60_000);

  it('stores addresses only as a salted hash, with an expiry', async () => {
    const items = (await aws.doc.send(new ScanCommand({ TableName: table }))).Items ?? [];
    expect(items.length).toBeGreaterThan(0);
    expect(JSON.stringify(items)).not.toContain('203.0.113.7');
    expect(items.some((item) => item.subject === ipKey('203.0.113.7'))).toBe(true);
    expect(items.every((item) => typeof item.expires_at === 'number')).toBe(true);
  });
});
