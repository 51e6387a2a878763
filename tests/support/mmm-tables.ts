import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { AppError } from '@lambdas/lib/errors';
import type { MmmTables } from '@lambdas/lib/mmm/mmm-store';
import { parseCsv, proposeMapping } from '@shared/mmm/csv-import';
import type { FitJob } from '@shared/schemas/mmm';
import { startLocalAws, type LocalAws } from './local-aws';

/** PyMC-Marketing's example data set (179 weeks, channels x1 and x2, controls event_1 and event_2). */
export const MMM_FIXTURE = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/mmm/pymc_marketing_mmm_example.csv'),
  'utf8',
);
export const fixtureMapping = proposeMapping(parseCsv(MMM_FIXTURE).header);

/** The marketing-mix tables in the twin's own DynamoDB, started before the file's tests and stopped after them. */
export function withMmmTables(): { readonly aws: LocalAws; readonly tables: MmmTables } {
  const state = {} as { aws: LocalAws; tables: MmmTables };
  beforeAll(async () => {
    state.aws = await startLocalAws();
    state.tables = { doc: state.aws.doc, datasets: localTableName('mmmDatasets'), models: localTableName('mmmModels') };
  }, 60_000);
  afterAll(() => state.aws?.stop());
  return state;
}

/** startFit's deps: the jobs it queues are kept in `queued` for the test to run; the monthly fit quota is free. */
export function fitDeps(tables: () => MmmTables) {
  const queued: FitJob[] = [];
  const deps = () => ({
    tables: tables(),
    enqueue: async (job: FitJob) => {
      queued.push(job);
    },
    chargeMonthlyFit: async () => undefined,
  });
  return { queued, deps };
}

/** The AppError a promise rejects with (failing the test if it resolves or rejects with anything else). */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
