import { createHmac } from 'node:crypto';
import { STRIPE_API_VERSION, nowSeconds, stripeId } from './stripe-store';

/**
 * Sends events to the product's webhook endpoint exactly as Stripe does: a JSON
 * event, signed in the `Stripe-Signature` header (`t=<unix>,v1=<hex HMAC-SHA256
 * of "t.body" keyed by the whole whsec_ secret>`), retried on anything but 2xx.
 * Stripe retries for days; locally the waits are short so people see results.
 */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  type: string;
  request: { id: null; idempotency_key: null };
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
}

export interface Delivery {
  eventId: string;
  type: string;
  attempts: number;
  lastStatus: number | null;
  delivered: boolean;
  at: string;
}

export function stripeEvent(type: string, object: unknown, previous?: Record<string, unknown>): StripeEvent {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    type,
    request: { id: null, idempotency_key: null },
    data: { object, ...(previous ? { previous_attributes: previous } : {}) },
  };
}

export function signatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookSenderOptions {
  /** Where events go; null until the product's API is known (events are then only recorded). */
  endpoint: () => string | null;
  /** Headers the path to the endpoint adds (locally: CloudFront's origin-verify header, which the twin stands in for). */
  endpointHeaders?: () => Record<string, string>;
  secret: string;
  /** Waits between attempts, in ms. */
  retryDelaysMs?: number[];
  log?: (line: string) => void;
}

export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private readonly pending = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: WebhookSenderOptions) {}

  /** Sends in the background; resolves when the event was accepted or the retries ran out. */
  send(event: StripeEvent): Promise<void> {
    const delivery: Delivery = {
      eventId: event.id,
      type: event.type,
      attempts: 0,
      lastStatus: null,
      delivered: false,
      at: new Date().toISOString(),
    };
    this.deliveries.unshift(delivery);
    this.deliveries.splice(200);
    const run = this.deliver(event, delivery);
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return run;
  }

  /** Waits for every delivery in flight (tests, shutdown). */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  /** Stops retrying: a stopped twin must not keep the process alive for a retry timer. */
  close(): void {
    this.closed = true;
  }

  private async deliver(event: StripeEvent, delivery: Delivery): Promise<void> {
    const delays = this.options.retryDelaysMs ?? [1_000, 5_000, 20_000];
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 0; attempt <= delays.length; attempt++) {
      const endpoint = this.options.endpoint();
      if (!endpoint || this.closed) return;
      delivery.attempts = attempt + 1;
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signatureHeader(payload, this.options.secret),
            ...this.options.endpointHeaders?.(),
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        delivery.lastStatus = response.status;
        await response.arrayBuffer();
        if (response.ok) {
          delivery.delivered = true;
          return;
        }
      } catch {
        delivery.lastStatus = null;
      }
      const wait = delays[attempt];
      if (wait === undefined) break;
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
    }
    this.options.log?.(`stripe: ${event.type} ${event.id} was not accepted after ${delivery.attempts} attempts`);
  }
}
