import { Duration } from 'aws-cdk-lib';
import { Rule, type IEventBus } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EVENT_SOURCE, events, eventKeysFor } from '@shared/events';
import { queues, type QueueDeclaration, type QueueKey } from '@shared/queues';

/** Lambda's floor for an SQS event source's maximum concurrency. */
export const SQS_ESM_MIN_CONCURRENCY = 2;

/** How long an undelivered notification is kept: long enough to ride out a weekend's outage. */
const RETENTION = Duration.days(4);
/** A dead letter waits for an operator for the longest SQS allows. */
const DLQ_RETENTION = Duration.days(14);

export interface NotificationFanOutProps {
  /** Physical name prefix, e.g. `adsmith-dev`. */
  readonly namePrefix: string;
  readonly bus: IEventBus;
  /** The deployed functions by name; each queue's consumer must be among them. */
  readonly functions: Record<string, IFunction>;
}

/** One delivery target's pipe: rule → queue (→ DLQ after N receives) → forwarder. */
export interface NotificationPipe {
  readonly declaration: QueueDeclaration;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly rule: Rule;
  readonly consumer: IFunction;
}

/**
 * The events table's `deliverTo`, built from the queues table: for each target an
 * EventBridge rule matching exactly the detail types delivered there, an SQS queue
 * (encrypted, TLS only) with a dead-letter queue after `maxReceiveCount` receives,
 * and the consumer's event source mapping with partial batch failures, so only the
 * records a forwarder could not post are retried. The rule's own target failures
 * (EventBridge could not put the event in the queue) go to the same DLQ.
 */
export class NotificationFanOut extends Construct {
  readonly pipes: Record<QueueKey, NotificationPipe>;

  /** Whether every queue's consumer is among these functions (a stack may deploy a subset, e.g. in tests). */
  static consumersDeployed(functions: Record<string, IFunction>): boolean {
    return Object.values(queues).every((declaration) => declaration.consumer in functions);
  }

  constructor(scope: Construct, id: string, props: NotificationFanOutProps) {
    super(scope, id);
    this.pipes = {} as Record<QueueKey, NotificationPipe>;
    for (const key of Object.keys(queues) as QueueKey[]) {
      this.pipes[key] = this.pipe(key, queues[key], props);
    }
  }

  private pipe(key: QueueKey, declaration: QueueDeclaration, props: NotificationFanOutProps): NotificationPipe {
    const consumer = props.functions[declaration.consumer];
    if (!consumer)
      throw new Error(`Queue ${key} is drained by ${declaration.consumer}, which this stack does not deploy`);
    const scope = new Construct(this, key);

    const deadLetterQueue = new Queue(scope, 'DeadLetterQueue', {
      queueName: `${props.namePrefix}-${declaration.name}-dlq`,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: DLQ_RETENTION,
    });
    const queue = new Queue(scope, 'Queue', {
      queueName: `${props.namePrefix}-${declaration.name}`,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: RETENTION,
      visibilityTimeout: Duration.seconds(declaration.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: declaration.maxReceiveCount },
    });

    const detailTypes = eventKeysFor(declaration.target).map((event) => events[event].detailType);
    const rule = new Rule(scope, 'Rule', {
      eventBus: props.bus,
      ruleName: `${props.namePrefix}-${declaration.name}`,
      description: `Every ${declaration.target} notification (${detailTypes.join(', ')}) into its queue`,
      eventPattern: { source: [EVENT_SOURCE], detailType: detailTypes },
    });
    rule.addTarget(new SqsQueue(queue, { deadLetterQueue, retryAttempts: 185, maxEventAge: Duration.hours(24) }));

    consumer.addEventSource(
      new SqsEventSource(queue, {
        batchSize: declaration.batchSize,
        maxBatchingWindow: Duration.seconds(declaration.batchingWindowSeconds),
        reportBatchItemFailures: true,
        // Lambda accepts no lower bound than 2 here; the Slack forwarder's pacer spaces its posts, and a 429's
        // Retry-After holds them, so a second concurrent batch waits rather than flooding the webhook.
        maxConcurrency: Math.max(SQS_ESM_MIN_CONCURRENCY, declaration.maxConcurrency),
      }),
    );
    return { declaration, queue, deadLetterQueue, rule, consumer };
  }
}
