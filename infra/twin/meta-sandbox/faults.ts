import * as z from 'zod';

/**
 * Switches that make the sandbox misbehave on purpose, so clients' retry,
 * back-off and re-login paths can be tested. Set through `POST /__admin/faults`,
 * the `faults` object returned by startMetaSandbox, or META_SANDBOX_FAULTS.
 */

/** The ad-account edges objects are created on. */
export const WRITE_EDGES = ['campaigns', 'adsets', 'adimages', 'advideos', 'adcreatives', 'ads'] as const;
export type WriteEdge = (typeof WRITE_EDGES)[number];

export const FaultSettingsSchema = z
  .object({
    /** The next N Graph calls fail with a rate-limit error (80004 on ad-account calls, 17 otherwise). */
    rateLimit: z.number().int().min(0).max(1_000_000).optional(),
    /** Every access token issued so far expires at once (190/463); fresh logins work. */
    expireTokens: z.boolean().optional(),
    /** The next N Graph calls answer 500 with Meta's transient error (code 2). */
    serverError: z.number().int().min(0).max(1_000_000).optional(),
    /** Added to every Graph call until set back to 0. */
    latencyMs: z.number().int().min(0).max(60_000).optional(),
    /** Reject calls that lack appsecret_proof, like an app with "Require App Secret" on. */
    requireAppsecretProof: z.boolean().optional(),
    /** The next N synchronous insights reads answer code 1 "Please reduce the amount of data…". */
    reduceData: z.number().int().min(0).max(1_000_000).optional(),
    /** The next N asynchronous report runs end in "Job Failed". */
    asyncJobFail: z.number().int().min(0).max(1_000_000).optional(),
    /**
     * Once the next write (a POST to an object) succeeds, the N Graph calls after it answer 500
     * (code 2): Meta applied the change, and then stopped answering the caller's read-back.
     */
    serverErrorAfterWrite: z.number().int().min(0).max(1_000_000).optional(),
    /** The next create on this edge of an ad account fails with Meta's error (rollback tests); null clears it. */
    failWrite: z.enum(WRITE_EDGES).nullable().optional(),
  })
  .strict();

export type FaultSettings = z.infer<typeof FaultSettingsSchema>;

export class FaultSwitches {
  rateLimit = 0;
  serverError = 0;
  latencyMs = 0;
  requireAppsecretProof = false;
  reduceData = 0;
  asyncJobFail = 0;
  serverErrorAfterWrite = 0;
  failWrite: WriteEdge | null = null;

  constructor(private readonly onExpireTokens: () => void) {}

  /** Applies a partial setting (validated); fields left out keep their value. */
  set(settings: FaultSettings): void {
    const parsed = FaultSettingsSchema.parse(settings);
    if (parsed.rateLimit !== undefined) this.rateLimit = parsed.rateLimit;
    if (parsed.serverError !== undefined) this.serverError = parsed.serverError;
    if (parsed.latencyMs !== undefined) this.latencyMs = parsed.latencyMs;
    if (parsed.requireAppsecretProof !== undefined) this.requireAppsecretProof = parsed.requireAppsecretProof;
    if (parsed.reduceData !== undefined) this.reduceData = parsed.reduceData;
    if (parsed.asyncJobFail !== undefined) this.asyncJobFail = parsed.asyncJobFail;
    if (parsed.serverErrorAfterWrite !== undefined) this.serverErrorAfterWrite = parsed.serverErrorAfterWrite;
    if (parsed.failWrite !== undefined) this.failWrite = parsed.failWrite;
    if (parsed.expireTokens) this.onExpireTokens();
  }

  reset(): void {
    this.rateLimit = 0;
    this.serverError = 0;
    this.latencyMs = 0;
    this.requireAppsecretProof = false;
    this.reduceData = 0;
    this.asyncJobFail = 0;
    this.serverErrorAfterWrite = 0;
    this.failWrite = null;
  }

  snapshot(): Required<Omit<FaultSettings, 'expireTokens'>> {
    return {
      rateLimit: this.rateLimit,
      serverError: this.serverError,
      latencyMs: this.latencyMs,
      requireAppsecretProof: this.requireAppsecretProof,
      reduceData: this.reduceData,
      asyncJobFail: this.asyncJobFail,
      serverErrorAfterWrite: this.serverErrorAfterWrite,
      failWrite: this.failWrite,
    };
  }

  /** A write succeeded: arms the errors that were waiting for one. */
  wrote(): void {
    if (this.serverErrorAfterWrite <= 0) return;
    this.serverError += this.serverErrorAfterWrite;
    this.serverErrorAfterWrite = 0;
  }

  /** Consumes one pending server error, if any. */
  takeServerError(): boolean {
    if (this.serverError <= 0) return false;
    this.serverError -= 1;
    return true;
  }

  takeReduceData(): boolean {
    if (this.reduceData <= 0) return false;
    this.reduceData -= 1;
    return true;
  }

  /** Consumes one pending job failure, if any. */
  takeAsyncJobFail(): boolean {
    if (this.asyncJobFail <= 0) return false;
    this.asyncJobFail -= 1;
    return true;
  }

  /** Consumes the pending write failure when it is for this edge. */
  takeFailWrite(edge: string): boolean {
    if (this.failWrite !== edge) return false;
    this.failWrite = null;
    return true;
  }

  takeRateLimit(): boolean {
    if (this.rateLimit <= 0) return false;
    this.rateLimit -= 1;
    return true;
  }
}

/** Parses META_SANDBOX_FAULTS (JSON); fails loudly so a typo in the twin's env is seen at start. */
export function faultsFromEnv(raw: string | undefined): FaultSettings {
  if (!raw) return {};
  try {
    return FaultSettingsSchema.parse(JSON.parse(raw));
  } catch (error) {
    throw new Error(`META_SANDBOX_FAULTS is not valid: ${(error as Error).message}`);
  }
}
