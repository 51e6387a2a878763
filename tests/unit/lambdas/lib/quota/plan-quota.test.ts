import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '@shared/plans';
import { planAllowingMore, windowEnd, windowId } from '@shared/quotas';
import { localTableName } from '@infra/twin/function-environment';
import { AppError } from '@lambdas/lib/errors';
import {
  consumeQuota,
  consumeWorkspaceQuota,
  heldQuota,
  holdQuota,
  QuotaExceededError,
  readUsage,
  refundQuota,
  assertWithinHeldLimit,
  heldMembers,
  keepHeld,
  releaseAllHeld,
  type QuotaStore,
} from '@lambdas/lib/quota/plan-quota';
import { quotaScopeOf } from '@lambdas/lib/billing/plan-record';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

let aws: LocalAws;
let clock = new Date('2026-11-22T23:59:30.000Z');
const store = (): QuotaStore => ({ doc: aws.doc, table: localTableName('quotaUsage'), now: () => clock });
let userCount = 0;
const newUser = () => `quota-user-${++userCount}-${Date.now()}`;

beforeAll(async () => {
  aws = await startLocalAws();
}, 60_000);
afterAll(async () => aws?.stop());

/** A validation refusal (400), not a quota one. */
async function refused(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('VALIDATION_ERROR');
  return error as AppError;
}

async function failure(promise: Promise<unknown>): Promise<QuotaExceededError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(QuotaExceededError);
  return error as QuotaExceededError;
}

describe('windows', () => {
  it('a day ends at the next 00:00 UTC and a month on the 1st', () => {
    expect(windowId('day', clock)).toBe('2026-11-22');
    expect(windowEnd('day', clock).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(windowId('month', clock)).toBe('2026-11');
    expect(windowEnd('month', clock).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    const newYearsEve = new Date('2026-12-31T23:00:00Z');
    expect(windowEnd('day', newYearsEve).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(windowEnd('month', newYearsEve).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('names the cheapest plan allowing more, none above the top plan', () => {
    expect(planAllowingMore('aiGenerationsPerDay', 'free')).toBe('pro');
    expect(planAllowingMore('aiGenerationsPerDay', 'pro')).toBe('agency');
    expect(planAllowingMore('aiGenerationsPerDay', 'agency')).toBeNull();
  });
});

describe('consumeQuota (windowed)', () => {
  it('counts up to the limit, then answers QUOTA_EXCEEDED with the limit, reset time and the plan allowing more', async () => {
    clock = new Date('2026-11-22T23:59:30.000Z');
    const user = newUser();
    const first = await consumeQuota(store(), user, 'aiGenerationsPerDay', 'free', 3);
    expect(first).toEqual({
      used: 1,
      limit: 3,
      resetsAt: '2026-11-23T00:00:00.000Z',
      counter: 'aiGenerationsPerDay#2026-11-22',
    });
    await consumeQuota(store(), user, 'aiGenerationsPerDay', 'free', 3);
    expect((await consumeQuota(store(), user, 'aiGenerationsPerDay', 'free', 3)).used).toBe(3);

    const error = await failure(consumeQuota(store(), user, 'aiGenerationsPerDay', 'free', 3));
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('QUOTA_EXCEEDED');
    expect(error.statusCode).toBe(429);
    expect(error.details).toEqual({
      quota: 'aiGenerationsPerDay',
      limit: '3',
      plan: 'free',
      resetsAt: '2026-11-23T00:00:00.000Z',
      upgradeTo: 'pro',
    });
    // Retry-After: the seconds left in the window.
    expect(error.retryAfterSeconds).toBe(30);
    expect(error.message).toContain('Pro allows 200 AI generations');
  });

  it('starts again from zero in the next day, and a month counter in the next month', async () => {
    const user = newUser();
    clock = new Date('2026-11-22T23:59:59.000Z');
    await consumeQuota(store(), user, 'aiGenerationsPerDay', 'free', 1);
    await failure(consumeQuota(store(), user, 'aiGenerationsPerDay', 'free', 1));
    clock = new Date('2026-11-23T00:00:00.000Z');
    expect((await consumeQuota(store(), user, 'aiGenerationsPerDay', 'free', 1)).used).toBe(1);

    clock = new Date('2026-11-30T12:00:00.000Z');
    const fit = await consumeQuota(store(), user, 'mmmFitsPerMonth', 'free');
    expect(fit).toMatchObject({
      used: 1,
      limit: plans.free.limits.mmmFitsPerMonth,
      resetsAt: '2026-12-01T00:00:00.000Z',
    });
    const error = await failure(consumeQuota(store(), user, 'mmmFitsPerMonth', 'free'));
    expect(error.details?.resetsAt).toBe('2026-12-01T00:00:00.000Z');
    expect(error.retryAfterSeconds).toBe(12 * 3600);
    clock = new Date('2026-12-01T00:00:01.000Z');
    expect((await consumeQuota(store(), user, 'mmmFitsPerMonth', 'free')).used).toBe(1);
  });

  it('lets exactly the limit through when many requests race', async () => {
    clock = new Date('2026-11-22T12:00:00.000Z');
    const user = newUser();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => consumeQuota(store(), user, 'aiGenerationsPerDay', 'free', 5)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(7);
  });

  it('gives a refunded action back to the window it was counted in, even after the window turned', async () => {
    clock = new Date('2026-11-22T23:59:59.000Z');
    const user = newUser();
    const grant = await consumeQuota(store(), user, 'aiGenerationsPerDay', 'free', 1);
    clock = new Date('2026-11-23T00:00:01.000Z');
    await refundQuota(store(), user, grant);
    clock = new Date('2026-11-22T23:59:59.500Z');
    expect((await consumeQuota(store(), user, 'aiGenerationsPerDay', 'free', 1)).used).toBe(1);
  });

  it('offers no upgrade on the top plan', async () => {
    const error = await failure(consumeQuota(store(), newUser(), 'aiGenerationsPerDay', 'agency', 0));
    expect(error.details?.upgradeTo).toBeUndefined();
    expect(error.details?.plan).toBe('agency');
  });
});

describe('holdQuota (held)', () => {
  it('takes one place per distinct thing, again for free, refuses one too many, and frees them', async () => {
    const user = newUser();
    expect(await holdQuota(store(), user, 'connectedAdAccounts', 'free', 'act_1')).toBe(1);
    expect(await holdQuota(store(), user, 'connectedAdAccounts', 'free', 'act_1')).toBe(1);
    expect(await holdQuota(store(), user, 'connectedAdAccounts', 'free', 'act_2')).toBe(2);
    const error = await failure(holdQuota(store(), user, 'connectedAdAccounts', 'free', 'act_3'));
    expect(error.details).toEqual({ quota: 'connectedAdAccounts', limit: '2', plan: 'free', upgradeTo: 'pro' });
    expect(error.retryAfterSeconds).toBeUndefined();
    // Still usable: the accounts already held.
    expect(await holdQuota(store(), user, 'connectedAdAccounts', 'free', 'act_2')).toBe(2);
    // Pro allows more.
    expect(await holdQuota(store(), user, 'connectedAdAccounts', 'pro', 'act_3')).toBe(3);

    await releaseAllHeld(store(), user, 'connectedAdAccounts');
    expect(await holdQuota(store(), user, 'connectedAdAccounts', 'free', 'act_9')).toBe(1);
  });

  it('reads the user’s plan from the plan row', async () => {
    const user = newUser();
    const quota = heldQuota(store(), { doc: aws.doc, table: localTableName('userPlans') }, 'connectedAdAccounts');
    await quota.hold(user, 'act_1');
    await quota.hold(user, 'act_2');
    await expect(quota.hold(user, 'act_3')).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    await aws.doc.send(
      new PutCommand({
        TableName: localTableName('userPlans'),
        Item: { user_id: user, plan: 'pro', subscription_status: 'active', current_period_end: 4_000_000_000 },
      }),
    );
    await quota.hold(user, 'act_3');
  });
});

describe('readUsage', () => {
  it('reports every limit of the plan: this window’s count, held places, and which limits count nothing yet', async () => {
    clock = new Date('2026-11-22T10:00:00.000Z');
    const user = newUser();
    clock = new Date('2026-11-21T10:00:00.000Z');
    await consumeQuota(store(), user, 'aiGenerationsPerDay', 'free');
    clock = new Date('2026-11-22T10:00:00.000Z');
    await consumeQuota(store(), user, 'aiGenerationsPerDay', 'free');
    await consumeQuota(store(), user, 'aiGenerationsPerDay', 'free');
    await holdQuota(store(), user, 'connectedAdAccounts', 'free', 'act_1');

    const usage = await readUsage(store(), user, 'free');
    expect(usage.map((u) => u.key)).toEqual(Object.keys(plans.free.limits));
    expect(usage.find((u) => u.key === 'aiGenerationsPerDay')).toEqual({
      key: 'aiGenerationsPerDay',
      used: 2,
      limit: 20,
      resetsAt: '2026-11-23T00:00:00.000Z',
      enforced: true,
    });
    expect(usage.find((u) => u.key === 'connectedAdAccounts')).toEqual({
      key: 'connectedAdAccounts',
      used: 1,
      limit: 2,
      resetsAt: null,
      enforced: true,
      held: ['act_1'],
    });
    expect(usage.find((u) => u.key === 'mmmFitsPerMonth')).toMatchObject({
      used: 0,
      resetsAt: '2026-12-01T00:00:00.000Z',
      enforced: true,
    });
    expect(usage.find((u) => u.key === 'graphicsExportsPerMonth')).toMatchObject({
      used: 0,
      limit: plans.free.limits.graphicsExportsPerMonth,
      resetsAt: '2026-12-01T00:00:00.000Z',
      enforced: true,
    });
    // The owner always holds a seat.
    expect(usage.find((u) => u.key === 'seats')).toMatchObject({ used: 1, enforced: true, resetsAt: null });
  });

  it('reports an operator’s override as the limit that applies (AI_DAILY_GENERATION_LIMIT), the plan’s for the rest', async () => {
    clock = new Date('2026-11-22T10:00:00.000Z');
    const user = newUser();
    await consumeQuota(store(), user, 'aiGenerationsPerDay', 'free', 3);
    const usage = await readUsage(store(), user, 'free', { aiGenerationsPerDay: 3 });
    expect(usage.find((u) => u.key === 'aiGenerationsPerDay')).toMatchObject({ used: 1, limit: 3 });
    expect(usage.find((u) => u.key === 'mmmFitsPerMonth')).toMatchObject({ limit: plans.free.limits.mmmFitsPerMonth });
  });
});

describe('above a held limit after a downgrade', () => {
  it('keeps every place readable, refuses changes until the user keeps what the plan allows, then frees the rest', async () => {
    clock = new Date('2026-11-22T10:00:00.000Z');
    const user = newUser();
    for (const id of ['act_1', 'act_2', 'act_3']) await holdQuota(store(), user, 'connectedAdAccounts', 'pro', id);
    await assertWithinHeldLimit(store(), user, 'connectedAdAccounts', 'pro');

    // Back on Free (2 accounts): what is held stays held, and reading it still works...
    await holdQuota(store(), user, 'connectedAdAccounts', 'free', 'act_3');
    // ...but a change is refused, naming the limit, how many are held and the plan that allows them.
    const refused = await failure(assertWithinHeldLimit(store(), user, 'connectedAdAccounts', 'free'));
    expect(refused.code).toBe('QUOTA_EXCEEDED');
    expect(refused.message).toMatch(/allows 2 ad accounts and you have 3/);
    expect(refused.details).toMatchObject({ quota: 'connectedAdAccounts', limit: '2', held: '3', upgradeTo: 'pro' });
    // A new account cannot take a place either.
    await failure(holdQuota(store(), user, 'connectedAdAccounts', 'free', 'act_4'));

    await expect(keepHeld(store(), user, 'connectedAdAccounts', 'free', ['act_1', 'act_2', 'act_3'])).rejects.toThrow(
      /keep at most 2/,
    );
    await expect(keepHeld(store(), user, 'connectedAdAccounts', 'free', ['act_1', 'act_9'])).rejects.toThrow(
      /Not among your ad accounts: act_9/,
    );
    await keepHeld(store(), user, 'connectedAdAccounts', 'free', ['act_3', 'act_1']);
    expect(await heldMembers(store(), user, 'connectedAdAccounts')).toEqual(['act_1', 'act_3']);
    await assertWithinHeldLimit(store(), user, 'connectedAdAccounts', 'free');
    // The place given back is free again, for an account the user picks later.
    await failure(holdQuota(store(), user, 'connectedAdAccounts', 'free', 'act_2'));
    await keepHeld(store(), user, 'connectedAdAccounts', 'free', ['act_1']);
    await holdQuota(store(), user, 'connectedAdAccounts', 'free', 'act_2');
  });
});

describe('an Agency plan’s pool (issue 28, req 1)', () => {
  const planTable = () => ({ doc: aws.doc, table: localTableName('userPlans') });
  const periodEnd = () => Math.floor(clock.getTime() / 1000) + 30 * 86_400;
  const putPlan = (item: Record<string, unknown>) =>
    aws.doc.send(new PutCommand({ TableName: localTableName('userPlans'), Item: item }));
  async function agencyWithClients(): Promise<{ agency: string; a: string; b: string }> {
    const [agency, a, b] = [newUser(), newUser(), newUser()];
    await putPlan({ user_id: agency, plan: 'agency', subscription_status: 'active', current_period_end: periodEnd() });
    await putPlan({ user_id: a, plan: 'free', billed_to: agency });
    await putPlan({ user_id: b, plan: 'free', billed_to: agency });
    return { agency, a, b };
  }

  it('two clients share one total of a windowed limit, counted in the agency’s counter and refunded there', async () => {
    const { agency, a, b } = await agencyWithClients();
    const limit = plans.agency.limits.mmmFitsPerMonth;
    for (let i = 0; i < limit - 1; i++) await consumeWorkspaceQuota(store(), planTable(), a, 'mmmFitsPerMonth');
    const last = await consumeWorkspaceQuota(store(), planTable(), b, 'mmmFitsPerMonth');
    expect(last).toMatchObject({ used: limit, limit, holder: agency });
    // The pool is spent for every member of it: the other client and the agency alike.
    await failure(consumeWorkspaceQuota(store(), planTable(), a, 'mmmFitsPerMonth'));
    await failure(consumeWorkspaceQuota(store(), planTable(), agency, 'mmmFitsPerMonth'));
    expect((await readUsage(store(), a, 'agency')).find((u) => u.key === 'mmmFitsPerMonth')!.used).toBe(0);
    // A failed action's refund goes back to the pool it was taken from.
    await refundQuota(store(), b, last);
    expect((await consumeWorkspaceQuota(store(), planTable(), a, 'mmmFitsPerMonth')).holder).toBe(agency);
  });

  it('an unpooled workspace counts in its own counter, and a lapsed agency’s clients are back on their own', async () => {
    const { agency, a } = await agencyWithClients();
    const own = await consumeWorkspaceQuota(store(), planTable(), agency, 'graphicsExportsPerMonth');
    expect(own.holder).toBeUndefined();
    await putPlan({ user_id: agency, plan: 'agency', subscription_status: 'canceled' });
    const lapsed = await consumeWorkspaceQuota(store(), planTable(), a, 'graphicsExportsPerMonth');
    expect(lapsed).toMatchObject({ used: 1, limit: plans.free.limits.graphicsExportsPerMonth });
    expect(lapsed.holder).toBeUndefined();
  });

  it('held ad accounts: one pool, each client’s places its own to free', async () => {
    const { agency, a, b } = await agencyWithClients();
    const quota = heldQuota(store(), planTable(), 'connectedAdAccounts');
    await quota.hold(agency, 'act_1');
    await quota.hold(a, 'act_1');
    await quota.hold(b, 'act_2');
    expect(await heldMembers(store(), agency, 'connectedAdAccounts')).toEqual(
      ['act_1', `${a}/act_1`, `${b}/act_2`].sort(),
    );
    await quota.releaseAll(a);
    expect(await heldMembers(store(), agency, 'connectedAdAccounts')).toEqual(['act_1', `${b}/act_2`].sort());
    // The agency freeing its own (disconnecting Meta) leaves its clients' places.
    await quota.releaseAll(agency);
    expect(await heldMembers(store(), agency, 'connectedAdAccounts')).toEqual([`${b}/act_2`]);
  });

  it('choosing ad accounts to keep: each workspace among its own places in the pool, the others counted', async () => {
    const { agency, a } = await agencyWithClients();
    const limit = plans.agency.limits.connectedAdAccounts;
    const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    // Over the limit (after the agency's own accounts were counted in, say): the agency holds limit + 1, the client 2.
    await aws.doc.send(
      new PutCommand({
        TableName: localTableName('quotaUsage'),
        Item: {
          user_id: agency,
          counter: 'connectedAdAccounts',
          members: new Set([...ids(limit + 1, 'act_'), ...ids(2, `${a}/act_c`)]),
        },
      }),
    );
    const scopeOf = (id: string) => quotaScopeOf(aws.doc, localTableName('userPlans'), id, clock);
    // The agency chooses among its own places; the client's two count against the one limit and stay.
    const agencyScope = await scopeOf(agency);
    const tooMany = await refused(
      keepHeld(store(), agency, 'connectedAdAccounts', 'agency', ids(limit - 1, 'act_'), agencyScope),
    );
    expect(tooMany.message).toMatch(new RegExp(`the other workspaces on it hold 2: keep at most ${limit - 2}`));
    await keepHeld(store(), agency, 'connectedAdAccounts', 'agency', ids(limit - 2, 'act_'), agencyScope);
    let held = await heldMembers(store(), agency, 'connectedAdAccounts');
    expect(held).toHaveLength(limit);
    expect(held).toEqual(expect.arrayContaining([`${a}/act_c0`, `${a}/act_c1`]));
    // The client chooses among its own places (its own counter holds none), never the agency's.
    const clientScope = await scopeOf(a);
    expect(clientScope.holder).toBe(agency);
    expect(
      (await refused(keepHeld(store(), a, 'connectedAdAccounts', 'agency', ['act_1'], clientScope))).message,
    ).toMatch(/Not among your ad accounts: act_1/);
    await keepHeld(store(), a, 'connectedAdAccounts', 'agency', ['act_c1'], clientScope);
    held = await heldMembers(store(), agency, 'connectedAdAccounts');
    expect(held).toHaveLength(limit - 1);
    expect(held).toContain(`${a}/act_c1`);
    expect(held).not.toContain(`${a}/act_c0`);

    // Downgraded to Pro, the pool has ended: the client's place left in the agency's counter goes with its choice.
    await putPlan({ user_id: agency, plan: 'pro', subscription_status: 'active', current_period_end: periodEnd() });
    const downgraded = await scopeOf(agency);
    await keepHeld(store(), agency, 'connectedAdAccounts', 'pro', ['act_0', 'act_1'], downgraded);
    expect(await heldMembers(store(), agency, 'connectedAdAccounts')).toEqual(['act_0', 'act_1']);
  });
});
