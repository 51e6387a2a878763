import { randomUUID } from 'node:crypto';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { ObjectLevel, ObjectState } from '@shared/schemas/object-change';
import { keyCondition } from '@shared/table-keys';
import { queryAll } from '../aws/query-all';
import { currentActor } from '../team/request-actor';

/** The fields a change can touch, as the audit shows them. */
export type AuditedFields = ObjectState;

export interface PendingChange {
  userId: string;
  /** The campaign the object belongs to (the object itself for a campaign change). */
  campaignId: string;
  /** Known for campaign-level changes; absent when an ad set or ad changed. */
  campaignName?: string;
  adAccountId: string;
  /** Absent: a campaign (rows written before ad set and ad changes existed have no level). */
  level?: ObjectLevel;
  objectId?: string;
  objectName?: string;
  action: string;
  /** Who asked when not a person on the campaigns page: `optimizer:<id>`, `undo:<change id>`, `rule:<id>`. */
  source?: string;
  before: AuditedFields;
  /** What the user asked Meta for. */
  requested: Record<string, unknown>;
}

/** A pending row as written: what its outcome row refers to. */
export interface PendingRow {
  change: PendingChange;
  changeId: string;
  /** The pending row's sort key. */
  key: string;
}

export type ChangeOutcome =
  | {
      outcome: 'completed';
      /** The object's name after the change (the campaign's, for a campaign change). */
      campaignName?: string;
      objectName?: string;
      after: AuditedFields;
      /** 'meta' when read back from Meta; 'requested' when that read failed and the request stands in for it. */
      afterSource: 'meta' | 'requested';
      /** The object the change created (an ad's A/B copy), when it made one. */
      createdObjectId?: string;
    }
  /** 'failed': Meta answered with an error. 'unknown': no answer (timeout), so Meta may have applied it. */
  | { outcome: 'failed' | 'unknown'; error: string };

/**
 * The audit trail of changes to Meta objects (campaigns, ad sets, ads). A change writes a `pending` row before Meta is asked and a second
 * row with its outcome (`completed`, `failed`, or `unknown` when Meta gave no answer) afterwards, keyed to the pending one
 * (`<pending key>#<outcome>`, so it sorts right after it). Rows are only ever added: the
 * functions writing this table may PutItem and nothing else (no UpdateItem to flip a status),
 * so not even a compromised function can rewrite history. A pending row without an outcome
 * means the function stopped between asking Meta and hearing back: the change may have happened.
 */
export async function recordPendingChange(
  doc: DynamoDBDocumentClient,
  table: string,
  change: PendingChange,
  now: Date,
): Promise<PendingRow> {
  const changedAt = now.toISOString();
  const changeId = randomUUID();
  const key = `${changedAt}#${changeId}`;
  await doc.send(
    new PutCommand({
      TableName: table,
      Item: {
        user_id: change.userId,
        changed_at_id: key,
        changed_at: changedAt,
        change_id: changeId,
        status: 'pending',
        ...objectColumns(change),
        action: change.action,
        before: change.before,
        requested: change.requested,
      },
      ConditionExpression: 'attribute_not_exists(changed_at_id)',
    }),
  );
  return { change, changeId, key };
}

/**
 * The columns naming what changed; level, object id and name only when the change says them. `actor_id`: the person
 * who asked, when a signed-in request did (a teammate's own id in the owner's workspace; absent for scheduled runs).
 */
function objectColumns(change: PendingChange): Record<string, string> {
  const actor = currentActor();
  return {
    ...(actor ? { actor_id: actor } : {}),
    campaign_id: change.campaignId,
    ...(change.campaignName !== undefined ? { campaign_name: change.campaignName } : {}),
    ad_account_id: change.adAccountId,
    ...(change.level ? { level: change.level } : {}),
    ...(change.objectId ? { object_id: change.objectId } : {}),
    ...(change.objectName !== undefined ? { object_name: change.objectName } : {}),
    ...(change.source ? { source: change.source } : {}),
  };
}

/** Writes the outcome row of a pending change. */
export async function recordChangeOutcome(
  doc: DynamoDBDocumentClient,
  table: string,
  pending: PendingRow,
  result: ChangeOutcome,
  now: Date,
): Promise<void> {
  const { change } = pending;
  await doc.send(
    new PutCommand({
      TableName: table,
      Item: {
        user_id: change.userId,
        changed_at_id: `${pending.key}#${result.outcome}`,
        changed_at: now.toISOString(),
        change_id: pending.changeId,
        pending_key: pending.key,
        status: result.outcome,
        ...objectColumns(
          result.outcome === 'completed'
            ? {
                ...change,
                campaignName: result.campaignName ?? change.campaignName,
                objectName: result.objectName ?? change.objectName,
              }
            : change,
        ),
        action: change.action,
        before: change.before,
        requested: change.requested,
        ...(result.outcome === 'completed'
          ? {
              after: result.after,
              after_source: result.afterSource,
              ...(result.createdObjectId ? { created_object_id: result.createdObjectId } : {}),
            }
          : { error: result.error }),
      },
      ConditionExpression: 'attribute_not_exists(changed_at_id)',
    }),
  );
}

const AuditRowSchema = z.looseObject({
  change_id: z.string(),
  changed_at: z.string(),
  status: z.enum(['pending', 'completed', 'failed', 'unknown']),
  action: z.string(),
  campaign_id: z.string(),
  level: z.string().optional(),
  object_id: z.string().optional(),
  source: z.string().optional(),
});

/** One change to one object, as its audit rows tell it. */
export interface AuditedObjectChange {
  changeId: string;
  /** The campaign, ad set or ad changed. */
  objectId: string;
  /** When it was asked of Meta (the pending row's time, ISO). */
  at: string;
  action: string;
  source?: string;
  /** 'pending': no outcome row (the function stopped while asking Meta), so it may have happened. */
  outcome: 'completed' | 'unknown' | 'pending';
}

/**
 * The user's changes asked of Meta from `from` on (every change made through Adsmith), one per change:
 * its pending row with its outcome. A change Meta refused (`failed`) changed nothing and is left out;
 * one with no answer (`unknown`) or no outcome row yet may have happened and is kept. Campaign rows
 * name the campaign as `campaign_id` only (rows written before ad set and ad changes had no level).
 */
export async function listObjectChanges(
  doc: DynamoDBDocumentClient,
  table: string,
  userId: string,
  from: Date,
  /** Only this ad account's changes (`act_…`), as every row names it. */
  adAccountId: string,
): Promise<AuditedObjectChange[]> {
  const items = await queryAll(doc, {
    TableName: table,
    // Sort keys start with the ISO time the change was asked: the range is a plain key condition.
    KeyConditionExpression: keyCondition('campaignAudit', ':user', { atLeast: ':from' }),
    FilterExpression: 'ad_account_id = :account',
    ExpressionAttributeValues: { ':user': userId, ':from': from.toISOString(), ':account': adAccountId },
  });
  const byChange = new Map<string, { pending?: z.infer<typeof AuditRowSchema>; outcome?: string }>();
  for (const item of items) {
    const row = AuditRowSchema.safeParse(item);
    if (!row.success) continue;
    const entry = byChange.get(row.data.change_id) ?? {};
    if (row.data.status === 'pending') entry.pending = row.data;
    else entry.outcome = row.data.status;
    byChange.set(row.data.change_id, entry);
  }
  const changes: AuditedObjectChange[] = [];
  for (const [changeId, { pending, outcome }] of byChange) {
    if (!pending || outcome === 'failed') continue;
    const objectId = pending.object_id ?? (pending.level ? undefined : pending.campaign_id);
    if (!objectId) continue;
    changes.push({
      changeId,
      objectId,
      at: pending.changed_at,
      action: pending.action,
      ...(pending.source ? { source: pending.source } : {}),
      outcome: outcome === 'completed' || outcome === 'unknown' ? outcome : 'pending',
    });
  }
  return changes.sort((a, b) => a.at.localeCompare(b.at));
}
