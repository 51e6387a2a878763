import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingStatus } from '@shared/schemas/billing';
import {
  api,
  cognitoClient,
  deleteUser,
  eventually,
  GOOD_PASSWORD,
  signIn,
  signUp,
  twin,
  uniqueEmail,
} from '../twin-client';

/**
 * Billing end to end on the twin: our API → the Stripe stand-in (the same SDK
 * calls as in production) → its hosted Checkout page with Stripe's test cards
 * → its signed webhooks → our webhook → the plan the server enforces.
 */
const cognito = cognitoClient();
const email = uniqueEmail('billing');
let token: string;

beforeAll(async () => {
  await signUp(cognito, email);
  const { AdminConfirmSignUpCommand } = await import('@aws-sdk/client-cognito-identity-provider');
  await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: twin().cognito.userPoolId, Username: email }));
  // The web sends access tokens, which carry no email: billing must find it itself.
  token = (await signIn(cognito, email, GOOD_PASSWORD)).AccessToken!;
});

afterAll(() => deleteUser(cognito, email));

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

async function paymentEvents(
  paymentId?: string,
): Promise<{ event: { detail: { paymentId: string; amount: number } } }[]> {
  const reply = await fetch(`${twin().eventBridge}/events?detailType=payment`);
  const all = (await reply.json()) as {
    event: { detail: { paymentId: string; amount: number; customerEmail: string } };
  }[];
  return all.filter(
    (a) => a.event.detail.customerEmail === email && (!paymentId || a.event.detail.paymentId === paymentId),
  );
}

describe('plans and billing', () => {
  it('starts on Free, with nothing to manage', async () => {
    expect(await status()).toMatchObject({ plan: 'free', canManage: false, paymentFailed: false });
    const portal = await api('/api/billing/portal', { method: 'POST', token });
    expect(portal.status).toBe(409);
  });

  it('refuses an unknown plan with a clear 400', async () => {
    const reply = await api('/api/billing/checkout', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'free', interval: 'monthly' }),
    });
    expect(reply.status).toBe(400);
    expect(((await reply.json()) as { error: { message: string } }).error.message).toMatch(/paid plan/);
  });

  it('a declined card changes nothing; the test card upgrades to Pro and puts exactly one payment event on the bus', async () => {
    const checkout = await api('/api/billing/checkout', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'pro', interval: 'monthly' }),
    });
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

    const payments = await eventually(
      async () => {
        const found = await paymentEvents();
        return found.length > 0 ? found : undefined;
      },
      'the payment event',
      15_000,
    );
    expect(payments).toHaveLength(1);
    expect(payments[0]!.event.detail).toMatchObject({ amount: 49, paymentId: expect.stringMatching(/^in_/) });

    const again = await api('/api/billing/checkout', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'pro', interval: 'yearly' }),
    });
    expect(again.status).toBe(409);
  });

  it('opens the portal for a paying user', async () => {
    const reply = await api('/api/billing/portal', { method: 'POST', token });
    expect(reply.status).toBe(200);
    const { url } = (await reply.json()) as { url: string };
    expect(await (await fetch(url)).text()).toContain('Manage your plan');
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
