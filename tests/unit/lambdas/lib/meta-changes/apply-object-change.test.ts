import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { budgetMinimum } from '@shared/budget-minimum';
import { applyObjectChange, reverseChange } from '@lambdas/lib/meta-changes/apply-object-change';
import { withActor } from '@lambdas/lib/team/request-actor';
import { objectChangeDeps } from '@lambdas/lib/meta-session/object-change-deps';
import { adAccounts, fakeSession, type GraphCall } from '@tests/unit/lambdas/lib/meta-session/fake-session';

const docMock = mockClient(DynamoDBDocumentClient);

const adset = {
  id: '77',
  account_id: '111',
  campaign_id: '42',
  name: 'Prospecting 25-44',
  status: 'ACTIVE',
  effective_status: 'ACTIVE',
  daily_budget: '4000',
};
const ad = {
  id: '88',
  account_id: '111',
  campaign_id: '42',
  adset_id: '77',
  name: 'Spring carousel',
  status: 'ACTIVE',
  effective_status: 'ACTIVE',
  creative: { id: '555' },
};

/** A tiny Meta holding one ad set and one ad that change when POSTed to. */
function meta() {
  const objects: Record<string, Record<string, unknown>> = { '77': { ...adset }, '88': { ...ad } };
  return (call: GraphCall) => {
    if (call.path === '/me/adaccounts') return adAccounts;
    const id = call.path.slice(1);
    const object = objects[id];
    if (!object) throw new Error(`unexpected ${call.method} ${call.path}`);
    if (call.method === 'GET') return object;
    const { creative, ...rest } = call.params as Record<string, unknown>;
    Object.assign(object, rest, creative ? { creative: { id: JSON.parse(String(creative)).creative_id } } : {});
    return { success: true };
  };
}

function writes() {
  return docMock.calls().map((call) => {
    const input = call.args[0].input as { TableName: string; Item?: Record<string, unknown> };
    return { table: input.TableName, item: input.Item };
  });
}

describe('applyObjectChange', () => {
  beforeEach(() => {
    process.env.TABLE_CAMPAIGN_AUDIT = 'audit-table';
    process.env.TABLE_CAMPAIGN_LOCKS = 'locks-table';
    process.env.TABLE_EVENT_OUTBOX = 'outbox-table';
    docMock.reset();
    docMock.on(PutCommand).resolves({});
    docMock.on(DeleteCommand).resolves({});
  });

  it('re-budgets an ad set: locks the ad set, audits its level and before values, events with the level', async () => {
    const { session, calls } = fakeSession(meta());
    const applied = await applyObjectChange(objectChangeDeps(session), {
      userId: 'user-1',
      level: 'adset',
      objectId: '77',
      change: { dailyBudget: 6000 },
      source: 'optimizer:rec-1',
    });

    expect(applied).toMatchObject({
      level: 'adset',
      campaignId: '42',
      adAccountId: 'act_111',
      action: 'budget_change',
      before: { dailyBudget: 4000, status: 'ACTIVE' },
      after: { dailyBudget: 6000 },
      afterSource: 'meta',
    });
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/77', params: { daily_budget: 6000 } });
    const [lock, pending, completed, outbox] = writes();
    expect(lock!.item).toMatchObject({ campaign_id: '77' });
    expect(pending!.item).toMatchObject({
      status: 'pending',
      level: 'adset',
      object_id: '77',
      object_name: 'Prospecting 25-44',
      campaign_id: '42',
      source: 'optimizer:rec-1',
      before: { dailyBudget: 4000 },
    });
    expect(completed!.item).toMatchObject({ status: 'completed', after: { dailyBudget: 6000 } });
    expect(JSON.parse(outbox!.item!.detail as string)).toMatchObject({
      action: 'budget_change',
      level: 'adset',
      objectId: '77',
      campaignId: '42',
      campaignName: 'Prospecting 25-44',
      budget: 6000,
    });
  });

  it('records who acted: a teammate working in the owner’s workspace is named beside it in both audit rows', async () => {
    const { session } = fakeSession(meta());
    await withActor('teammate-7', () =>
      applyObjectChange(objectChangeDeps(session), {
        userId: 'owner-1',
        level: 'adset',
        objectId: '77',
        change: { status: 'PAUSED' },
      }),
    );
    const [, pending, completed] = writes();
    expect(pending!.item).toMatchObject({ user_id: 'owner-1', actor_id: 'teammate-7', status: 'pending' });
    expect(completed!.item).toMatchObject({ user_id: 'owner-1', actor_id: 'teammate-7', status: 'completed' });
    // Outside a signed-in request (a scheduled rule run) nobody is named.
    docMock.resetHistory();
    await applyObjectChange(objectChangeDeps(session), {
      userId: 'owner-1',
      level: 'adset',
      objectId: '77',
      change: { status: 'ACTIVE' },
    });
    expect(writes()[1]!.item).not.toHaveProperty('actor_id');
  });

  it("swaps an ad's creative and the reverse change swaps it back", async () => {
    const { session, calls } = fakeSession(meta());
    const deps = objectChangeDeps(session);
    const applied = await applyObjectChange(deps, {
      userId: 'user-1',
      level: 'ad',
      objectId: '88',
      change: { creativeId: '999' },
    });
    expect(applied.action).toBe('creative_swap');
    expect(applied.before.creativeId).toBe('555');
    expect(applied.after.creativeId).toBe('999');
    expect(calls.find((c) => c.method === 'POST')!.params).toEqual({ creative: '{"creative_id":"999"}' });

    const undo = reverseChange(applied.before, { creativeId: '999' });
    expect(undo).toEqual({ creativeId: '555' });
    const undone = await applyObjectChange(deps, { userId: 'user-1', level: 'ad', objectId: '88', change: undo! });
    expect(undone.after.creativeId).toBe('555');
  });

  it('refuses a budget on an ad and a creative on an ad set before auditing or calling Meta', async () => {
    const { session, calls } = fakeSession(meta());
    const deps = objectChangeDeps(session);
    await expect(
      applyObjectChange(deps, { userId: 'user-1', level: 'ad', objectId: '88', change: { dailyBudget: 100 } }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(
      applyObjectChange(deps, { userId: 'user-1', level: 'adset', objectId: '77', change: { creativeId: '1' } }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(writes().some((w) => w.table === 'audit-table')).toBe(false);
  });

  it('above the plan limit, refuses changes that spend more but still pauses (the optimizer and undo included)', async () => {
    const { session, calls } = fakeSession(meta());
    const overLimit = Object.assign(new Error('Keep 2 ad accounts'), { code: 'QUOTA_EXCEEDED' });
    const deps = {
      ...objectChangeDeps(session),
      assertMaySpend: () => Promise.reject(overLimit),
    };
    for (const change of [{ status: 'ACTIVE' as const }, { dailyBudget: 5000 }]) {
      await expect(
        applyObjectChange(deps, { userId: 'user-1', level: 'adset', objectId: '77', change }),
      ).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    }
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    const paused = await applyObjectChange(deps, {
      userId: 'user-1',
      level: 'adset',
      objectId: '77',
      change: { status: 'PAUSED' },
    });
    expect(paused.after.status).toBe('PAUSED');
  });

  it('refuses a change whose expected before is not what Meta has, under the lock: 409 STALE_BEFORE, nothing written', async () => {
    const { session, calls } = fakeSession(meta());
    const deps = objectChangeDeps(session);
    // Proposed from 50.00 a day; Meta has 40.00 (someone changed it, or another approval came first).
    await expect(
      applyObjectChange(deps, {
        userId: 'user-1',
        level: 'adset',
        objectId: '77',
        change: { dailyBudget: 3500 },
        expectedBefore: { values: { dailyBudget: 5000 }, currency: 'USD' },
      }),
    ).rejects.toMatchObject({
      code: 'STALE_BEFORE',
      statusCode: 409,
      details: { '77': 'Ad set “Prospecting 25-44”: the daily budget was $50.00 when proposed; Meta now has $40.00.' },
    });
    await expect(
      applyObjectChange(deps, {
        userId: 'user-1',
        level: 'ad',
        objectId: '88',
        change: { status: 'PAUSED' },
        expectedBefore: { values: { status: 'ACTIVE', creativeId: '554' }, currency: 'USD' },
      }),
    ).rejects.toMatchObject({ code: 'STALE_BEFORE' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(writes().some((w) => w.table === 'audit-table')).toBe(false);

    // The values it was proposed from: it goes through.
    const applied = await applyObjectChange(deps, {
      userId: 'user-1',
      level: 'adset',
      objectId: '77',
      change: { dailyBudget: 3500 },
      expectedBefore: { values: { dailyBudget: 4000 }, currency: 'USD' },
    });
    expect(applied.after.dailyBudget).toBe(3500);
  });

  it('refuses an ad set budgeted on its campaign with a conflict', async () => {
    const { session } = fakeSession((call) =>
      call.path === '/77' ? { ...adset, daily_budget: '0' } : call.path === '/me/adaccounts' ? adAccounts : {},
    );
    await expect(
      applyObjectChange(objectChangeDeps(session), {
        userId: 'user-1',
        level: 'adset',
        objectId: '77',
        change: { dailyBudget: 100 },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses a budget under the account’s min_daily_budget with BUDGET_TOO_LOW (400) before auditing or calling Meta', async () => {
    const withMinimum = (currency: string, minimum: number) => (call: GraphCall) =>
      call.path === '/me/adaccounts'
        ? { data: adAccounts.data.map((a) => ({ ...a, currency, min_daily_budget: minimum })) }
        : meta()(call);
    const usd = fakeSession(withMinimum('USD', 100));
    const refused = await applyObjectChange(objectChangeDeps(usd.session), {
      userId: 'user-1',
      level: 'adset',
      objectId: '77',
      change: { dailyBudget: 50 },
    }).catch((e: unknown) => e as { code: string; statusCode: number; message: string; details: unknown });
    expect(refused).toMatchObject({
      code: 'BUDGET_TOO_LOW',
      statusCode: 400,
      message: 'The minimum daily budget for this ad account is 1.00 USD.',
      details: { minimum: '100', currency: 'USD', kind: 'daily' },
    });
    expect(usd.calls.some((c) => c.method === 'POST')).toBe(false);
    expect(writes().some((w) => w.table === 'audit-table')).toBe(false);
    // At the minimum it goes to Meta.
    await applyObjectChange(objectChangeDeps(usd.session), {
      userId: 'user-1',
      level: 'adset',
      objectId: '77',
      change: { dailyBudget: 100 },
    });
    expect(usd.calls.find((c) => c.method === 'POST')).toMatchObject({ params: { daily_budget: 100 } });

    // JPY has no minor units: the minimum is whole yen.
    const jpy = fakeSession(withMinimum('JPY', 150));
    await expect(
      applyObjectChange(objectChangeDeps(jpy.session), {
        userId: 'user-1',
        level: 'adset',
        objectId: '77',
        change: { dailyBudget: 149 },
      }),
    ).rejects.toMatchObject({ message: 'The minimum daily budget for this ad account is 150 JPY.' });
  });
});

describe('budgetMinimum', () => {
  it('is the daily minimum a day, and that much per scheduled day for a lifetime budget', () => {
    expect(budgetMinimum('daily', 100)).toEqual({ minor: 100, days: 1 });
    expect(
      budgetMinimum('lifetime', 100, { start: '2026-11-01T00:00:00+0000', stop: '2026-11-15T00:00:00+0000' }),
    ).toEqual({ minor: 1400, days: 14 });
    expect(budgetMinimum('lifetime', 150, { start: '2026-11-01T00:00:00+0000', stop: null })).toEqual({
      minor: 150,
      days: 1,
    });
  });
});

describe('reverseChange', () => {
  const before = { status: 'ACTIVE', dailyBudget: 5000, lifetimeBudget: null, name: 'A' };
  it('restores only the fields the change moved', () => {
    expect(reverseChange(before, { status: 'PAUSED' })).toEqual({ status: 'ACTIVE' });
    expect(reverseChange(before, { dailyBudget: 9000, name: 'B' })).toEqual({ dailyBudget: 5000, name: 'A' });
  });
  it('has nothing to restore when the object was neither active nor paused', () => {
    expect(reverseChange({ ...before, status: 'ARCHIVED' }, { status: 'PAUSED' })).toBeUndefined();
  });
});

describe('excluding custom audiences from an ad set', () => {
  const targeting = {
    geo_locations: { countries: ['US'] },
    age_min: 25,
    age_max: 44,
    targeting_automation: { advantage_audience: 0 },
    excluded_custom_audiences: [{ id: '900', name: 'Old list' }],
  };
  /** Meta as far as targeting goes: the spec POSTed replaces the ad set's whole. */
  function targetingMeta() {
    const object: Record<string, unknown> = { ...adset, targeting: structuredClone(targeting) };
    return (call: GraphCall) => {
      if (call.path === '/me/adaccounts') return adAccounts;
      if (call.path !== '/77') throw new Error(`unexpected ${call.method} ${call.path}`);
      if (call.method === 'GET') return object;
      object.targeting = JSON.parse(String((call.params as { targeting: string }).targeting));
      return { success: true };
    };
  }

  beforeEach(() => {
    process.env.TABLE_CAMPAIGN_AUDIT = 'audit-table';
    process.env.TABLE_CAMPAIGN_LOCKS = 'locks-table';
    process.env.TABLE_EVENT_OUTBOX = 'outbox-table';
    docMock.reset();
    docMock.on(PutCommand).resolves({});
    docMock.on(DeleteCommand).resolves({});
  });

  it('sends the ad set’s whole targeting back with the new list, audits before → after, and undoes to the old list', async () => {
    const { session, calls } = fakeSession(targetingMeta());
    const applied = await applyObjectChange(objectChangeDeps(session), {
      userId: 'user-1',
      level: 'adset',
      objectId: '77',
      change: { excludedAudienceIds: ['900', '120'] },
      source: 'optimizer:rec-2',
    });
    const sent = JSON.parse(String(calls.find((c) => c.method === 'POST')!.params!.targeting));
    // Everything else of the spec is kept: Meta would drop what is not sent.
    expect(sent).toEqual({ ...targeting, excluded_custom_audiences: [{ id: '900' }, { id: '120' }] });
    expect(applied).toMatchObject({
      action: 'audience_exclusion',
      before: { excludedAudienceIds: ['900'] },
      after: { excludedAudienceIds: ['120', '900'] },
    });
    const [, pending, completed] = writes();
    expect(pending!.item).toMatchObject({ action: 'audience_exclusion', before: { excludedAudienceIds: ['900'] } });
    expect(completed!.item).toMatchObject({ after: { excludedAudienceIds: ['120', '900'] } });

    const undo = reverseChange(applied.before, { excludedAudienceIds: ['900', '120'] });
    expect(undo).toEqual({ excludedAudienceIds: ['900'] });
  });

  it('undoes an exclusion from an ad set that had none with the empty list, which sends no exclusions', async () => {
    const none = reverseChange(
      { status: 'ACTIVE', dailyBudget: 4000, lifetimeBudget: null },
      {
        excludedAudienceIds: ['120'],
      },
    );
    expect(none).toEqual({ excludedAudienceIds: [] });
    const { session, calls } = fakeSession(targetingMeta());
    await applyObjectChange(objectChangeDeps(session), {
      userId: 'user-1',
      level: 'adset',
      objectId: '77',
      change: none!,
    });
    const sent = JSON.parse(String(calls.find((c) => c.method === 'POST')!.params!.targeting));
    expect(sent).not.toHaveProperty('excluded_custom_audiences');
    expect(sent.geo_locations).toEqual({ countries: ['US'] });
  });

  it('refuses an exclusion on a campaign or an ad before anything is written', async () => {
    const { session } = fakeSession(meta());
    await expect(
      applyObjectChange(objectChangeDeps(session), {
        userId: 'user-1',
        level: 'ad',
        objectId: '88',
        change: { excludedAudienceIds: ['120'] },
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(writes().filter((w) => w.table === 'audit-table')).toEqual([]);
  });

  it('refuses, as stale, an exclusion proposed from other exclusions than Meta has now', async () => {
    const { session } = fakeSession(targetingMeta());
    await expect(
      applyObjectChange(objectChangeDeps(session), {
        userId: 'user-1',
        level: 'adset',
        objectId: '77',
        change: { excludedAudienceIds: ['120'] },
        expectedBefore: { values: { excludedAudienceIds: [] }, currency: 'USD' },
      }),
    ).rejects.toMatchObject({ code: 'STALE_BEFORE' });
  });
});
