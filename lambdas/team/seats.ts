import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PlanKey } from '@shared/plans';
import { tableKey } from '@shared/table-keys';
import { limitOf, quotaExceeded, type QuotaStore } from '../lib/quota/plan-quota';

/**
 * Seats are a held limit of the plan (shared/plans.ts `seats`), kept like the other held limits: one item in
 * `quota_usage` (the workspace's, counter `seats`) whose `members` set names every place taken. The owner
 * always holds one (`owner`), each member one (`member:<sub>`) and each pending invitation one (`invite:<id>`),
 * so an invitation is refused when owner + members + pending invitations already fill the plan. One conditional
 * UpdateItem checks and takes a place, so two invitations sent at once never pass the limit together.
 */
export const OWNER_PLACE = 'owner';
export const memberPlace = (userId: string) => `member:${userId}`;
export const invitePlace = (invitationId: string) => `invite:${invitationId}`;

const COUNTER = 'seats';

/** Takes a seat for `place`, or throws QUOTA_EXCEEDED (429) naming the limit and the plan that allows more. */
export async function takeSeat(store: QuotaStore, workspaceId: string, plan: PlanKey, place: string): Promise<number> {
  const limit = limitOf(plan, 'seats');
  try {
    const reply = await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: tableKey('quotaUsage', workspaceId, COUNTER),
        UpdateExpression: 'ADD members :places',
        // First place: the owner's is taken with it, so the plan must allow two. Later: the set holds the owner.
        ConditionExpression:
          '(attribute_not_exists(members) AND :limit > :one) OR contains(members, :place) OR size(members) < :limit',
        ExpressionAttributeValues: {
          ':places': new Set([OWNER_PLACE, place]),
          ':place': place,
          ':limit': limit,
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return (reply.Attributes?.members as Set<string> | undefined)?.size ?? 2;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw quotaExceeded('seats', plan, limit, store.now?.() ?? new Date());
    }
    throw error;
  }
}

/** What moveSeat found: it moved the place, it had been moved already, or `from` was gone (nothing to move). */
export type SeatMove = 'moved' | 'already' | 'missing';

/**
 * Hands the seat `from` holds to `to` (an accepted invitation's seat to its new member) in ONE conditional
 * write, so no reader ever sees both places (one person counted twice) or neither (a seat another invitation
 * could take). DynamoDB cannot ADD and DELETE the same attribute in one update, so the new set is written whole,
 * on condition that the set is still the one read (set equality ignores order); a concurrent change retries.
 * Idempotent: once `to` holds the seat and `from` is gone, it answers 'already'.
 */
export async function moveSeat(store: QuotaStore, workspaceId: string, from: string, to: string): Promise<SeatMove> {
  for (let attempt = 0; ; attempt++) {
    const reply = await store.doc.send(
      new GetCommand({
        TableName: store.table,
        Key: tableKey('quotaUsage', workspaceId, COUNTER),
        ConsistentRead: true,
      }),
    );
    const members = reply.Item?.members as Set<string> | undefined;
    if (!members?.has(from)) return members?.has(to) ? 'already' : 'missing';
    const next = new Set(members);
    next.delete(from);
    next.add(to);
    try {
      await store.doc.send(
        new UpdateCommand({
          TableName: store.table,
          Key: tableKey('quotaUsage', workspaceId, COUNTER),
          UpdateExpression: 'SET members = :next',
          ConditionExpression: 'members = :seen',
          ExpressionAttributeValues: { ':next': next, ':seen': members },
        }),
      );
      return 'moved';
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException) || attempt >= 20) throw error;
    }
  }
}

/** Frees places (a revoked or expired invitation, a removed or departed member). */
export async function releaseSeats(store: QuotaStore, workspaceId: string, places: string[]): Promise<void> {
  if (places.length === 0) return;
  await store.doc.send(
    new UpdateCommand({
      TableName: store.table,
      Key: tableKey('quotaUsage', workspaceId, COUNTER),
      UpdateExpression: 'DELETE members :places',
      ExpressionAttributeValues: { ':places': new Set(places) },
    }),
  );
}

/** Seats held now: at least the owner's. */
export async function seatsUsed(store: QuotaStore, workspaceId: string): Promise<number> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('quotaUsage', workspaceId, COUNTER), ConsistentRead: true }),
  );
  return Math.max(1, (reply.Item?.members as Set<string> | undefined)?.size ?? 0);
}
