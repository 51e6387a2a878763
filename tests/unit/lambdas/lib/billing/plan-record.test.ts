import { describe, expect, it } from 'vitest';
import { effectivePlan, type PlanRecord } from '@lambdas/lib/billing/plan-record';

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
