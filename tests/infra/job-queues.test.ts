import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueueEnvVar, jobQueues } from '@shared/job-queues';
import { tableEnvVar } from '@shared/tables';
import { buildApp, type BuiltApp } from './support/build-app';
import { allowedActions, functionEnv, functionNamed, roleStatements } from './support/template-queries';

/** The marketing-mix fits queue: SQS + DLQ, the worker's event source mapping, exact grants. */
describe('job queues', () => {
  let built: BuiltApp;
  let stateless: Template;

  beforeAll(() => {
    built = buildApp();
    stateless = built.templates.stateless;
  });
  afterAll(() => built?.cleanup());

  it('creates the fits queue with its dead-letter queue, SSE and SSL only', () => {
    stateless.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: 'adsmith-dev-mmm-fits',
      SqsManagedSseEnabled: true,
      // Longer than the worker may run (900 s), so a fit in progress is not handed out twice.
      VisibilityTimeout: 960,
      RedrivePolicy: {
        deadLetterTargetArn: Match.anyValue(),
        maxReceiveCount: jobQueues.mmmFits.maxReceiveCount,
      },
    });
    stateless.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: 'adsmith-dev-mmm-fits-dlq',
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    const policies = JSON.stringify(stateless.findResources('AWS::SQS::QueuePolicy'));
    expect(policies).toContain('aws:SecureTransport');
  });

  it('alarms to the operators’ topic as soon as a fit is dead-lettered', () => {
    const alarms = Object.values(stateless.findResources('AWS::CloudWatch::Alarm')).map(
      (a) => a.Properties as Record<string, unknown>,
    );
    const alarm = alarms.find((a) => a.AlarmName === 'adsmith-dev-mmm-fits-dlq-not-empty');
    expect(alarm).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
    // It watches the fits DLQ, not the queue itself, and notifies the alarm topic.
    const [dlqId] = Object.entries(stateless.findResources('AWS::SQS::Queue')).find(
      ([, q]) => (q.Properties as { QueueName?: string }).QueueName === 'adsmith-dev-mmm-fits-dlq',
    )!;
    expect(alarm!.Dimensions).toEqual([{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }]);
    const [topicId] = Object.keys(stateless.findResources('AWS::SNS::Topic'));
    expect(alarm!.AlarmActions).toEqual([{ Ref: topicId }]);
  });

  it('invokes the worker from the queue, one fit per invocation, batch item failures reported', () => {
    const [workerId] = functionNamed(stateless, 'adsmith-dev-marketing-mix-worker');
    stateless.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: workerId },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: jobQueues.mmmFits.maxConcurrency },
    });
    const worker = allowedActions(stateless, 'adsmith-dev-marketing-mix-worker');
    expect(worker).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage']));
    expect(worker).not.toContain('sqs:SendMessage');
  });

  it('lets the API function send to the queue and nothing more; the worker cannot', () => {
    const api = 'adsmith-dev-marketing-mix';
    const sqs = allowedActions(stateless, api).filter((a) => a.startsWith('sqs:'));
    expect(sqs).toEqual(['sqs:SendMessage']);
    expect(functionEnv(stateless, api)[jobQueueEnvVar('mmmFits')]).toBeDefined();
    expect(functionEnv(stateless, 'adsmith-dev-marketing-mix-worker')[jobQueueEnvVar('mmmFits')]).toBeUndefined();
    const sendTo = roleStatements(stateless, api).find((s) => [s.Action].flat().includes('sqs:SendMessage'));
    expect(JSON.stringify(sendTo?.Resource)).toContain('mmmFits');
  });

  it('gives each function only its declared DynamoDB actions on the marketing-mix tables', () => {
    const dynamo = (fn: string, table: string) =>
      roleStatements(stateless, fn)
        .filter((s) => JSON.stringify(s.Resource).includes(`adsmith-dev-${table}`))
        .flatMap((s) => [s.Action].flat())
        .filter((a) => a.startsWith('dynamodb:'))
        .sort();
    expect(dynamo('adsmith-dev-marketing-mix', 'mmm_datasets')).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
    ]);
    expect(dynamo('adsmith-dev-marketing-mix', 'mmm_models')).toEqual([
      'dynamodb:BatchWriteItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
    ]);
    expect(dynamo('adsmith-dev-marketing-mix-worker', 'mmm_datasets')).toEqual(['dynamodb:GetItem']);
    expect(dynamo('adsmith-dev-marketing-mix-worker', 'mmm_models')).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
    const env = functionEnv(stateless, 'adsmith-dev-marketing-mix-worker');
    expect(env[tableEnvVar('mmmModels')]).toBeDefined();
    expect(env[tableEnvVar('userMetaConnections')]).toBeUndefined();
  });
});
