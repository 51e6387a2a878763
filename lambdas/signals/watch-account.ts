import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableKey } from '@shared/table-keys';
import {
  WATCHED_ACCOUNTS_SCOPE,
  WATCH_DAYS,
  watchItemKey,
  type DeliveriesTable,
} from '../lib/signals/delivery-records';

/** Puts (or renews) the account among those the signals monitor checks every hour (delivery-records.ts). */
export async function watchAccount(
  table: DeliveriesTable,
  workspaceId: string,
  adAccountId: string,
  now: Date,
): Promise<void> {
  const accountId = adAccountId.replace(/^act_/, '');
  await table.doc.send(
    new PutCommand({
      TableName: table.table,
      Item: {
        ...tableKey('signalDeliveries', WATCHED_ACCOUNTS_SCOPE, watchItemKey(workspaceId, accountId)),
        workspace_id: workspaceId,
        ad_account_id: accountId,
        watched_at: now.toISOString(),
        expires_at: Math.floor(now.getTime() / 1000) + WATCH_DAYS * 86_400,
      },
    }),
  );
}
