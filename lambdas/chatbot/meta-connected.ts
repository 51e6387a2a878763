import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableKey } from '@shared/table-keys';

/** Whether the workspace has a Meta connection (a disconnect leaves a row without one), nothing of the token. */
export async function metaConnected(doc: DynamoDBDocumentClient, table: string, userId: string): Promise<boolean> {
  const reply = await doc.send(
    new GetCommand({
      TableName: table,
      Key: tableKey('userMetaConnections', userId),
      ProjectionExpression: 'meta_user_id',
    }),
  );
  return reply.Item?.meta_user_id !== undefined;
}
