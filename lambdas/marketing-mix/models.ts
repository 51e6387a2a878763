import { randomUUID } from 'node:crypto';
import { type FitJob, type ModelDetail, type ModelSummary, type StartFitBodySchema } from '@shared/schemas/mmm';
import type * as z from 'zod';
import { notFound, validationError } from '../lib/errors';
import { liftTerms } from '@shared/mmm/calibration';
import { type MmmDataset } from '@shared/mmm/spec';
import {
  deleteModel,
  getDataset,
  getModelRow,
  getReport,
  listModelRows,
  modelSummary,
  putQueuedModel,
  updateModel,
  type MmmTables,
} from '../lib/mmm/mmm-store';
import { revokeModelShares, type ShareDeps } from './shares';

export interface FitDeps {
  tables: MmmTables;
  /** Puts the job on the fits queue (SQS in AWS, the twin's local SQS). */
  enqueue: (job: FitJob) => Promise<void>;
  /** Charges one of the month's fits of the user's plan (fit-quota.ts); throws QUOTA_EXCEEDED when none is left. */
  chargeMonthlyFit: (userId: string) => Promise<void>;
  now?: () => Date;
}

type StartFitBody = z.output<typeof StartFitBodySchema>;
/** The parsed body; lift tests may be left out (callers from before calibration). */
type StartFitInput = Omit<StartFitBody, 'liftTests'> & Partial<Pick<StartFitBody, 'liftTests'>>;

/** A lift test whose channel or period is not in the dataset is refused before a fit is charged. */
function checkLiftTests(data: MmmDataset, tests: StartFitBody['liftTests']) {
  tests.forEach((test, k) => {
    try {
      liftTerms(data, [test], 0, data.dates.length);
    } catch (error) {
      const message = (error as Error).message.replace(/^lift test 1: /, '');
      throw validationError(`Lift test ${k + 1}: ${message}.`, { [`liftTests.${k}`]: message });
    }
  });
}

/** Queues a fit of one of the caller's datasets; the worker takes it from there. */
export async function startFit(deps: FitDeps, userId: string, body: StartFitInput): Promise<ModelSummary> {
  const liftTests = body.liftTests ?? [];
  const dataset = await getDataset(deps.tables, userId, body.datasetId);
  if (!dataset) throw notFound('That dataset does not exist (or is not yours). Upload it again.');
  checkLiftTests(dataset.data, liftTests);
  await deps.chargeMonthlyFit(userId);
  const now = (deps.now?.() ?? new Date()).toISOString();
  const row = await putQueuedModel(deps.tables, {
    user_id: userId,
    model_id: randomUUID(),
    name: body.name,
    dataset_id: dataset.summary.id,
    dataset_name: dataset.summary.name,
    created_at: now,
    updated_at: now,
    settings: { adstock: body.adstock, saturation: body.saturation, quality: body.quality, liftTests },
  });
  try {
    await deps.enqueue({ userId, modelId: row.model_id });
  } catch (error) {
    // The row stays, marked failed, so the marketer sees what happened and can start again.
    await updateModel(deps.tables, userId, row.model_id, {
      status: 'failed',
      progress: 0,
      stage: 'Not started',
      error: 'The fit could not be queued. Please try again.',
    });
    throw error;
  }
  return modelSummary(row);
}

export async function modelList(tables: MmmTables, userId: string): Promise<{ items: ModelSummary[] }> {
  return { items: (await listModelRows(tables, userId)).map(modelSummary) };
}

export async function modelDetail(tables: MmmTables, userId: string, modelId: string): Promise<ModelDetail> {
  const row = await getModelRow(tables, userId, modelId);
  if (!row) throw notFound('That model does not exist (or is not yours).');
  return { model: modelSummary(row), report: await getReport(tables, userId, row) };
}

/** Deletes a model and its report; its share links are revoked first, so none outlives it. */
export async function removeModel(
  tables: MmmTables,
  userId: string,
  modelId: string,
  shares?: ShareDeps,
): Promise<{ deleted: true }> {
  const row = await getModelRow(tables, userId, modelId);
  if (!row) throw notFound('That model does not exist (or is not yours).');
  if (shares) await revokeModelShares(shares, userId, modelId);
  await deleteModel(tables, userId, row);
  return { deleted: true };
}
