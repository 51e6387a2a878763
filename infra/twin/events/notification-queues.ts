import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { SlackClickMode } from '@shared/slack-clicks';
import type { SQSBatchResponse } from 'aws-lambda';
import type { EventTarget } from '@shared/events';
import { queues, type QueueKey } from '@shared/queues';
import type { FunctionRunner } from '../function-runner';
import { LocalQueue } from './local-queue';

/**
 * Timings a test may scale down to replay a long outage in seconds. Production
 * numbers come from the queues table and the forwarders' defaults; `npm run bench`
 * runs the reliability scenario at full length with none of these set.
 */
export interface NotificationTuning {
  visibilityTimeoutMs?: number;
  batchingWindowMs?: number;
  /** Slack's 1 post/s becomes this spacing between posts. */
  minPostIntervalMs?: number;
  serverErrorBackoffMs?: number;
  /** Where clicks go (shared/slack-clicks.ts); unset keeps the product's default, counted not posted. */
  slackClicks?: SlackClickMode;
}

/**
 * The twin's SQS queues of the queues table, each drained by its forwarder through the runner. With a `stateDir`
 * each queue is kept in `<stateDir>/event-queues/<name>.json` and what a previous twin left is delivered again.
 */
export async function startNotificationQueues(inputs: {
  region: string;
  runner: FunctionRunner;
  tuning?: NotificationTuning;
  stateDir?: string;
  log?: (line: string) => void;
}): Promise<Record<EventTarget, LocalQueue>> {
  const started = {} as Record<EventTarget, LocalQueue>;
  if (inputs.stateDir) await mkdir(path.join(inputs.stateDir, EVENT_QUEUES_DIR), { recursive: true, mode: 0o700 });
  for (const key of Object.keys(queues) as QueueKey[]) {
    const declaration = queues[key];
    const queue = new LocalQueue(declaration, {
      region: inputs.region,
      invoke: async (event) => (await inputs.runner.invoke(declaration.consumer, event)) as SQSBatchResponse | void,
      visibilityTimeoutMs: inputs.tuning?.visibilityTimeoutMs,
      batchingWindowMs: inputs.tuning?.batchingWindowMs,
      log: inputs.log ?? ((line) => console.warn(line)),
      ...(inputs.stateDir && { stateFile: path.join(inputs.stateDir, EVENT_QUEUES_DIR, `${declaration.name}.json`) }),
    });
    await queue.restore();
    queue.start();
    started[declaration.target] = queue;
  }
  return started;
}

/** The folder of the state dir holding the notification queues. */
export const EVENT_QUEUES_DIR = 'event-queues';

/** The forwarders' tunables as the environment variables they read. */
export function notificationEnvironment(tuning: NotificationTuning = {}): Record<string, string> {
  const env: Record<string, string> = {};
  if (tuning.minPostIntervalMs !== undefined) env.NOTIFY_MIN_POST_INTERVAL_MS = String(tuning.minPostIntervalMs);
  if (tuning.serverErrorBackoffMs !== undefined)
    env.NOTIFY_SERVER_ERROR_BACKOFF_MS = String(tuning.serverErrorBackoffMs);
  return env;
}
