import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { ORDERLY_WEBHOOKS } from '@infra/twin/stripe/webhook-delivery';
import { startHarness, type Harness } from '@tests/support/stripe-stand-in-harness';

/** Webhooks as Stripe sends them: after the API call, in any order, sometimes twice, retried on failure. */
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ retryDelaysMs: [50, 100] });
});
afterAll(() => h.stop());
afterEach(async () => {
  h.standIn.webhooks.setBehaviour(ORDERLY_WEBHOOKS);
  h.answer = () => 200;
  await h.standIn.webhooks.settle();
  h.received.length = 0;
});

async function changePrice() {
  const { subscription } = await h.subscribe();
  const agency = await h.price('agency', 'monthly');
  await h.stripe.subscriptions.update(subscription.id, {
    items: [{ id: subscription.items.data[0]!.id, price: agency.id }],
    proration_behavior: 'always_invoice',
  });
  return subscription.id;
}

describe('Stripe stand-in webhooks', () => {
  it('sends nothing before the API call has answered', async () => {
    let answeredFirst = false;
    h.answer = () => {
      answeredFirst = answered;
      return 200;
    };
    let answered = false;
    await changePrice();
    answered = true;
    await h.standIn.webhooks.settle();
    expect(h.received.length).toBeGreaterThan(0);
    expect(answeredFirst).toBe(true);
  });

  it('reverses the order of one call’s events when told to', async () => {
    const behaviour = await h.admin('PUT', '/__admin/webhooks/behaviour', {
      order: 'reversed',
      duplicates: 0,
      delayMs: [0, 0],
    });
    expect(behaviour.status).toBe(200);
    await changePrice();
    await h.standIn.webhooks.settle();
    expect(h.events().map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
  });

  it('delivers every event twice when told to, with the same event id', async () => {
    h.standIn.webhooks.setBehaviour({ order: 'shuffled', duplicates: 1, delayMs: [0, 20] });
    await changePrice();
    await h.standIn.webhooks.settle();
    const ids = h.events().map((e) => e.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(2);
    const listed = (await (await fetch(`${h.standIn.url}/__admin/webhooks`)).json()) as {
      deliveries: { duplicate: boolean }[];
    };
    expect(listed.deliveries.filter((d) => d.duplicate).length).toBeGreaterThanOrEqual(2);
  });

  it('retries an event the endpoint refused, with backoff, until it is accepted', async () => {
    const refusals = new Map<string, number>();
    h.answer = (event) => {
      const seen = refusals.get(event.id) ?? 0;
      refusals.set(event.id, seen + 1);
      return seen < 2 ? 500 : 200;
    };
    await changePrice();
    await h.standIn.webhooks.settle();
    expect(h.received.filter((r) => r.status === 500)).toHaveLength(4);
    expect(
      h
        .events()
        .map((e) => e.type)
        .sort(),
    ).toEqual(['customer.subscription.updated', 'invoice.paid']);
  });

  it('refuses a behaviour it does not know with 400', async () => {
    const reply = await h.admin('PUT', '/__admin/webhooks/behaviour', { order: 'sideways' });
    expect(reply.status).toBe(400);
  });
});
