import { StripeApiError } from './stripe-error';
import type { FormValue } from './stripe-form';

/**
 * Stripe refuses any parameter an endpoint does not know (since API version 2011-06-21, "Errors now produce
 * exceptions for unrecognized API parameters", docs.stripe.com/changelog/2011-06-21): 400 `invalid_request_error`,
 * code `parameter_unknown`, `param` naming it in bracket notation, "Received unknown parameter: line_items[0][data]"
 * (the body quoted in beam-community/stripity-stripe#749 and vizhub-studio/vizhub#333), or "Received unknown
 * parameters: a, b" for several (stripe/stripe-php#1119, mage2pro/stripe#68). The stand-in does the same on every
 * endpoint it serves, so the product cannot lean on a name Stripe would refuse.
 *
 * The names per endpoint are those of stripe-node 23.1.0's request types (`CustomerCreateParams`,
 * `Checkout.SessionCreateParams`, `SubscriptionUpdateParams.Item`, ...), which Stripe generates from its OpenAPI
 * spec for the pinned API version: every name Stripe accepts there is accepted here, even where the stand-in
 * ignores its effect. Objects the product sends are checked to their leaves; `true` marks a value not checked
 * further (free-form maps such as `metadata`, or nested objects the product never sends).
 */
type Shape = true | { readonly [name: string]: Shape } | readonly [Shape];

const PAGINATION = { ending_before: true, limit: true, starting_after: true } as const;
const EXPAND = { expand: [true] } as const;

const CUSTOMER_FIELDS = {
  address: true,
  balance: true,
  business_name: true,
  cash_balance: true,
  description: true,
  email: true,
  ...EXPAND,
  individual_name: true,
  invoice_prefix: true,
  invoice_settings: { custom_fields: true, default_payment_method: true, footer: true, rendering_options: true },
  metadata: true,
  name: true,
  next_invoice_sequence: true,
  phone: true,
  preferred_locales: true,
  shipping: true,
  source: true,
  tax: true,
  tax_exempt: true,
  validate: true,
} as const;

const CHECKOUT_SESSION_CREATE = Object.fromEntries(
  [
    'adaptive_pricing',
    'after_expiration',
    'allow_promotion_codes',
    'allowed_payment_method_types',
    'automatic_tax',
    'billing_address_collection',
    'branding_settings',
    'cancel_url',
    'client_reference_id',
    'consent_collection',
    'currency',
    'custom_fields',
    'custom_text',
    'customer',
    'customer_account',
    'customer_creation',
    'customer_email',
    'customer_update',
    'discounts',
    'excluded_payment_method_types',
    'expires_at',
    'integration_identifier',
    'invoice_creation',
    'locale',
    'managed_payments',
    'metadata',
    'mode',
    'name_collection',
    'optional_items',
    'origin_context',
    'payment_intent_data',
    'payment_method_collection',
    'payment_method_configuration',
    'payment_method_data',
    'payment_method_options',
    'permissions',
    'phone_number_collection',
    'redirect_on_completion',
    'return_url',
    'saved_payment_method_options',
    'setup_intent_data',
    'shipping_address_collection',
    'shipping_options',
    'submit_type',
    'success_url',
    'tax_id_collection',
    'ui_mode',
    'wallet_options',
  ].map((name) => [name, true as Shape]),
);

const SUBSCRIPTION_UPDATE = Object.fromEntries(
  [
    'add_invoice_items',
    'application_fee_percent',
    'automatic_tax',
    'billing_cycle_anchor',
    'billing_schedules',
    'billing_thresholds',
    'cancel_at',
    'cancel_at_period_end',
    'cancellation_details',
    'collection_method',
    'days_until_due',
    'default_payment_method',
    'default_source',
    'default_tax_rates',
    'description',
    'discounts',
    'invoice_settings',
    'metadata',
    'off_session',
    'on_behalf_of',
    'pause_collection',
    'payment_behavior',
    'payment_settings',
    'pending_invoice_item_interval',
    'proration_behavior',
    'proration_date',
    'transfer_data',
    'trial_end',
    'trial_from_plan',
    'trial_settings',
  ].map((name) => [name, true as Shape]),
);

/** Keyed by `METHOD resource[/:id][/action]`, as StripeApi routes them. */
const KNOWN_PARAMS: Readonly<Record<string, Shape>> = {
  'POST customers': { ...CUSTOMER_FIELDS, payment_method: true, tax_id_data: true, test_clock: true },
  'GET customers/:id': EXPAND,
  'POST customers/:id': { ...CUSTOMER_FIELDS, default_source: true },
  'POST payment_methods/:id/attach': { customer: true, customer_account: true, ...EXPAND },
  'GET prices': {
    ...PAGINATION,
    ...EXPAND,
    active: true,
    created: true,
    currency: true,
    lookup_keys: [true],
    product: true,
    recurring: true,
    type: true,
  },
  'GET invoices': {
    ...PAGINATION,
    ...EXPAND,
    collection_method: true,
    created: true,
    customer: true,
    customer_account: true,
    due_date: true,
    status: true,
    subscription: true,
  },
  'GET invoices/:id': EXPAND,
  'POST invoices/:id/pay': {
    ...EXPAND,
    forgive: true,
    mandate: true,
    off_session: true,
    paid_out_of_band: true,
    payment_method: true,
    source: true,
  },
  'GET subscriptions': {
    ...PAGINATION,
    ...EXPAND,
    automatic_tax: true,
    collection_method: true,
    created: true,
    current_period_end: true,
    current_period_start: true,
    customer: true,
    customer_account: true,
    plan: true,
    price: true,
    status: true,
    test_clock: true,
  },
  'GET subscriptions/:id': EXPAND,
  'POST subscriptions/:id': {
    ...SUBSCRIPTION_UPDATE,
    ...EXPAND,
    items: [
      {
        billing_thresholds: true,
        clear_usage: true,
        current_trial: true,
        deleted: true,
        discounts: true,
        id: true,
        metadata: true,
        plan: true,
        price: true,
        price_data: true,
        quantity: true,
        tax_rates: true,
      },
    ],
  },
  'DELETE subscriptions/:id': { ...EXPAND, cancellation_details: true, invoice_now: true, prorate: true },
  'POST checkout/sessions': {
    ...CHECKOUT_SESSION_CREATE,
    ...EXPAND,
    line_items: [
      { adjustable_quantity: true, metadata: true, price: true, price_data: true, quantity: true, tax_rates: true },
    ],
    subscription_data: {
      application_fee_percent: true,
      billing_cycle_anchor: true,
      billing_cycle_anchor_config: true,
      billing_mode: true,
      default_tax_rates: true,
      description: true,
      invoice_settings: true,
      metadata: true,
      on_behalf_of: true,
      pending_invoice_item_interval: true,
      proration_behavior: true,
      transfer_data: true,
      trial_end: true,
      trial_period_days: true,
      trial_settings: true,
    },
  },
  'GET checkout/sessions/:id': EXPAND,
  'POST billing_portal/sessions': {
    ...EXPAND,
    after_expiration: true,
    configuration: true,
    customer: true,
    customer_account: true,
    flow_data: true,
    locale: true,
    on_behalf_of: true,
    return_url: true,
  },
};

/** The endpoint key of a `/v1` request (`POST subscriptions/:id`), or null for a URL the stand-in does not serve. */
export function endpointKey(method: string, path: string): string | null {
  const [, v1, resource, second, third, ...rest] = path.split('/');
  if (v1 !== 'v1' || !resource || rest.length > 0) return null;
  const nested = resource === 'checkout' || resource === 'billing_portal';
  const key = nested
    ? `${method} ${resource}/${second ?? ''}${third ? '/:id' : ''}`
    : `${method} ${resource}${second ? '/:id' : ''}${third ? `/${third}` : ''}`;
  return key in KNOWN_PARAMS ? key : null;
}

/** Throws Stripe's `parameter_unknown` refusal when `params` carry a name the endpoint does not take. */
export function refuseUnknownParams(endpoint: string, params: Record<string, FormValue>): void {
  const shape = KNOWN_PARAMS[endpoint];
  if (!shape) return;
  const unknown: string[] = [];
  collectUnknown(params, shape, '', unknown);
  if (unknown.length === 0) return;
  throw new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_unknown',
    message:
      unknown.length === 1
        ? `Received unknown parameter: ${unknown[0]}`
        : `Received unknown parameters: ${unknown.join(', ')}`,
    // With several, the first is named (which one Stripe names then is not written down anywhere we found).
    param: unknown[0]!,
  });
}

function collectUnknown(value: FormValue, shape: Shape, path: string, unknown: string[]): void {
  if (shape === true || typeof value === 'string') return;
  if (Array.isArray(shape)) {
    // An array parameter; Stripe also takes `items[0]`-style keys as an object with numeric names.
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [index, element] of entries) collectUnknown(element, shape[0] as Shape, `${path}[${index}]`, unknown);
    return;
  }
  if (Array.isArray(value)) return;
  const fields = shape as { readonly [name: string]: Shape };
  for (const [name, child] of Object.entries(value)) {
    const childPath = path ? `${path}[${name}]` : name;
    const childShape = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (childShape === undefined) unknown.push(childPath);
    else collectUnknown(child, childShape, childPath, unknown);
  }
}
