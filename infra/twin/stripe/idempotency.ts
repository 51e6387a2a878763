import { createHash } from 'node:crypto';
import { StripeApiError } from './stripe-error';

/**
 * Stripe's idempotent requests, as docs.stripe.com/api/idempotent_requests and
 * docs.stripe.com/error-low-level#sending-idempotency-keys describe them:
 * - the status and body of the first request are saved once the endpoint starts executing, whether it succeeded or
 *   failed; a retry with the same key and the same parameters gets that saved reply, marked `Idempotent-Replayed:
 *   true` (the header stripe-ruby exposed as `idempotent_replayed?`, stripe/stripe-ruby#905 and #1553);
 * - the same key with another endpoint or other parameters is an `idempotency_error` (400; stripe-node's
 *   generateV1Error maps it to StripeIdempotencyError);
 * - a key whose first request is still running answers 409 `idempotency_key_in_use` (Stripe's error-codes list;
 *   stripe-node maps a 409 to StripeAPIError and retries it);
 * - nothing is saved when parameters fail validation or the request collided with a concurrent one;
 * - keys are pruned once at least 24 hours old, after which the key is a new request. The stand-in prunes at exactly
 *   24 hours of its own clock, so tests can move past it.
 * Only POST requests take part: keys on GET and DELETE have no effect.
 */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 3600;

export interface SavedReply {
  status: number;
  body: unknown;
}

type Entry =
  | { state: 'running'; fingerprint: string; startedAt: number }
  | { state: 'done'; fingerprint: string; startedAt: number; reply: SavedReply };

export type Begin = { kind: 'new' } | { kind: 'replay'; reply: SavedReply };

export class IdempotencyKeys {
  private readonly entries = new Map<string, Entry>();

  /** `now`: the stand-in's clock, in Unix seconds. */
  constructor(private readonly now: () => number) {}

  static fingerprint(method: string, path: string, rawParams: string): string {
    return createHash('sha256').update(`${method} ${path}\n${rawParams}`).digest('hex');
  }

  /** Claims `key` for a request, or answers with the saved reply or Stripe's refusal. */
  begin(key: string, fingerprint: string): Begin {
    this.prune();
    const entry = this.entries.get(key);
    if (!entry) {
      this.entries.set(key, { state: 'running', fingerprint, startedAt: this.now() });
      return { kind: 'new' };
    }
    if (entry.fingerprint !== fingerprint) {
      throw new StripeApiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (entry.state === 'running') {
      // Wording as Stripe answers it (quoted in agentifact.com's write-up of idempotency_key_in_use).
      throw new StripeApiError(409, {
        type: 'invalid_request_error',
        code: 'idempotency_key_in_use',
        message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
      });
    }
    return { kind: 'replay', reply: entry.reply };
  }

  /** Saves the reply of a request that ran; `save: false` (validation failed) frees the key. */
  finish(key: string, reply: SavedReply, save: boolean): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    if (!save) this.entries.delete(key);
    else this.entries.set(key, { state: 'done', fingerprint: entry.fingerprint, startedAt: entry.startedAt, reply });
  }

  private prune(): void {
    const oldest = this.now() - IDEMPOTENCY_KEY_TTL_SECONDS;
    for (const [key, entry] of this.entries) {
      if (entry.state === 'done' && entry.startedAt <= oldest) this.entries.delete(key);
    }
  }
}

/**
 * Whether Stripe saves a reply for its key: every reply of an endpoint that started executing. A 400
 * `invalid_request_error` is the request failing validation (nothing saved, the same key may be retried with fixed
 * parameters); 401 is refused before any endpoint runs.
 */
export function savedForKey(reply: SavedReply): boolean {
  if (reply.status === 401) return false;
  const type = (reply.body as { error?: { type?: string } } | null)?.error?.type;
  return !(reply.status === 400 && type === 'invalid_request_error');
}
