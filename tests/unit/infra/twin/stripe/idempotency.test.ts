import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '@tests/support/stripe-stand-in-harness';

/** The stand-in's idempotent requests, checked with the official client as Stripe answers them. */
let h: Harness;
let clockMs = Date.now();

beforeAll(async () => {
  h = await startHarness({ now: () => clockMs });
});
afterAll(() => h.stop());

describe('Stripe stand-in idempotency', () => {
  it('replays the saved first reply for the same key and parameters, marked Idempotent-Replayed', async () => {
    const first = await h.stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey: 'replay-1' });
    const again = await h.stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey: 'replay-1' });

    expect(again).toEqual(first);
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(again.lastResponse.idempotencyKey).toBe('replay-1');
    expect((await h.stripe.customers.retrieve(first.id)).id).toBe(first.id);
  });

  it('refuses the same key with other parameters with a 400 idempotency_error', async () => {
    await h.stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'mismatch-1' });
    const error = await h.stripe.customers
      .create({ email: 'b@example.com' }, { idempotencyKey: 'mismatch-1' })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
    expect((error as Stripe.errors.StripeError).message).toMatch(/same parameters they were first used with/);
  });

  it('answers 409 idempotency_key_in_use to a second request while the first still runs', async () => {
    await h.admin('PUT', '/__admin/latency', { ms: 300 });
    try {
      const [first, second] = await Promise.allSettled([
        h.stripe.customers.create({ email: 'race@example.com' }, { idempotencyKey: 'race-1' }),
        new Promise((resolve) => setTimeout(resolve, 100)).then(() =>
          h.stripe.customers.create({ email: 'race@example.com' }, { idempotencyKey: 'race-1' }),
        ),
      ]);
      expect(first.status).toBe('fulfilled');
      expect(second.status).toBe('rejected');
      const error = (second as PromiseRejectedResult).reason as Stripe.errors.StripeError;
      expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
      expect(error).toMatchObject({ statusCode: 409, code: 'idempotency_key_in_use' });
    } finally {
      await h.admin('PUT', '/__admin/latency', { ms: 0 });
    }
    // Once the first has finished, the key replays it.
    const after = await h.stripe.customers.create({ email: 'race@example.com' }, { idempotencyKey: 'race-1' });
    expect(after.lastResponse.headers['idempotent-replayed']).toBe('true');
  });

  it('keeps a reply that failed while running, but not a request that failed validation', async () => {
    const missing = () =>
      h.stripe.subscriptions.update('sub_missing', { metadata: { a: 'b' } }, { idempotencyKey: 'failed-1' });
    await expect(missing()).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const replayed = (await missing().catch((e: unknown) => e)) as Stripe.errors.StripeError;
    expect(replayed.headers?.['idempotent-replayed']).toBe('true');

    const invalid = () =>
      h.stripe.checkout.sessions.create(
        { mode: 'subscription', success_url: 'http://x.test' } as Stripe.Checkout.SessionCreateParams,
        { idempotencyKey: 'invalid-1' },
      );
    await expect(invalid()).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing' });
    const retried = (await invalid().catch((e: unknown) => e)) as Stripe.errors.StripeError;
    expect(retried.headers?.['idempotent-replayed']).toBeUndefined();
  });

  it('forgets a key after 24 hours: the same key is then a new request', async () => {
    const first = await h.stripe.customers.create({ email: 'old@example.com' }, { idempotencyKey: 'expiry-1' });
    clockMs += 23 * 3600 * 1000;
    expect((await h.stripe.customers.create({ email: 'old@example.com' }, { idempotencyKey: 'expiry-1' })).id).toBe(
      first.id,
    );
    clockMs += 3600 * 1000 + 1000;
    const later = await h.stripe.customers.create({ email: 'old@example.com' }, { idempotencyKey: 'expiry-1' });
    expect(later.id).not.toBe(first.id);
    expect(later.lastResponse.headers['idempotent-replayed']).toBeUndefined();
  });
});
