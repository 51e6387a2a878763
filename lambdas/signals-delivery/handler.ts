import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { DeliveryJobSchema } from '@shared/schemas/signals-endpoint';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { queueBatchFunction } from '../lib/http/queue-function';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import type { GraphClient } from '../lib/meta/graph-client';
import { graphForUser } from '../lib/meta-session/session';
import { logger, metrics } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { sendToConversionsApi } from './conversions-api-sender';
import { deliverJobs, type QueuedJob } from './deliver-events';

/**
 * Drains the signal deliveries queue: a whole batch at once, regrouped per pixel into Conversions API requests of up
 * to 1,000 events. A message that does not parse goes back, and on to the dead-letter queue where an operator sees
 * it (it came from our own endpoint, so it is a bug, never a customer's mistake to drop silently).
 */
export const handler = queueBatchFunction(async (records) => {
  const jobs: QueuedJob[] = [];
  const unreadable: string[] = [];
  for (const record of records) {
    const parsed = DeliveryJobSchema.safeParse(safeJson(record.body));
    if (parsed.success) jobs.push({ messageId: record.messageId, job: parsed.data });
    else unreadable.push(record.messageId);
  }
  if (unreadable.length > 0) logger.error('Unreadable delivery jobs; they go to the dead-letter queue', { unreadable });

  const graphs = new Map<string, Promise<GraphClient>>();
  const graphFor = (workspaceId: string) => {
    if (!graphs.has(workspaceId)) graphs.set(workspaceId, graphForUser(workspaceId, metaRuntime()));
    return graphs.get(workspaceId)!;
  };
  const failed = await deliverJobs(jobs, {
    deliveries: { doc: dynamoDocumentClient(), table: tableName('signalDeliveries') },
    send: async (workspaceId, pixelId, events, testEventCode) =>
      sendToConversionsApi(await graphFor(workspaceId), pixelId, events, testEventCode),
    now: () => new Date(),
    log: (message, facts) => logger.warn(message, facts),
    count: (metric, events) => metrics.addMetric(metric, MetricUnit.Count, events),
  });
  return { batchItemFailures: [...unreadable, ...failed].map((itemIdentifier) => ({ itemIdentifier })) };
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
