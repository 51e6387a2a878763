import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import {
  STATE_CLAIM_SECONDS,
  claimState,
  consumeState,
  rememberState,
  releaseState,
  replayedStateMessage,
} from '@lambdas/lib/meta/oauth-state-store';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

let aws: LocalAws;
const table = localTableName('oauthStates');
const now = new Date('2026-11-21T10:00:00Z');
const nowEpoch = Math.floor(now.getTime() / 1000);
let seq = 0;

beforeAll(async () => {
  aws = await startLocalAws();
}, 60_000);
afterAll(() => aws?.stop());

async function issued(userId = 'u-1', expiresAt = nowEpoch + 600) {
  const nonce = `n-${++seq}`;
  await rememberState(aws.doc, table, { nonce, userId, expiresAt }, now);
  return nonce;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('OAuth state store (dynalite)', () => {
  it('remembers a nonce with its owner and expiry, never overwriting one', async () => {
    const nonce = await issued();
    const item = (await aws.doc.send(new GetCommand({ TableName: table, Key: { nonce } }))).Item;
    expect(item).toEqual({ nonce, user_id: 'u-1', expires_at: nowEpoch + 600, created_at: now.toISOString() });
    expect(await refusal(rememberState(aws.doc, table, { nonce, userId: 'u-2', expiresAt: 1 }, now))).toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
  });

  it('a claimed then consumed state is gone: a replay is refused with VALIDATION_ERROR', async () => {
    const nonce = await issued();
    const claim = await claimState(aws.doc, table, nonce, 'u-1', now);
    await consumeState(aws.doc, table, nonce, claim);

    expect(await refusal(claimState(aws.doc, table, nonce, 'u-1', now))).toMatchObject({
      code: 'VALIDATION_ERROR',
      statusCode: 400,
      message: replayedStateMessage,
    });
  });

  it('a released claim (the exchange failed) can be claimed again: the person retries', async () => {
    const nonce = await issued();
    const first = await claimState(aws.doc, table, nonce, 'u-1', now);
    await releaseState(aws.doc, table, nonce, first);

    const second = await claimState(aws.doc, table, nonce, 'u-1', now);
    expect(second).not.toBe(first);
    await consumeState(aws.doc, table, nonce, second);
  });

  it('of two racing callbacks with one state, exactly one claims it', async () => {
    const nonce = await issued();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => claimState(aws.doc, table, nonce, 'u-1', now)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(5);
  });

  it('a claim left by a callback that died lapses after its time, and the old holder can no longer consume', async () => {
    const nonce = await issued();
    const abandoned = await claimState(aws.doc, table, nonce, 'u-1', now);
    const later = new Date(now.getTime() + (STATE_CLAIM_SECONDS + 1) * 1000);
    expect(await refusal(claimState(aws.doc, table, nonce, 'u-1', now))).toMatchObject({ code: 'VALIDATION_ERROR' });

    const retry = await claimState(aws.doc, table, nonce, 'u-1', later);
    expect(await refusal(consumeState(aws.doc, table, nonce, abandoned))).toMatchObject({ code: 'VALIDATION_ERROR' });
    await consumeState(aws.doc, table, nonce, retry);
  });

  it("refuses another user's state, an expired one and one never issued", async () => {
    const foreign = await issued('u-2');
    const expired = await issued('u-1', nowEpoch - 1);
    for (const nonce of [foreign, expired, 'never-issued']) {
      expect(await refusal(claimState(aws.doc, table, nonce, 'u-1', now))).toMatchObject({
        code: 'VALIDATION_ERROR',
      });
    }
  });

  it('lets other DynamoDB failures through unchanged', async () => {
    await aws.doc.send(new PutCommand({ TableName: table, Item: { nonce: 'odd', user_id: 'u-1', expires_at: 'x' } }));
    const error = await refusal(claimState(aws.doc, 'no-such-table', 'odd', 'u-1', now));
    expect(error).toMatchObject({ name: 'ResourceNotFoundException' });
  });
});
