import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AdCopyLanguage } from '@shared/ad-copy-rules';
import { baseLanguage, BusinessLanguagesSchema, isCopyLanguage } from '@shared/copy-languages';
import { DEFAULT_BUSINESS_LANGUAGES, type BusinessLanguagesReply } from '@shared/schemas/business-languages';
import { tableKey } from '@shared/table-keys';

/**
 * The workspace's business languages (issue 29 requirement 3), one item in the workspace's graphics items beside its
 * brand kit (`business-languages`): what the business sells in is part of its brand. Read by the campaign generator
 * (the brief's default) and the ad optimizer (the language a rewrite falls back to); written by the campaign generator.
 */
export interface BusinessLanguageTable {
  doc: DynamoDBDocumentClient;
  /** graphics_items */
  table: string;
}

export const BUSINESS_LANGUAGES_ITEM = 'business-languages';

export async function readBusinessLanguages(
  store: BusinessLanguageTable,
  workspace: string,
): Promise<BusinessLanguagesReply> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('graphicsItems', workspace, BUSINESS_LANGUAGES_ITEM) }),
  );
  // A stored value is re-checked: a list that no longer passes (a language dropped from the engine) is not used.
  const stored = BusinessLanguagesSchema.safeParse(reply.Item?.languages);
  if (!stored.success) return { languages: DEFAULT_BUSINESS_LANGUAGES };
  return {
    languages: stored.data,
    ...(typeof reply.Item?.updated_at === 'string' && { updatedAt: reply.Item.updated_at }),
  };
}

/** The workspace's primary language as the engine writes it (its base language); English when unknown or unread. */
export async function primaryCopyLanguage(
  store: BusinessLanguageTable | undefined,
  workspace: string,
  log?: (message: string, facts: Record<string, unknown>) => void,
): Promise<AdCopyLanguage> {
  if (!store) return 'en';
  try {
    const base = baseLanguage((await readBusinessLanguages(store, workspace)).languages[0] ?? 'en');
    return isCopyLanguage(base) ? base : 'en';
  } catch (error) {
    log?.('Business languages not read', { error: String(error) });
    return 'en';
  }
}
