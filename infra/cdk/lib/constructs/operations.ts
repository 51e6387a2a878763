import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  type Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  LogQueryWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { QueryDefinition, QueryString, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE } from '@shared/physical-names';
import { jobQueues, type JobQueueDeclaration, type JobQueueKey } from '@shared/job-queues';
import type { QueueKey } from '@shared/queues';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { NotificationPipe } from './notification-fan-out';

/** The API's 5xx share that pages someone: over 5 % of at least 20 requests, two 5-minute periods running. */
export const API_5XX_RATE_ALARM = { percent: 5, minimumRequests: 20, periods: 2 } as const;
/** Lambda errors that page someone: any function with 5 or more errors in 5 minutes. */
export const LAMBDA_ERRORS_ALARM = { errors: 5 } as const;
/** A Cognito trigger's error refuses someone's sign-up or loses their email: the first one pages. */
export const TRIGGER_ERRORS_ALARM = { errors: 1 } as const;

/** The saved Logs Insights queries, by the name an operator picks them by in the console. */
export const SAVED_QUERIES = {
  errorsByCode: 'errors by code, last 24 h',
  requestEndToEnd: 'one request end to end by request id',
  userRecentErrors: "a user's recent errors",
} as const;

export interface OperationsProps {
  /** Physical name prefix, e.g. `adsmith-dev`; alarms, topic, dashboard and queries carry it. */
  readonly namePrefix: string;
  readonly httpApi: IHttpApi;
  /** The deployed functions by name, with their log groups. */
  readonly functions: Record<string, { function: IFunction; logGroup: ILogGroup }>;
  /** The notification pipes; absent when the stack deploys no forwarders. */
  readonly pipes?: Record<QueueKey, NotificationPipe>;
  /** The dead-letter queue of each job queue (marketing-mix fits); absent in stacks without them. */
  readonly jobDeadLetterQueues?: Partial<Record<JobQueueKey, IQueue>>;
  /** The job queues themselves, for the age alarm of those that declare one. @default none */
  readonly jobQueues?: Partial<Record<JobQueueKey, IQueue>>;
  /** The user pool's trigger functions by name (they live in the stateful stack). @default none */
  readonly cognitoTriggers?: Record<string, IFunction>;
  /** The event outbox pipe's dead-letter queue (stateful stack). @default none */
  readonly outboxDeadLetters?: IQueue;
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * What an operator looks at: alarms (API 5xx rate, Lambda errors, a dead letter,
 * an old queued notification) to one SNS topic, a dashboard with every figure the
 * alarms watch and the product's own metrics (deliveries, client errors by code),
 * and three saved Logs Insights queries over every function's log group.
 * docs/operating.md says what each alarm means and what to do.
 */
export class Operations extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;
  readonly queries: QueryDefinition[];

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    const { namePrefix } = props;

    // CloudWatch must be able to use the topic's key, which an AWS-managed SNS key does not allow.
    const topicKey = new Key(this, 'AlarmTopicKey', {
      description: `${namePrefix}: encrypts the alarm topic`,
      enableKeyRotation: true,
    });
    topicKey.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'AlarmTopic', {
      topicName: `${namePrefix}-alarms`,
      displayName: 'Adsmith alarms',
      masterKey: topicKey,
      enforceSSL: true,
    });
    const action = new SnsAction(this.topic);
    const alarm = (alarmId: string, build: () => Alarm) => {
      const created = build();
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
      return created;
    };

    // API: requests, errors, latency (HTTP API metrics, by API id).
    const requests = props.httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum', label: 'Requests' });
    const clientErrors = props.httpApi.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum', label: '4xx' });
    const serverErrors = props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum', label: '5xx' });
    const serverErrorRate = new MathExpression({
      expression: `IF(requests >= ${API_5XX_RATE_ALARM.minimumRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period: FIVE_MINUTES,
      label: '5xx rate (%)',
    });
    alarm('Api5xxRate', () =>
      serverErrorRate.createAlarm(this, 'Api5xxRate', {
        alarmName: `${namePrefix}-api-5xx-rate`,
        alarmDescription: `More than ${API_5XX_RATE_ALARM.percent} % of API requests answered 5xx for ${API_5XX_RATE_ALARM.periods * 5} minutes. See docs/operating.md.`,
        threshold: API_5XX_RATE_ALARM.percent,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: API_5XX_RATE_ALARM.periods,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    // Lambda: one errors alarm per function, so the alarm names the failing function.
    const functions = Object.entries(props.functions).sort(([a], [b]) => a.localeCompare(b));
    for (const [name, { function: fn }] of functions) {
      alarm(`Errors-${name}`, () =>
        fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }).createAlarm(this, `LambdaErrors-${name}`, {
          alarmName: `${namePrefix}-${name}-errors`,
          alarmDescription: `${name} failed ${LAMBDA_ERRORS_ALARM.errors} or more times in 5 minutes (uncaught errors or timeouts). See docs/operating.md.`,
          threshold: LAMBDA_ERRORS_ALARM.errors,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }

    // Cognito triggers run inside sign-up, confirmation and every email Cognito sends: Cognito refuses the step
    // when one fails, so the person sees an error. They live in the stateful stack; watched here with the rest.
    for (const [name, fn] of Object.entries(props.cognitoTriggers ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
      alarm(`Errors-${name}`, () =>
        fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }).createAlarm(this, `LambdaErrors-${name}`, {
          alarmName: `${namePrefix}-${name}-errors`,
          alarmDescription: `The Cognito trigger ${name} failed: Cognito refused that sign-up, confirmation or email. See docs/operating.md.`,
          threshold: TRIGGER_ERRORS_ALARM.errors,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }

    // The outbox pipe gave up on a record (24 h of retries): that event reached no rule, queue or notification.
    const outboxDeadLetters = props.outboxDeadLetters;
    if (outboxDeadLetters) {
      alarm('OutboxDlqNotEmpty', () =>
        outboxDeadLetters
          .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' })
          .createAlarm(this, 'OutboxDlqNotEmpty', {
            alarmName: `${namePrefix}-outbox-pipe-dlq-not-empty`,
            alarmDescription:
              'The event outbox pipe could not put an event on the bus for 24 h and parked its stream record in the pipe DLQ: that event reached no notification or rule. See docs/operating.md.',
            threshold: 1,
            comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            evaluationPeriods: 1,
            treatMissingData: TreatMissingData.NOT_BREACHING,
          }),
      );
    }

    // Queues: a dead letter is a notification that will not arrive without an operator; an old one is a stuck pipe.
    const pipes = Object.values(props.pipes ?? {});
    for (const { declaration, queue, deadLetterQueue } of pipes) {
      alarm(`DlqNotEmpty-${declaration.name}`, () =>
        deadLetterQueue
          .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' })
          .createAlarm(this, `DlqNotEmpty-${declaration.name}`, {
            alarmName: `${namePrefix}-${declaration.name}-dlq-not-empty`,
            alarmDescription: `Notifications for ${declaration.target} gave up after ${declaration.maxReceiveCount} attempts and wait in ${deadLetterQueue.node.path}. See docs/operating.md.`,
            threshold: 1,
            comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            evaluationPeriods: 1,
            treatMissingData: TreatMissingData.NOT_BREACHING,
          }),
      );
      alarm(`QueueAge-${declaration.name}`, () =>
        queue
          .metricApproximateAgeOfOldestMessage({ period: Duration.minutes(1), statistic: 'Maximum' })
          .createAlarm(this, `QueueAge-${declaration.name}`, {
            alarmName: `${namePrefix}-${declaration.name}-oldest-message-age`,
            alarmDescription: `A ${declaration.target} notification has waited over ${declaration.maxAgeAlarmSeconds} s: ${declaration.consumer} is failing or slowed (rate limits). See docs/operating.md.`,
            threshold: declaration.maxAgeAlarmSeconds,
            comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
            evaluationPeriods: 5,
            treatMissingData: TreatMissingData.NOT_BREACHING,
          }),
      );
    }

    // Job queues: a dead-lettered job (a fit that failed every receive) leaves its model "running" until someone looks.
    for (const [key, deadLetterQueue] of Object.entries(props.jobDeadLetterQueues ?? {}) as [JobQueueKey, IQueue][]) {
      const declaration = jobQueues[key];
      alarm(`JobDlqNotEmpty-${declaration.name}`, () =>
        deadLetterQueue
          .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' })
          .createAlarm(this, `JobDlqNotEmpty-${declaration.name}`, {
            alarmName: `${namePrefix}-${declaration.name}-dlq-not-empty`,
            alarmDescription: `A ${declaration.name} job failed ${declaration.maxReceiveCount} times in ${declaration.consumer} and waits in ${deadLetterQueue.node.path}. See docs/operating.md.`,
            threshold: 1,
            comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            evaluationPeriods: 1,
            treatMissingData: TreatMissingData.NOT_BREACHING,
          }),
      );
    }

    this.jobQueueAgeAlarms(namePrefix, props.jobQueues ?? {}, alarm);

    const logGroups = functions.map(([, entry]) => entry.logGroup);
    this.queries = this.savedQueries(namePrefix, logGroups);
    this.dashboard = this.buildDashboard(namePrefix, {
      requests,
      clientErrors,
      serverErrors,
      latency: (statistic) => props.httpApi.metricLatency({ period: FIVE_MINUTES, statistic, label: statistic }),
      functions: functions.map(([name, entry]) => [name, entry.function]),
      pipes,
      logGroups,
      signalQueues: {
        queue: props.jobQueues?.signalDeliveries,
        deadLetterQueue: props.jobDeadLetterQueues?.signalDeliveries,
      },
    });
  }

  /**
   * A job queue whose work must not wait (events on their way to Meta): its oldest message's age says the consumer
   * is failing (a Meta outage, a broken token) long before the dead-letter queue does.
   */
  private jobQueueAgeAlarms(
    namePrefix: string,
    queues: Partial<Record<JobQueueKey, IQueue>>,
    alarm: (alarmId: string, build: () => Alarm) => Alarm,
  ): void {
    for (const [key, queue] of Object.entries(queues) as [JobQueueKey, IQueue][]) {
      const declaration: JobQueueDeclaration = jobQueues[key];
      const minutes = declaration.oldestMessageAlarmMinutes;
      if (minutes === undefined) continue;
      alarm(`JobQueueStuck-${declaration.name}`, () =>
        queue
          .metricApproximateAgeOfOldestMessage({ period: Duration.minutes(1), statistic: 'Maximum' })
          .createAlarm(this, `JobQueueStuck-${declaration.name}`, {
            alarmName: `${namePrefix}-${declaration.name}-oldest-message`,
            alarmDescription: `The oldest ${declaration.name} message has waited over ${minutes} minutes: ${declaration.consumer} is failing or too slow. See docs/operating.md.`,
            threshold: minutes * 60,
            comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
            evaluationPeriods: 5,
            treatMissingData: TreatMissingData.NOT_BREACHING,
          }),
      );
    }
  }

  private savedQueries(namePrefix: string, logGroups: ILogGroup[]): QueryDefinition[] {
    const define = (id: string, name: string, queryString: QueryString) =>
      new QueryDefinition(this, id, { queryDefinitionName: `${namePrefix}/${name}`, queryString, logGroups });
    return [
      // Server errors log `code` (replies.ts); client errors `errorCode` (client-errors.ts); uncaught ones neither.
      define(
        'ErrorsByCode',
        SAVED_QUERIES.errorsByCode,
        new QueryString({
          filterStatements: ['level = "ERROR" or ispresent(errorCode)'],
          fields: ['coalesce(errorCode, code, "INTERNAL_ERROR") as errorCodeSeen', 'service'],
          statsStatements: ['count(*) as errors by errorCodeSeen, service'],
          sort: 'errors desc',
        }),
      ),
      // Every function logs the API request id as its correlation id (http-function.ts).
      define(
        'RequestEndToEnd',
        SAVED_QUERIES.requestEndToEnd,
        new QueryString({
          fields: ['@timestamp', 'service', 'level', 'message', 'routeKey', 'userId', 'code', 'error.message'],
          filterStatements: [
            'correlation_id = "REPLACE-WITH-REQUEST-ID" or function_request_id = "REPLACE-WITH-REQUEST-ID"',
          ],
          sort: '@timestamp asc',
        }),
      ),
      define(
        'UserRecentErrors',
        SAVED_QUERIES.userRecentErrors,
        new QueryString({
          fields: [
            '@timestamp',
            'service',
            'level',
            'message',
            'routeKey',
            'coalesce(errorCode, code) as errorCodeSeen',
          ],
          filterStatements: ['userId = "REPLACE-WITH-USER-SUB" and level in ["ERROR", "WARN"]'],
          sort: '@timestamp desc',
          limit: 100,
        }),
      ),
    ];
  }

  private buildDashboard(
    namePrefix: string,
    figures: {
      requests: IMetric;
      clientErrors: IMetric;
      serverErrors: IMetric;
      latency: (statistic: 'p50' | 'p99') => IMetric;
      functions: [string, IFunction][];
      pipes: NotificationPipe[];
      logGroups: ILogGroup[];
      signalQueues: { queue?: IQueue; deadLetterQueue?: IQueue };
    },
  ): Dashboard {
    const dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${namePrefix}-operations`,
      defaultInterval: Duration.hours(24),
    });
    const perFunction = (label: string, metric: (fn: IFunction) => Metric) =>
      new GraphWidget({
        title: `Lambda ${label}`,
        width: 6,
        left: figures.functions.map(([name, fn]) => metric(fn).with({ label: name })),
      });
    const delivery = (service: string, metricName: string, label: string) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        dimensionsMap: { service },
        statistic: 'Sum',
        period: FIVE_MINUTES,
        label,
      });

    dashboard.addWidgets(
      new TextWidget({
        markdown: `# Adsmith ${namePrefix}\nAlarms go to SNS topic \`${namePrefix}-alarms\`. What each means and what to do: docs/operating.md. Logs: the saved queries under \`${namePrefix}/\` in Logs Insights.`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'API requests', width: 6, left: [figures.requests] }),
      new GraphWidget({ title: 'API 4xx and 5xx', width: 6, left: [figures.clientErrors, figures.serverErrors] }),
      new GraphWidget({
        title: 'API latency p50 / p99 (ms)',
        width: 12,
        left: [figures.latency('p50'), figures.latency('p99')],
      }),
    );
    dashboard.addWidgets(
      perFunction('errors', (fn) => fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' })),
      perFunction('duration p99 (ms)', (fn) => fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p99' })),
      perFunction('throttles', (fn) => fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' })),
      perFunction('concurrency (max)', (fn) =>
        fn.metric('ConcurrentExecutions', { period: FIVE_MINUTES, statistic: 'Maximum' }),
      ),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Notification queues: depth',
        width: 8,
        left: figures.pipes.map(({ declaration, queue }) =>
          queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), label: declaration.name }),
        ),
      }),
      new GraphWidget({
        title: 'Notification queues: oldest message (s)',
        width: 8,
        left: figures.pipes.map(({ declaration, queue }) =>
          queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(1), label: declaration.name }),
        ),
      }),
      new GraphWidget({
        title: 'Dead-letter queues: depth',
        width: 8,
        left: figures.pipes.map(({ declaration, deadLetterQueue }) =>
          deadLetterQueue.metricApproximateNumberOfMessagesVisible({
            period: Duration.minutes(1),
            label: `${declaration.name}-dlq`,
          }),
        ),
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Slack deliveries',
        width: 8,
        left: [
          delivery('slack-forwarder', 'SlackDelivered', 'events delivered'),
          delivery('slack-forwarder', 'SlackDeliveryFailed', 'events failed'),
          delivery('slack-forwarder', 'SlackRateLimited', '429 answers'),
          delivery('slack-forwarder', 'SlackDuplicateSkipped', 'duplicates skipped'),
        ],
      }),
      new GraphWidget({
        title: 'Webhook deliveries',
        width: 8,
        left: [
          delivery('webhook-forwarder', 'WebhookDelivered', 'events delivered'),
          delivery('webhook-forwarder', 'WebhookDeliveryFailed', 'events failed'),
          delivery('webhook-forwarder', 'WebhookDuplicateSkipped', 'duplicates skipped'),
        ],
      }),
      new GraphWidget({
        title: 'Client errors by code',
        width: 8,
        left: [
          new MathExpression({
            // The browser's reports carry a `code` dimension (client-errors.ts); one line per code seen.
            expression: `SEARCH('{${METRICS_NAMESPACE},code,service} MetricName="ClientErrors"', 'Sum', 300)`,
            label: '',
            period: FIVE_MINUTES,
          }),
        ],
      }),
    );
    dashboard.addWidgets(...signalsWidgets(figures.signalQueues, delivery));
    dashboard.addWidgets(
      new LogQueryWidget({
        title: 'Errors by code (logs)',
        width: 24,
        logGroupNames: figures.logGroups.map((group) => group.logGroupName),
        queryLines: [
          'filter level = "ERROR" or ispresent(errorCode)',
          'fields coalesce(errorCode, code, "INTERNAL_ERROR") as errorCodeSeen',
          'stats count(*) as errors by errorCodeSeen, service',
          'sort errors desc',
        ],
      }),
    );
    return dashboard;
  }
}

/** The first-party Conversions API: what sites sent, what reached Meta, what waits, and the alerts raised. */
function signalsWidgets(
  { queue: signalQueue, deadLetterQueue: signalDeadLetters }: { queue?: IQueue; deadLetterQueue?: IQueue },
  delivery: (service: string, metricName: string, label: string) => Metric,
): GraphWidget[] {
  return [
    new GraphWidget({
      title: 'Signals: events accepted and delivered',
      width: 8,
      left: [
        delivery('signals-intake', 'SignalEventsAccepted', 'accepted from sites'),
        delivery('signals-intake', 'SignalEventsDuplicate', 'duplicates not queued'),
        delivery('signals-delivery', 'SignalEventsDelivered', 'delivered to Meta'),
        delivery('signals-delivery', 'SignalEventsRejected', 'refused by Meta'),
      ],
    }),
    new GraphWidget({
      title: 'Signals: delivery queue',
      width: 8,
      left: [signalQueue, signalDeadLetters].flatMap((queue, index) =>
        queue
          ? [
              queue.metricApproximateNumberOfMessagesVisible({
                period: Duration.minutes(1),
                label: index === 0 ? 'waiting' : 'dead letters',
              }),
            ]
          : [],
      ),
      right: signalQueue
        ? [signalQueue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(1), label: 'oldest (s)' })]
        : [],
    }),
    new GraphWidget({
      title: 'Signal alerts raised',
      width: 8,
      left: [delivery('signals-monitor', 'SignalAlertsRaised', 'alerts (stopped event, de-duplication, quality)')],
    }),
  ];
}
