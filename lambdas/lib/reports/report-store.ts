import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  ReportSendSchema,
  StoredReportSettingsSchema,
  type ReportPeriod,
  type ReportSend,
  type ReportSettings,
} from '@shared/schemas/report-rows';
import { keyCondition, keyNames, tableKey } from '@shared/table-keys';

/**
 * The reports table: a workspace's settings (`settings`) and one row per period sent (`send#<period key>`). A send
 * is claimed by a conditional put BEFORE the email goes: two ticks (or a retried one) for the same period find the
 * claim and send nothing, so each period is sent at most once.
 */
export interface ReportsTable {
  doc: DynamoDBDocumentClient;
  table: string;
}

const SETTINGS = 'settings';
const sendKey = (periodKey: string) => `send#${periodKey}`;
/** A claim left `sending` this long (the sender died mid-send) may be taken again. */
export const STALE_CLAIM_MS = 30 * 60_000;

export async function readReportSettings(store: ReportsTable, workspaceId: string) {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('reports', workspaceId, SETTINGS) }),
  );
  return reply.Item ? StoredReportSettingsSchema.parse(reply.Item.settings) : null;
}

/**
 * The Reports sender name alone, for approvals' From name (lambdas/lib/approvals/sender-name.ts): the rest of the
 * settings is not read, so approvals does not build the settings' schemas at init (docs/benchmarks.md, session 26).
 * The name was checked when the settings were written; the caller cleans and checks it again as a From name.
 */
export async function readReportSenderName(store: ReportsTable, workspaceId: string): Promise<string | undefined> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('reports', workspaceId, SETTINGS) }),
  );
  const name: unknown = (reply.Item?.settings as { senderName?: unknown } | undefined)?.senderName;
  return typeof name === 'string' ? name : undefined;
}

export async function writeReportSettings(
  store: ReportsTable,
  workspaceId: string,
  settings: ReportSettings,
  now: Date,
) {
  const stored = StoredReportSettingsSchema.parse({ ...settings, updatedAt: now.toISOString() });
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: {
        ...tableKey('reports', workspaceId, SETTINGS),
        settings: stored,
        // The sparse index of switched-on reports: absent when off, so the sender never reads it.
        ...(settings.cadence !== 'off' && settings.recipients.length > 0 ? { cadence_on: settings.cadence } : {}),
      },
    }),
  );
  return stored;
}

/** The workspaces whose reports are on at a cadence (the `by-cadence` index), a page at a time. */
export async function* workspacesWithReports(store: ReportsTable, cadence: 'weekly' | 'monthly') {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await store.doc.send(
      new QueryCommand({
        TableName: store.table,
        IndexName: 'by-cadence',
        KeyConditionExpression: '#cadence = :cadence',
        ExpressionAttributeNames: { '#cadence': 'cadence_on' },
        ExpressionAttributeValues: { ':cadence': cadence },
        ...(startKey && { ExclusiveStartKey: startKey }),
      }),
    );
    for (const item of page.Items ?? []) yield String(item.workspace_id);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/**
 * Claims the period's send for the workspace: true when this caller may send it. Refused (false) when the period was
 * sent, failed for good, or another sender holds a fresh claim.
 */
export async function claimReportSend(
  store: ReportsTable,
  workspaceId: string,
  period: ReportPeriod,
  recipients: number,
  now: Date,
): Promise<boolean> {
  const send: ReportSend = {
    periodKey: period.key,
    since: period.since,
    until: period.until,
    status: 'sending',
    recipients,
    at: now.toISOString(),
  };
  try {
    await store.doc.send(
      new PutCommand({
        TableName: store.table,
        Item: {
          ...tableKey('reports', workspaceId, sendKey(period.key)),
          send,
          status: 'sending',
          claimed_ms: now.getTime(),
        },
        ConditionExpression: `attribute_not_exists(${keyNames('reports').sort}) OR (#status = :sending AND claimed_ms < :stale)`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending', ':stale': now.getTime() - STALE_CLAIM_MS },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export async function finishReportSend(
  store: ReportsTable,
  workspaceId: string,
  periodKey: string,
  outcome: { status: 'sent'; messageId?: string } | { status: 'failed'; error: string },
  now: Date,
): Promise<void> {
  await store.doc.send(
    new UpdateCommand({
      TableName: store.table,
      Key: tableKey('reports', workspaceId, sendKey(periodKey)),
      UpdateExpression:
        'SET #status = :status, send.#status = :status, send.#at = :at' +
        (outcome.status === 'failed' ? ', send.#error = :error' : ''),
      ExpressionAttributeNames: {
        '#status': 'status',
        '#at': 'at',
        ...(outcome.status === 'failed' ? { '#error': 'error' } : {}),
      },
      ExpressionAttributeValues: {
        ':status': outcome.status,
        ':at': now.toISOString(),
        ...(outcome.status === 'failed' ? { ':error': outcome.error } : {}),
      },
    }),
  );
}

/** The workspace's sends, newest period first. */
export async function listReportSends(store: ReportsTable, workspaceId: string): Promise<ReportSend[]> {
  const reply = await store.doc.send(
    new QueryCommand({
      TableName: store.table,
      KeyConditionExpression: keyCondition('reports', ':workspace', { beginsWith: ':prefix' }),
      ExpressionAttributeValues: { ':workspace': workspaceId, ':prefix': 'send#' },
      ScanIndexForward: false,
      Limit: 100,
    }),
  );
  return (reply.Items ?? []).flatMap((item) => {
    const send = ReportSendSchema.safeParse(item.send);
    return send.success ? [send.data] : [];
  });
}

/** Gives a claim back when nothing was sent (Meta could not be read): the next tick tries the period again. */
export async function releaseReportSend(store: ReportsTable, workspaceId: string, periodKey: string): Promise<void> {
  await store.doc.send(
    new DeleteCommand({
      TableName: store.table,
      Key: tableKey('reports', workspaceId, sendKey(periodKey)),
      ConditionExpression: '#status = :sending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':sending': 'sending' },
    }),
  );
}
