import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { CustomerUploadAuditEntry } from '@shared/schemas/audiences';
import { keyCondition } from '@shared/table-keys';
import { AppError } from '../errors';

/**
 * Every upload and refresh of customer data is audited (issue 30, req 4) in the workspace's append-only audit
 * trail, `campaign_audit` (lambdas/lib/meta-changes/change-audit.ts): the function may only put rows there, so no
 * row is rewritten. A row says who, when, which audience and how many rows, never a value of the file or a hash.
 * Its sort key starts with `#customer-data#`: '#' sorts before the digits that start the Meta-change rows' keys
 * (an ISO time), so the time-range reads of Meta changes (`changed_at_id >= <time>`) never meet these rows.
 */
export const CUSTOMER_DATA_KEY_PREFIX = '#customer-data#';
/** The audit shows the latest uploads; older rows stay in the table. */
export const CUSTOMER_UPLOAD_AUDIT_LIMIT = 50;

/** Who uploads, for the audit: the owner, or a member with their membership's email. */
export interface Uploader {
  id: string;
  email?: string;
  owner: boolean;
}

export interface AuditTable {
  doc: DynamoDBDocumentClient;
  table: string;
}

export interface CustomerUploadAttempt {
  workspaceId: string;
  uploader: Uploader;
  action: 'upload' | 'refresh';
  adAccountId: string;
  audienceId?: string;
  audienceName?: string;
}

type Counts = Pick<CustomerUploadAuditEntry, 'rows' | 'invalid' | 'sent' | 'added' | 'removed' | 'unchanged'>;

async function putRow(audit: AuditTable, attempt: CustomerUploadAttempt, row: Record<string, unknown>, now: Date) {
  const at = now.toISOString();
  await audit.doc.send(
    new PutCommand({
      TableName: audit.table,
      Item: {
        user_id: attempt.workspaceId,
        changed_at_id: `${CUSTOMER_DATA_KEY_PREFIX}${at}#${randomUUID()}`,
        changed_at: at,
        kind: 'customer-data',
        action: attempt.action,
        actor_id: attempt.uploader.id,
        ...(attempt.uploader.email ? { actor_email: attempt.uploader.email } : {}),
        by_owner: attempt.uploader.owner,
        ad_account_id: attempt.adAccountId,
        ...(attempt.audienceId ? { audience_id: attempt.audienceId } : {}),
        ...(attempt.audienceName ? { audience_name: attempt.audienceName } : {}),
        ...row,
      },
      ConditionExpression: 'attribute_not_exists(changed_at_id)',
    }),
  );
}

/**
 * Runs an upload or refresh and audits it either way: its counts when done, its error code when it failed (the
 * code only: Meta's messages could quote what was sent). The work's own error is what the caller gets.
 */
export async function audited<T extends Counts & { audience: { id: string; name: string } }>(
  audit: AuditTable,
  attempt: CustomerUploadAttempt,
  work: () => Promise<T>,
  now: () => Date = () => new Date(),
): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    const errorCode = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
    await putRow(audit, attempt, { outcome: 'failed', rows: 0, invalid: 0, error_code: errorCode }, now());
    throw error;
  }
  const { rows, invalid, sent, added, removed, unchanged } = result;
  await putRow(
    audit,
    { ...attempt, audienceId: result.audience.id, audienceName: result.audience.name },
    { outcome: 'completed', rows, invalid, ...definedOnly({ sent, added, removed, unchanged }) },
    now(),
  );
  return result;
}

/** An attempt that failed where no `audited` call could see it (a worker killed mid-upload, customer-list-async.ts). */
export async function auditFailure(
  audit: AuditTable,
  attempt: CustomerUploadAttempt,
  errorCode: string,
  now: Date,
): Promise<void> {
  await putRow(audit, attempt, { outcome: 'failed', rows: 0, invalid: 0, error_code: errorCode }, now);
}

function definedOnly(values: Record<string, number | undefined>): Record<string, number> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Record<
    string,
    number
  >;
}

const RowSchema = z.object({
  changed_at: z.string(),
  action: z.enum(['upload', 'refresh']),
  actor_id: z.string(),
  actor_email: z.string().optional(),
  by_owner: z.boolean(),
  ad_account_id: z.string(),
  audience_id: z.string().optional(),
  audience_name: z.string().optional(),
  outcome: z.enum(['completed', 'failed']),
  rows: z.number(),
  invalid: z.number(),
  sent: z.number().optional(),
  added: z.number().optional(),
  removed: z.number().optional(),
  unchanged: z.number().optional(),
  error_code: z.string().optional(),
});

/** The workspace's latest customer-data uploads, newest first (one query on the key prefix). */
export async function listCustomerUploads(audit: AuditTable, workspaceId: string): Promise<CustomerUploadAuditEntry[]> {
  const reply = await audit.doc.send(
    new QueryCommand({
      TableName: audit.table,
      KeyConditionExpression: keyCondition('campaignAudit', ':workspace', { beginsWith: ':prefix' }),
      ExpressionAttributeValues: { ':workspace': workspaceId, ':prefix': CUSTOMER_DATA_KEY_PREFIX },
      ScanIndexForward: false,
      Limit: CUSTOMER_UPLOAD_AUDIT_LIMIT,
    }),
  );
  return (reply.Items ?? []).flatMap((item) => {
    const row = RowSchema.safeParse(item);
    if (!row.success) return [];
    const r = row.data;
    return [
      {
        at: r.changed_at,
        action: r.action,
        by: r.actor_email ?? r.actor_id,
        byOwner: r.by_owner,
        adAccountId: r.ad_account_id,
        ...(r.audience_id ? { audienceId: r.audience_id } : {}),
        ...(r.audience_name ? { audienceName: r.audience_name } : {}),
        outcome: r.outcome,
        rows: r.rows,
        invalid: r.invalid,
        ...definedOnly({ sent: r.sent, added: r.added, removed: r.removed, unchanged: r.unchanged }),
        ...(r.error_code ? { errorCode: r.error_code } : {}),
      },
    ];
  });
}
