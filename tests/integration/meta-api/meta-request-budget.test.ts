import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_USER_REQUEST_BUCKET } from '@shared/constants';
import { freshUser, type FreshUser } from './meta-user';

/** The Meta routes spend a per-user token bucket (DynamoDB): a burst past it is refused with 429 + Retry-After. */
describe('per-user request budget on the Meta routes', () => {
  let greedy: FreshUser;
  let other: FreshUser;
  beforeAll(async () => {
    [greedy, other] = await Promise.all([freshUser('meta-budget-greedy'), freshUser('meta-budget-other')]);
  });
  afterAll(async () => {
    await Promise.all([greedy?.remove(), other?.remove()]);
  });

  it('answers 429 RATE_LIMITED with Retry-After once a burst exceeds the bucket, for that user only', async () => {
    let limited: Response | undefined;
    let sent = 0;
    // A little over the bucket: tokens trickle back while the burst is being sent.
    const ceiling = META_USER_REQUEST_BUCKET.capacity * 2;
    while (!limited && sent < ceiling) {
      const replies = await Promise.all(Array.from({ length: 10 }, () => greedy.call('/api/meta/connection')));
      sent += replies.length;
      limited = replies.find((r) => r.status === 429);
      for (const r of replies) if (r !== limited) await r.body?.cancel();
    }
    expect(limited, `no 429 after ${sent} requests`).toBeDefined();
    expect(sent).toBeGreaterThan(META_USER_REQUEST_BUCKET.capacity - 10);
    const retryAfter = Number(limited!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(1 / META_USER_REQUEST_BUCKET.refillPerSecond));
    expect((await limited!.json()).error.code).toBe('RATE_LIMITED');

    // Someone else's budget is untouched.
    expect((await other.call('/api/meta/connection')).status).toBe(200);
  });
});
