import { createHmac, randomInt } from 'node:crypto';
import * as z from 'zod';
import { STRIPE_API_VERSION, stripeId } from './stripe-store';

/**
 * Sends events to the product's webhook endpoint as Stripe does (docs.stripe.com/webhooks):
 * - a JSON event signed in the `Stripe-Signature` header (`t=<unix>,v1=<hex HMAC-SHA256 of "t.body" keyed by the
 *   whole whsec_ secret>`, stripe-node's Webhooks.ts);
 * - asynchronously, after the API call that caused it has answered;
 * - in no guaranteed order ("Stripe doesn't guarantee the delivery of events in the order that they're generated")
 *   and sometimes more than once ("webhook endpoints might occasionally receive the same event more than once");
 * - retried with exponential backoff on anything but 2xx — for up to three days in live mode; the twin scales the
 *   waits down to seconds so people see the outcome.
 * The behaviour switches (`order`, `duplicates`, `delayMs`) let tests make the disorder certain instead of likely.
 */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  type: string;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
}

export interface Delivery {
  eventId: string;
  type: string;
  /** A second delivery of an event already sent, as Stripe sometimes makes. */
  duplicate: boolean;
  attempts: number;
  lastStatus: number | null;
  delivered: boolean;
  at: string;
}

export function stripeEvent(
  type: string,
  object: unknown,
  created: number,
  previous?: Record<string, unknown>,
): StripeEvent {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    type,
    request: { id: null, idempotency_key: null },
    // A snapshot: the event shows the object as it was when the event was made, even if it changes before delivery.
    data: structuredClone({ object, ...(previous ? { previous_attributes: previous } : {}) }),
  };
}

export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export const WebhookBehaviourSchema = z
  .object({
    /** `as-sent`: one at a time in the order made; `reversed`: one at a time, last first; `shuffled`: at once, any order. */
    order: z.enum(['as-sent', 'reversed', 'shuffled']),
    /** The share of events delivered a second time (0 never, 1 always). */
    duplicates: z.number().min(0).max(1),
    /** Each delivery waits a random time in this range (ms) before its first attempt. */
    delayMs: z.tuple([z.number().int().min(0).max(60_000), z.number().int().min(0).max(60_000)]),
  })
  .strict()
  .refine((b) => b.delayMs[0] <= b.delayMs[1], { message: 'delayMs must be [min, max]', path: ['delayMs'] });
export type WebhookBehaviour = z.infer<typeof WebhookBehaviourSchema>;

/** Predictable: what unit tests of the stand-in start with. */
export const ORDERLY_WEBHOOKS: WebhookBehaviour = { order: 'as-sent', duplicates: 0, delayMs: [0, 0] };
/** What the twin does unless told otherwise: Stripe's disorder, made frequent enough to be met in daily use. */
export const STRIPE_LIKE_WEBHOOKS: WebhookBehaviour = { order: 'shuffled', duplicates: 0.1, delayMs: [20, 400] };

/** Stripe's backoff, scaled from hours to seconds: 1 s, 2 s, 4 s … about four minutes in all. */
export const DEFAULT_RETRY_DELAYS_MS = [1, 2, 4, 8, 16, 32, 64, 128].map((s) => s * 1000);

export interface WebhookSenderOptions {
  /** Where events go; null until the product's API is known (events are then only recorded). */
  endpoint: () => string | null;
  /** Headers the path to the endpoint adds (locally: CloudFront's origin-verify header, which the twin stands in for). */
  endpointHeaders?: () => Record<string, string>;
  secret: string;
  /** Waits between attempts, in ms. */
  retryDelaysMs?: number[];
  behaviour?: WebhookBehaviour;
  /** The signature timestamp: the stand-in's clock, in Unix seconds. */
  now: () => number;
  log?: (line: string) => void;
}

export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private behaviour: WebhookBehaviour;
  private readonly pending = new Set<Promise<void>>();
  private batch: StripeEvent[] = [];
  /** In the one-at-a-time orders, each delivery starts after the previous one's first attempt. */
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: WebhookSenderOptions) {
    this.behaviour = options.behaviour ?? ORDERLY_WEBHOOKS;
  }

  get currentBehaviour(): WebhookBehaviour {
    return this.behaviour;
  }

  setBehaviour(behaviour: WebhookBehaviour): void {
    this.behaviour = behaviour;
  }

  /**
   * Queues an event; it leaves after the current API call has answered. Events made together (one API call) are
   * one batch, which the `order` switch arranges.
   */
  send(event: StripeEvent): void {
    this.batch.push(event);
    if (this.batch.length > 1) return;
    const flushed = new Promise<void>((resolve) =>
      setImmediate(() => {
        this.flush();
        resolve();
      }),
    );
    this.track(flushed);
  }

  /** Waits until every queued event was accepted or its retries ran out (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Stops retrying: a stopped twin must not keep the process alive for a retry timer. */
  close(): void {
    this.closed = true;
  }

  private flush(): void {
    const events = this.batch;
    this.batch = [];
    const { order, duplicates } = this.behaviour;
    const arranged = order === 'reversed' ? [...events].reverse() : order === 'shuffled' ? shuffle(events) : events;
    const copies = arranged.flatMap((event) => {
      const twice = duplicates >= 1 || (duplicates > 0 && Math.random() < duplicates);
      return twice
        ? [
            { event, duplicate: false },
            { event, duplicate: true },
          ]
        : [{ event, duplicate: false }];
    });
    const ordered = order === 'shuffled' ? shuffle(copies) : copies;
    for (const copy of ordered) this.schedule(copy.event, copy.duplicate);
  }

  private schedule(event: StripeEvent, duplicate: boolean): void {
    const delivery: Delivery = {
      eventId: event.id,
      type: event.type,
      duplicate,
      attempts: 0,
      lastStatus: null,
      delivered: false,
      at: new Date().toISOString(),
    };
    this.deliveries.unshift(delivery);
    this.deliveries.splice(200);
    const [min, max] = this.behaviour.delayMs;
    const wait = () => (max > 0 ? sleep(min === max ? min : randomInt(min, max + 1)) : Promise.resolve());
    if (this.behaviour.order === 'shuffled') {
      this.track(wait().then(() => this.deliver(event, delivery)));
      return;
    }
    let firstAttempt!: () => void;
    const started = new Promise<void>((resolve) => (firstAttempt = resolve));
    const previous = this.chain;
    this.chain = started;
    this.track(
      previous
        .then(wait)
        .then(() => this.deliver(event, delivery, firstAttempt))
        .finally(firstAttempt),
    );
  }

  private track(run: Promise<void>): void {
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  private async deliver(event: StripeEvent, delivery: Delivery, afterFirstAttempt?: () => void): Promise<void> {
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
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
            'stripe-signature': signatureHeader(payload, this.options.secret, this.options.now()),
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
      } finally {
        afterFirstAttempt?.();
      }
      const wait = delays[attempt];
      if (wait === undefined) break;
      await sleep(wait);
    }
    this.options.log?.(`stripe: ${event.type} ${event.id} was not accepted after ${delivery.attempts} attempts`);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

function shuffle<T>(items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}
