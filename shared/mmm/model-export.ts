/**
 * The JSON export of a fitted model: data, settings, the chosen hyperparameters, the Pareto set and
 * the uncertainty draws. Reloading rebuilds the exact model (the fit is deterministic), so an export
 * stays small and every chart and allocation can be recomputed from it, in the browser too.
 */
import * as z from 'zod';
import { type RawFit } from './fit';
import { createProblem } from './problem';
import { ConfigSchema, DatasetSchema } from './spec';

const finite = z.number().finite();
const CandidateSchema = z.object({ hyper: z.array(finite), nrmse: finite, rssd: finite });

export const ModelExportSchema = z.object({
  format: z.literal('adsmith-mmm'),
  version: z.literal(1),
  data: DatasetSchema,
  config: ConfigSchema,
  chosen: CandidateSchema,
  front: z.array(CandidateSchema),
  evaluations: z.number().int().nonnegative(),
  draws: z.array(z.object({ source: z.enum(['bootstrap', 'pareto']), hyper: z.array(finite), betas: z.array(finite) })),
});
export type ModelExport = z.output<typeof ModelExportSchema>;

export function exportModel(raw: RawFit): ModelExport {
  const plain = (c: { hyper: number[]; nrmse: number; rssd: number }) => ({
    hyper: c.hyper,
    nrmse: c.nrmse,
    rssd: c.rssd,
  });
  return {
    format: 'adsmith-mmm',
    version: 1,
    data: raw.problem.data,
    config: raw.problem.config,
    chosen: plain(raw.selection.chosen),
    front: raw.selection.front.map(plain),
    evaluations: raw.selection.evaluations,
    draws: raw.draws,
  };
}

/** Parses an export (throws a ZodError naming what is wrong) and rebuilds the fit. */
export function loadModel(json: unknown): RawFit {
  const model = ModelExportSchema.parse(json);
  const problem = createProblem(model.data, model.config);
  const dims = problem.dimensions.length;
  if (model.chosen.hyper.length !== dims || model.draws.some((d) => d.hyper.length !== dims)) {
    throw new Error(`the export's hyperparameters do not match its settings (${dims} expected)`);
  }
  const chosen = model.front.find((c) => c.hyper.every((v, i) => v === model.chosen.hyper[i])) ?? model.chosen;
  return {
    problem,
    selection: { front: model.front, chosen, evaluations: model.evaluations },
    chosen: problem.fit(model.chosen.hyper),
    draws: model.draws,
  };
}
