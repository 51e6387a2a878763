import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption, type IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { functionDeclaration, type FunctionName } from '@shared/functions';
import { jobQueues, physicalQueueName, type JobQueueKey } from '@shared/job-queues';
import type { AppFunction } from './app-function';

export interface JobQueuesProps {
  /** Physical name prefix, e.g. `adsmith-dev`. */
  readonly namePrefix: string;
}

/**
 * One SQS queue per entry of shared/job-queues.ts, each with its dead-letter queue (after
 * maxReceiveCount receives), SSL enforced and SQS-managed encryption. `connectConsumers` then
 * adds the event source mapping that invokes the entry's consumer function; producers get
 * SendMessage through their `sendsJobs` need (app-function.ts).
 */
export class JobQueues extends Construct {
  readonly queues: Record<JobQueueKey, IQueue>;
  readonly deadLetterQueues: Record<JobQueueKey, IQueue>;

  constructor(scope: Construct, id: string, props: JobQueuesProps) {
    super(scope, id);
    const queues = {} as Record<JobQueueKey, IQueue>;
    const deadLetters = {} as Record<JobQueueKey, IQueue>;
    for (const key of Object.keys(jobQueues) as JobQueueKey[]) {
      const declaration = jobQueues[key];
      const consumerTimeout = functionDeclaration(declaration.consumer as FunctionName).timeoutSeconds ?? 10;
      const dlq = new Queue(this, `${key}Dlq`, {
        queueName: `${physicalQueueName(props.namePrefix, key)}-dlq`,
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      queues[key] = new Queue(this, key, {
        queueName: physicalQueueName(props.namePrefix, key),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        // Longer than the consumer may run, so a message being worked on is not handed out again.
        visibilityTimeout: Duration.seconds(consumerTimeout + 60),
        deadLetterQueue: { queue: dlq, maxReceiveCount: declaration.maxReceiveCount },
      });
      deadLetters[key] = dlq;
    }
    this.queues = queues;
    this.deadLetterQueues = deadLetters;
  }

  /**
   * The event source mapping of each queue to its consumer (which gets receive/delete on that queue
   * only). A stack deploying a subset of the functions (tests) leaves out queues whose consumer it lacks.
   */
  connectConsumers(functions: Partial<Record<string, AppFunction>>): void {
    for (const key of Object.keys(jobQueues) as JobQueueKey[]) {
      const declaration = jobQueues[key];
      const consumer = functions[declaration.consumer];
      if (!consumer) continue;
      consumer.function.addEventSource(
        new SqsEventSource(this.queues[key], {
          batchSize: declaration.batchSize,
          maxConcurrency: declaration.maxConcurrency,
          ...('batchingWindowSeconds' in declaration && {
            maxBatchingWindow: Duration.seconds(declaration.batchingWindowSeconds),
          }),
          reportBatchItemFailures: true,
        }),
      );
    }
  }
}
