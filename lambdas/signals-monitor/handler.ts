import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { eventBridgeClient } from '../lib/aws/eventbridge';
import { lazyEnv } from '../lib/env';
import { publishEvent } from '../lib/events';
import { scheduleFunction } from '../lib/http/schedule-function';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { graphForUser } from '../lib/meta-session/session';
import { logger } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { checkWorkspaceSignals } from './check-workspace';

const config = lazyEnv(z.object({ EVENT_BUS_NAME: z.string().min(1), SITE_URL: z.string().url() }));

/**
 * The scheduler's tick (hourly): every workspace connected to Meta, each of its ad accounts' pixels checked
 * (check-workspace.ts). Connections are read a page at a time with their ids only; one workspace whose token
 * fails is logged and the others still run.
 */
export const handler = scheduleFunction(async ({ now }) => {
  const doc = dynamoDocumentClient();
  const store = { doc, table: tableName('signalDeliveries') };
  let workspaces = 0;
  let alerts = 0;
  let failed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({
        TableName: tableName('userMetaConnections'),
        ProjectionExpression: 'user_id',
        ...(startKey && { ExclusiveStartKey: startKey }),
      }),
    );
    for (const item of page.Items ?? []) {
      const workspaceId = String(item.user_id);
      workspaces += 1;
      try {
        const raised = await checkWorkspaceSignals(workspaceId, {
          graph: await graphForUser(workspaceId, metaRuntime()),
          store,
          publish: (detail) => publishEvent(eventBridgeClient(), config().EVENT_BUS_NAME, 'signalAlert', detail),
          now,
          siteUrl: config().SITE_URL,
          log: (message, facts) => logger.warn(message, facts),
        });
        alerts += raised.length;
      } catch (error) {
        failed += 1;
        logger.warn('Signals check failed for a workspace', { workspaceId, error: String(error) });
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  logger.info('signals monitor tick', { workspaces, alerts, failed });
  return { workspaces, alerts, failed };
});
