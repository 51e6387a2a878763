/**
 * The job queues table: work a request hands off to run later in another function (a fit that
 * takes longer than the HTTP API's 30 s). A producer declares `sendsJobs` in shared/functions.ts;
 * the consumer named here drains the queue. CDK builds queue, dead-letter queue and the event
 * source mapping from an entry; the twin's local SQS runs the same queue with the same numbers.
 */
export interface JobQueueDeclaration {
  /** Logical name, also the physical name's suffix. */
  name: string;
  /** The function (lambdas/<fn>) the queue invokes with its messages. */
  consumer: string;
  /** Messages per invocation. */
  batchSize: number;
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: number;
  /** Invocations at a time: bounds how many fits run at once (and what they cost). */
  maxConcurrency: number;
  /**
   * How long Lambda's event source gathers messages before invoking with fewer than `batchSize` (SQS's
   * MaximumBatchingWindowInSeconds, required above 10 messages a batch). The twin hands over what is waiting.
   * @default none (0)
   */
  batchingWindowSeconds?: number;
  /** Alarm when the oldest message has waited longer than this (minutes). @default no such alarm */
  oldestMessageAlarmMinutes?: number;
}

export const jobQueues = {
  /** Marketing-mix fits: one fit per invocation, a couple at a time. */
  mmmFits: {
    name: 'mmm-fits',
    consumer: 'marketing-mix-worker',
    batchSize: 1,
    maxReceiveCount: 3,
    maxConcurrency: 2,
  },
  /**
   * Automation rule runs, one message per user (the runner's fan-out, or "run now"), so one slow ad
   * account never holds the others back. A failed run is retried twice, then dead-lettered.
   */
  ruleRuns: {
    name: 'rule-runs',
    consumer: 'rules-evaluator',
    batchSize: 1,
    maxReceiveCount: 3,
    maxConcurrency: 4,
  },
  /**
   * Events the first-party Conversions API endpoint accepted, hashed, on their way to Meta: one message per accepted
   * request (up to 100 events). Up to 1,000 messages a batch, regrouped per pixel into Meta requests of at most 1,000
   * events. A Meta outage makes a batch fail and come back after the visibility timeout, eight times (about half an
   * hour) before the dead-letter queue keeps it for a redrive (an alarm says so).
   */
  signalDeliveries: {
    name: 'signal-deliveries',
    consumer: 'signals-delivery',
    batchSize: 1_000,
    batchingWindowSeconds: 5,
    oldestMessageAlarmMinutes: 15,
    maxReceiveCount: 8,
    maxConcurrency: 2,
  },
  /**
   * Large customer lists waiting in the customer-lists bucket (issue 30): one upload per invocation. Not retried: a
   * half-done upload is cleaned up (audience deleted, file deleted) and marked failed, so the person starts again.
   */
  customerLists: {
    name: 'customer-lists',
    consumer: 'customer-list-worker',
    batchSize: 1,
    maxReceiveCount: 1,
    maxConcurrency: 2,
  },
  /**
   * Video ads rendered from a design (issue 29 req 2): one render per invocation. A render that fails is marked
   * failed by the worker (not retried); a crash or timeout comes back once, and the third receive marks it failed.
   */
  videoRenders: {
    name: 'video-renders',
    consumer: 'graphics-video-worker',
    batchSize: 1,
    maxReceiveCount: 3,
    maxConcurrency: 2,
  },
  /**
   * Optimizer reads of Meta (issue 23 req 16): one ad account per invocation, queued by a request that found the last
   * read stale or was asked to refresh, so no request waits on Meta. Not retried: a failed read is recorded on the
   * account's run item (the screen says so); a crash leaves a lease that runs out.
   */
  optimizerReads: {
    name: 'optimizer-reads',
    consumer: 'optimizer-worker',
    batchSize: 1,
    maxReceiveCount: 1,
    maxConcurrency: 2,
  },
} as const satisfies Record<string, JobQueueDeclaration>;

export type JobQueueKey = keyof typeof jobQueues;

/** The environment variable carrying a job queue's URL to a function that sends to it. */
export function jobQueueEnvVar(key: JobQueueKey): string {
  return `JOB_QUEUE_URL_${jobQueues[key].name.toUpperCase().replace(/-/g, '_')}`;
}

/** `<prefix>-<name>`, e.g. `adsmith-dev-mmm-fits` (and `…-dlq` for its dead letters). */
export function physicalQueueName(namePrefix: string, key: JobQueueKey): string {
  return `${namePrefix}-${jobQueues[key].name}`;
}
