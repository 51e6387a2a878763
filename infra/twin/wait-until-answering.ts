/** How long a service the twin started may take to answer before start-up gives up (busy machines are slow). */
export const ANSWER_TIMEOUT_MS = 60_000;

export interface WaitOptions {
  timeoutMs?: number;
  /** First pause between tries; it doubles up to a second. */
  firstPauseMs?: number;
}

/**
 * Runs `probe` until it succeeds: a process saying it listens, or a port being bound,
 * is not yet a service answering requests (on a loaded machine the first call can still
 * be refused). Gives up after the timeout with the last error, naming the service.
 */
export async function waitUntilAnswering<T>(
  service: string,
  url: string,
  probe: () => Promise<T>,
  options: WaitOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? ANSWER_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  let pause = options.firstPauseMs ?? 25;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() + pause > deadline) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${service} at ${url} did not answer within ${timeoutMs / 1000} s: ${reason}`, {
          cause: error,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 1000);
    }
  }
}
