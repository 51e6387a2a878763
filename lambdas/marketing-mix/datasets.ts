import { randomUUID } from 'node:crypto';
import { importCsv, parseCsv } from '@shared/mmm/csv-import';
import { type CreateDatasetBodySchema, type DatasetSummary } from '@shared/schemas/mmm';
import type * as z from 'zod';
import { conflict, notFound, validationError } from '../lib/errors';
import { deleteDatasetRow, listDatasets, listModelRows, putDataset, type MmmTables } from '../lib/mmm/mmm-store';

/** Most row problems listed in one reply: enough to fix a file, short enough to read. */
export const MAX_LISTED_PROBLEMS = 50;

/** The key of one problem in the error's `details`: where it is, as a spreadsheet user finds it. */
export function problemKey(line: number, column: string): string {
  return column ? `line ${line}, ${column}` : `line ${line}`;
}

/**
 * Stores a CSV upload as a dataset only when every row is valid under the mapping; otherwise a
 * 400 lists each problem by line and column (bad dates, gaps, negatives, non-numbers) and nothing
 * is stored.
 */
export interface DatasetOptions {
  now?: () => Date;
  /** The connected ad account's spend per period (Meta's daily insights summed); see meta-spend.ts. */
  metaSpend?: (
    adAccountId: string,
    dates: readonly string[],
  ) => Promise<{ spend: number[]; range: { since: string; until: string } | null }>;
}

export async function createDataset(
  tables: MmmTables,
  userId: string,
  body: z.output<typeof CreateDatasetBodySchema>,
  options: DatasetOptions = {},
): Promise<DatasetSummary> {
  let csv;
  try {
    csv = parseCsv(body.csv);
  } catch (error) {
    throw validationError(`The file is not valid CSV: ${(error as Error).message}.`, { csv: 'Not valid CSV.' });
  }
  const imported = importCsv(csv, body.mapping);
  if (!imported.ok) {
    const details: Record<string, string> = {};
    for (const p of imported.problems.slice(0, MAX_LISTED_PROBLEMS)) {
      const key = problemKey(p.line, p.column);
      details[key] = details[key] ? `${details[key]}; ${p.message}` : p.message;
    }
    const more = imported.problems.length - MAX_LISTED_PROBLEMS;
    throw validationError(
      `${imported.problems.length} problem${imported.problems.length === 1 ? '' : 's'} in the file` +
        (more > 0 ? ` (the first ${MAX_LISTED_PROBLEMS} are listed)` : '') +
        '. Nothing was saved: fix them and upload again.',
      details,
    );
  }
  const data = imported.data;
  if (body.metaSpend) {
    const { adAccountId, channel } = body.metaSpend;
    if (data.channels.some((c) => c.name === channel) || data.controls.some((c) => c.name === channel))
      throw validationError(`The file already has a column named "${channel}": name the Meta channel differently.`, {
        'metaSpend.channel': 'Already a column of the file.',
      });
    if (!options.metaSpend) throw new Error('createDataset: metaSpend requested but no Meta reader given');
    const meta = await options.metaSpend(adAccountId, data.dates);
    if (meta.spend.every((v) => v === 0)) {
      const when = meta.range ? `between ${meta.range.since} and ${meta.range.until}` : 'for these dates';
      throw validationError(
        `Meta reports no spend for ${adAccountId} ${when}. Nothing was saved: choose the account that ran these weeks, or upload its spend as a column.`,
        { 'metaSpend.adAccountId': 'No spend in the dataset’s dates.' },
      );
    }
    data.channels.push({ name: channel, spend: meta.spend, organic: false, source: 'meta' });
  }
  return putDataset(tables, userId, {
    id: randomUUID(),
    name: body.name,
    createdAt: (options.now?.() ?? new Date()).toISOString(),
    kpi: body.mapping.kpi,
    data,
  });
}

export async function datasetList(tables: MmmTables, userId: string): Promise<{ items: DatasetSummary[] }> {
  return { items: await listDatasets(tables, userId) };
}

/**
 * Deletes one of the caller's datasets. Models already fitted from it are kept: a report holds
 * everything it shows (decomposition, curves, allocation, the model export), so deleting the data
 * does not take the analysis with it; the model list then names a dataset that is gone. A fit
 * still queued or running needs its dataset: deleting is refused (409) until it ends or its model
 * is deleted.
 */
export async function removeDataset(
  tables: MmmTables,
  userId: string,
  datasetId: string,
): Promise<{ deleted: true; modelsKept: number }> {
  const models = (await listModelRows(tables, userId)).filter((m) => m.dataset_id === datasetId);
  const busy = models.find((m) => m.status === 'queued' || m.status === 'running');
  if (busy)
    throw conflict(
      `The model "${busy.name}" is still being fitted from this dataset: wait for it to finish (or delete that model), then delete the dataset.`,
    );
  if (!(await deleteDatasetRow(tables, userId, datasetId)))
    throw notFound('That dataset does not exist (or is not yours).');
  return { deleted: true, modelsKept: models.length };
}
