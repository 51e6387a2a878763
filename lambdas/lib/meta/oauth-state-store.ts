import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../errors';

/**
 * Single use of an OAuth state: the nonce is remembered when the dialog URL is
 * issued and deleted, under a condition, when the callback arrives. A second
 * callback with the same state finds nothing to delete and is refused.
 *
 * Item shape in the oauthStates table: { nonce (key), user_id, expires_at (epoch
 * seconds, also the TTL attribute), created_at (ISO) }. TTL deletion is lazy, so
 * the condition checks `expires_at` itself.
 */

export const replayedStateMessage =
  'This connection attempt was already used or has expired. Please try connecting again.';

export interface StateRecord {
  nonce: string;
  userId: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export async function rememberState(
  doc: DynamoDBDocumentClient,
  tableName: string,
  { nonce, userId, expiresAt }: StateRecord,
  now: Date = new Date(),
): Promise<void> {
  await doc.send(
    new PutCommand({
      TableName: tableName,
      Item: { nonce, user_id: userId, expires_at: expiresAt, created_at: now.toISOString() },
      // A random 128-bit nonce never collides in practice; if it ever did, failing
      // beats silently handing one nonce to two sign-ins.
      ConditionExpression: 'attribute_not_exists(nonce)',
    }),
  );
}

/**
 * Deletes the nonce if it exists, belongs to `userId` and has not expired.
 * Throws VALIDATION_ERROR when any of those fails (replay, expiry, or a nonce
 * that was never issued); other DynamoDB failures propagate unchanged.
 */
export async function consumeState(
  doc: DynamoDBDocumentClient,
  tableName: string,
  nonce: string,
  userId: string,
  now: Date,
): Promise<StateRecord> {
  try {
    const result = await doc.send(
      new DeleteCommand({
        TableName: tableName,
        Key: { nonce },
        ConditionExpression: 'attribute_exists(nonce) AND user_id = :u AND expires_at > :now',
        ExpressionAttributeValues: { ':u': userId, ':now': Math.floor(now.getTime() / 1000) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const old = result.Attributes;
    return {
      nonce,
      userId,
      expiresAt: typeof old?.expires_at === 'number' ? old.expires_at : Number(old?.expires_at ?? 0),
    };
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('VALIDATION_ERROR', replayedStateMessage, { cause: error });
    throw error;
  }
}

function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
