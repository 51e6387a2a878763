import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableKey } from '@shared/table-keys';
import type { BillingDeps } from './billing-deps';

/**
 * Stripe may deliver an event more than once, and two deliveries may race.
 * Handling is claimed first (a conditional put); a claim that is still
 * "processing" after the lease is taken over, so a crashed attempt never
 * blocks Stripe's retry. A failed attempt releases its claim.
 */
const LEASE_SECONDS = 60;
const KEEP_SECONDS = 30 * 24 * 3600;

export type Claim = 'claimed' | 'done-before' | 'in-progress';

export async function claimEvent(deps: BillingDeps, eventId: string, type: string): Promise<Claim> {
  const now = Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
  try {
    await deps.doc.send(
      new PutCommand({
        TableName: deps.tables.stripeEvents,
        Item: { event_id: eventId, type, status: 'processing', claimed_at: now, expires_at: now + KEEP_SECONDS },
        ConditionExpression: 'attribute_not_exists(event_id) OR (#status = :processing AND claimed_at < :stale)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':processing': 'processing', ':stale': now - LEASE_SECONDS },
      }),
    );
    return 'claimed';
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const reply = await deps.doc.send(
      new GetCommand({
        TableName: deps.tables.stripeEvents,
        Key: tableKey('stripeEvents', eventId),
        ConsistentRead: true,
      }),
    );
    return reply.Item?.status === 'done' ? 'done-before' : 'in-progress';
  }
}

export async function markDone(deps: BillingDeps, eventId: string): Promise<void> {
  await deps.doc.send(
    new UpdateCommand({
      TableName: deps.tables.stripeEvents,
      Key: tableKey('stripeEvents', eventId),
      UpdateExpression: 'SET #status = :done',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':done': 'done' },
    }),
  );
}

export async function releaseClaim(deps: BillingDeps, eventId: string): Promise<void> {
  await deps.doc.send(
    new DeleteCommand({ TableName: deps.tables.stripeEvents, Key: tableKey('stripeEvents', eventId) }),
  );
}
