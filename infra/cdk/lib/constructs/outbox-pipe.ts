import { CfnPipe } from 'aws-cdk-lib/aws-pipes';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Construct } from 'constructs';

export interface OutboxPipeProps {
  /** The event outbox table (shared/tables.ts `eventOutbox`), with a NEW_IMAGE stream. */
  readonly outbox: ITable;
  /** Where the events go. */
  readonly bus: IEventBus;
  /** The tables' key: the stream is encrypted with it, and the pipe's dead letters too. */
  readonly encryptionKey: IKey;
  /** Physical name prefix, e.g. `adsmith-dev`. */
  readonly namePrefix: string;
}

/**
 * Relays the event outbox to the bus: the outbox table's stream → an EventBridge Pipe → the bus.
 * A function writes an event as an outbox row (lambdas/lib/outbox) instead of calling PutEvents,
 * so an EventBridge outage delays the event rather than losing it: the pipe retries a failed
 * put (up to 24 h, 185 tries, Pipes' limits) and then parks the record in a dead-letter queue.
 * Only INSERTs pass the filter, so TTL deletions of relayed rows are not events. The row's
 * `detail` text becomes the event's detail, its `detail_type` and `source` the event's own.
 * The twin does the same with infra/twin/events/outbox-relay.ts.
 */
export class OutboxPipe extends Construct {
  readonly pipe: CfnPipe;
  readonly role: Role;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: OutboxPipeProps) {
    super(scope, id);
    const streamArn = props.outbox.tableStreamArn;
    if (!streamArn) throw new Error('The outbox table needs a stream (declare stream: NEW_IMAGE in shared/tables.ts)');

    this.deadLetters = new Queue(this, 'DeadLetters', {
      queueName: outboxDeadLetterQueueName(props.namePrefix),
      encryption: QueueEncryption.KMS,
      encryptionMasterKey: props.encryptionKey,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: "This queue is itself the dead-letter queue of the outbox pipe's source; it needs none of its own.",
    });

    const region = Stack.of(this).region;
    // Least privilege, written out: read this one stream, put on this one bus, dead-letter to this one queue.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('pipes.amazonaws.com'),
      description: 'The event outbox pipe: reads the outbox stream, puts events on the bus',
      inlinePolicies: {
        relay: new PolicyDocument({
          statements: [
            new PolicyStatement({
              actions: [
                'dynamodb:DescribeStream',
                'dynamodb:GetRecords',
                'dynamodb:GetShardIterator',
                'dynamodb:ListStreams',
              ],
              resources: [streamArn],
            }),
            new PolicyStatement({ actions: ['events:PutEvents'], resources: [props.bus.eventBusArn] }),
            new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.deadLetters.queueArn] }),
            // The stream is encrypted with the tables' key; the dead-letter queue too. Only through those services.
            new PolicyStatement({
              actions: ['kms:Decrypt'],
              resources: [props.encryptionKey.keyArn],
              conditions: { StringEquals: { 'kms:ViaService': `dynamodb.${region}.amazonaws.com` } },
            }),
            new PolicyStatement({
              actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
              resources: [props.encryptionKey.keyArn],
              conditions: { StringEquals: { 'kms:ViaService': `sqs.${region}.amazonaws.com` } },
            }),
          ],
        }),
      },
    });

    this.pipe = new CfnPipe(this, 'Pipe', {
      name: `${props.namePrefix}-event-outbox`,
      description: 'Event outbox → EventBridge (exactly the rows functions wrote)',
      roleArn: this.role.roleArn,
      source: streamArn,
      sourceParameters: {
        dynamoDbStreamParameters: {
          startingPosition: 'TRIM_HORIZON',
          batchSize: 1,
          maximumRetryAttempts: 185,
          maximumRecordAgeInSeconds: 86_400,
          deadLetterConfig: { arn: this.deadLetters.queueArn },
        },
        filterCriteria: { filters: [{ pattern: JSON.stringify({ eventName: ['INSERT'] }) }] },
      },
      target: props.bus.eventBusArn,
      targetParameters: {
        // The row holds the detail as JSON text: the template passes it through as the event's detail.
        inputTemplate: '<$.dynamodb.NewImage.detail.S>',
        eventBridgeEventBusParameters: {
          detailType: '$.dynamodb.NewImage.detail_type.S',
          source: '$.dynamodb.NewImage.source.S',
        },
      },
    });
  }
}

/** The pipe's dead-letter queue by name, so the stateless stack's alarm names it without a cross-stack export. */
export function outboxDeadLetterQueueName(namePrefix: string): string {
  return `${namePrefix}-outbox-pipe-dlq`;
}
