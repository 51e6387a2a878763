import type { EventTarget } from './events';

/**
 * The queues table: one SQS queue (plus its dead-letter queue) per delivery
 * target of the events table. An EventBridge rule sends every event whose
 * `deliverTo` names the target into the queue; the function named here drains
 * it. CDK builds queue, DLQ, rule, event source mapping and alarms from an
 * entry; the local twin's bus runs the same queue semantics (batches, visibility
 * timeout, receive count, dead letters) with the same numbers.
 */
export interface QueueDeclaration {
  /** Logical name, also the physical name's suffix. */
  name: string;
  /** The events-table target whose events it carries. */
  target: EventTarget;
  /** The function (lambdas/<fn>) that drains it. */
  consumer: string;
  /** Most records one invocation receives. */
  batchSize: number;
  /** How long Lambda gathers records before invoking (lets a burst become one batch). */
  batchingWindowSeconds: number;
  /** How long a received record stays hidden; a failed record is retried after it. */
  visibilityTimeoutSeconds: number;
  /** Receives before a record moves to the dead-letter queue. */
  maxReceiveCount: number;
  /** Invocations at a time (Slack: one, so one pacer sees every post to the webhook). */
  maxConcurrency: number;
  /** Alarm when the oldest record is older than this. */
  maxAgeAlarmSeconds: number;
}

export const queues = {
  slack: {
    name: 'slack-notifications',
    target: 'slack',
    consumer: 'slack-forwarder',
    // A burst of clicks becomes one digest post per batch.
    batchSize: 100,
    batchingWindowSeconds: 2,
    // ≥ 6 × the forwarder's timeout, as AWS advises for SQS event sources.
    visibilityTimeoutSeconds: 360,
    maxReceiveCount: 5,
    maxConcurrency: 1,
    maxAgeAlarmSeconds: 900,
  },
  webhook: {
    name: 'webhook-notifications',
    target: 'webhook',
    consumer: 'webhook-forwarder',
    batchSize: 10,
    batchingWindowSeconds: 1,
    visibilityTimeoutSeconds: 180,
    maxReceiveCount: 5,
    maxConcurrency: 2,
    maxAgeAlarmSeconds: 900,
  },
} as const satisfies Record<string, QueueDeclaration>;

export type QueueKey = keyof typeof queues;

/** Forwarder timeouts the visibility timeouts above were sized for. */
export const FORWARDER_TIMEOUT_SECONDS = { 'slack-forwarder': 60, 'webhook-forwarder': 30 } as const;
