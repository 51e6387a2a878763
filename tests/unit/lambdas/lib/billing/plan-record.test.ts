import { describe, expect, it } from 'vitest';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  assertNotAttached,
  clientWorkspacePlan,
  effectivePlan,
  placesOf,
  planOfUser,
  POOLED_QUOTAS,
  pooledPlace,
  type PlanRecord,
} from '@lambdas/lib/billing/plan-record';

const now = new Date('2026-11-22T12:00:00Z');
const inAWeek = Math.floor(now.getTime() / 1000) + 7 * 24 * 3600;
const aWeekAgo = Math.floor(now.getTime() / 1000) - 7 * 24 * 3600;
const pro: PlanRecord = { user_id: 'u', plan: 'pro', subscription_status: 'active', current_period_end: inAWeek };

describe('effectivePlan', () => {
  it.each<[string, PlanRecord | undefined, string, string | null]>([
    ['no row: Free', undefined, 'free', null],
    ['active subscription: its plan', pro, 'pro', null],
    [
      'cancelled at period end: the plan until then',
      { ...pro, cancel_at_period_end: true },
      'pro',
      new Date(inAWeek * 1000).toISOString(),
    ],
    [
      'cancelled and the period is over: Free',
      { ...pro, cancel_at_period_end: true, current_period_end: aWeekAgo },
      'free',
      null,
    ],
    [
      'renewal failed: the plan until period end',
      { ...pro, subscription_status: 'past_due', payment_failed: true },
      'pro',
      new Date(inAWeek * 1000).toISOString(),
    ],
    [
      'renewal failed and period over: Free',
      { ...pro, subscription_status: 'past_due', current_period_end: aWeekAgo },
      'free',
      null,
    ],
    ['subscription canceled by Stripe: Free', { ...pro, subscription_status: 'canceled' }, 'free', null],
    ['unpaid after retries: Free', { ...pro, subscription_status: 'unpaid' }, 'free', null],
    ['a customer who never paid: Free', { user_id: 'u', plan: 'free', stripe_customer_id: 'cus_1' }, 'free', null],
    ['an unknown plan name: Free', { ...pro, plan: 'platinum' as never }, 'free', null],
  ])('%s', (_name, record, plan, downgradesAt) => {
    const result = effectivePlan(record, now);
    expect(result.plan).toBe(plan);
    expect(result.downgradesAt?.toISOString() ?? null).toBe(downgradesAt);
  });
});

describe('a client workspace billed to an agency (issue 28, req 1)', () => {
  const agency: PlanRecord = { ...pro, user_id: 'agency-1', plan: 'agency' };
  const client: PlanRecord = { user_id: 'client-1', plan: 'free', billed_to: 'agency-1' };

  it('has the agency’s Agency plan while it runs, its own plan otherwise', () => {
    expect(clientWorkspacePlan(client, agency, now).plan).toBe('agency');
    // The agency on Pro holds no client workspaces: the client's own record applies.
    expect(clientWorkspacePlan(client, { ...agency, plan: 'pro' }, now).plan).toBe('free');
    // A lapsed Agency plan stops paying for its clients.
    expect(clientWorkspacePlan(client, { ...agency, subscription_status: 'canceled' }, now).plan).toBe('free');
    expect(clientWorkspacePlan({ ...client, ...pro, user_id: 'client-1' }, undefined, now).plan).toBe('pro');
  });

  it('planOfUser follows billed_to to the paying agency’s record', async () => {
    const rows: Record<string, PlanRecord> = {
      'agency-1': agency,
      'client-1': client,
      'solo-1': { ...pro, user_id: 'solo-1' },
    };
    const doc = {
      send: async (command: { input: { Key: { user_id: string } } }) => ({ Item: rows[command.input.Key.user_id] }),
    } as unknown as DynamoDBDocumentClient;
    expect(await planOfUser(doc, 'user_plans', 'client-1', now)).toBe('agency');
    expect(await planOfUser(doc, 'user_plans', 'solo-1', now)).toBe('pro');
    rows['agency-1'] = { ...agency, plan: 'pro' };
    expect(await planOfUser(doc, 'user_plans', 'client-1', now)).toBe('free');
  });
});

describe('the pool’s places and an attached workspace’s billing (issue 28, req 1)', () => {
  const pool = { plan: 'agency' as const, holder: 'agency-1' };

  it('a client’s held things carry its id in the pool; each workspace reads back only its own', () => {
    expect(pooledPlace(pool, 'agency-1', 'act_1')).toBe('act_1');
    expect(pooledPlace(pool, 'client-1', 'act_1')).toBe('client-1/act_1');
    const held = ['act_1', 'client-1/act_2', 'client-2/act_3', 'client-10/act_4'];
    expect(placesOf(pool, 'agency-1', held)).toEqual(['act_1']);
    expect(placesOf(pool, 'client-1', held)).toEqual(['act_2']);
    expect(placesOf({ plan: 'free', holder: 'solo' }, 'solo', ['act_9'])).toEqual(['act_9']);
  });

  it('every limit but automation rules and seats is pooled', () => {
    expect([...POOLED_QUOTAS].sort()).toEqual(
      ['aiGenerationsPerDay', 'connectedAdAccounts', 'graphicsExportsPerMonth', 'mmmFitsPerMonth'].sort(),
    );
  });

  it('an attached workspace starts no subscription of its own', () => {
    expect(() => assertNotAttached({ user_id: 'client-1', plan: 'free', billed_to: 'agency-1' })).toThrow(/detach/);
    expect(() => assertNotAttached({ ...pro, user_id: 'solo-1' })).not.toThrow();
    expect(() => assertNotAttached(undefined)).not.toThrow();
  });
});
