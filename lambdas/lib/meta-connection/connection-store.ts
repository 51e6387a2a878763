import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableKey } from '@shared/table-keys';
import * as z from 'zod';
import { AppError } from '../errors';
import { logger } from '../observability';
import type { TokenCipher } from './token-cipher';

/**
 * A user's Meta connection, one row per Cognito user in `user_meta_connections`.
 * The access token is stored only encrypted with KMS (encryption context: the
 * user id), so a table read alone never yields a usable token; it is decrypted
 * in the memory of the function using it and never returned to the browser.
 */
export const StoredConnectionSchema = z.object({
  user_id: z.string(),
  meta_user_id: z.string(),
  meta_user_name: z.string(),
  /** Plaintext, in memory only. */
  access_token: z.string(),
  /** Epoch seconds; Meta's long-lived user tokens last about 60 days. */
  token_expires_at: z.number(),
  scopes: z.array(z.string()),
  /** Permissions the person unticked in Meta's dialog. */
  declined_scopes: z.array(z.string()).default([]),
  connected_at: z.string(),
  /** Fresh for every connect: a disconnect deletes only the connection it read. */
  connection_id: z.string().default('legacy'),
});
export type StoredConnection = z.infer<typeof StoredConnectionSchema>;
export type NewConnection = z.input<typeof StoredConnectionSchema>;

/** The row as it sits in DynamoDB: the token encrypted, or (rows from before encryption) in plaintext. */
const StoredRowSchema = StoredConnectionSchema.omit({ access_token: true }).extend({
  access_token_encrypted: z.string().optional(),
  access_token: z.string().optional(),
});
type StoredRow = z.infer<typeof StoredRowSchema>;

export interface ConnectionTable {
  doc: DynamoDBDocumentClient;
  table: string;
  cipher: TokenCipher;
}

async function toConnection(
  { doc, table, cipher }: ConnectionTable,
  row: StoredRow,
  options: { rewritePlaintext: boolean },
): Promise<StoredConnection | null> {
  const { access_token_encrypted: encrypted, access_token: plaintext, ...rest } = row;
  if (encrypted) {
    try {
      return { ...rest, access_token: await cipher.decrypt(row.user_id, encrypted) };
    } catch (error) {
      if ((error as { name?: string }).name !== 'InvalidCiphertextException') throw error;
      // Sealed for another user or another key: unusable, so treated as no connection (the user reconnects).
      logger.warn('Stored Meta token does not decrypt for its user; treating as not connected');
      return null;
    }
  }
  if (!plaintext) return null;
  if (options.rewritePlaintext) {
    // Written before field encryption: encrypt it now, only if nobody replaced the row meanwhile.
    try {
      await doc.send(
        new UpdateCommand({
          TableName: table,
          Key: tableKey('userMetaConnections', row.user_id),
          UpdateExpression: 'SET access_token_encrypted = :c REMOVE access_token',
          ConditionExpression: 'access_token = :p',
          ExpressionAttributeValues: { ':c': await cipher.encrypt(row.user_id, plaintext), ':p': plaintext },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return { ...rest, access_token: plaintext };
}

/**
 * The user's connection with its token decrypted, or null. `rewritePlaintext: false` for a reader that may not
 * write the table (the chatbot): a row from before field encryption is then used as it is.
 */
export async function readConnection(
  store: ConnectionTable,
  userId: string,
  options: { rewritePlaintext: boolean } = { rewritePlaintext: true },
): Promise<StoredConnection | null> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('userMetaConnections', userId), ConsistentRead: true }),
  );
  if (!reply.Item) return null;
  const parsed = StoredRowSchema.safeParse(reply.Item);
  // A row we cannot read is treated as no connection: the user reconnects and it is replaced.
  if (!parsed.success) return null;
  return toConnection(store, parsed.data, options);
}

/**
 * A disconnect in progress that started longer ago than this no longer holds a reconnect back: the
 * disconnecting function (29 s timeout) has revoked by then, or never will.
 */
export const DISCONNECT_STALE_MS = 60_000;

/** Said when a reconnect's token may have been revoked by a disconnect that ran at the same time. */
export const RECONNECT_DURING_DISCONNECT_MESSAGE =
  'Meta was being disconnected while you connected, which can cancel the new access. Please connect Meta again.';

/**
 * Stores a connection (token encrypted) and returns the one it replaced, if any:
 * one atomic put, so of two racing writers each learns exactly what it replaced
 * and can revoke that token at Meta.
 *
 * Meta's `DELETE /me/permissions` (a disconnect) revokes every token of that Meta user for the app,
 * including one a reconnect obtained moments before. So the put is refused (AppError CONFLICT) while a
 * disconnect is under way, or when one finished revoking after this connect's code exchange began:
 * that token may already be dead, and storing it would show a connection that cannot work.
 */
export async function saveConnection(
  store: ConnectionTable,
  input: NewConnection,
  options: { exchangeStartedAt: Date },
): Promise<StoredConnection | null> {
  const connection = StoredConnectionSchema.parse(input);
  const { access_token: token, ...rest } = connection;
  const item: StoredRow = { ...rest, access_token_encrypted: await store.cipher.encrypt(connection.user_id, token) };
  let reply;
  try {
    reply = await store.doc.send(
      new PutCommand({
        TableName: store.table,
        Item: item,
        ReturnValues: 'ALL_OLD',
        ConditionExpression:
          'attribute_not_exists(user_id) OR attribute_not_exists(disconnect_started_at) OR ' +
          'revoked_at < :exchangeStarted OR disconnect_started_at < :stale',
        ExpressionAttributeValues: {
          ':exchangeStarted': options.exchangeStartedAt.getTime(),
          ':stale': options.exchangeStartedAt.getTime() - DISCONNECT_STALE_MS,
        },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('CONFLICT', RECONNECT_DURING_DISCONNECT_MESSAGE);
    throw error;
  }
  if (!reply.Attributes) return null;
  const previous = StoredRowSchema.safeParse(reply.Attributes);
  return previous.success ? toConnection(store, previous.data, { rewritePlaintext: false }) : null;
}

function sameConnection(connectionId: string) {
  // Rows from before connection ids have none; 'legacy' stands for them.
  return connectionId === 'legacy'
    ? { ConditionExpression: 'attribute_exists(user_id) AND attribute_not_exists(connection_id)' }
    : { ConditionExpression: 'connection_id = :id', ExpressionAttributeValues: { ':id': connectionId } };
}

/**
 * First step of a disconnect: the row becomes a tombstone (token and Meta identity removed, so every
 * reader sees no connection) only if it is still the connection read, so a disconnect racing a reconnect
 * never removes the new one. Returns false when a reconnect replaced it meanwhile.
 */
export async function beginDisconnect(
  store: ConnectionTable,
  userId: string,
  connectionId: string,
  now: Date,
): Promise<boolean> {
  const same = sameConnection(connectionId);
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: tableKey('userMetaConnections', userId),
        UpdateExpression:
          'SET disconnect_started_at = :started REMOVE access_token_encrypted, access_token, meta_user_id, ' +
          'meta_user_name, token_expires_at, scopes, declined_scopes, connected_at',
        ConditionExpression: same.ConditionExpression,
        ExpressionAttributeValues: { ...same.ExpressionAttributeValues, ':started': now.getTime() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Last step of a disconnect: Meta has revoked (or refused to); tokens exchanged from now on are safe to keep. */
export async function finishDisconnect(
  store: ConnectionTable,
  userId: string,
  connectionId: string,
  now: Date,
): Promise<void> {
  const same = sameConnection(connectionId);
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: tableKey('userMetaConnections', userId),
        UpdateExpression: 'SET revoked_at = :revoked',
        ConditionExpression: `(${same.ConditionExpression}) AND attribute_exists(disconnect_started_at)`,
        ExpressionAttributeValues: { ...same.ExpressionAttributeValues, ':revoked': now.getTime() },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export function isTokenExpired(row: StoredConnection, now: Date): boolean {
  return row.token_expires_at * 1000 <= now.getTime();
}

export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
