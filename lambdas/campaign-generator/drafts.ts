import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  CampaignDraftSchema,
  type CampaignDraft,
  type DraftList,
  type PublishRecord,
  type PublishStep,
} from '@shared/schemas/campaign-plan';
import { keyCondition, tableKey } from '@shared/table-keys';
import { conflict, notFound } from '../lib/errors';

/**
 * Drafts per user (partition = user, sort = draft id). The publish record lives
 * on the draft: claiming it is a conditional update, so two publishes of one
 * draft (a retry, a double click, two tabs) can never both create a campaign.
 */

export interface DraftStore {
  doc: DynamoDBDocumentClient;
  table: string;
}

/** A publish that has not finished after this long is taken to have died (Lambda timeout). */
export const STALE_PUBLISH_MS = 5 * 60_000;

type StoredDraft = Omit<CampaignDraft, 'id'> & { user_id: string; draft_id: string };

function fromItem(item: Record<string, unknown>): CampaignDraft {
  const { user_id: _user, draft_id: id, ...rest } = item as StoredDraft;
  return CampaignDraftSchema.parse({ ...rest, id });
}

export async function putDraft(store: DraftStore, userId: string, draft: CampaignDraft): Promise<void> {
  const { id, ...rest } = draft;
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: { ...rest, user_id: userId, draft_id: id },
      ConditionExpression: 'attribute_not_exists(draft_id)',
    }),
  );
}

export async function getDraft(store: DraftStore, userId: string, id: string): Promise<CampaignDraft> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('campaignDrafts', userId, id), ConsistentRead: true }),
  );
  if (!reply.Item) throw notFound('That draft does not exist.');
  return fromItem(reply.Item);
}

export async function listDrafts(store: DraftStore, userId: string): Promise<DraftList> {
  const reply = await store.doc.send(
    new QueryCommand({
      TableName: store.table,
      KeyConditionExpression: keyCondition('campaignDrafts', ':user'),
      ExpressionAttributeValues: { ':user': userId },
      Limit: 100,
    }),
  );
  const drafts = (reply.Items ?? []).map(fromItem);
  drafts.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return {
    drafts: drafts.map((draft) => ({
      id: draft.id,
      name: draft.plan.campaign.name,
      adAccountId: draft.plan.adAccountId,
      updatedAt: draft.updatedAt,
      status: draft.publish?.status ?? 'draft',
      ...(draft.publish?.campaignId && { campaignId: draft.publish.campaignId }),
    })),
  };
}

/** Saves an edited plan; a draft being or already published is not changed any more. */
export async function updateDraftPlan(
  store: DraftStore,
  userId: string,
  id: string,
  fields: Pick<CampaignDraft, 'plan' | 'issues'>,
  now: Date,
): Promise<void> {
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: tableKey('campaignDrafts', userId, id),
        UpdateExpression: 'SET #plan = :plan, issues = :issues, updatedAt = :now',
        ConditionExpression: 'attribute_exists(draft_id) AND (attribute_not_exists(#p) OR #p.#s = :failed)',
        ExpressionAttributeNames: { '#plan': 'plan', '#p': 'publish', '#s': 'status' },
        ExpressionAttributeValues: {
          ':plan': fields.plan,
          ':issues': fields.issues,
          ':now': now.toISOString(),
          ':failed': 'failed',
        },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      await getDraft(store, userId, id);
      throw conflict('This draft has been published and can no longer be edited.');
    }
    throw error;
  }
}

/**
 * Claims the draft's publish. True when this call owns the publish now; false
 * when the draft was already published (the caller answers with that result).
 */
export async function claimPublish(
  store: DraftStore,
  userId: string,
  id: string,
  key: string,
  now: Date,
): Promise<boolean> {
  const record: PublishRecord = { key, status: 'publishing', startedAt: now.toISOString(), steps: [] };
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: tableKey('campaignDrafts', userId, id),
        UpdateExpression: 'SET #p = :record',
        ConditionExpression:
          'attribute_exists(draft_id) AND (attribute_not_exists(#p) OR #p.#s = :failed OR (#p.#s = :publishing AND #p.startedAt < :stale))',
        ExpressionAttributeNames: { '#p': 'publish', '#s': 'status' },
        ExpressionAttributeValues: {
          ':record': record,
          ':failed': 'failed',
          ':publishing': 'publishing',
          ':stale': new Date(now.getTime() - STALE_PUBLISH_MS).toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const draft = await getDraft(store, userId, id);
    if (draft.publish?.status === 'published') return false;
    throw conflict('This draft is being published. Wait a moment and reload it.');
  }
}

export async function recordPublishSteps(
  store: DraftStore,
  userId: string,
  id: string,
  steps: PublishStep[],
): Promise<void> {
  await store.doc.send(
    new UpdateCommand({
      TableName: store.table,
      Key: tableKey('campaignDrafts', userId, id),
      UpdateExpression: 'SET #p.steps = :steps',
      ExpressionAttributeNames: { '#p': 'publish' },
      ExpressionAttributeValues: { ':steps': steps },
    }),
  );
}

export async function finishPublish(
  store: DraftStore,
  userId: string,
  id: string,
  outcome: Pick<PublishRecord, 'status' | 'steps' | 'campaignId' | 'error'>,
  now: Date,
): Promise<void> {
  await store.doc.send(
    new UpdateCommand({
      TableName: store.table,
      Key: tableKey('campaignDrafts', userId, id),
      UpdateExpression: 'SET #p.#s = :status, #p.steps = :steps, #p.finishedAt = :now, updatedAt = :now'.concat(
        outcome.campaignId ? ', #p.campaignId = :campaign' : '',
        outcome.error ? ', #p.#e = :error' : '',
      ),
      ExpressionAttributeNames: {
        '#p': 'publish',
        '#s': 'status',
        ...(outcome.error ? { '#e': 'error' } : {}),
      },
      ExpressionAttributeValues: {
        ':status': outcome.status,
        ':steps': outcome.steps,
        ':now': now.toISOString(),
        ...(outcome.campaignId ? { ':campaign': outcome.campaignId } : {}),
        ...(outcome.error ? { ':error': outcome.error } : {}),
      },
    }),
  );
}
