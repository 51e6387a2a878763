import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '@shared/plans';
import { UsageSchema, type BillingStatus } from '@shared/schemas/billing';
import { localTableName } from '@infra/twin/function-environment';
import { postJson, twinDocumentClient } from '../ai/ai-user';
import { deliveredCounts, slackRequests } from '../notifications/sink-client';
import { api, cognitoClient, deleteUser, eventually, twin, uniqueEmail } from '../twin-client';
import { paymentEventsOf, signedInUser } from './billing-user';

/**
 * Billing end to end on the twin: our API → the Stripe stand-in (the same SDK
 * calls as in production) → its hosted Checkout page with Stripe's test cards
 * → its signed webhooks → our webhook → the plan the server enforces.
 */
const cognito = cognitoClient();
const doc = twinDocumentClient();
const email = uniqueEmail('billing');
let token: string;
let sub: string;

beforeAll(async () => {
  ({ token, sub } = await signedInUser(cognito, email));
});

afterAll(async () => {
  doc.destroy();
  await deleteUser(cognito, email);
});

const brief = { product: 'Ceramic mugs', audience: 'remote workers', tone: 'friendly', variants: 1 };
const generate = () => postJson('/api/ai/ad-copy', token, brief);
const usage = async () => UsageSchema.parse(await (await api('/api/billing/usage', { token })).json());
const generationsUsage = async () => (await usage()).limits.find((l) => l.key === 'aiGenerationsPerDay')!;
/** Sets today's generation counter, as if the user had generated that many times. */
const setGenerationsToday = (used: number) =>
  doc.send(
    new PutCommand({
      TableName: localTableName('quotaUsage'),
      Item: {
        user_id: sub,
        counter: `aiGenerationsPerDay#${new Date().toISOString().slice(0, 10)}`,
        used,
        expires_at: Math.floor(Date.now() / 1000) + 86_400,
      },
    }),
  );

/** A signed-in JSON call to the billing API. */
const sendJson = (method: 'POST' | 'PUT', path: string, body: unknown) =>
  api(path, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const status = async (): Promise<BillingStatus> =>
  (await (await api('/api/billing', { token })).json()) as BillingStatus;

function pay(url: string, card: string) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, card_number: card, expiry: '12 / 40', cvc: '123', cardholder: 'Test Payer' }),
    redirect: 'manual',
  });
}

const paymentEvents = () => paymentEventsOf(email);

/** Waits for more than `count` payment events of this user, and returns them all. */
const paymentsBeyond = (count: number, what: string) =>
  eventually(
    async () => {
      const found = await paymentEvents();
      return found.length > count ? found : undefined;
    },
    what,
    15_000,
  );

describe('plans and billing', () => {
  it('starts on Free, with nothing to manage', async () => {
    expect(await status()).toMatchObject({ plan: 'free', canManage: false, paymentFailed: false });
    const portal = await api('/api/billing/portal', { method: 'POST', token });
    expect(portal.status).toBe(409);
  });

  it('a free user at the daily generation limit gets 429 QUOTA_EXCEEDED naming Pro; usage shows it', async () => {
    const freeLimit = plans.free.limits.aiGenerationsPerDay;
    expect(await generationsUsage()).toMatchObject({ used: 0, limit: freeLimit, enforced: true });
    await setGenerationsToday(freeLimit - 1);
    expect((await generate()).status).toBe(200);
    const over = await generate();
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await over.json()) as { error: { code: string; details: Record<string, string> } };
    expect(body.error.code).toBe('QUOTA_EXCEEDED');
    expect(body.error.details).toMatchObject({ quota: 'aiGenerationsPerDay', plan: 'free', upgradeTo: 'pro' });
    const used = await generationsUsage();
    expect(used).toMatchObject({ used: freeLimit, limit: freeLimit });
    expect(Date.parse(used.resetsAt!)).toBeGreaterThan(Date.now());
    expect((await usage()).plan).toBe('free');
  });

  it('above the ad-account limit (after a downgrade) keeps the accounts the user chooses and frees the others', async () => {
    // Three accounts held from a bigger plan; Free allows two.
    await doc.send(
      new PutCommand({
        TableName: localTableName('quotaUsage'),
        Item: { user_id: sub, counter: 'connectedAdAccounts', members: new Set(['act_1', 'act_2', 'act_3']) },
      }),
    );
    const accounts = async () => (await usage()).limits.find((l) => l.key === 'connectedAdAccounts')!;
    expect(await accounts()).toMatchObject({ used: 3, limit: plans.free.limits.connectedAdAccounts });
    expect((await accounts()).held).toEqual(['act_1', 'act_2', 'act_3']);

    const tooMany = await sendJson('PUT', '/api/billing/ad-accounts', { keep: ['act_1', 'act_2', 'act_3'] });
    expect(tooMany.status).toBe(400);
    const foreign = await sendJson('PUT', '/api/billing/ad-accounts', { keep: ['act_9'] });
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { error: { message: string } }).error.message).toMatch(/act_9/);
    expect((await accounts()).used).toBe(3);

    const kept = await sendJson('PUT', '/api/billing/ad-accounts', { keep: ['act_3', 'act_1'] });
    expect(kept.status).toBe(200);
    const now = UsageSchema.parse(await kept.json()).limits.find((l) => l.key === 'connectedAdAccounts')!;
    expect(now).toMatchObject({ used: 2, held: ['act_1', 'act_3'] });
  });

  it('refuses an unknown plan with a clear 400', async () => {
    const reply = await sendJson('POST', '/api/billing/checkout', { plan: 'free', interval: 'monthly' });
    expect(reply.status).toBe(400);
    expect(((await reply.json()) as { error: { message: string } }).error.message).toMatch(/paid plan/);
  });

  it('a declined card changes nothing; the test card upgrades to Pro and puts exactly one payment event on the bus', async () => {
    const checkout = await sendJson('POST', '/api/billing/checkout', { plan: 'pro', interval: 'monthly' });
    expect(checkout.status).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    expect(url.startsWith(twin().stripe!)).toBe(true);

    const declined = await pay(url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await status()).plan).toBe('free');

    const paid = await pay(url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(/\/dashboard\?checkout=success#billing$/);

    const upgraded = await eventually(
      async () => {
        const now = await status();
        return now.plan === 'pro' ? now : undefined;
      },
      'the plan to become Pro after the webhook',
      15_000,
    );
    expect(upgraded).toMatchObject({ interval: 'monthly', subscriptionStatus: 'active', canManage: true });

    // The limit follows the plan at once: the next generation goes through.
    expect(await generationsUsage()).toMatchObject({ limit: plans.pro.limits.aiGenerationsPerDay });
    expect((await usage()).plan).toBe('pro');
    expect((await generate()).status).toBe(200);

    const payments = await paymentsBeyond(0, 'the payment event');
    expect(payments).toHaveLength(1);
    expect(payments[0]!.event.detail).toMatchObject({
      amount: 4900,
      currency: 'USD',
      paymentId: expect.stringMatching(/^in_/),
    });

    // The team sees it in Slack exactly once (the forwarder dedupes by payment id).
    const paymentKey = `payment:${payments[0]!.event.detail.paymentId}`;
    const posted = await eventually(
      async () => {
        const rows = await slackRequests();
        return deliveredCounts(rows).get(paymentKey) ? rows : undefined;
      },
      'the payment in the Slack sink',
      30_000,
    );
    expect(deliveredCounts(posted).get(paymentKey)).toBe(1);
    const post = posted.find((r) => r.status === 200 && r.eventIds.includes(paymentKey))!;
    expect(JSON.stringify(post.body)).toContain('$49.00');
    expect(JSON.stringify(post.body)).toContain(email);

    const again = await sendJson('POST', '/api/billing/checkout', { plan: 'pro', interval: 'yearly' });
    expect(again.status).toBe(409);
  });

  it('opens the portal for a paying user', async () => {
    const reply = await api('/api/billing/portal', { method: 'POST', token });
    expect(reply.status).toBe(200);
    const { url } = (await reply.json()) as { url: string };
    expect(await (await fetch(url)).text()).toContain('Manage your plan');
  });

  it('switches Pro → Agency with the difference invoiced now (one more payment) and Agency’s limits at once', async () => {
    const before = await paymentEvents();
    const reply = await sendJson('PUT', '/api/billing/plan', { plan: 'agency', interval: 'monthly' });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({ plan: 'agency', interval: 'monthly', subscriptionStatus: 'active' });
    expect(await status()).toMatchObject({ plan: 'agency' });
    expect(await generationsUsage()).toMatchObject({ limit: plans.agency.limits.aiGenerationsPerDay });

    const payments = await paymentsBeyond(before.length, 'the prorated payment event');
    expect(payments).toHaveLength(before.length + 1);
    const prorated = payments.find((p) => !before.some((b) => b.event.detail.paymentId === p.event.detail.paymentId))!;
    // Most of the month is left: about $199 − $49.
    expect(prorated.event.detail.amount).toBeGreaterThan(14_000);
    expect(prorated.event.detail.amount).toBeLessThanOrEqual(15_000);

    const same = await sendJson('PUT', '/api/billing/plan', { plan: 'agency', interval: 'monthly' });
    expect(same.status).toBe(409);
  });

  it('refuses a forged webhook and changes nothing', async () => {
    const before = await status();
    const forged = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: {} },
    });
    const reply = await api('/api/billing/webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
      body: forged,
    });
    expect(reply.status).toBe(400);
    expect(await status()).toEqual(before);
  });
});
