import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BusinessLanguagesSchema } from '@shared/copy-languages';
import { DEFAULT_BUSINESS_LANGUAGES, type BusinessLanguagesReply } from '@shared/schemas/business-languages';
import { tableKey } from '@shared/table-keys';
import type { RequestUser } from '../lib/http/request-user';

/**
 * The workspace's business languages (issue 29 requirement 3), one item in the workspace's graphics items beside its
 * brand kit (`business-languages`): what the business sells in is part of its brand. Each change is a row in the
 * workspace's audit trail (campaign_audit): who, when, from what to what.
 */
export interface BusinessLanguageStore {
  doc: DynamoDBDocumentClient;
  /** graphics_items */
  table: string;
  /** campaign_audit */
  audit: string;
}

const ITEM = 'business-languages';

export async function readBusinessLanguages(
  store: Pick<BusinessLanguageStore, 'doc' | 'table'>,
  workspace: string,
): Promise<BusinessLanguagesReply> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('graphicsItems', workspace, ITEM) }),
  );
  // A stored value is re-checked: a list that no longer passes (a language dropped from the engine) is not used.
  const stored = BusinessLanguagesSchema.safeParse(reply.Item?.languages);
  if (!stored.success) return { languages: DEFAULT_BUSINESS_LANGUAGES };
  return {
    languages: stored.data,
    ...(typeof reply.Item?.updated_at === 'string' && { updatedAt: reply.Item.updated_at }),
  };
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
      Item: { ...tableKey('graphicsItems', user.sub, ITEM), languages, updated_at: at, updated_by: actor },
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
