import { randomUUID } from 'node:crypto';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface CampaignChange {
  userId: string;
  campaignId: string;
  campaignName: string;
  adAccountId: string;
  action: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * Keeps who changed which campaign, from what to what, and when. Rows sort by
 * time under the user, so "my recent changes" is one query.
 */
export async function recordCampaignChange(
  doc: DynamoDBDocumentClient,
  table: string,
  change: CampaignChange,
  now: Date,
): Promise<void> {
  const changedAt = now.toISOString();
  await doc.send(
    new PutCommand({
      TableName: table,
      Item: {
        user_id: change.userId,
        changed_at_id: `${changedAt}#${randomUUID()}`,
        changed_at: changedAt,
        campaign_id: change.campaignId,
        campaign_name: change.campaignName,
        ad_account_id: change.adAccountId,
        action: change.action,
        before: change.before,
        after: change.after,
      },
    }),
  );
}
