import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ClientTargetsSchema, type ClientTargets } from '@shared/schemas/agency-overview';
import { tableKey } from '@shared/table-keys';

/** The partition every client's targets live in (shared/tables.ts `clientTargets`). */
export const TARGETS_SCOPE = 'targets';

export interface TargetsTable {
  doc: DynamoDBDocumentClient;
  table: string;
}

/** A stored targets item as its fields; anything unreadable counts as no targets (the agency sets them again). */
export function targetsOfItem(item: Record<string, unknown> | undefined): ClientTargets | null {
  const parsed = ClientTargetsSchema.safeParse(item?.targets);
  return parsed.success ? parsed.data : null;
}

export async function readTargets(store: TargetsTable, workspaceId: string): Promise<ClientTargets | null> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('clientTargets', TARGETS_SCOPE, workspaceId) }),
  );
  return targetsOfItem(reply.Item);
}

export async function saveTargets(
  store: TargetsTable,
  workspaceId: string,
  targets: ClientTargets,
  meta: { by: string; name: string; now: Date },
): Promise<void> {
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: {
        ...tableKey('clientTargets', TARGETS_SCOPE, workspaceId),
        // The name the alerts call the client by (the monitor runs with no person to ask).
        workspace_name: meta.name,
        targets,
        set_by: meta.by,
        set_at: meta.now.toISOString(),
      },
    }),
  );
}
