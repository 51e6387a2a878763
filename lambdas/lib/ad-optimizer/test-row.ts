import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AdTest } from '@shared/schemas/ad-optimizer';

/**
 * A new row of the ad_optimizer_tests table (test-store.ts reads and moves them). Apart because writing one checks
 * nothing against the ad optimizer's schemas: the agent's copy proposal, which only writes, does not build them.
 */

export interface TestStore {
  doc: DynamoDBDocumentClient;
  table: string;
}

/** Rows are kept 90 days: long enough to read an A/B test's result and find the copy again. */
const KEEP_DAYS = 90;

export const testExpiry = (now: Date) => Math.floor(now.getTime() / 1000) + KEEP_DAYS * 86_400;

export async function putTest(store: TestStore, userId: string, test: AdTest, now: Date): Promise<void> {
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: {
        user_id: userId,
        test_id: test.id,
        ad_account_id: test.adAccountId,
        status: test.status,
        record: test,
        expires_at: testExpiry(now),
      },
      ConditionExpression: 'attribute_not_exists(test_id)',
    }),
  );
}
