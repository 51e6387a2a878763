import { NEED_ENV } from '@shared/need-env';
import { DEFAULT_SLACK_CLICKS, SLACK_CLICK_MODES } from '@shared/slack-clicks';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import * as z from 'zod';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { readEnv } from '../env';
import { logger, metrics } from '../observability';
import { tableName } from '../table-name';
import { dynamoDedupeStore } from './dedupe-store';
import { dynamoDeliveryLog } from './delivery-log';
import type { ForwardDeps } from './forward-batch';

/** What both forwarders read from their environment once, at cold start. */
export function forwarderEnv() {
  return readEnv(
    z.object({
      // Tunable so tests can run the reliability scenario scaled down; production keeps Slack's 1 post/s.
      NOTIFY_MIN_POST_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
      NOTIFY_SERVER_ERROR_BACKOFF_MS: z.coerce.number().int().min(0).default(1000),
      NOTIFY_POST_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
      // Where clicks go (shared/slack-clicks.ts); read by the Slack forwarder only.
      [NEED_ENV.slackClicks]: z.enum(SLACK_CLICK_MODES).default(DEFAULT_SLACK_CLICKS),
    }),
  );
}

/** The stores, logging and metrics a forwarder passes to forwardBatch. */
export function forwarderServices(
  metricPrefix: 'Slack' | 'Webhook',
): Pick<ForwardDeps, 'dedupe' | 'deliveries' | 'log' | 'count'> {
  const doc = dynamoDocumentClient();
  return {
    dedupe: dynamoDedupeStore(doc, tableName('notificationDedupe')),
    deliveries: dynamoDeliveryLog(doc, tableName('notificationDeliveries')),
    log: (level, message, fields) => logger[level](message, fields ?? {}),
    count: (metric, value) => metrics.addMetric(`${metricPrefix}${metric}`, MetricUnit.Count, value),
  };
}
