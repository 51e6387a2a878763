import { randomBytes } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import { SerialFileWriter } from '../state/atomic-file';
import { plans, type PlanKey } from '@shared/plans';
import { stripeLookupKey, type BillingInterval } from '@shared/billing';

/**
 * The stand-in's objects, shaped as Stripe API version 2026-10-28 renders them
 * (stripe-node 23): period dates on subscription items, the invoice's
 * subscription under `parent.subscription_details`. Kept in one JSON file so a
 * restarted twin still knows the subscriptions our tables point at.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface Price {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  lookup_key: string;
  product: string;
  recurring: { interval: 'month' | 'year'; interval_count: 1 };
  metadata: Record<string, string>;
  livemode: false;
  created: number;
  type: 'recurring';
}

export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  delinquent: boolean;
  /** Negative: credit the customer has (from downgrades), taken off their next invoices. */
  balance: number;
  invoice_prefix: string;
  invoice_settings: { default_payment_method: string | null };
}

/**
 * A card on file. `test_card` is the stand-in's own: which of Stripe's test cards it is, deciding what a charge
 * does (docs.stripe.com/testing); it is left out of what the API shows.
 */
export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: 'visa'; last4: string; exp_month: number; exp_year: number; funding: 'credit' };
  customer: string | null;
  created: number;
  livemode: false;
  test_card: string;
}

/** What a subscription update would do once its invoice is paid (docs.stripe.com/billing/subscriptions/pending-updates). */
export interface PendingUpdate {
  billing_cycle_anchor: number | null;
  expires_at: number;
  subscription_items: SubscriptionItem[];
  trial_end: null;
  trial_from_plan: null;
  /** Since 2026-05-27.dahlia a pending update carries metadata, merged in when it is applied (Stripe changelog). */
  metadata: Record<string, string> | null;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  url: string | null;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  invoice: string | null;
  success_url: string;
  cancel_url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  amount_total: number;
  currency: string;
  ui_mode: 'hosted_page';
  line_items_price: string;
  subscription_metadata: Record<string, string>;
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

export interface Subscription {
  id: string;
  object: 'subscription';
  status: 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'trialing' | 'paused';
  customer: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  start_date: number;
  created: number;
  currency: string;
  latest_invoice: string | null;
  metadata: Record<string, string>;
  livemode: false;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  pending_update: PendingUpdate | null;
  default_payment_method: string | null;
}

export interface Invoice {
  id: string;
  object: 'invoice';
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  /** The customer's balance before and after this invoice (a credit is negative). */
  starting_balance: number;
  ending_balance: number | null;
  total: number;
  subtotal: number;
  currency: string;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  attempt_count: number;
  attempted: boolean;
  next_payment_attempt: number | null;
  period_start: number;
  period_end: number;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  created: number;
  livemode: false;
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  url: string;
  customer: string;
  return_url: string | null;
  created: number;
  livemode: false;
  configuration: string;
  locale: null;
  flow: null;
  on_behalf_of: null;
}

interface StoreData {
  prices: Price[];
  customers: Record<string, Customer>;
  sessions: Record<string, CheckoutSession>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  portalSessions: Record<string, PortalSession>;
  paymentMethods: Record<string, PaymentMethod>;
  /**
   * Prorations of price changes made with `create_prorations`, in cents, waiting for the
   * subscription's next invoice (Stripe keeps them as pending invoice items).
   */
  pendingProrations: Record<string, number>;
}

export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** The end of a billing period that starts at `start` (Unix seconds), one interval later (UTC calendar). */
export function periodEnd(start: number, interval: 'month' | 'year'): number {
  const date = new Date(start * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** One recurring USD price per paid plan and interval, found by the lookup key the billing code asks for. */
function seededPrices(): Price[] {
  const created = 1_735_689_600; // 2025-01-01: fixed, so ids and shapes are stable across restarts
  const result: Price[] = [];
  for (const key of Object.keys(plans) as PlanKey[]) {
    const plan = plans[key];
    if (plan.priceCents.monthly === 0) continue;
    for (const interval of ['monthly', 'yearly'] as BillingInterval[]) {
      result.push({
        id: `price_adsmith_${key}_${interval}`,
        object: 'price',
        active: true,
        currency: 'usd',
        unit_amount: plan.priceCents[interval],
        lookup_key: stripeLookupKey(key, interval),
        product: `prod_adsmith_${key}`,
        recurring: { interval: interval === 'monthly' ? 'month' : 'year', interval_count: 1 },
        metadata: { plan: key },
        livemode: false,
        created,
        type: 'recurring',
      });
    }
  }
  return result;
}

export class StripeStore {
  private data: StoreData = {
    prices: seededPrices(),
    customers: {},
    sessions: {},
    subscriptions: {},
    invoices: {},
    portalSessions: {},
    paymentMethods: {},
    pendingProrations: {},
  };
  private readonly writer?: SerialFileWriter;

  /** `file` undefined keeps everything in memory (tests). */
  constructor(private readonly file?: string) {
    if (file) this.writer = new SerialFileWriter(file, { mode: 0o600 });
  }

  /** Loads the saved objects; a missing or damaged file starts empty and says so. */
  async load(log: (line: string) => void = () => undefined): Promise<void> {
    if (!this.file) return;
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return;
    }
    try {
      const saved = JSON.parse(text) as Partial<StoreData>;
      this.data = {
        prices: seededPrices(),
        // Files saved before cards on file and pending updates existed get those fields empty.
        customers: Object.fromEntries(
          Object.entries(saved.customers ?? {}).map(([id, c]) => [
            id,
            { ...c, invoice_settings: c.invoice_settings ?? { default_payment_method: null } },
          ]),
        ),
        sessions: saved.sessions ?? {},
        subscriptions: Object.fromEntries(
          Object.entries(saved.subscriptions ?? {}).map(([id, s]) => [
            id,
            {
              ...s,
              pending_update: s.pending_update ?? null,
              default_payment_method: s.default_payment_method ?? null,
            },
          ]),
        ),
        invoices: saved.invoices ?? {},
        portalSessions: saved.portalSessions ?? {},
        paymentMethods: saved.paymentMethods ?? {},
        pendingProrations: saved.pendingProrations ?? {},
      };
    } catch {
      const aside = `${this.file}.damaged-${Date.now()}`;
      await rename(this.file, aside).catch(() => undefined);
      log(`stripe: saved state was unreadable; kept it as ${aside} and started with no customers`);
    }
  }

  /** Writes are serial and atomic: a stop mid-write leaves the previous state. */
  save(): Promise<void> {
    return this.writer?.write(JSON.stringify(this.data)) ?? Promise.resolve();
  }

  get prices(): readonly Price[] {
    return this.data.prices;
  }
  get customers(): Record<string, Customer> {
    return this.data.customers;
  }
  get sessions(): Record<string, CheckoutSession> {
    return this.data.sessions;
  }
  get subscriptions(): Record<string, Subscription> {
    return this.data.subscriptions;
  }
  get invoices(): Record<string, Invoice> {
    return this.data.invoices;
  }
  get portalSessions(): Record<string, PortalSession> {
    return this.data.portalSessions;
  }
  get paymentMethods(): Record<string, PaymentMethod> {
    return this.data.paymentMethods;
  }
  get pendingProrations(): Record<string, number> {
    return this.data.pendingProrations;
  }
}
