/**
 * Where marketing-mix datasets, models and reports live: two DynamoDB tables, every row keyed by
 * the user's verified id. Datasets and reports are stored as gzip-compressed JSON (binary
 * attributes); a report is cut into parts of at most PART_BYTES so any size stays under
 * DynamoDB's 400 KB item limit (the twin has no S3, and one storage path keeps AWS and the twin
 * alike). Every read is by the caller's partition: another user's id finds nothing.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { DatasetSchema, type MmmDataset } from '@shared/mmm/spec';
import {
  MODEL_STATUSES,
  MmmReportSchema,
  type DatasetSummary,
  type MmmReport,
  type ModelStatus,
  type ModelSummary,
} from '@shared/schemas/mmm';
import { keyCondition, tableKey } from '@shared/table-keys';
import * as z from 'zod';
import { queryAll } from '../aws/query-all';

export interface MmmTables {
  doc: DynamoDBDocumentClient;
  datasets: string;
  models: string;
}

/** Largest compressed part of a report: well under the 400 KB item limit with the keys and attribute names. */
export const PART_BYTES = 300 * 1024;

export function pack(value: unknown): Uint8Array {
  return gzipSync(Buffer.from(JSON.stringify(value), 'utf8'));
}

export function unpack(bytes: Uint8Array): unknown {
  return JSON.parse(gunzipSync(bytes).toString('utf8')) as unknown;
}

const partKey = (modelId: string, part: number) => `${modelId}#part#${String(part).padStart(4, '0')}`;

/** The query that finds every part of one model's report. */
const reportParts = (tables: Pick<MmmTables, 'models'>, userId: string, modelId: string) => ({
  TableName: tables.models,
  KeyConditionExpression: keyCondition('mmmModels', ':u', { beginsWith: ':p' }),
  ExpressionAttributeValues: { ':u': userId, ':p': `${modelId}#part#` },
});

// ---- datasets ---------------------------------------------------------------------------------

const DatasetRowSchema = z.object({
  user_id: z.string(),
  dataset_id: z.string(),
  name: z.string(),
  created_at: z.string(),
  kpi: z.string(),
  data: z.instanceof(Uint8Array),
});

export interface StoredDataset {
  summary: DatasetSummary;
  data: MmmDataset;
}

function datasetSummary(id: string, name: string, createdAt: string, kpi: string, data: MmmDataset): DatasetSummary {
  return {
    id,
    name,
    createdAt,
    periods: data.dates.length,
    firstDate: data.dates[0]!,
    lastDate: data.dates.at(-1)!,
    kpi,
    kpiKind: data.kpiKind,
    channels: data.channels.map((c) => c.name),
    controls: data.controls.map((c) => c.name),
  };
}

export async function putDataset(
  tables: MmmTables,
  userId: string,
  dataset: { id: string; name: string; createdAt: string; kpi: string; data: MmmDataset },
): Promise<DatasetSummary> {
  const packed = pack(dataset.data);
  await tables.doc.send(
    new PutCommand({
      TableName: tables.datasets,
      Item: {
        user_id: userId,
        dataset_id: dataset.id,
        name: dataset.name,
        created_at: dataset.createdAt,
        kpi: dataset.kpi,
        data: packed,
      },
      ConditionExpression: 'attribute_not_exists(dataset_id)',
    }),
  );
  return datasetSummary(dataset.id, dataset.name, dataset.createdAt, dataset.kpi, dataset.data);
}

function readDatasetRow(raw: unknown): StoredDataset | null {
  const row = DatasetRowSchema.safeParse(raw);
  if (!row.success) return null;
  const data = DatasetSchema.safeParse(unpack(row.data.data));
  if (!data.success) return null;
  const r = row.data;
  return { summary: datasetSummary(r.dataset_id, r.name, r.created_at, r.kpi, data.data), data: data.data };
}

export async function getDataset(tables: MmmTables, userId: string, datasetId: string): Promise<StoredDataset | null> {
  const reply = await tables.doc.send(
    new GetCommand({ TableName: tables.datasets, Key: tableKey('mmmDatasets', userId, datasetId) }),
  );
  return reply.Item ? readDatasetRow(reply.Item) : null;
}

export async function listDatasets(tables: MmmTables, userId: string): Promise<DatasetSummary[]> {
  const rows = await queryAll(tables.doc, {
    TableName: tables.datasets,
    KeyConditionExpression: keyCondition('mmmDatasets', ':u'),
    ExpressionAttributeValues: { ':u': userId },
  });
  return rows
    .map(readDatasetRow)
    .flatMap((stored) => (stored ? [stored.summary] : []))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Deletes one dataset row of the user; false when there was none (or it is another user's). */
export async function deleteDatasetRow(tables: MmmTables, userId: string, datasetId: string): Promise<boolean> {
  try {
    await tables.doc.send(
      new DeleteCommand({
        TableName: tables.datasets,
        Key: tableKey('mmmDatasets', userId, datasetId),
        ConditionExpression: 'attribute_exists(dataset_id)',
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

// ---- models -----------------------------------------------------------------------------------

const ModelRowSchema = z.object({
  user_id: z.string(),
  item_key: z.string(),
  model_id: z.string(),
  name: z.string(),
  dataset_id: z.string(),
  dataset_name: z.string(),
  status: z.enum(MODEL_STATUSES),
  progress: z.number(),
  stage: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  error: z.string().nullable().optional(),
  settings: z.record(z.string(), z.unknown()),
  headline: ModelSummaryHeadline().nullable().optional(),
  parts: z.number().int().optional(),
});
function ModelSummaryHeadline() {
  return z.object({ rSquared: z.number(), nrmse: z.number(), liftShare: z.number(), channels: z.number().int() });
}
export type ModelRow = z.output<typeof ModelRowSchema>;

export function modelSummary(row: ModelRow): ModelSummary {
  return {
    id: row.model_id,
    name: row.name,
    datasetId: row.dataset_id,
    datasetName: row.dataset_name,
    status: row.status,
    progress: row.progress,
    stage: row.stage,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    error: row.error ?? null,
    headline: row.headline ?? null,
  };
}

export async function putQueuedModel(
  tables: MmmTables,
  row: Omit<ModelRow, 'item_key' | 'status' | 'progress' | 'stage' | 'error' | 'headline' | 'parts'>,
): Promise<ModelRow> {
  const item: ModelRow = { ...row, item_key: row.model_id, status: 'queued', progress: 0, stage: 'Queued' };
  await tables.doc.send(
    new PutCommand({ TableName: tables.models, Item: item, ConditionExpression: 'attribute_not_exists(item_key)' }),
  );
  return item;
}

export async function getModelRow(
  tables: Pick<MmmTables, 'doc' | 'models'>,
  userId: string,
  modelId: string,
): Promise<ModelRow | null> {
  const reply = await tables.doc.send(
    new GetCommand({ TableName: tables.models, Key: tableKey('mmmModels', userId, modelId) }),
  );
  const row = ModelRowSchema.safeParse(reply.Item);
  return row.success ? row.data : null;
}

/** Every model row of a user (report parts left out), newest first. */
export async function listModelRows(tables: Pick<MmmTables, 'doc' | 'models'>, userId: string): Promise<ModelRow[]> {
  const items = await queryAll(tables.doc, {
    TableName: tables.models,
    KeyConditionExpression: keyCondition('mmmModels', ':u'),
    // Parts are the bulk of the table: only the small rows come back.
    FilterExpression: 'attribute_exists(model_id)',
    ExpressionAttributeValues: { ':u': userId },
  });
  return items
    .flatMap((raw) => {
      const row = ModelRowSchema.safeParse(raw);
      return row.success ? [row.data] : [];
    })
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/**
 * Moves a model on: status, progress, stage and (when done) the headline and part count. `from`
 * guards the move (a fit already finished is not re-opened by a redelivered message).
 */
export async function updateModel(
  tables: MmmTables,
  userId: string,
  modelId: string,
  change: {
    status: ModelStatus;
    progress: number;
    stage: string;
    error?: string | null;
    headline?: ModelRow['headline'];
    parts?: number;
  },
  options: { from?: readonly ModelStatus[]; now?: () => Date } = {},
): Promise<boolean> {
  const values: Record<string, unknown> = {
    ':status': change.status,
    ':progress': Math.round(Math.min(100, Math.max(0, change.progress))),
    ':stage': change.stage,
    ':updated': (options.now?.() ?? new Date()).toISOString(),
    ':error': change.error ?? null,
  };
  let set = '#status = :status, progress = :progress, stage = :stage, updated_at = :updated, #error = :error';
  if (change.headline !== undefined) {
    set += ', headline = :headline';
    values[':headline'] = change.headline;
  }
  if (change.parts !== undefined) {
    set += ', parts = :parts';
    values[':parts'] = change.parts;
  }
  let condition = 'attribute_exists(model_id)';
  if (options.from) {
    condition += ` AND #status IN (${options.from.map((_, i) => `:from${i}`).join(', ')})`;
    options.from.forEach((s, i) => (values[`:from${i}`] = s));
  }
  try {
    await tables.doc.send(
      new UpdateCommand({
        TableName: tables.models,
        Key: tableKey('mmmModels', userId, modelId),
        UpdateExpression: `SET ${set}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Writes the report's parts (before the model row says `done`, so a reader never sees half a report). */
export async function putReport(
  tables: MmmTables,
  userId: string,
  modelId: string,
  report: MmmReport,
): Promise<number> {
  const packed = pack(report);
  const parts = Math.max(1, Math.ceil(packed.length / PART_BYTES));
  for (let part = 0; part < parts; part += 1) {
    await tables.doc.send(
      new PutCommand({
        TableName: tables.models,
        Item: {
          user_id: userId,
          item_key: partKey(modelId, part),
          bytes: packed.subarray(part * PART_BYTES, (part + 1) * PART_BYTES),
        },
      }),
    );
  }
  return parts;
}

export async function getReport(
  tables: Pick<MmmTables, 'doc' | 'models'>,
  userId: string,
  row: ModelRow,
): Promise<MmmReport | null> {
  if (row.status !== 'done' || !row.parts) return null;
  const items = await queryAll(tables.doc, reportParts(tables, userId, row.model_id));
  const chunks = items.map((item) => z.instanceof(Uint8Array).parse(item.bytes));
  if (chunks.length !== row.parts) return null;
  return MmmReportSchema.parse(unpack(Buffer.concat(chunks)));
}

/** Deletes the model row and every part of its report. */
export async function deleteModel(tables: MmmTables, userId: string, row: ModelRow): Promise<void> {
  const parts = await queryAll(tables.doc, {
    ...reportParts(tables, userId, row.model_id),
    ProjectionExpression: 'item_key',
  });
  const keys = parts.map((item) => String(item.item_key));
  for (let i = 0; i < keys.length; i += 25) {
    let requests: Record<string, unknown[]> | undefined = {
      [tables.models]: keys
        .slice(i, i + 25)
        .map((key) => ({ DeleteRequest: { Key: tableKey('mmmModels', userId, key) } })),
    };
    // Unprocessed items are retried (throttling), never silently left behind.
    for (let attempt = 0; requests && Object.keys(requests).length > 0 && attempt < 5; attempt += 1) {
      const reply = await tables.doc.send(new BatchWriteCommand({ RequestItems: requests as never }));
      requests = reply.UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  }
  await tables.doc.send(
    new DeleteCommand({ TableName: tables.models, Key: tableKey('mmmModels', userId, row.model_id) }),
  );
}
