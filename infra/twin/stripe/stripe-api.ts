import { createHash } from 'node:crypto';
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
  setCancelAtPeriodEnd,
  updateSubscriptionItems,
  type BillingDeps,
} from './stripe-billing';
import { invalidApiKey, StripeApiError, unrecognizedUrl } from './stripe-error';
import type { FormValue } from './stripe-form';

/**
 * The `/v1` calls the product makes, with Stripe's authentication, idempotency
 * and error replies. Idempotency follows Stripe: a POST's first reply is kept
 * per key and replayed; the same key with other parameters is an error.
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
}

export class StripeApi {
  private readonly idempotent = new Map<string, { fingerprint: string; reply: ApiReply }>();

  constructor(
    private readonly deps: BillingDeps,
    private readonly secretKey: string,
  ) {}

  async handle(request: ApiRequest): Promise<ApiReply> {
    try {
      this.authenticate(request.authorization);
      if (request.method !== 'POST' || !request.idempotencyKey) return await this.route(request);
      const fingerprint = createHash('sha256').update(`${request.path}\n${request.rawParams}`).digest('hex');
      const saved = this.idempotent.get(request.idempotencyKey);
      if (saved) {
        if (saved.fingerprint !== fingerprint) {
          throw new StripeApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        return saved.reply;
      }
      const reply = await this.route(request);
      this.idempotent.set(request.idempotencyKey, { fingerprint, reply });
      return reply;
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
    const [, v1, resource, id, extra] = path.split('/');
    if (v1 === 'v1' && resource === 'checkout' && id === 'sessions') return this.checkoutSessions(method, path, params);
    if (v1 === 'v1' && resource === 'billing_portal' && id === 'sessions' && method === 'POST' && !extra) {
      return saved(createPortalSession(deps, params));
    }
    if (v1 !== 'v1' || extra !== undefined) throw unrecognizedUrl(method, path);
    switch (`${method} ${resource}${id ? '/:id' : ''}`) {
      case 'POST customers':
        return saved(createCustomer(deps, params));
      case 'GET customers/:id':
        return ok(findCustomer(deps, id!));
      case 'GET prices':
        return ok(listPrices(deps, params));
      case 'GET subscriptions': {
        const customer = typeof params.customer === 'string' ? params.customer : undefined;
        const data = customer ? customerSubscriptions(deps, customer) : Object.values(deps.store.subscriptions);
        return ok({ object: 'list', data, has_more: false, url: '/v1/subscriptions' });
      }
      case 'GET subscriptions/:id':
        return ok(findSubscription(deps, id!));
      case 'POST subscriptions/:id': {
        const subscription = findSubscription(deps, id!);
        await updateSubscriptionItems(deps, subscription, params);
        if (typeof params.cancel_at_period_end === 'string') {
          await setCancelAtPeriodEnd(deps, subscription, params.cancel_at_period_end === 'true');
        }
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
