/**
 * Spaces posts to one webhook: at most one per `minIntervalMs`, and none before
 * a 429's Retry-After has passed. It lives at module scope in the forwarder, and
 * the forwarder runs one invocation at a time (the queues table's maxConcurrency),
 * so it sees every post made to the webhook.
 */
export class PostPacer {
  #nextAt = 0;

  constructor(
    readonly minIntervalMs: number,
    private readonly clock: { now: () => number; sleep: (ms: number) => Promise<void> } = {
      now: () => Date.now(),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    },
  ) {}

  /** Milliseconds until the next post may go. */
  waitMs(): number {
    return Math.max(0, this.#nextAt - this.clock.now());
  }

  /** Waits for this post's turn and claims it; false (without waiting) if the turn comes after `deadline`. */
  async take(deadline: number): Promise<boolean> {
    const wait = this.waitMs();
    if (this.clock.now() + wait > deadline) return false;
    if (wait > 0) await this.clock.sleep(wait);
    this.#nextAt = this.clock.now() + this.minIntervalMs;
    return true;
  }

  /** Holds every post until `ms` from now (Retry-After, or a back-off after a 5xx). */
  holdFor(ms: number): void {
    this.#nextAt = Math.max(this.#nextAt, this.clock.now() + ms);
  }
}
