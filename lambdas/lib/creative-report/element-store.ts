import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
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

/**
 * Records an ad's elements unless it has a record already (an AI tag never replaces what Adsmith recorded, nor a
 * tag made by a request that raced this one). True when this call wrote it.
 */
export async function putElementRecordIfAbsent(store: ElementStore, record: CreativeElementRecord): Promise<boolean> {
  const checked = CreativeElementRecordSchema.parse(record);
  try {
    await store.doc.send(
      new PutCommand({
        TableName: store.table,
        Item: { ad_account_id: checked.adAccountId, ad_id: checked.adId, source: checked.source, record: checked },
        ConditionExpression: 'attribute_not_exists(ad_id)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
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
