import { loadModel } from '@shared/mmm/model-export';
import type { MmmReport } from '@shared/schemas/mmm';
import type { WeekPlan, WeekPlanBodySchema } from '@shared/schemas/mmm-week-plan';
import type * as z from 'zod';
import { conflict, notFound, validationError } from '../errors';
import { getModelRow, getReport, type MmmTables } from './mmm-store';
import { planWeeks, WeekPlanError } from './week-plan';

/**
 * A saved model's week-by-week plan (issue 24, requirement 6), computed on request: the model is reloaded from its
 * export (one fit and its draws, deterministic), so the same request gives the same plan, here and in the
 * optimizer's week-by-week hand-off.
 */

export type WeekPlanRequest = z.output<typeof WeekPlanBodySchema>;

/** The plan of a report's model; a request the model cannot honour throws WeekPlanError naming why. */
export function weekPlanOfReport(report: MmmReport, request: WeekPlanRequest): WeekPlan {
  const bounds = Object.fromEntries(
    request.bounds.map((b) => [
      b.channel,
      { ...(b.min !== undefined ? { min: b.min } : {}), ...(b.max !== undefined ? { max: b.max } : {}) },
    ]),
  );
  return planWeeks(loadModel(report.model), {
    weeks: request.weeks,
    ...(request.totalBudget !== undefined ? { total: request.totalBudget } : {}),
    bounds,
    seasonSensitivity: request.seasonSensitivity,
  });
}

/** The finished report of one of the caller's models, or the 404/409 that says why there is none. */
export async function finishedReport(tables: Pick<MmmTables, 'doc' | 'models'>, userId: string, modelId: string) {
  // Keyed by the signed-in user: another user's model is "not found", never read.
  const row = await getModelRow(tables, userId, modelId);
  if (!row) throw notFound('That model does not exist (or is not yours).');
  if (row.status !== 'done') throw conflict('The model is still fitting: plan the weeks once its fit has ended.');
  const report = await getReport(tables, userId, row);
  if (!report) throw notFound('That model has no report.');
  return { row, report };
}

/** POST /api/mmm/models/{id}/week-plans: the plan, or a 4xx naming the field it cannot honour. */
export async function modelWeekPlan(
  tables: Pick<MmmTables, 'doc' | 'models'>,
  userId: string,
  modelId: string,
  request: WeekPlanRequest,
): Promise<WeekPlan> {
  const { report } = await finishedReport(tables, userId, modelId);
  try {
    return weekPlanOfReport(report, request);
  } catch (error) {
    if (error instanceof WeekPlanError) throw validationError(error.message, { [error.field]: error.message });
    throw error;
  }
}
