import { createHash, randomBytes } from 'node:crypto';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import * as z from 'zod';
import { CampaignPlanSchema, type CampaignPlan } from '@shared/schemas/campaign-draft';
import {
  ApprovalChangeSetSchema,
  ApprovalKindSchema,
  ApprovalStatusSchema,
  type Approval,
  type ApprovalSettings,
  type ApprovalStatus,
} from '@shared/schemas/approvals';
import { tableKey } from '@shared/table-keys';

/**
 * The approvals table (shared/tables.ts `approvals`): per workspace, one row per approval sent
 * (`approval#<id>`, the id starting with its draft's, so a draft's approvals are one prefix in time order) and the
 * workspace's setting (`settings`). A row is the approval's audit trail: it is never deleted.
 */
export interface ApprovalTable {
  doc: DynamoDBDocumentClient;
  table: string;
}

const ApprovalRowSchema = z.object({
  workspace_id: z.string(),
  item_key: z.string(),
  approval_id: z.string(),
  kind: ApprovalKindSchema,
  /** Plans: the draft, the plan as sent and its hash. */
  draft_id: z.string().optional(),
  name: z.string(),
  via: z.enum(['client', 'link']),
  status: ApprovalStatusSchema,
  sent_at: z.string(),
  sent_by: z.string(),
  sent_by_email: z.string().optional(),
  expires_at: z.string().optional(),
  token_hash: z.string().optional(),
  plan: CampaignPlanSchema.optional(),
  plan_hash: z.string().optional(),
  /** Recommendations and agent proposals: each as sent, and its hash by recommendation id (applying compares). */
  changes: z.array(ApprovalChangeSetSchema).optional(),
  change_hashes: z.record(z.string(), z.string()).optional(),
  decided_at: z.string().optional(),
  decided_by: z.string().optional(),
  decided_by_name: z.string().optional(),
  comment: z.string().optional(),
  revoked_at: z.string().optional(),
  revoked_by: z.string().optional(),
  /** A link emailed to the client: to whom, from which name, and when SES took it. */
  emailed_to: z.string().optional(),
  emailed_from: z.string().optional(),
  emailed_at: z.string().optional(),
  /** The link's email resent (a fresh link each time): how often, the last time, and each resend. */
  resend_count: z.number().int().optional(),
  last_resent_at: z.string().optional(),
  resends: z.array(z.object({ at: z.string(), by: z.string(), to: z.string() })).optional(),
});
export type ApprovalRow = z.output<typeof ApprovalRowSchema>;

const SETTINGS_KEY = 'settings';
/**
 * A link replaced by a resend: a row of its own carrying the old token's hash, so the old link is found through
 * `by-token-hash` and answers as a withdrawn one (never listed: approvals are read under `approval#`).
 */
const REPLACED_LINK_PREFIX = 'replaced-link#';
const itemKey = (approvalId: string) => `approval#${approvalId}`;
/** Approvals of recommendations and agent proposals share one prefix, so applying reads them with one query. */
export const CHANGES_PREFIX = 'changes';

/**
 * A new approval id: its draft's id (or `changes` for recommendations and agent proposals), then base-36
 * milliseconds and 64 random bits, so ids sort by time.
 */
export function newApprovalId(prefix: string, now: Date): string {
  return `${prefix}_${now.getTime().toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;
}

/** A link's token: 256 random bits (43 base64url characters). Only its SHA-256 is stored. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** JSON with object keys sorted, so a plan read back from DynamoDB hashes as it did when it was written. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** What an approval vouches for: the plan as it was sent. Publishing compares the draft's plan with it. */
export function planHash(plan: CampaignPlan): string {
  return createHash('sha256')
    .update(canonical(CampaignPlanSchema.parse(plan)))
    .digest('hex');
}

export function approvalOf(row: ApprovalRow): Approval {
  return {
    id: row.approval_id,
    subject: {
      kind: row.kind,
      ...(row.draft_id ? { draftId: row.draft_id } : {}),
      ...(row.change_hashes ? { recommendationIds: (row.changes ?? []).map((set) => set.recommendationId) } : {}),
      name: row.name,
    },
    via: row.via,
    status: row.status,
    sentAt: row.sent_at,
    sentBy: row.sent_by,
    ...(row.sent_by_email ? { sentByEmail: row.sent_by_email } : {}),
    ...(row.expires_at ? { expiresAt: row.expires_at } : {}),
    ...(row.decided_at ? { decidedAt: row.decided_at } : {}),
    ...(row.decided_by ? { decidedBy: row.decided_by } : {}),
    ...(row.decided_by_name ? { decidedByName: row.decided_by_name } : {}),
    ...(row.comment ? { comment: row.comment } : {}),
    ...(row.revoked_at ? { revokedAt: row.revoked_at } : {}),
    ...(row.revoked_by ? { revokedBy: row.revoked_by } : {}),
    ...(row.emailed_to ? { emailedTo: row.emailed_to } : {}),
    ...(row.resends?.length ? { resends: row.resends } : {}),
  };
}

export async function putApproval(store: ApprovalTable, row: ApprovalRow): Promise<void> {
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: ApprovalRowSchema.parse(row),
      ConditionExpression: 'attribute_not_exists(item_key)',
    }),
  );
}

export async function getApproval(
  store: ApprovalTable,
  workspaceId: string,
  approvalId: string,
): Promise<ApprovalRow | undefined> {
  const reply = await store.doc.send(
    new GetCommand({
      TableName: store.table,
      Key: tableKey('approvals', workspaceId, itemKey(approvalId)),
      ConsistentRead: true,
    }),
  );
  return reply.Item ? ApprovalRowSchema.parse(reply.Item) : undefined;
}

/**
 * A workspace's approvals, newest first; of one draft when `prefix` is its id, of recommendations and agent
 * proposals when it is CHANGES_PREFIX (the newest `limit` of them).
 */
export async function listApprovals(
  store: ApprovalTable,
  workspaceId: string,
  prefix?: string,
  limit = 100,
): Promise<ApprovalRow[]> {
  const reply = await store.doc.send(
    new QueryCommand({
      TableName: store.table,
      KeyConditionExpression: 'workspace_id = :w AND begins_with(item_key, :prefix)',
      ExpressionAttributeValues: { ':w': workspaceId, ':prefix': itemKey(prefix ? `${prefix}_` : '') },
      ConsistentRead: true,
      // Newest first within a prefix (ids sort by time); across prefixes the sort below orders them.
      ScanIndexForward: !prefix,
      Limit: limit,
    }),
  );
  const rows = (reply.Items ?? []).map((item) => ApprovalRowSchema.parse(item));
  return rows.sort((a, b) => b.sent_at.localeCompare(a.sent_at));
}

/**
 * The approval a link's token opens: found by the token's hash through `by-token-hash`, then re-read consistently
 * (the index lags the row's decision).
 */
export async function approvalByToken(
  store: ApprovalTable,
  token: string,
): Promise<ApprovalRow | 'replaced' | undefined> {
  const hash = tokenHash(token);
  const found = await store.doc.send(
    new QueryCommand({
      TableName: store.table,
      IndexName: 'by-token-hash',
      KeyConditionExpression: 'token_hash = :h',
      ExpressionAttributeValues: { ':h': hash },
      Limit: 1,
    }),
  );
  const indexed = found.Items?.[0] as { workspace_id?: string; approval_id?: string; item_key?: string } | undefined;
  if (indexed?.item_key?.startsWith(REPLACED_LINK_PREFIX)) return 'replaced';
  if (!indexed?.workspace_id || !indexed.approval_id) return undefined;
  const row = await getApproval(store, indexed.workspace_id, indexed.approval_id);
  return row?.token_hash === hash ? row : undefined;
}

export interface Decision {
  status: Exclude<ApprovalStatus, 'pending' | 'revoked'>;
  decidedBy: string;
  decidedByName?: string;
  comment: string;
  now: Date;
  /** A link's answer: the token's hash must still be the row's and the link unexpired at `now`. */
  tokenHash?: string;
}

/**
 * Records the decision once: a conditional update on a pending row (and, for a link, its hash and expiry), so two
 * answers (two tabs, a replayed request) can never both land. False when the row was no longer open.
 */
export async function decideApproval(
  store: ApprovalTable,
  workspaceId: string,
  approvalId: string,
  decision: Decision,
): Promise<boolean> {
  const linkCondition = decision.tokenHash ? ' AND token_hash = :hash AND expires_at > :now' : '';
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: tableKey('approvals', workspaceId, itemKey(approvalId)),
        UpdateExpression: 'SET #s = :status, decided_at = :now, decided_by = :by, #c = :comment'.concat(
          decision.decidedByName ? ', decided_by_name = :name' : '',
        ),
        ConditionExpression: `attribute_exists(item_key) AND #s = :pending${linkCondition}`,
        ExpressionAttributeNames: { '#s': 'status', '#c': 'comment' },
        ExpressionAttributeValues: {
          ':status': decision.status,
          ':now': decision.now.toISOString(),
          ':by': decision.decidedBy,
          ':comment': decision.comment,
          ':pending': 'pending',
          ...(decision.decidedByName ? { ':name': decision.decidedByName } : {}),
          ...(decision.tokenHash ? { ':hash': decision.tokenHash } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Records that the link was emailed (after SES took it), on the approval's audit row. */
export async function recordEmailed(
  store: ApprovalTable,
  workspaceId: string,
  approvalId: string,
  email: { to: string; from: string },
  now: Date,
): Promise<void> {
  await store.doc.send(
    new UpdateCommand({
      TableName: store.table,
      Key: tableKey('approvals', workspaceId, itemKey(approvalId)),
      UpdateExpression: 'SET emailed_to = :to, emailed_from = :from, emailed_at = :now',
      ConditionExpression: 'attribute_exists(item_key)',
      ExpressionAttributeValues: { ':to': email.to, ':from': email.from, ':now': now.toISOString() },
    }),
  );
}

export interface LinkRotation {
  /** The hash of the link being replaced: the rotation happens only if it is still the row's. */
  oldHash: string;
  newHash: string;
  expiresAt: string;
  by: string;
  to: string;
  now: Date;
  /** A resend is refused when the last one was after this instant, or when `max` were made already. */
  notAfter: Date;
  max: number;
}

/**
 * Gives a pending link approval a fresh token in place of the old one, counted and recorded on the row, in one
 * conditional update (two resends racing rotate once). Then the old hash gets its own `replaced-link#` row, so the
 * old link answers as withdrawn; should that put fail, the old link still opens nothing (its hash is gone from the
 * approval), only with the generic words. False when a condition failed (the caller re-reads to say which).
 */
export async function rotateLinkToken(
  store: ApprovalTable,
  workspaceId: string,
  approvalId: string,
  rotation: LinkRotation,
): Promise<boolean> {
  const at = rotation.now.toISOString();
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: tableKey('approvals', workspaceId, itemKey(approvalId)),
        UpdateExpression:
          'SET token_hash = :new, expires_at = :expires, last_resent_at = :now, ' +
          'resend_count = if_not_exists(resend_count, :zero) + :one, ' +
          'resends = list_append(if_not_exists(resends, :none), :resend)',
        ConditionExpression:
          'attribute_exists(item_key) AND #s = :pending AND via = :link AND token_hash = :old' +
          ' AND (attribute_not_exists(resend_count) OR resend_count < :max)' +
          ' AND (attribute_not_exists(last_resent_at) OR last_resent_at <= :notAfter)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':new': rotation.newHash,
          ':old': rotation.oldHash,
          ':expires': rotation.expiresAt,
          ':now': at,
          ':zero': 0,
          ':one': 1,
          ':none': [],
          ':resend': [{ at, by: rotation.by, to: rotation.to }],
          ':pending': 'pending',
          ':link': 'link',
          ':max': rotation.max,
          ':notAfter': rotation.notAfter.toISOString(),
        },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: {
        workspace_id: workspaceId,
        item_key: `${REPLACED_LINK_PREFIX}${rotation.oldHash}`,
        token_hash: rotation.oldHash,
        approval_id: approvalId,
        replaced_at: at,
        replaced_by: rotation.by,
      },
    }),
  );
  return true;
}

/**
 * Withdraws an approval still pending (a conditional update, so it never undoes an answer that landed first). False
 * when it was no longer pending.
 */
export async function revokeApproval(
  store: ApprovalTable,
  workspaceId: string,
  approvalId: string,
  by: string,
  now: Date,
): Promise<boolean> {
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: tableKey('approvals', workspaceId, itemKey(approvalId)),
        UpdateExpression: 'SET #s = :revoked, revoked_at = :now, revoked_by = :by',
        ConditionExpression: 'attribute_exists(item_key) AND #s = :pending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':revoked': 'revoked',
          ':now': now.toISOString(),
          ':by': by,
          ':pending': 'pending',
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function readApprovalSettings(store: ApprovalTable, workspaceId: string): Promise<ApprovalSettings> {
  const reply = await store.doc.send(
    new GetCommand({
      TableName: store.table,
      Key: tableKey('approvals', workspaceId, SETTINGS_KEY),
      ConsistentRead: true,
    }),
  );
  return { requireApproval: reply.Item?.require_approval === true };
}

export async function writeApprovalSettings(
  store: ApprovalTable,
  workspaceId: string,
  settings: ApprovalSettings,
  actor: string,
  now: Date,
): Promise<ApprovalSettings> {
  // Who turned it on or off, and when, stays on the row.
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: {
        workspace_id: workspaceId,
        item_key: SETTINGS_KEY,
        require_approval: settings.requireApproval,
        updated_by: actor,
        updated_at: now.toISOString(),
      },
    }),
  );
  return settings;
}
