import {
  cancelNow,
  createCheckoutSession,
  createCustomer,
  createPortalSession,
  customerSubscriptions,
  findCustomer,
  findSession,
  findSubscription,
  listPrices,
  renderSession,
  type BillingDeps,
} from './stripe-billing';
import { invalidApiKey, invalidParam, noSuch, StripeApiError, unrecognizedUrl } from './stripe-error';
import type { FormValue } from './stripe-form';
import { attachPaymentMethod, renderPaymentMethod } from './stripe-payments';
import { expirePendingUpdates, payInvoice, updateSubscription } from './stripe-subscription-update';
import { IdempotencyKeys, savedForKey } from './idempotency';
import { endpointKey, refuseUnknownParams } from './known-params';

/**
 * The `/v1` calls the product makes (and the few its tests make to set up a card on file), with Stripe's
 * authentication, idempotency (idempotency.ts), refusal of unknown parameters (known-params.ts) and error replies.
 */
export interface ApiRequest {
  method: string;
  path: string;
  params: Record<string, FormValue>;
  rawParams: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

export interface ApiReply {
  status: number;
  body: unknown;
  /** A saved reply sent again for a retried idempotency key (`Idempotent-Replayed: true`). */
  replayed?: boolean;
}

export class StripeApi {
  private readonly keys: IdempotencyKeys;

  constructor(
    private readonly deps: BillingDeps,
    private readonly secretKey: string,
    /** How long each request takes to run, in ms (tests widen it to meet two requests with one key at once). */
    private readonly latencyMs: () => number = () => 0,
  ) {
    this.keys = new IdempotencyKeys(deps.now);
  }

  async handle(request: ApiRequest): Promise<ApiReply> {
    try {
      this.authenticate(request.authorization);
      await expirePendingUpdates(this.deps);
      const key = request.method === 'POST' ? request.idempotencyKey : undefined;
      if (!key) return await this.run(request);
      const begun = this.keys.begin(key, IdempotencyKeys.fingerprint(request.method, request.path, request.rawParams));
      if (begun.kind === 'replay') return { ...begun.reply, replayed: true };
      let reply: ApiReply;
      try {
        reply = await this.run(request);
      } catch (error) {
        // An unexpected failure is saved as Stripe saves its 500s: the retry gets the same answer.
        reply = { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
        this.keys.finish(key, reply, true);
        throw error;
      }
      this.keys.finish(key, reply, savedForKey(reply));
      return reply;
    } catch (error) {
      if (error instanceof StripeApiError) return { status: error.status, body: { error: error.body } };
      throw error;
    }
  }

  private async run(request: ApiRequest): Promise<ApiReply> {
    const latency = this.latencyMs();
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    try {
      return await this.route(request);
    } catch (error) {
      if (error instanceof StripeApiError) return { status: error.status, body: { error: error.body } };
      throw error;
    }
  }

  private authenticate(authorization: string | undefined): void {
    const key = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    if (!key) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    if (key !== this.secretKey) throw invalidApiKey(key);
  }

  private async route({ method, path, params }: ApiRequest): Promise<ApiReply> {
    const deps = this.deps;
    const ok = (body: unknown): ApiReply => ({ status: 200, body });
    const saved = async (body: unknown): Promise<ApiReply> => {
      await deps.store.save();
      return ok(body);
    };
    const endpoint = endpointKey(method, path);
    if (endpoint) refuseUnknownParams(endpoint, params);
    const [, v1, resource, id, extra, ...rest] = path.split('/');
    if (v1 === 'v1' && resource === 'checkout' && id === 'sessions') return this.checkoutSessions(method, path, params);
    if (v1 === 'v1' && resource === 'billing_portal' && id === 'sessions' && method === 'POST' && !extra) {
      return saved(createPortalSession(deps, params));
    }
    if (v1 !== 'v1' || rest.length > 0) throw unrecognizedUrl(method, path);
    switch (`${method} ${resource}${id ? '/:id' : ''}${extra ? `/${extra}` : ''}`) {
      case 'POST customers':
        return saved(createCustomer(deps, params));
      case 'GET customers/:id':
        return ok(findCustomer(deps, id!));
      case 'POST customers/:id':
        return saved(this.updateCustomer(id!, params));
      case 'POST payment_methods/:id/attach': {
        const customerId = typeof params.customer === 'string' ? params.customer : undefined;
        if (!customerId) throw invalidParam('customer', 'Missing required param: customer.');
        const customer = findCustomer(deps, customerId, 'customer');
        return saved(renderPaymentMethod(attachPaymentMethod(deps.store, id!, customer, deps.now())));
      }
      case 'GET prices':
        return ok(listPrices(deps, params));
      case 'GET invoices': {
        const customer = typeof params.customer === 'string' ? params.customer : undefined;
        const data = Object.values(deps.store.invoices)
          .filter((invoice) => !customer || invoice.customer === customer)
          .sort((a, b) => b.created - a.created);
        return ok({ object: 'list', data, has_more: false, url: '/v1/invoices' });
      }
      case 'GET invoices/:id':
        return ok(this.invoice(id!));
      case 'POST invoices/:id/pay':
        return ok(await payInvoice(deps, this.invoice(id!)));
      case 'GET subscriptions': {
        const customer = typeof params.customer === 'string' ? params.customer : undefined;
        const data = customer ? customerSubscriptions(deps, customer) : Object.values(deps.store.subscriptions);
        return ok({ object: 'list', data, has_more: false, url: '/v1/subscriptions' });
      }
      case 'GET subscriptions/:id':
        return ok(findSubscription(deps, id!));
      case 'POST subscriptions/:id': {
        const subscription = findSubscription(deps, id!);
        await updateSubscription(deps, subscription, params);
        return ok(subscription);
      }
      case 'DELETE subscriptions/:id': {
        const subscription = findSubscription(deps, id!);
        await cancelNow(deps, subscription);
        return ok(subscription);
      }
    }
    throw unrecognizedUrl(method, path);
  }

  private invoice(id: string) {
    const invoice = this.deps.store.invoices[id];
    if (!invoice) throw noSuch('invoice', id);
    return invoice;
  }

  /** `POST /v1/customers/:id`: the fields the product and its tests set (email, name, metadata, card on file). */
  private updateCustomer(id: string, params: Record<string, FormValue>) {
    const customer = findCustomer(this.deps, id);
    if (typeof params.email === 'string') customer.email = params.email;
    if (typeof params.name === 'string') customer.name = params.name;
    const settings = params.invoice_settings;
    if (settings && typeof settings === 'object' && !Array.isArray(settings)) {
      const method = settings.default_payment_method;
      if (typeof method === 'string') {
        const saved = this.deps.store.paymentMethods[method];
        if (!saved || saved.customer !== customer.id) {
          throw invalidParam(
            'invoice_settings[default_payment_method]',
            `No such PaymentMethod: '${method}'; It may not be attached to this customer.`,
          );
        }
        customer.invoice_settings.default_payment_method = method;
      }
    }
    return customer;
  }

  private async checkoutSessions(method: string, path: string, params: Record<string, FormValue>): Promise<ApiReply> {
    const [sessionId, extra] = path.split('/').slice(4);
    if (extra !== undefined) throw unrecognizedUrl(method, path);
    if (method === 'POST' && !sessionId) {
      const session = createCheckoutSession(this.deps, params);
      await this.deps.store.save();
      return { status: 200, body: renderSession(session) };
    }
    if (method === 'GET' && sessionId) return { status: 200, body: renderSession(findSession(this.deps, sessionId)) };
    throw unrecognizedUrl(method, path);
  }
}
