import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BodyTooLargeError, readBody, sendHtml, sendJson } from '../http-io';
import { checkoutClosedPage, checkoutPage, portalPage } from './hosted-pages';
import {
  endPeriod,
  findCustomer,
  findSession,
  findSubscription,
  customerSubscriptions,
  payCheckoutSession,
  setCancelAtPeriodEnd,
  type BillingDeps,
} from './stripe-billing';
import { StripeApi } from './stripe-api';
import { StripeApiError } from './stripe-error';
import { parseStripeForm } from './stripe-form';
import { cardOutcome, declineMessages, savePaymentMethod } from './stripe-payments';
import { STRIPE_API_VERSION, stripeId, StripeStore, type PortalSession } from './stripe-store';
import { WebhookBehaviourSchema, WebhookSender, type WebhookBehaviour } from './webhook-delivery';

/**
 * The twin's Stripe: the API calls the product makes (customers, prices,
 * Checkout and portal sessions, subscriptions) on `/v1`, the hosted Checkout
 * page (`/c/pay/:id`) and portal (`/p/session/:id`) a person uses, and signed
 * webhooks to the product. Admin switches for tests:
 * - `GET /__admin/webhooks` lists deliveries; `PUT /__admin/webhooks/behaviour {"order","duplicates","delayMs"}`
 *   sets how disorderly they are (webhook-delivery.ts);
 * - `POST /__admin/subscriptions/:id/end-period {"renewal":"card"|"succeeds"|"fails"}` runs a renewal as Stripe's
 *   test clocks do (charged to the card on file unless forced);
 * - `POST /__admin/clock {"advanceSeconds":n}` moves the stand-in's clock forward (idempotency keys and pending
 *   updates expire by it); `PUT /__admin/latency {"ms":n}` makes each API request take that long.
 */
export interface StripeStandInOptions {
  port: number;
  host: string;
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go; may be set later (the API starts after this service). */
  webhookUrl?: string;
  /** Saved objects; memory only when omitted. */
  stateFile?: string;
  retryDelaysMs?: number[];
  /** How webhooks are delivered; orderly (one at a time, in order, once) when omitted. */
  webhookBehaviour?: WebhookBehaviour;
  /** The clock the stand-in starts from, in ms since the epoch (the admin clock moves ahead of it). */
  now?: () => number;
  log?: (line: string) => void;
}

export interface StripeStandIn {
  url: string;
  /** `headers`: what the front door adds on the way (CloudFront's origin-verify header in AWS). */
  setWebhookUrl(url: string, headers?: Record<string, string>): void;
  webhooks: WebhookSender;
  stop(): Promise<void>;
}

const MAX_BODY = 64 * 1024;

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  let webhookUrl = options.webhookUrl ?? null;
  let webhookHeaders: Record<string, string> = {};
  let baseUrl = '';
  let clockOffsetSeconds = 0;
  let latencyMs = 0;
  const now = () => Math.floor((options.now?.() ?? Date.now()) / 1000) + clockOffsetSeconds;
  const store = new StripeStore(options.stateFile);
  await store.load(options.log);
  const webhooks = new WebhookSender({
    endpoint: () => webhookUrl,
    endpointHeaders: () => webhookHeaders,
    secret: options.webhookSecret,
    retryDelaysMs: options.retryDelaysMs,
    behaviour: options.webhookBehaviour,
    now,
    log: options.log,
  });
  const deps: BillingDeps = { store, webhooks, baseUrl: () => baseUrl, now };
  const api = new StripeApi(deps, options.secretKey, () => latencyMs);

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof BodyTooLargeError)
        return sendJson(res, 413, { error: { type: 'invalid_request_error', message: error.message } });
      if (error instanceof StripeApiError) return sendJson(res, error.status, { error: error.body });
      options.log?.(`stripe: ${String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const method = req.method ?? 'GET';
    const body = method === 'GET' ? '' : (await readBody(req, MAX_BODY)).toString('utf8');
    const path = url.pathname;

    if (path.startsWith('/v1/')) {
      const rawParams = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : body;
      const reply = await api.handle({
        method,
        path,
        params: parseStripeForm(rawParams),
        rawParams,
        authorization: req.headers.authorization,
        idempotencyKey: header(req, 'idempotency-key'),
      });
      return sendJson(res, reply.status, reply.body, {
        'request-id': stripeId('req'),
        'stripe-version': STRIPE_API_VERSION,
        // Stripe echoes the key (stripe-node reads it into lastResponse.idempotencyKey; stripe/stripe-mock#77) and
        // marks a saved reply sent again (docs.stripe.com/error-low-level#sending-idempotency-keys).
        ...(method === 'POST' && req.headers['idempotency-key']
          ? { 'idempotency-key': header(req, 'idempotency-key')! }
          : {}),
        ...(reply.replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
    }

    const checkout = /^\/c\/pay\/([\w]+)$/.exec(path);
    if (checkout) return checkoutRoute(checkout[1]!, method, body, res);
    const portal = /^\/p\/session\/([\w]+)$/.exec(path);
    if (portal) return portalRoute(portal[1]!, method, body, res);

    if (path.startsWith('/__admin/')) {
      const handled = await adminRoute(
        { deps, now, setLatency: (ms) => (latencyMs = ms), advanceClock: (s) => (clockOffsetSeconds += s) },
        method,
        path,
        body,
        res,
      );
      if (handled) return;
    }
    if (method === 'GET' && path === '/') return sendJson(res, 200, summary(store));
    sendJson(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
    });
  }

  async function checkoutRoute(id: string, method: string, body: string, res: ServerResponse): Promise<void> {
    const session = findSession(deps, id);
    const price = store.prices.find((p) => p.id === session.line_items_price)!;
    if (session.status !== 'open') return sendHtml(res, 200, checkoutClosedPage(session));
    if (method === 'GET') return sendHtml(res, 200, checkoutPage(session, price));
    const form = new URLSearchParams(body);
    const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(form.get('expiry') ?? '');
    const expired =
      !expiry ||
      Number(expiry[1]) < 1 ||
      Number(expiry[1]) > 12 ||
      new Date(Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1)) < new Date();
    if (expired)
      return sendHtml(
        res,
        402,
        checkoutPage(session, price, "Your card's expiration date is incomplete or in the past."),
      );
    if (!/^\d{3,4}$/.test(form.get('cvc') ?? ''))
      return sendHtml(res, 402, checkoutPage(session, price, "Your card's security code is incomplete."));
    const outcome = await payCheckoutSession(deps, session, {
      number: form.get('card_number') ?? '',
      email: form.get('email') ?? '',
    });
    if (outcome !== 'succeeded') return sendHtml(res, 402, checkoutPage(session, price, declineMessages[outcome]));
    res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
    res.end();
  }

  async function portalRoute(id: string, method: string, body: string, res: ServerResponse): Promise<void> {
    const session = store.portalSessions[id];
    if (!session)
      return sendHtml(res, 404, '<!doctype html><title>Not found</title><p>This portal link is not valid.</p>');
    const notice = method === 'POST' ? await portalAction(deps, session, body) : undefined;
    if (notice === FORBIDDEN) return sendHtml(res, 403, '<p>Not your subscription.</p>');
    sendHtml(res, 200, portalPage(session, customerSubscriptions(deps, session.customer), notice));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${options.host}:${port}`;
  return {
    url: baseUrl,
    webhooks,
    setWebhookUrl: (url, headers = {}) => {
      webhookUrl = url;
      webhookHeaders = headers;
    },
    stop: async () => {
      webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.save();
    },
  };
}

const FORBIDDEN = Symbol('forbidden');

/** What a person did on the portal page: cancel or renew, change the card on file, or run a renewal now. */
async function portalAction(
  deps: BillingDeps,
  session: PortalSession,
  body: string,
): Promise<string | typeof FORBIDDEN | undefined> {
  const form = new URLSearchParams(body);
  const action = form.get('action');
  if (action === 'update-card') {
    const outcome = cardOutcome(form.get('card_number') ?? '', 'attach');
    if (outcome !== 'succeeded') return declineMessages[outcome];
    const customer = findCustomer(deps, session.customer);
    const method = savePaymentMethod(deps.store, form.get('card_number')!, customer.id, deps.now());
    customer.invoice_settings.default_payment_method = method.id;
    await deps.store.save();
    return `Your card ending in ${method.card.last4} is now the card on file.`;
  }
  const subscription = findSubscription(deps, form.get('subscription') ?? '');
  if (subscription.customer !== session.customer) return FORBIDDEN;
  if (action === 'cancel' || action === 'renew') {
    await setCancelAtPeriodEnd(deps, subscription, action === 'cancel');
    return action === 'cancel' ? 'Your plan will be canceled at the end of the period.' : 'Your plan will renew.';
  }
  if (action === 'renewal-succeeds' || action === 'renewal-fails') {
    await endPeriod(deps, subscription, action === 'renewal-fails' ? 'fails' : 'succeeds');
    return action === 'renewal-fails' ? 'The renewal payment failed.' : 'The plan renewed.';
  }
  if (action === 'renewal-card') {
    await endPeriod(deps, subscription, 'card');
    return subscription.status === 'past_due' ? 'The renewal payment failed.' : 'The plan renewed.';
  }
  return undefined;
}

interface AdminContext {
  deps: BillingDeps;
  now: () => number;
  setLatency: (ms: number) => void;
  advanceClock: (seconds: number) => void;
}

/** The test switches (see the module comment); false when `path` is none of them. */
async function adminRoute(
  context: AdminContext,
  method: string,
  path: string,
  body: string,
  res: ServerResponse,
): Promise<boolean> {
  const { webhooks } = context.deps;
  const answer = (status: number, value: unknown) => {
    sendJson(res, status, value);
    return true;
  };
  if (method === 'GET' && path === '/__admin/webhooks')
    return answer(200, { behaviour: webhooks.currentBehaviour, deliveries: webhooks.deliveries });
  if (method === 'PUT' && path === '/__admin/webhooks/behaviour') {
    const behaviour = WebhookBehaviourSchema.safeParse(safeJson(body));
    if (!behaviour.success) return answer(400, { error: { message: behaviour.error.message } });
    webhooks.setBehaviour(behaviour.data);
    return answer(200, { behaviour: behaviour.data });
  }
  if (method === 'POST' && path === '/__admin/clock') {
    const advance = safeJson(body).advanceSeconds;
    if (typeof advance !== 'number' || !Number.isInteger(advance) || advance < 0)
      return answer(400, { error: { message: 'advanceSeconds must be a whole number of seconds ≥ 0' } });
    context.advanceClock(advance);
    return answer(200, { now: context.now() });
  }
  if (method === 'PUT' && path === '/__admin/latency') {
    const ms = safeJson(body).ms;
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > 10_000)
      return answer(400, { error: { message: 'ms must be a whole number from 0 to 10000' } });
    context.setLatency(ms);
    return answer(200, { ms });
  }
  const endPeriodPath = /^\/__admin\/subscriptions\/([\w]+)\/end-period$/.exec(path);
  if (method === 'POST' && endPeriodPath) {
    const subscription = findSubscription(context.deps, endPeriodPath[1]!);
    const asked = safeJson(body).renewal;
    const renewal = asked === 'fails' || asked === 'succeeds' ? asked : 'card';
    await endPeriod(context.deps, subscription, renewal);
    return answer(200, subscription);
  }
  return false;
}

function summary(store: StripeStore) {
  return {
    service: 'Adsmith twin: Stripe stand-in',
    customers: Object.values(store.customers).length,
    subscriptions: Object.values(store.subscriptions).map((s) => ({
      id: s.id,
      status: s.status,
      customer: s.customer,
    })),
    webhooks: '/__admin/webhooks',
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function safeJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
