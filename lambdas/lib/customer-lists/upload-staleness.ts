import { functionDeclaration } from '@shared/functions';
import type { CustomerListUploadProgress } from '@shared/schemas/audiences';

/**
 * When a large customer list's worker died (issue 30): Lambda stops a function at its timeout (or when it runs out
 * of memory) without running any `catch` or `finally`, so a killed customer-list-worker can never write "failed"
 * itself, and its SQS message (received once: maxReceiveCount 1) is not handed out again. What AWS does guarantee is
 * that no invocation outlives the function's timeout, and the worker writes the upload's progress (`updatedAt`, its
 * heartbeat) when it starts and as it goes, always from inside an invocation. So a "running" upload whose progress
 * is older than the worker's timeout plus a margin (the queue's visibility timeout, as
 * infra/cdk/lib/constructs/job-queues.ts sets it) has no worker left: whoever reads it treats it as failed
 * (customer-list-async.ts then records the failure, deletes the file and a half-made audience).
 */
const WORKER_TIMEOUT_SECONDS = functionDeclaration('customer-list-worker').timeoutSeconds ?? 900;
/** The margin CDK adds to the consumer's timeout for the queue's visibility timeout. */
const MARGIN_SECONDS = 60;
export const WORKER_SILENCE_LIMIT_MS = (WORKER_TIMEOUT_SECONDS + MARGIN_SECONDS) * 1000;

export const STOPPED_UPLOAD_ERROR = {
  code: 'UPLOAD_STOPPED',
  message: 'The upload stopped before it finished; upload the file again.',
} as const;

/** Whether a progress says "running" although no worker can still be running it. */
export function workerStopped(progress: CustomerListUploadProgress, now: Date): boolean {
  if (progress.state !== 'running') return false;
  const heartbeat = Date.parse(progress.updatedAt);
  // A heartbeat that cannot be read is as silent as an old one.
  return !Number.isFinite(heartbeat) || now.getTime() - heartbeat > WORKER_SILENCE_LIMIT_MS;
}
