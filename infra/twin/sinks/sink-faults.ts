import * as z from 'zod';

/**
 * A sink's fault switch: for `forMs`, every post is answered with `status`
 * (429 carries Retry-After). `POST <sink>/__admin/faults {"status":429,"forMs":20000}`;
 * `DELETE <sink>/__admin/faults` ends it. `count` limits it to the next N posts instead
 * (e.g. a single 500), and `forMs` absent with no count means "until cleared".
 */
export const FaultRequestSchema = z
  .object({
    status: z.union([
      z.literal(400),
      z.literal(403),
      z.literal(404),
      z.literal(410),
      z.literal(429),
      z.literal(500),
      z.literal(503),
    ]),
    forMs: z.number().int().positive().max(3_600_000).optional(),
    count: z.number().int().positive().max(100_000).optional(),
    /** Retry-After seconds on 429; default: the seconds left in the fault window (at least 1). */
    retryAfterSeconds: z.number().int().min(0).max(3600).optional(),
  })
  .strict();
export type FaultRequest = z.infer<typeof FaultRequestSchema>;

export interface ActiveFault {
  status: number;
  until: number | null;
  remaining: number | null;
  retryAfterSeconds?: number;
}

export class FaultSwitch {
  #fault: ActiveFault | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  set(request: FaultRequest): ActiveFault {
    this.#fault = {
      status: request.status,
      until: request.forMs ? this.now() + request.forMs : null,
      remaining: request.count ?? null,
      retryAfterSeconds: request.retryAfterSeconds,
    };
    return this.#fault;
  }

  clear(): void {
    this.#fault = null;
  }

  /** The fault that applies to this post (consuming one of `count`), or null. */
  take(): { status: number; retryAfterSeconds: number } | null {
    const fault = this.#fault;
    if (!fault) return null;
    if (fault.until !== null && this.now() >= fault.until) {
      this.#fault = null;
      return null;
    }
    if (fault.remaining !== null) {
      if (fault.remaining <= 0) {
        this.#fault = null;
        return null;
      }
      fault.remaining -= 1;
    }
    const left = fault.until !== null ? Math.ceil((fault.until - this.now()) / 1000) : 1;
    return { status: fault.status, retryAfterSeconds: fault.retryAfterSeconds ?? Math.max(1, left) };
  }

  describe(): ActiveFault | null {
    if (this.#fault?.until !== undefined && this.#fault.until !== null && this.now() >= this.#fault.until)
      this.#fault = null;
    return this.#fault;
  }
}
