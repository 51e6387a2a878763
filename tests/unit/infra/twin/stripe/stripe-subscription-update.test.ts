import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '@tests/support/stripe-stand-in-harness';

/**
 * Plan changes charged to a card on file that fails (Stripe's pm_card_chargeCustomerFail, 4000 0000 0000 0341), with
 * each payment_behavior, and pending updates applied when paid or expired after 23 hours.
 */
let h: Harness;
let clockMs = Date.now();

beforeAll(async () => {
  h = await startHarness({ now: () => clockMs });
});
afterAll(() => h.stop());
beforeEach(() => {
  h.received.length = 0;
});

async function withFailingCard() {
  const { customer, subscription } = await h.subscribe();
  const card = await h.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer });
  await h.stripe.customers.update(customer, { invoice_settings: { default_payment_method: card.id } });
  return { customer, subscription, item: subscription.items.data[0]!.id, agency: await h.price('agency', 'monthly') };
}

describe('Stripe stand-in plan changes with a failing card on file', () => {
  it('refuses to attach a card that declines, as Stripe checks it', async () => {
    const customer = await h.stripe.customers.create({ email: 'x@example.com' });
    await expect(
      h.stripe.paymentMethods.attach('pm_card_visa_chargeDeclined', { customer: customer.id }),
    ).rejects.toMatchObject({ statusCode: 402, type: 'StripeCardError', code: 'card_declined' });
  });

  it('pending_if_incomplete: nothing changes, the change waits in pending_update, the invoice stays open', async () => {
    const { subscription, item, agency } = await withFailingCard();
    const updated = await h.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item, price: agency.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      metadata: { plan: 'agency' },
    });

    expect(updated.items.data[0]!.price.id).toBe(subscription.items.data[0]!.price.id);
    expect(updated.status).toBe('active');
    expect(updated.metadata.plan).toBeUndefined();
    expect(updated.pending_update?.subscription_items?.[0]?.price.id).toBe(agency.id);
    expect(updated.pending_update!.expires_at - Math.floor(clockMs / 1000)).toBe(23 * 3600);
    const invoice = await h.stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'open', amount_paid: 0, billing_reason: 'subscription_update' });
    expect(invoice.amount_due).toBeGreaterThan(14_000);

    await h.standIn.webhooks.settle();
    expect(h.events().map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);

    // Paying it with a working card applies the change.
    const visa = await h.stripe.paymentMethods.attach('pm_card_visa', { customer: invoice.customer as string });
    await h.stripe.customers.update(invoice.customer as string, {
      invoice_settings: { default_payment_method: visa.id },
    });
    h.received.length = 0;
    const paid = await h.stripe.invoices.pay(invoice.id!);
    expect(paid.status).toBe('paid');
    const applied = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(applied.items.data[0]!.price.id).toBe(agency.id);
    expect(applied.pending_update).toBeNull();
    expect(applied.metadata.plan).toBe('agency');
    await h.standIn.webhooks.settle();
    expect(h.events().map((e) => e.type)).toContain('customer.subscription.pending_update_applied');
  });

  it('pending_if_incomplete: an unpaid pending update expires after 23 hours and is discarded', async () => {
    const { subscription, item, agency } = await withFailingCard();
    await h.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item, price: agency.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    clockMs += 23 * 3600 * 1000 + 1000;
    const later = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(later.pending_update).toBeNull();
    expect(later.items.data[0]!.price.id).toBe(subscription.items.data[0]!.price.id);
    await h.standIn.webhooks.settle();
    expect(h.events().map((e) => e.type)).toContain('customer.subscription.pending_update_expired');
  });

  it('pending_if_incomplete refuses parameters a pending update cannot carry', async () => {
    const { subscription, item, agency } = await withFailingCard();
    await expect(
      h.stripe.subscriptions.update(subscription.id, {
        items: [{ id: item, price: agency.id }],
        payment_behavior: 'pending_if_incomplete',
        cancel_at_period_end: false,
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'cancel_at_period_end' });
  });

  it('error_if_incomplete answers 402 and changes nothing; allow_incomplete changes and goes past_due', async () => {
    const { subscription, item, agency } = await withFailingCard();
    const error = (await h.stripe.subscriptions
      .update(subscription.id, {
        items: [{ id: item, price: agency.id }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      })
      .catch((e: unknown) => e)) as Stripe.errors.StripeError;
    expect(error).toMatchObject({ statusCode: 402, type: 'StripeCardError', code: 'card_declined' });
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.price.id).not.toBe(agency.id);

    const allowed = await h.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item, price: agency.id }],
      proration_behavior: 'always_invoice',
    });
    expect(allowed.items.data[0]!.price.id).toBe(agency.id);
    expect(allowed.status).toBe('past_due');
  });

  it('charges the renewal to the failing card: past_due and invoice.payment_failed', async () => {
    const { subscription } = await withFailingCard();
    await h.admin('POST', `/__admin/subscriptions/${subscription.id}/end-period`, {});
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    await h.standIn.webhooks.settle();
    expect(h.events().map((e) => e.type)).toContain('invoice.payment_failed');
  });

  it('takes a downgrade’s credit off the next charge (customer balance), as Stripe does', async () => {
    const { customer, subscription } = await h.subscribe();
    const item = subscription.items.data[0]!.id;
    const agency = await h.price('agency', 'monthly');
    const pro = await h.price('pro', 'monthly');
    for (const price of [agency, pro, agency]) {
      await h.stripe.subscriptions.update(subscription.id, {
        items: [{ id: item, price: price.id }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
      });
    }
    const invoices = (await h.stripe.invoices.list({ customer })).data;
    const paid = invoices.reduce((sum, invoice) => sum + invoice.amount_paid, 0);
    // Pro, then up, down and up again within a minute: about the Agency price in all.
    expect(paid).toBeGreaterThan(19_800);
    expect(paid).toBeLessThanOrEqual(19_950);
    expect((await h.stripe.customers.retrieve(customer)) as Stripe.Customer).toMatchObject({ balance: 0 });
  });
});

describe('Stripe stand-in portal: the card on file', () => {
  it('a person can put the failing test card on file, and the next renewal charged to it fails', async () => {
    const { customer, subscription } = await h.subscribe();
    const portal = await h.stripe.billingPortal.sessions.create({ customer });
    const post = (form: Record<string, string>) =>
      fetch(portal.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      }).then((r) => r.text());

    expect(await (await fetch(portal.url)).text()).toContain('<label for="card_number">New card number</label>');
    expect(await post({ action: 'update-card', card_number: '4000 0000 0000 0002' })).toContain(
      'Your card was declined.',
    );
    expect(await post({ action: 'update-card', card_number: '4000 0000 0000 0341' })).toContain(
      'Your card ending in 0341 is now the card on file.',
    );
    expect(await post({ action: 'renewal-card', subscription: subscription.id })).toContain(
      'The renewal payment failed.',
    );
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
  });
});
