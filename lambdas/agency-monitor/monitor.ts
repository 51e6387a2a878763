import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keyCondition } from '@shared/table-keys';
import { raiseAlerts, type ClientAlertDetail } from '../lib/agency/client-alerts';
import { mapLimit, readClientRow, type FiguresDeps } from '../lib/agency/client-figures';
import { TARGETS_SCOPE, targetsOfItem, type TargetsTable } from '../lib/agency/targets-store';

export interface MonitorDeps extends FiguresDeps {
  store: TargetsTable;
  publish: (detail: ClientAlertDetail) => Promise<void>;
  /** The overview screen, linked from each alert. */
  url?: string;
  log?: (message: string, facts: Record<string, unknown>) => void;
}

/** Clients read at once by the monitor, as by the overview. */
const MONITOR_CONCURRENCY = 4;

/**
 * One tick: every client with targets (one partition, a page at a time), read as the overview reads it, its alerts
 * raised once per client, kind and day. A client that fails is logged and the others still run.
 */
export async function runAgencyMonitor(
  deps: MonitorDeps,
): Promise<{ clients: number; alerts: number; failed: number }> {
  let clients = 0;
  let alerts = 0;
  let failed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.store.doc.send(
      new QueryCommand({
        TableName: deps.store.table,
        KeyConditionExpression: keyCondition('clientTargets', ':scope'),
        ExpressionAttributeValues: { ':scope': TARGETS_SCOPE },
        ...(startKey && { ExclusiveStartKey: startKey }),
      }),
    );
    await mapLimit(page.Items ?? [], MONITOR_CONCURRENCY, async (item) => {
      const targets = targetsOfItem(item);
      if (!targets) return;
      clients += 1;
      const workspaceId = String(item.item_key);
      const row = await readClientRow(
        { workspaceId, name: String(item.workspace_name ?? workspaceId), role: 'owner', targets },
        deps,
      );
      if (row.error) {
        failed += 1;
        deps.log?.('Agency monitor could not read a client', { workspaceId, error: row.error });
        return;
      }
      try {
        alerts += (await raiseAlerts(row, { store: deps.store, publish: deps.publish, now: deps.now(), url: deps.url }))
          .length;
      } catch (error) {
        failed += 1;
        deps.log?.('Agency monitor could not raise an alert', { workspaceId, error: String(error) });
      }
    });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { clients, alerts, failed };
}
