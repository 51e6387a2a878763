import type { OptimizerReadJob } from '@shared/schemas/optimizer';
import { AppError } from '../lib/errors';
import type { MetaSession } from '../lib/meta-session/session';
import { readAccount } from '../lib/optimizer/account-read';
import { endRead } from '../lib/optimizer/recommendation-run';
import type { RecommendationStore } from '../lib/optimizer/recommendation-store';

export interface ReadJobDeps {
  store: RecommendationStore;
  /** The user's Meta session, and the Graph calls it has made so far. */
  open: (userId: string) => Promise<{ session: MetaSession; graphCalls: () => number }>;
  remainingMs: () => number;
  now: () => Date;
  log: (level: 'info' | 'warn', message: string, facts: Record<string, unknown>) => void;
}

/** What the screen says of a failed read: our own errors say what to do (reconnect Meta…); anything else is Meta's. */
export function readFailureMessage(error: unknown): string {
  return error instanceof AppError ? error.message : 'Meta could not be read just now.';
}

/**
 * One queued read of an ad account: the account read, its proposals and run stored, the lease ended. A read that
 * fails is recorded on the run item (the last figures stay, the screen says so) and not retried: the marketer's
 * next visit after a minute, or Refresh, starts another.
 */
export async function runReadJob(job: OptimizerReadJob, deps: ReadJobDeps): Promise<void> {
  const started = Date.now();
  try {
    const { session, graphCalls } = await deps.open(job.userId);
    const run = await readAccount(session, job.adAccountId, {
      store: deps.store,
      remainingMs: deps.remainingMs,
      graphCalls,
      leaseId: job.leaseId,
    });
    deps.log('info', 'optimizer read done', {
      adAccountId: job.adAccountId,
      graphCalls: run.graphCalls,
      proposals: run.openIds.length,
      partial: run.partial,
      ms: Date.now() - started,
    });
  } catch (error) {
    deps.log('warn', 'optimizer read failed', { adAccountId: job.adAccountId, error: String(error) });
    await endRead(deps.store, job.userId, job.adAccountId, job.leaseId, {
      at: deps.now().toISOString(),
      message: readFailureMessage(error),
    });
  }
}
