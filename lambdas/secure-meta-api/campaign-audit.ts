import { randomUUID } from 'node:crypto';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** The fields a campaign change can touch, as the audit shows them. */
export interface AuditedFields {
  status: string;
  dailyBudget: number | null;
  lifetimeBudget: number | null;
}

export interface PendingChange {
  userId: string;
  campaignId: string;
  campaignName: string;
  adAccountId: string;
  action: string;
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
      campaignName: string;
      after: AuditedFields;
      /** 'meta' when read back from Meta; 'requested' when that read failed and the request stands in for it. */
      afterSource: 'meta' | 'requested';
    }
  /** 'failed': Meta answered with an error. 'unknown': no answer (timeout), so Meta may have applied it. */
  | { outcome: 'failed' | 'unknown'; error: string };

/**
 * The campaign audit trail. A change writes a `pending` row before Meta is asked and a second
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
        campaign_id: change.campaignId,
        campaign_name: change.campaignName,
        ad_account_id: change.adAccountId,
        action: change.action,
        before: change.before,
        requested: change.requested,
      },
      ConditionExpression: 'attribute_not_exists(changed_at_id)',
    }),
  );
  return { change, changeId, key };
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
        campaign_id: change.campaignId,
        campaign_name: result.outcome === 'completed' ? result.campaignName : change.campaignName,
        ad_account_id: change.adAccountId,
        action: change.action,
        before: change.before,
        requested: change.requested,
        ...(result.outcome === 'completed'
          ? { after: result.after, after_source: result.afterSource }
          : { error: result.error }),
      },
      ConditionExpression: 'attribute_not_exists(changed_at_id)',
    }),
  );
}
