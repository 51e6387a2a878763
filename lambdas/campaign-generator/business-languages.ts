import { randomUUID } from 'node:crypto';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BusinessLanguagesReply } from '@shared/schemas/business-languages';
import { tableKey } from '@shared/table-keys';
import { BUSINESS_LANGUAGES_ITEM, readBusinessLanguages } from '../lib/business-languages/business-languages';
import type { RequestUser } from '../lib/http/request-user';

export { readBusinessLanguages } from '../lib/business-languages/business-languages';

/**
 * Changing the workspace's business languages (issue 29 requirement 3): stored beside its brand kit
 * (lambdas/lib/business-languages), and each change a row in the workspace's audit trail (campaign_audit): who, when,
 * from what to what.
 */
export interface BusinessLanguageStore {
  doc: DynamoDBDocumentClient;
  /** graphics_items */
  table: string;
  /** campaign_audit */
  audit: string;
}

export async function saveBusinessLanguages(
  store: BusinessLanguageStore,
  user: RequestUser,
  languages: string[],
  now: Date,
): Promise<BusinessLanguagesReply> {
  const before = await readBusinessLanguages(store, user.sub);
  const at = now.toISOString();
  const actor = user.actor ?? user.sub;
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: {
        ...tableKey('graphicsItems', user.sub, BUSINESS_LANGUAGES_ITEM),
        languages,
        updated_at: at,
        updated_by: actor,
      },
    }),
  );
  await store.doc.send(
    new PutCommand({
      TableName: store.audit,
      Item: {
        ...tableKey('campaignAudit', user.sub, `settings#${at}#${randomUUID()}`),
        changed_at: at,
        action: 'business_languages_changed',
        actor_id: actor,
        before: before.languages,
        after: languages,
      },
    }),
  );
  return { languages, updatedAt: at };
}
