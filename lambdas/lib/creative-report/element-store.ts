import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CreativeElementRecordSchema, type CreativeElementRecord } from '@shared/schemas/creative-report';
import { keyCondition } from '@shared/table-keys';
import { queryAll } from '../aws/query-all';

/**
 * The creative_elements table: one row per Meta ad (by its ad account), the record in `record`.
 * Keyed by the ad account, not the user: an ad's elements are a fact about the ad, and every reader
 * has already proved the account is theirs (ownedAdAccount) before reading its rows.
 */

export interface ElementStore {
  doc: DynamoDBDocumentClient;
  table: string;
}

export async function putElementRecord(store: ElementStore, record: CreativeElementRecord): Promise<void> {
  const checked = CreativeElementRecordSchema.parse(record);
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: { ad_account_id: checked.adAccountId, ad_id: checked.adId, source: checked.source, record: checked },
    }),
  );
}

/** Every recorded ad of an account; a row that no longer parses is skipped rather than failing the report. */
export async function listElementRecords(store: ElementStore, adAccountId: string): Promise<CreativeElementRecord[]> {
  const items = await queryAll(store.doc, {
    TableName: store.table,
    KeyConditionExpression: keyCondition('creativeElements', ':account'),
    ExpressionAttributeValues: { ':account': adAccountId },
  });
  return items.flatMap((item) => {
    const parsed = CreativeElementRecordSchema.safeParse((item as { record?: unknown }).record);
    return parsed.success ? [parsed.data] : [];
  });
}
