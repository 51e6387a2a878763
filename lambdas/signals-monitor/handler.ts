import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { keyCondition } from '@shared/table-keys';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { eventBridgeClient } from '../lib/aws/eventbridge';
import { lazyEnv } from '../lib/env';
import { publishEvent } from '../lib/events';
import { signalAlertEvent } from '@shared/events/signal-alert';
import { scheduleFunction } from '../lib/http/schedule-function';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import type { GraphClient } from '../lib/meta/graph-client';
import { graphForUser } from '../lib/meta-session/session';
import { logger, metrics } from '../lib/observability';
import { WATCHED_ACCOUNTS_SCOPE } from '../lib/signals/delivery-records';
import { tableName } from '../lib/table-name';
import { checkAccountSignals } from './check-account';

const config = lazyEnv(z.object({ EVENT_BUS_NAME: z.string().min(1), SITE_URL: z.string().url() }));

/**
 * The scheduler's tick (hourly): every watched ad account (delivery-records.ts), a page at a time, checked with its
 * workspace's Meta connection (check-account.ts). An account that fails (a token revoked, Meta down) is logged and
 * the others still run; the next tick tries it again.
 */
export const handler = scheduleFunction(async ({ now }) => {
  const doc = dynamoDocumentClient();
  const store = { doc, table: tableName('signalDeliveries') };
  const graphs = new Map<string, Promise<GraphClient>>();
  let accounts = 0;
  let alerts = 0;
  let failed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new QueryCommand({
        TableName: store.table,
        KeyConditionExpression: keyCondition('signalDeliveries', ':scope'),
        ExpressionAttributeValues: { ':scope': WATCHED_ACCOUNTS_SCOPE },
        ...(startKey && { ExclusiveStartKey: startKey }),
      }),
    );
    for (const item of page.Items ?? []) {
      const workspaceId = String(item.workspace_id);
      accounts += 1;
      try {
        if (!graphs.has(workspaceId)) graphs.set(workspaceId, graphForUser(workspaceId, metaRuntime()));
        const raised = await checkAccountSignals(workspaceId, String(item.ad_account_id), {
          graph: await graphs.get(workspaceId)!,
          store,
          publish: (detail) => publishEvent(eventBridgeClient, config().EVENT_BUS_NAME, signalAlertEvent, detail),
          now,
          siteUrl: config().SITE_URL,
          log: (message, facts) => logger.warn(message, facts),
        });
        alerts += raised.length;
      } catch (error) {
        failed += 1;
        logger.warn('Signals check failed for an account', { workspaceId, error: String(error) });
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  logger.info('signals monitor tick', { accounts, alerts, failed });
  metrics.addMetric('SignalAlertsRaised', MetricUnit.Count, alerts);
  return { accounts, alerts, failed };
});
