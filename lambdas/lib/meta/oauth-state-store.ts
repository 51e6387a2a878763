import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableKey } from '@shared/table-keys';
import { AppError } from '../errors';

/**
 * Single use of an OAuth state: the nonce is remembered when the dialog URL is
 * issued, claimed by the callback that arrives, and deleted once its exchange
 * succeeded. A second callback with the same state finds it claimed or gone and
 * is refused; a failed exchange gives it back for a retry.
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
 * How long a callback holds a state while it exchanges the code. Longer than the
 * function's own timeout (29 s), so a claim can only lapse once its holder is gone.
 */
export const STATE_CLAIM_SECONDS = 60;

/**
 * Claims the nonce for one callback: it must exist, belong to `userId`, not have
 * expired and not be held by another callback. The state is not used up yet, so
 * a transient failure during the exchange lets the person retry (`releaseState`);
 * `consumeState` ends it once the exchange succeeded. Returns the claim's token.
 * Throws VALIDATION_ERROR on replay, expiry, a nonce never issued, or a racing claim.
 */
export async function claimState(
  doc: DynamoDBDocumentClient,
  tableName: string,
  nonce: string,
  userId: string,
  now: Date,
): Promise<string> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const claim = `${nowSeconds + STATE_CLAIM_SECONDS}#${randomUUID()}`;
  try {
    await doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: tableKey('oauthStates', nonce),
        UpdateExpression: 'SET claim = :claim, claimed_until = :until',
        ConditionExpression:
          'attribute_exists(nonce) AND user_id = :u AND expires_at > :now AND (attribute_not_exists(claimed_until) OR claimed_until <= :now)',
        ExpressionAttributeValues: {
          ':u': userId,
          ':now': nowSeconds,
          ':claim': claim,
          ':until': nowSeconds + STATE_CLAIM_SECONDS,
        },
      }),
    );
    return claim;
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('VALIDATION_ERROR', replayedStateMessage, { cause: error });
    throw error;
  }
}

/** Gives a claimed state back after a failed exchange, so the same callback can be retried. */
export async function releaseState(
  doc: DynamoDBDocumentClient,
  tableName: string,
  nonce: string,
  claim: string,
): Promise<void> {
  try {
    await doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: tableKey('oauthStates', nonce),
        UpdateExpression: 'REMOVE claim, claimed_until',
        ConditionExpression: 'claim = :claim',
        ExpressionAttributeValues: { ':claim': claim },
      }),
    );
  } catch (error) {
    // Gone or taken over: nothing of ours to give back.
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Uses the state up: deletes the nonce if this callback still holds it.
 * Throws VALIDATION_ERROR when it does not (it cannot happen within a claim's time).
 */
export async function consumeState(
  doc: DynamoDBDocumentClient,
  tableName: string,
  nonce: string,
  claim: string,
): Promise<void> {
  try {
    await doc.send(
      new DeleteCommand({
        TableName: tableName,
        Key: tableKey('oauthStates', nonce),
        ConditionExpression: 'claim = :claim',
        ExpressionAttributeValues: { ':claim': claim },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('VALIDATION_ERROR', replayedStateMessage, { cause: error });
    throw error;
  }
}

function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
