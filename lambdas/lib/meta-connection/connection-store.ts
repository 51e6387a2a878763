import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';

/**
 * A user's Meta connection, one row per Cognito user in `user_meta_connections`.
 * The access token lives only here (table encrypted with our KMS key) and in
 * the memory of the function using it; it is never returned to the browser.
 */
export const StoredConnectionSchema = z.object({
  user_id: z.string(),
  meta_user_id: z.string(),
  meta_user_name: z.string(),
  access_token: z.string(),
  /** Epoch seconds; Meta's long-lived user tokens last about 60 days. */
  token_expires_at: z.number(),
  scopes: z.array(z.string()),
  connected_at: z.string(),
});
export type StoredConnection = z.infer<typeof StoredConnectionSchema>;

export async function readConnection(
  doc: DynamoDBDocumentClient,
  table: string,
  userId: string,
): Promise<StoredConnection | null> {
  const reply = await doc.send(new GetCommand({ TableName: table, Key: { user_id: userId }, ConsistentRead: true }));
  if (!reply.Item) return null;
  const parsed = StoredConnectionSchema.safeParse(reply.Item);
  // A row we cannot read is treated as no connection: the user reconnects and it is replaced.
  return parsed.success ? parsed.data : null;
}

export async function saveConnection(doc: DynamoDBDocumentClient, table: string, row: StoredConnection): Promise<void> {
  await doc.send(new PutCommand({ TableName: table, Item: StoredConnectionSchema.parse(row) }));
}

export async function deleteConnection(doc: DynamoDBDocumentClient, table: string, userId: string): Promise<void> {
  await doc.send(new DeleteCommand({ TableName: table, Key: { user_id: userId } }));
}

export function isTokenExpired(row: StoredConnection, now: Date): boolean {
  return row.token_expires_at * 1000 <= now.getTime();
}
