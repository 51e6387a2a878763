import { describe, expect, it } from 'vitest';
import { endpointKey, refuseUnknownParams } from '@infra/twin/stripe/known-params';
import { StripeApiError } from '@infra/twin/stripe/stripe-error';
import { parseStripeForm } from '@infra/twin/stripe/stripe-form';

function refusal(endpoint: string, form: string): StripeApiError | undefined {
  try {
    refuseUnknownParams(endpoint, parseStripeForm(form));
    return undefined;
  } catch (error) {
    if (error instanceof StripeApiError) return error;
    throw error;
  }
}

describe('endpointKey', () => {
  it.each([
    ['POST', '/v1/customers', 'POST customers'],
    ['GET', '/v1/customers/cus_1', 'GET customers/:id'],
    ['POST', '/v1/subscriptions/sub_1', 'POST subscriptions/:id'],
    ['POST', '/v1/payment_methods/pm_1/attach', 'POST payment_methods/:id/attach'],
    ['POST', '/v1/checkout/sessions', 'POST checkout/sessions'],
    ['GET', '/v1/checkout/sessions/cs_1', 'GET checkout/sessions/:id'],
    ['POST', '/v1/billing_portal/sessions', 'POST billing_portal/sessions'],
  ])('names %s %s as %s', (method, path, key) => {
    expect(endpointKey(method, path)).toBe(key);
  });

  it('is null for a URL the stand-in does not serve', () => {
    expect(endpointKey('POST', '/v1/charges')).toBeNull();
    expect(endpointKey('GET', '/v2/customers')).toBeNull();
  });
});

describe('refuseUnknownParams', () => {
  it('accepts the product’s own calls', () => {
    expect(
      refusal(
        'POST checkout/sessions',
        'mode=subscription&customer=cus_1&line_items[0][price]=price_1&line_items[0][quantity]=1' +
          '&client_reference_id=u&metadata[userId]=u&subscription_data[metadata][plan]=pro' +
          '&success_url=https%3A%2F%2Fx&cancel_url=https%3A%2F%2Fy',
      ),
    ).toBeUndefined();
    expect(
      refusal(
        'POST subscriptions/:id',
        'items[0][id]=si_1&items[0][price]=price_2&proration_behavior=always_invoice' +
          '&payment_behavior=pending_if_incomplete&metadata[plan]=pro',
      ),
    ).toBeUndefined();
    expect(refusal('GET prices', 'lookup_keys[0]=pro_monthly&active=true&limit=1')).toBeUndefined();
    expect(refusal('GET customers/:id', 'expand[]=invoice_settings.default_payment_method')).toBeUndefined();
  });

  it('refuses a top-level name with Stripe’s body', () => {
    const error = refusal('POST customers', 'email=a%40b.c&trial_period_days=7');
    expect(error?.status).toBe(400);
    expect(error?.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_unknown',
      message: 'Received unknown parameter: trial_period_days',
      param: 'trial_period_days',
    });
  });

  it('names a nested unknown in bracket notation', () => {
    const error = refusal('POST checkout/sessions', 'mode=subscription&line_items[0][price]=p&line_items[0][data]=x');
    expect(error?.body).toMatchObject({
      param: 'line_items[0][data]',
      message: 'Received unknown parameter: line_items[0][data]',
    });
    expect(refusal('POST subscriptions/:id', 'items[0][id]=si_1&items[0][plan_id]=x')?.body.param).toBe(
      'items[0][plan_id]',
    );
    expect(refusal('POST checkout/sessions', 'subscription_data[trial_days]=3')?.body.param).toBe(
      'subscription_data[trial_days]',
    );
  });

  it('lists several unknown names in one message', () => {
    expect(refusal('GET prices', 'amount_subtotal=1&amount_total=2')?.body.message).toBe(
      'Received unknown parameters: amount_subtotal, amount_total',
    );
  });

  it('refuses unknown query parameters on reads and deletes too', () => {
    expect(refusal('GET subscriptions/:id', 'include=items')?.body.param).toBe('include');
    expect(refusal('DELETE subscriptions/:id', 'at_period_end=true')?.body.param).toBe('at_period_end');
  });

  it('leaves free-form maps alone', () => {
    expect(refusal('POST customers', 'metadata[anything][at_all]=1')).toBeUndefined();
  });
});
