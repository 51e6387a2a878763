import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { StoredRecommendationSchema, type StoredRecommendation } from '@shared/schemas/optimizer';
import { OutcomeSchema, type Outcome } from '@shared/schemas/optimizer-outcomes';
import { keyCondition, tableKey } from '@shared/table-keys';
import { queryAll } from '../lib/aws/query-all';
import type { RecommendationStore } from '../lib/optimizer/recommendation-store';
import { recordOf } from '../lib/optimizer/recommendation-rows';

/**
 * Outcomes of applied recommendations, kept on the recommendation's own row as a separate
 * `outcome` attribute: the status steps rewrite `record`, never this, and a new run never
 * rewrites a row that was acted on. A measured row is kept for a year (not the 30 days of a
 * proposal) so the detectors' hit rates are judged on a history, not on the last month.
 */

export const KEEP_MEASURED_DAYS = 400;

export interface AppliedRow {
  record: StoredRecommendation;
  outcome?: Outcome;
}

/** The account's recommendations that were applied (or applied, then undone), with their stored outcome. */
export async function listAppliedRows(
  store: RecommendationStore,
  userId: string,
  adAccountId: string,
): Promise<AppliedRow[]> {
  const items = await queryAll(store.doc, {
    TableName: store.table,
    KeyConditionExpression: keyCondition('optimizerRecommendations', ':user', { beginsWith: ':prefix' }),
    ExpressionAttributeValues: { ':user': userId, ':prefix': `${adAccountId.replace(/^act_/, '')}.` },
  });
  const rows: AppliedRow[] = [];
  for (const item of items) {
    const record = StoredRecommendationSchema.safeParse(recordOf(item));
    if (!record.success || !record.data.appliedAt || !record.data.applied?.length) continue;
    if (record.data.status !== 'applied' && record.data.status !== 'undone') continue;
    // An outcome stored by an older shape is measured again rather than trusted.
    const outcome = OutcomeSchema.safeParse(item.outcome);
    rows.push({ record: record.data, ...(outcome.success ? { outcome: outcome.data } : {}) });
  }
  return rows.sort((a, b) => b.record.appliedAt!.localeCompare(a.record.appliedAt!));
}

/** Stores an outcome on a row that is still applied (an undo meanwhile wins: nothing is written). */
export async function saveOutcome(
  store: RecommendationStore,
  userId: string,
  id: string,
  outcome: Outcome,
  now: Date,
): Promise<void> {
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: tableKey('optimizerRecommendations', userId, id),
        UpdateExpression: 'SET outcome = :outcome, expires_at = :expires',
        ConditionExpression: '#status = :applied',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':outcome': outcome,
          ':applied': 'applied',
          ':expires': Math.floor(now.getTime() / 1000) + KEEP_MEASURED_DAYS * 86_400,
        },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
}
