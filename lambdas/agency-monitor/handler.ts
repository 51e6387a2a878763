import { MetricUnit } from '@aws-lambda-powertools/metrics';
import * as z from 'zod';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { eventBridgeClient } from '../lib/aws/eventbridge';
import { lazyEnv } from '../lib/env';
import { publishEvent } from '../lib/events';
import { clientAlertEvent } from '@shared/events/client-alert';
import { scheduleFunction } from '../lib/http/schedule-function';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { graphForUser } from '../lib/meta-session/session';
import { logger, metrics } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { runAgencyMonitor } from './monitor';

const config = lazyEnv(z.object({ EVENT_BUS_NAME: z.string().min(1), SITE_URL: z.string().url() }));

/** The scheduler's hourly tick (monitor.ts). */
export const handler = scheduleFunction(async ({ now, context }) => {
  const doc = dynamoDocumentClient();
  const result = await runAgencyMonitor({
    store: { doc, table: tableName('clientTargets') },
    graphFor: (workspaceId) => graphForUser(workspaceId, metaRuntime()),
    now: () => now,
    remainingMs: () => context?.getRemainingTimeInMillis?.() ?? 250_000,
    publish: (detail) => publishEvent(eventBridgeClient, config().EVENT_BUS_NAME, clientAlertEvent, detail),
    url: `${config().SITE_URL.replace(/\/$/, '')}/agency`,
    log: (message, facts) => logger.warn(message, facts),
  });
  logger.info('agency monitor tick', result);
  metrics.addMetric('ClientAlertsRaised', MetricUnit.Count, result.alerts);
  return result;
});
