import { StripeApiError, noSuch } from './stripe-error';
import {
  stripeId,
  type Customer,
  type Invoice,
  type PaymentMethod,
  type StripeStore,
  type Subscription,
} from './stripe-store';

/**
 * Cards and charges, with Stripe's test cards (docs.stripe.com/testing):
 * - 4242 4242 4242 4242 (`pm_card_visa`) pays;
 * - 4000 0000 0000 0002 (`pm_card_visa_chargeDeclined`) is declined, `generic_decline`;
 * - 4000 0000 0000 9995 (`pm_card_visa_chargeDeclinedInsufficientFunds`) is declined, `insufficient_funds`;
 * - 4000 0000 0000 0341 (`pm_card_chargeCustomerFail`): "Attaching this card to a Customer object succeeds, but
 *   attempts to charge the customer fail" — the card on file that fails at renewal or on a proration.
 * Declining cards other than 0341 cannot be attached (Stripe checks a card when it is attached).
 */
export type CardOutcome = 'succeeded' | 'generic_decline' | 'insufficient_funds' | 'live_card' | 'invalid_number';

const TEST_CARDS: Record<string, { charge: CardOutcome; attach: CardOutcome }> = {
  '4242424242424242': { charge: 'succeeded', attach: 'succeeded' },
  '4000000000000002': { charge: 'generic_decline', attach: 'generic_decline' },
  '4000000000009995': { charge: 'insufficient_funds', attach: 'insufficient_funds' },
  '4000000000000341': { charge: 'generic_decline', attach: 'succeeded' },
};

/** Stripe's test PaymentMethod ids, each standing for one of the cards above. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeCustomerFail: '4000000000000341',
};

export const declineMessages: Record<Exclude<CardOutcome, 'succeeded'>, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  live_card: 'Your card was declined. Your request was in test mode, but used a non test card.',
  invalid_number: 'Your card number is invalid.',
};

/** What paying (`charge`) or saving (`attach`) a card number does; any other number is refused as test mode does. */
export function cardOutcome(number: string, use: 'charge' | 'attach' = 'charge'): CardOutcome {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return 'invalid_number';
  return TEST_CARDS[digits]?.[use] ?? 'live_card';
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The 402 Stripe answers for a declined card (docs.stripe.com/api/errors: `card_error`, `card_declined`). */
export function cardDeclined(outcome: Exclude<CardOutcome, 'succeeded'>): StripeApiError {
  return new StripeApiError(402, {
    type: 'card_error',
    code: outcome === 'invalid_number' ? 'incorrect_number' : 'card_declined',
    ...(outcome === 'generic_decline' || outcome === 'insufficient_funds' ? { decline_code: outcome } : {}),
    message: declineMessages[outcome],
  });
}

export function savePaymentMethod(store: StripeStore, number: string, customer: string | null, now: number) {
  const digits = number.replace(/[\s-]/g, '');
  const method: PaymentMethod = {
    id: stripeId('pm'),
    object: 'payment_method',
    type: 'card',
    card: { brand: 'visa', last4: digits.slice(-4), exp_month: 12, exp_year: 2040, funding: 'credit' },
    customer,
    created: now,
    livemode: false,
    test_card: digits,
  };
  store.paymentMethods[method.id] = method;
  return method;
}

/** The payment method as the API shows it (without the stand-in's test-card number). */
export function renderPaymentMethod(method: PaymentMethod): Omit<PaymentMethod, 'test_card'> {
  const { test_card: _card, ...rest } = method;
  return rest;
}

/**
 * `POST /v1/payment_methods/:id/attach`: a test PaymentMethod id (`pm_card_…`) makes a new card on the customer, as
 * Stripe's test mode does; a card that declines cannot be attached (402 card_error).
 */
export function attachPaymentMethod(store: StripeStore, id: string, customer: Customer, now: number): PaymentMethod {
  const testNumber = TEST_PAYMENT_METHODS[id];
  const existing = store.paymentMethods[id];
  if (!testNumber && !existing) throw noSuch('PaymentMethod', id);
  const number = testNumber ?? existing!.test_card;
  const outcome = cardOutcome(number, 'attach');
  if (outcome !== 'succeeded') throw cardDeclined(outcome);
  if (existing) {
    existing.customer = customer.id;
    return existing;
  }
  return savePaymentMethod(store, number, customer.id, now);
}

/** The card a subscription's invoices are charged to: its own default, else the customer's invoice default. */
export function cardOnFile(store: StripeStore, customer: Customer, subscription?: Subscription): PaymentMethod | null {
  const id = subscription?.default_payment_method ?? customer.invoice_settings.default_payment_method;
  return id ? (store.paymentMethods[id] ?? null) : null;
}

/** Charges the card on file; no card is a decline, as an automatic collection without one fails. */
export function charge(store: StripeStore, customer: Customer, subscription?: Subscription): CardOutcome {
  const card = cardOnFile(store, customer, subscription);
  return card ? cardOutcome(card.test_card, 'charge') : 'generic_decline';
}

/**
 * A finalized subscription invoice for `total` cents. The customer's credit balance is applied first, and a negative
 * total (a credit larger than the charge) adds to that balance, as Stripe does (docs.stripe.com/billing/customer/balance).
 * Returned unpaid (`open`) unless nothing is due; `collect` charges it.
 */
export function finalizedInvoice(
  subscription: Subscription,
  customer: Customer,
  reason: Invoice['billing_reason'],
  total: number,
  now: number,
): Invoice {
  const item = subscription.items.data[0]!;
  const startingBalance = customer.balance;
  let due: number;
  if (total <= 0) {
    due = 0;
    customer.balance += total;
  } else {
    const credit = Math.min(total, Math.max(0, -customer.balance));
    due = total - credit;
    customer.balance += credit;
  }
  return {
    id: stripeId('in'),
    object: 'invoice',
    status: due === 0 ? 'paid' : 'open',
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    amount_due: due,
    amount_paid: 0,
    amount_remaining: due,
    starting_balance: startingBalance,
    ending_balance: customer.balance,
    total,
    subtotal: total,
    currency: item.price.currency,
    billing_reason: reason,
    attempt_count: 0,
    attempted: due === 0,
    next_payment_attempt: null,
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
    },
    created: now,
    livemode: false,
  };
}

/** Attempts payment of an open invoice with the card on file; the invoice records the attempt either way. */
export function collect(
  store: StripeStore,
  invoice: Invoice,
  customer: Customer,
  subscription: Subscription | undefined,
): CardOutcome {
  if (invoice.status === 'paid') return 'succeeded';
  const outcome = charge(store, customer, subscription);
  invoice.attempt_count += 1;
  invoice.attempted = true;
  if (outcome === 'succeeded') {
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      next_payment_attempt: null,
    });
  }
  return outcome;
}
