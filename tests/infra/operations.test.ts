import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_5XX_RATE_ALARM,
  LAMBDA_ERRORS_ALARM,
  SAVED_QUERIES,
  TRIGGER_ERRORS_ALARM,
} from '@infra/cdk/lib/constructs/operations';
import { EVENT_SOURCE, events, eventKeysFor } from '@shared/events';
import { appFunctionNames, triggerFunctionNames } from '@shared/functions';
import { jobQueues } from '@shared/job-queues';
import { queues, type QueueKey } from '@shared/queues';
import { buildApp, resourcesOf, type BuiltApp, type CfnJson } from './support/build-app';
import { functionNamed } from './support/template-queries';

type Resource = { Properties: Record<string, CfnJson> };
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('notification fan-out and operations (dev)', () => {
  let built: BuiltApp;
  let template: Template;
  const of = (type: string) => resourcesOf(template, type) as [string, Resource][];
  const queueNamed = (name: string) => of('AWS::SQS::Queue').find(([, q]) => q.Properties.QueueName === name);

  beforeAll(() => {
    built = buildApp();
    template = built.templates.stateless;
  });
  afterAll(() => built?.cleanup());

  describe.each(Object.keys(queues) as QueueKey[])('the %s pipe', (key) => {
    const declaration = queues[key];

    it('has a rule matching exactly the detail types delivered to its target, into its queue', () => {
      const [, rule] = of('AWS::Events::Rule').find(
        ([, r]) => r.Properties.Name === `adsmith-dev-${declaration.name}`,
      )!;
      expect(rule.Properties.EventPattern).toEqual({
        source: [EVENT_SOURCE],
        'detail-type': eventKeysFor(declaration.target).map((event) => events[event].detailType),
      });
      const [queueId] = queueNamed(`adsmith-dev-${declaration.name}`)!;
      const [dlqId] = queueNamed(`adsmith-dev-${declaration.name}-dlq`)!;
      expect(rule.Properties.Targets).toEqual([
        expect.objectContaining({
          Arn: { 'Fn::GetAtt': [queueId, 'Arn'] },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [dlqId, 'Arn'] } },
          RetryPolicy: expect.objectContaining({ MaximumRetryAttempts: 185 }),
        }),
      ]);
    });

    it('has an encrypted queue that moves a record to its DLQ after maxReceiveCount receives', () => {
      const [, queue] = queueNamed(`adsmith-dev-${declaration.name}`)!;
      const [dlqId, dlq] = queueNamed(`adsmith-dev-${declaration.name}-dlq`)!;
      expect(queue.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        VisibilityTimeout: declaration.visibilityTimeoutSeconds,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
          maxReceiveCount: declaration.maxReceiveCount,
        },
      });
      expect(dlq.Properties.SqsManagedSseEnabled).toBe(true);
      expect(dlq.Properties.RedrivePolicy).toBeUndefined();
    });

    it('lets only the bus rule send into the queue, and only over TLS', () => {
      const [queueId] = queueNamed(`adsmith-dev-${declaration.name}`)!;
      const policies = of('AWS::SQS::QueuePolicy').filter(([, p]) =>
        JSON.stringify(p.Properties.Queues).includes(queueId),
      );
      const statements = policies.flatMap(
        ([, p]) => p.Properties.PolicyDocument.Statement as Record<string, CfnJson>[],
      );
      expect(statements).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
      const send = statements.find((s) => [s.Action].flat().includes('sqs:SendMessage') && s.Effect === 'Allow');
      expect(send?.Principal).toEqual({ Service: 'events.amazonaws.com' });
      expect(JSON.stringify(send?.Condition?.ArnEquals?.['aws:SourceArn'])).toMatch(/Rule/);
    });

    it('is drained by its consumer with partial batch failures and the declared batching', () => {
      const [consumerId] = functionNamed(template, `adsmith-dev-${declaration.consumer}`);
      const [queueId] = queueNamed(`adsmith-dev-${declaration.name}`)!;
      const mappings = of('AWS::Lambda::EventSourceMapping').filter(
        ([, m]) => JSON.stringify(m.Properties.EventSourceArn) === JSON.stringify({ 'Fn::GetAtt': [queueId, 'Arn'] }),
      );
      expect(mappings).toHaveLength(1);
      expect(mappings[0]![1].Properties).toMatchObject({
        FunctionName: { Ref: consumerId },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BatchSize: declaration.batchSize,
        MaximumBatchingWindowInSeconds: declaration.batchingWindowSeconds,
        ScalingConfig: { MaximumConcurrency: Math.max(2, declaration.maxConcurrency) },
      });
    });

    it('alarms when a record is dead-lettered and when the oldest record is too old', () => {
      const alarms = of('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
      const dlq = alarms.find((a) => a.AlarmName === `adsmith-dev-${declaration.name}-dlq-not-empty`);
      expect(dlq).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
      const age = alarms.find((a) => a.AlarmName === `adsmith-dev-${declaration.name}-oldest-message-age`);
      expect(age).toMatchObject({
        MetricName: 'ApproximateAgeOfOldestMessage',
        Threshold: declaration.maxAgeAlarmSeconds,
        ComparisonOperator: 'GreaterThanThreshold',
      });
    });
  });

  it('alarms when the oldest signal delivery has waited 15 minutes (Meta down, or a broken token)', () => {
    const stuck = of('AWS::CloudWatch::Alarm').find(
      ([, alarm]) => alarm.Properties.AlarmName === 'adsmith-dev-signal-deliveries-oldest-message',
    );
    expect(stuck?.[1].Properties).toMatchObject({
      MetricName: 'ApproximateAgeOfOldestMessage',
      Namespace: 'AWS/SQS',
      Threshold: 900,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });

  it('sends every alarm (and its recovery) to the one encrypted alarm topic', () => {
    const [topicId, topic] = of('AWS::SNS::Topic').find(([, t]) => t.Properties.TopicName === 'adsmith-dev-alarms')!;
    expect(topic.Properties.KmsMasterKeyId).toBeDefined();
    const alarms = of('AWS::CloudWatch::Alarm');
    // One per function (Cognito triggers included), two per notification queue, one per job queue's DLQ and one
    // more for each that declares an oldest-message age, one for the outbox pipe's DLQ, one for the API.
    expect(alarms).toHaveLength(
      appFunctionNames().length +
        triggerFunctionNames().length +
        2 * Object.keys(queues).length +
        Object.keys(jobQueues).length +
        Object.values(jobQueues).filter((queue) => 'oldestMessageAlarmMinutes' in queue).length +
        1 +
        1,
    );
    for (const [, alarm] of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.OKActions).toEqual([{ Ref: topicId }]);
    }
  });

  it('alarms on the first error of a Cognito trigger: each one refuses someone’s sign-up or its email', () => {
    const alarms = of('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    for (const name of triggerFunctionNames()) {
      const alarm = alarms.find((a) => a.AlarmName === `adsmith-dev-${name}-errors`);
      expect(alarm, name).toMatchObject({
        MetricName: 'Errors',
        Namespace: 'AWS/Lambda',
        Threshold: TRIGGER_ERRORS_ALARM.errors,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
      expect(TRIGGER_ERRORS_ALARM.errors).toBe(1);
    }
  });

  it('alarms when the event outbox pipe dead-letters a record (an event that reached no one)', () => {
    const alarm = of('AWS::CloudWatch::Alarm')
      .map(([, a]) => a.Properties)
      .find((a) => a.AlarmName === 'adsmith-dev-outbox-pipe-dlq-not-empty');
    expect(alarm).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    // The stateful stack's queue, by its literal name: no export ties the two stacks' upgrades together.
    expect(alarm!.Dimensions).toEqual([{ Name: 'QueueName', Value: 'adsmith-dev-outbox-pipe-dlq' }]);
  });

  it('alarms on the API 5xx rate, not on a single 5xx', () => {
    const [, alarm] = of('AWS::CloudWatch::Alarm').find(
      ([, a]) => a.Properties.AlarmName === 'adsmith-dev-api-5xx-rate',
    )!;
    expect(alarm.Properties).toMatchObject({
      Threshold: API_5XX_RATE_ALARM.percent,
      EvaluationPeriods: API_5XX_RATE_ALARM.periods,
    });
    const expression = (alarm.Properties.Metrics as { Expression?: string }[]).find((m) => m.Expression)?.Expression;
    expect(expression).toContain(`requests >= ${API_5XX_RATE_ALARM.minimumRequests}`);
    expect(JSON.stringify(alarm.Properties.Metrics)).toContain('"MetricName":"5xx"');
  });

  it.each(appFunctionNames())('alarms on errors of %s', (fn) => {
    const alarm = of('AWS::CloudWatch::Alarm').find(([, a]) => a.Properties.AlarmName === `adsmith-dev-${fn}-errors`);
    expect(alarm?.[1].Properties).toMatchObject({
      MetricName: 'Errors',
      Namespace: 'AWS/Lambda',
      Threshold: LAMBDA_ERRORS_ALARM.errors,
    });
  });

  it('has a dashboard with the API, Lambda, queue, delivery and client-error figures', () => {
    const [, dashboard] = of('AWS::CloudWatch::Dashboard')[0]!;
    expect(dashboard.Properties.DashboardName).toBe('adsmith-dev-operations');
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const needle of [
      'API requests',
      '4xx',
      '5xx',
      'p50',
      'p99',
      'Lambda errors',
      'Lambda duration p99',
      'Lambda throttles',
      'ConcurrentExecutions',
      'ApproximateNumberOfMessagesVisible',
      'ApproximateAgeOfOldestMessage',
      'Dead-letter queues',
      'SlackDelivered',
      'SlackDeliveryFailed',
      'WebhookDelivered',
      'WebhookDeliveryFailed',
      'MetricName=\\\\\\"ClientErrors\\\\\\"',
    ]) {
      expect(body, needle).toContain(needle);
    }
  });

  it('shows the first-party Conversions API: events from the metrics its functions emit, its queue and dead letters', () => {
    const [, dashboard] = of('AWS::CloudWatch::Dashboard')[0]!;
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    const emitted = (fn: string) =>
      readdirSync(path.join(repoRoot, 'lambdas', fn))
        .filter((file) => file.endsWith('.ts'))
        .map((file) => readFileSync(path.join(repoRoot, 'lambdas', fn, file), 'utf8'))
        .join('\n');
    // Each name the dashboard reads is one the function writes (a rename would leave a flat line).
    for (const [fn, names] of [
      ['signals-intake', ['SignalEventsAccepted', 'SignalEventsDuplicate']],
      ['signals-delivery', ['SignalEventsDelivered', 'SignalEventsRejected']],
      ['signals-monitor', ['SignalAlertsRaised']],
    ] as const) {
      for (const name of names) {
        expect(body, name).toContain(`\\"${name}\\",\\"service\\",\\"${fn}\\"`);
        expect(emitted(fn), `${fn} emits ${name}`).toContain(`'${name}'`);
      }
    }
    const [queueId] = queueNamed(`adsmith-dev-${jobQueues.signalDeliveries.name}`)!;
    const [deadLettersId] = queueNamed(`adsmith-dev-${jobQueues.signalDeliveries.name}-dlq`)!;
    const signalsRow = body.slice(body.indexOf('Signals: delivery queue'));
    expect(signalsRow).toContain(queueId);
    expect(signalsRow).toContain(deadLettersId);
  });

  it('saves the three Logs Insights queries over every function log group', () => {
    const queries = of('AWS::Logs::QueryDefinition').map(([, q]) => q.Properties);
    expect(queries.map((q) => q.Name).sort()).toEqual(
      Object.values(SAVED_QUERIES)
        .map((name) => `adsmith-dev/${name}`)
        .sort(),
    );
    for (const query of queries) expect(query.LogGroupNames).toHaveLength(appFunctionNames().length);
    const byName = (name: string) => queries.find((q) => q.Name === `adsmith-dev/${name}`)!.QueryString as string;
    expect(byName(SAVED_QUERIES.errorsByCode)).toMatch(/stats count\(\*\) as errors by errorCodeSeen/);
    expect(byName(SAVED_QUERIES.requestEndToEnd)).toMatch(/correlation_id = /);
    expect(byName(SAVED_QUERIES.userRecentErrors)).toMatch(/userId = .* and level in \["ERROR", "WARN"\]/);
  });

  it('keeps every function log group on a retention', () => {
    for (const [, group] of of('AWS::Logs::LogGroup')) {
      expect(group.Properties.RetentionInDays).toEqual(expect.any(Number));
    }
  });
});
