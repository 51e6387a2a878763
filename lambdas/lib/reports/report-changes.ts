import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { StoredRecommendationSchema, type ExpectedEffect } from '@shared/schemas/optimizer';
import { OutcomeSchema, type Outcome } from '@shared/schemas/optimizer-outcomes';
import type { ReportChange } from '@shared/schemas/reports';
import { keyCondition } from '@shared/table-keys';
import { queryAll } from '../aws/query-all';
import { recordOf } from '../optimizer/recommendation-rows';

/**
 * The changes applied in a report's period, from the optimizer's own rows (its Applied tab's data): each applied
 * recommendation of the ad account with the outcome the optimizer measured and stored on its row. Measuring is the
 * optimizer's (it reads Meta when someone opens the Applied tab); the report says what was measured so far.
 */
const METRIC_WORDS: Record<ExpectedEffect['metric'], string> = {
  results_per_week: 'results a week',
  spend_per_week: 'spend saved a week',
  link_clicks_per_week: 'link clicks a week',
  ctr_percent: 'CTR points',
  revenue_per_week: 'revenue a week',
};

function signed(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return `${rounded > 0 ? '+' : ''}${rounded}`;
}

export function outcomeText(outcome: Outcome | undefined, metric: ExpectedEffect['metric']): string {
  if (!outcome) return 'Not measured yet';
  if (outcome.state === 'measuring') return `Being measured (day ${outcome.day} of 7)`;
  if (outcome.state === 'measured') {
    const range = outcome.withinRange ? 'within the predicted range' : 'outside the predicted range';
    return `${signed(outcome.actual)} ${METRIC_WORDS[metric]}, ${range}`;
  }
  return 'Could not be measured';
}

export async function appliedChanges(
  store: { doc: DynamoDBDocumentClient; table: string },
  workspaceId: string,
  adAccountId: string,
  period: { since: string; until: string },
): Promise<ReportChange[]> {
  const items = await queryAll(store.doc, {
    TableName: store.table,
    KeyConditionExpression: keyCondition('optimizerRecommendations', ':user', { beginsWith: ':prefix' }),
    ExpressionAttributeValues: { ':user': workspaceId, ':prefix': `${adAccountId.replace(/^act_/, '')}.` },
  });
  const changes: (ReportChange & { at: string })[] = [];
  for (const item of items) {
    const record = StoredRecommendationSchema.safeParse(recordOf(item));
    if (!record.success || record.data.status !== 'applied' || !record.data.appliedAt) continue;
    const day = record.data.appliedAt.slice(0, 10);
    if (day < period.since || day > period.until) continue;
    const outcome = OutcomeSchema.safeParse(item.outcome);
    changes.push({
      title: record.data.title,
      appliedAt: record.data.appliedAt,
      outcome: outcomeText(outcome.success ? outcome.data : undefined, record.data.expectedEffect.metric),
      at: record.data.appliedAt,
    });
  }
  return changes.sort((a, b) => a.at.localeCompare(b.at)).map(({ at: _at, ...change }) => change);
}
