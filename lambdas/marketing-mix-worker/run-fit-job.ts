import { type RawFit } from '@shared/mmm/fit';
import { ConfigSchema, type MmmConfigInput } from '@shared/mmm/spec';
import { FIT_QUALITIES, type FitJob } from '@shared/schemas/mmm';
import * as z from 'zod';
import { fitWithProgress } from '../lib/mmm/fit-with-progress';
import { buildReport } from '../lib/mmm/mmm-report';
import { getDataset, getModelRow, putReport, updateModel, type MmmTables } from '../lib/mmm/mmm-store';

const SettingsSchema = z.object({
  adstock: ConfigSchema.shape.adstock,
  saturation: ConfigSchema.shape.saturation,
  quality: z.enum(FIT_QUALITIES),
  /** Absent in models queued before calibration existed. */
  liftTests: ConfigSchema.shape.calibration,
});

/**
 * Ranges wide enough to hold the true curves of the benchmark worlds and of PyMC Labs' presets (Robyn's defaults
 * exclude Hill γ below 0.3 and slopes below 0.5, issue 24); the `map` selection's priors keep them in check.
 */
export const APP_RANGES = {
  decay: [0, 0.95],
  peak: [0, 4],
  weibullShape: [0.0001, 10],
  weibullScale: [0, 0.1],
  hillAlpha: [0.3, 5],
  hillGamma: [0.05, 1.5],
  logisticLambda: [0.1, 10],
  menten: [0.05, 5],
} satisfies MmmConfigInput['ranges'];

/**
 * The library's settings for a fit quality: `standard` is its default search (10,000 candidate fits). The model is
 * chosen by its posterior (`map`: likelihood times PyMC-Marketing's priors), not by Robyn's knee of NRMSE ×
 * DECOMP.RSSD, which pulls every channel's share of effect toward its share of spend (docs/mmm-scorecard.md).
 */
export function fitConfig(settings: z.input<typeof SettingsSchema>) {
  const input: MmmConfigInput = {
    adstock: settings.adstock,
    saturation: settings.saturation,
    objectives: 'map',
    ranges: APP_RANGES,
    calibration: settings.liftTests ?? [],
    // A half-normal prior on each channel's ROAS (PyMC-Marketing's on effects), carried into the draws: each draw's
    // curves take Metropolis sweeps on the posterior after their refit and its coefficients are drawn from their
    // posterior given them. Without the sweeps the prior only narrowed the draws (session 20); with them the worlds'
    // p90 error fell and coverage rose, always-on channels' most (docs/mmm-scorecard.md, session 21).
    effectPrior: 1,
    bootstrap: { coefficients: 'posterior', chainSweeps: 4 },
  };
  if (settings.quality === 'quick') {
    input.search = { seed: 1, trials: 2, populationSize: 24, generations: 25, polishEvaluations: 200 };
    input.bootstrap = { ...input.bootstrap, replicates: 20, refitEvaluations: 60, level: 0.9, jitter: 0.1 };
  }
  return ConfigSchema.parse(input);
}

export interface FitJobDeps {
  tables: MmmTables;
  log: (message: string, facts: Record<string, unknown>) => void;
  /** Least time between two progress writes (ms): progress is for people, not a write per step. */
  progressEveryMs?: number;
}

/**
 * Runs one queued fit: claims the model row (queued → running), fits with progress, writes the
 * report's parts, then marks it done. A message for a model that is gone or already finished is
 * dropped (SQS may deliver twice). A fit that cannot succeed (a dataset the model cannot use) is
 * marked failed with the reason; anything else is thrown so SQS retries, then dead-letters it.
 */
export async function runFitJob(deps: FitJobDeps, job: FitJob): Promise<'done' | 'failed' | 'skipped'> {
  const { tables } = deps;
  const row = await getModelRow(tables, job.userId, job.modelId);
  if (!row || row.status === 'done' || row.status === 'failed') {
    deps.log('fit job skipped', { modelId: job.modelId, status: row?.status ?? 'missing' });
    return 'skipped';
  }
  const fail = async (error: string) => {
    await updateModel(tables, job.userId, job.modelId, { status: 'failed', progress: 0, stage: 'Failed', error });
    return 'failed' as const;
  };
  const settings = SettingsSchema.safeParse(row.settings);
  if (!settings.success) return fail('The model settings are not valid. Start a new fit.');
  const dataset = await getDataset(tables, job.userId, row.dataset_id);
  if (!dataset) return fail('Its dataset no longer exists. Upload it again and start a new fit.');
  const claimed = await updateModel(
    tables,
    job.userId,
    job.modelId,
    { status: 'running', progress: 0, stage: 'Starting' },
    { from: ['queued', 'running'] },
  );
  if (!claimed) return 'skipped';

  let lastWrite = 0;
  const every = deps.progressEveryMs ?? 1000;
  const progress = async (percent: number, stage: string) => {
    if (Date.now() - lastWrite < every) return;
    lastWrite = Date.now();
    await updateModel(tables, job.userId, job.modelId, { status: 'running', progress: percent, stage });
  };
  const config = fitConfig(settings.data);
  let raw;
  let withoutTests: RawFit | undefined;
  try {
    // With lift tests, the same data are fitted without them first (the first half of the bar), so the report can
    // show how the tests moved each channel: they act mostly through the curves chosen, not only the coefficients.
    if (config.calibration.length > 0) {
      withoutTests = await fitWithProgress(dataset.data, { ...config, calibration: [] }, (percent, stage) =>
        progress(percent / 2, `Without the lift tests: ${stage.toLowerCase()}`),
      );
    }
    const share = withoutTests ? 0.5 : 1;
    raw = await fitWithProgress(dataset.data, config, (percent, stage) =>
      progress(100 - share * (100 - percent), withoutTests ? `With the lift tests: ${stage.toLowerCase()}` : stage),
    );
  } catch (error) {
    // The library throws on data it cannot model (e.g. a window with no spend); that will not change on retry.
    deps.log('fit failed', { modelId: job.modelId, error: String(error) });
    return fail(`The model could not be fitted to this dataset: ${(error as Error).message}`);
  }
  await updateModel(tables, job.userId, job.modelId, { status: 'running', progress: 99, stage: 'Writing the report' });
  const report = buildReport(raw, withoutTests);
  const parts = await putReport(tables, job.userId, job.modelId, report);
  await updateModel(tables, job.userId, job.modelId, {
    status: 'done',
    progress: 100,
    stage: 'Done',
    parts,
    headline: {
      rSquared: report.metrics.rSquared,
      nrmse: report.metrics.nrmse,
      liftShare: report.allocation.liftShare,
      channels: report.channels.length,
    },
  });
  deps.log('fit done', { modelId: job.modelId, parts, evaluations: raw.selection.evaluations });
  return 'done';
}
