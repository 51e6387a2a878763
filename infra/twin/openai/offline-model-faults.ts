import * as z from 'zod';

/**
 * Switches that make the offline model fail on purpose, for tests of the
 * engine's retry and validation paths. Each count is how many of the next
 * chat completions fail that way (a large number keeps failing).
 */
export const OfflineModelFaultsSchema = z
  .object({
    /** 429 rate_limit_exceeded, with `retry-after`. */
    rateLimit: z.number().int().min(0).max(1_000_000).optional(),
    /** 500 server_error. */
    serverError: z.number().int().min(0).max(1_000_000).optional(),
    /** 200 whose message content is not valid JSON (cut off mid-object). */
    invalidJson: z.number().int().min(0).max(1_000_000).optional(),
    /** 200 with valid JSON that does not match the requested schema. */
    schemaMismatch: z.number().int().min(0).max(1_000_000).optional(),
    /** Seconds the 429 asks the client to wait. */
    retryAfterSeconds: z.number().min(0).max(120).optional(),
    /** Added before every answer. */
    latencyMs: z.number().int().min(0).max(60_000).optional(),
  })
  .strict();
export type OfflineModelFaults = z.infer<typeof OfflineModelFaultsSchema>;

export type FaultKind = 'rateLimit' | 'serverError' | 'invalidJson' | 'schemaMismatch';

export class OfflineModelFaultSwitches {
  #state: Required<OfflineModelFaults> = {
    rateLimit: 0,
    serverError: 0,
    invalidJson: 0,
    schemaMismatch: 0,
    retryAfterSeconds: 1,
    latencyMs: 0,
  };

  set(settings: OfflineModelFaults): void {
    const parsed = OfflineModelFaultsSchema.parse(settings);
    for (const [key, value] of Object.entries(parsed))
      if (value !== undefined) Object.assign(this.#state, { [key]: value });
  }

  reset(): void {
    this.#state = {
      rateLimit: 0,
      serverError: 0,
      invalidJson: 0,
      schemaMismatch: 0,
      retryAfterSeconds: 1,
      latencyMs: 0,
    };
  }

  snapshot(): Required<OfflineModelFaults> {
    return { ...this.#state };
  }

  /** The fault the next completion suffers (consuming one), transport faults first. */
  take(): FaultKind | null {
    for (const kind of ['rateLimit', 'serverError', 'invalidJson', 'schemaMismatch'] as const) {
      if (this.#state[kind] > 0) {
        this.#state[kind]--;
        return kind;
      }
    }
    return null;
  }

  get retryAfterSeconds(): number {
    return this.#state.retryAfterSeconds;
  }

  get latencyMs(): number {
    return this.#state.latencyMs;
  }
}
