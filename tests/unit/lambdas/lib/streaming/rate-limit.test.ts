import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { chatLimits } from '@shared/schemas/chat';
import { localTableName } from '@infra/twin/function-environment';
import { ipKey, takeChatMessage } from '@lambdas/lib/streaming/rate-limit';
import { AppError } from '@lambdas/lib/errors';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

let aws: LocalAws;
const table = localTableName('chatRateLimits');

beforeAll(async () => {
  aws = await startLocalAws();
}, 60_000);
afterAll(() => aws?.stop());

const SALT = 'a-per-deployment-secret-of-at-least-32-characters';
const addressSalt = async () => SALT;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

describe('chat rate limits (dynalite)', () => {
  it('lets an IP send its per-minute allowance, then answers 429 with the seconds left in the minute', async () => {
    const at = new Date('2026-11-22T10:00:15Z');
    const store = { doc: aws.doc, table, addressSalt, now: () => at };
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
    const store = { doc: aws.doc, table, addressSalt, now: () => at };
    for (let i = 0; i < chatLimits.perUserPerMinute; i++) {
      await takeChatMessage(store, { ip: `198.51.100.${i}`, userId: 'user-42' });
    }
    const error = await refusal(takeChatMessage(store, { ip: '198.51.100.200', userId: 'user-42' }));
    expect(error?.code).toBe('RATE_LIMITED');
  });

  it('caps the day too, and says when it resets', async () => {
    const store = { doc: aws.doc, table, addressSalt, now: () => new Date('2026-11-22T12:00:00Z') };
    // Spread over minutes so only the daily window can refuse.
    for (let i = 0; i < chatLimits.perIpPerDay; i++) {
      const minute = new Date(Date.UTC(2026, 10, 22, 12, i));
      await takeChatMessage({ ...store, now: () => minute }, { ip: '192.0.2.55' });
    }
    const next = new Date(Date.UTC(2026, 10, 22, 12, chatLimits.perIpPerDay + 1));
    const error = await refusal(takeChatMessage({ ...store, now: () => next }, { ip: '192.0.2.55' }));
    expect(error?.message).toMatch(/today’s limit/);
  }, 60_000);

  it('counts a whole IPv6 /64 as one visitor: rotating addresses inside it gets no more answers', async () => {
    const store = { doc: aws.doc, table, addressSalt, now: () => new Date('2026-11-22T13:00:05Z') };
    // One visitor's /64 holds 2^64 addresses; every message from a fresh one.
    for (let i = 0; i < chatLimits.perIpPerMinute; i++) {
      await takeChatMessage(store, { ip: `2001:db8:aaaa:1:${(i + 1).toString(16)}::${i}` });
    }
    const error = await refusal(takeChatMessage(store, { ip: '2001:db8:aaaa:1:ffff:ffff:ffff:fffe' }));
    expect(error?.code).toBe('RATE_LIMITED');
    // The written forms of one prefix are one prefix (leading zeros, upper case, compressed or not).
    expect(await refusal(takeChatMessage(store, { ip: '2001:0DB8:AAAA:0001:0:0:0:1' }))).not.toBeNull();
    // The neighbouring /64 is someone else.
    await expect(takeChatMessage(store, { ip: '2001:db8:aaaa:2::1' })).resolves.toBeUndefined();
  });

  it('counts an IPv4 address the same whether it arrives as IPv4 or IPv4-mapped IPv6', async () => {
    const store = { doc: aws.doc, table, addressSalt, now: () => new Date('2026-11-22T14:00:05Z') };
    const forms = ['203.0.113.70', '::ffff:203.0.113.70', '::ffff:cb00:7146'];
    for (let i = 0; i < chatLimits.perIpPerMinute; i++) await takeChatMessage(store, { ip: forms[i % forms.length]! });
    for (const form of forms) expect((await refusal(takeChatMessage(store, { ip: form })))?.code).toBe('RATE_LIMITED');
    // Each IPv4 address is its own visitor (no /24 grouping: a whole office shares one NAT address already).
    await expect(takeChatMessage(store, { ip: '203.0.113.71' })).resolves.toBeUndefined();
  });

  it('stores addresses only as a hash keyed with the deployment’s secret, with an expiry', async () => {
    const items = (await aws.doc.send(new ScanCommand({ TableName: table }))).Items ?? [];
    expect(items.length).toBeGreaterThan(0);
    expect(JSON.stringify(items)).not.toContain('203.0.113.7');
    expect(items.some((item) => item.subject === ipKey('203.0.113.7', SALT))).toBe(true);
    // Someone who knows the code but not the secret cannot recompute the key of an address.
    expect(ipKey('203.0.113.7', SALT)).not.toBe(ipKey('203.0.113.7', 'another-deployment-secret-of-32-characters'));
    expect(items.every((item) => typeof item.expires_at === 'number')).toBe(true);
  });

  it('refuses to count with a missing or short secret rather than fall back to a public one', async () => {
    const store = { doc: aws.doc, table, addressSalt: async () => '', now: () => new Date() };
    await expect(takeChatMessage(store, { ip: '203.0.113.99' })).rejects.toThrow(/salt/i);
  });
});
