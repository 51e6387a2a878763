import * as z from 'zod';
import { ColumnMappingSchema } from '../mmm/csv-import';
import { ADSTOCK_KINDS, SATURATION_KINDS } from '../mmm/spec';
import { ModelExportSchema } from '../mmm/model-export';
import { LiftTestSchema } from '../mmm/lift-test';
import { CalibrationEffectSchema, TrustReportSchema } from './mmm-trust';

/** Contracts of the marketing-mix service: datasets, fits, saved models and their reports. */

/** Largest CSV text accepted in an upload (the API refuses bodies over 256 KiB anyway). */
export const MAX_MMM_CSV_CHARS = 240_000;

const id = z.string().regex(/^[0-9a-f-]{36}$/, 'Not a valid id.');
const name = (what: string) =>
  z
    .string({ error: `Give the ${what} a name.` })
    .trim()
    .min(1, `Give the ${what} a name.`)
    .max(80, `Keep the ${what} name under 80 characters.`);

export const CreateDatasetBodySchema = z.object({
  name: name('dataset'),
  csv: z
    .string()
    .min(1, 'The file is empty.')
    .max(MAX_MMM_CSV_CHARS, `The file is too large: at most ${MAX_MMM_CSV_CHARS / 1000} KB of CSV.`),
  mapping: ColumnMappingSchema,
  /** "Use my Meta spend": one more channel, the connected ad account's spend summed per period. */
  metaSpend: z
    .object({
      adAccountId: z.string().regex(/^act_\d{1,20}$/, 'Ad account ids look like act_123'),
      channel: z.string().trim().min(1).max(80).default('meta_spend'),
    })
    .optional(),
});
export type CreateDatasetBody = z.input<typeof CreateDatasetBodySchema>;

export const DatasetSummarySchema = z.object({
  id,
  name: z.string(),
  createdAt: z.string(),
  periods: z.number().int(),
  firstDate: z.string(),
  lastDate: z.string(),
  kpi: z.string(),
  kpiKind: z.enum(['revenue', 'conversions']),
  channels: z.array(z.string()),
  controls: z.array(z.string()),
});
export type DatasetSummary = z.output<typeof DatasetSummarySchema>;

export const DatasetListSchema = z.object({ items: z.array(DatasetSummarySchema) });

export const DatasetParamsSchema = z.object({ id });
export const ModelParamsSchema = z.object({ id });

/** How thorough a fit is: `quick` for a first look, `standard` is the library's default search. */
export const FIT_QUALITIES = ['quick', 'standard'] as const;

export const StartFitBodySchema = z.object({
  datasetId: id,
  name: name('model'),
  /** Delayed geometric by default: it nests Robyn's geometric (peak 0) and carries effects that peak weeks later. */
  adstock: z.enum(ADSTOCK_KINDS).default('delayed'),
  saturation: z.enum(SATURATION_KINDS).default('hill'),
  quality: z.enum(FIT_QUALITIES).default('standard'),
  /** Lift tests the fit honours (calibration); stored with the model's settings. */
  liftTests: z.array(LiftTestSchema).max(50, 'At most 50 lift tests.').default([]),
});
export type StartFitBody = z.input<typeof StartFitBodySchema>;

export const MODEL_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

export const ModelSummarySchema = z.object({
  id,
  name: z.string(),
  datasetId: id,
  datasetName: z.string(),
  status: z.enum(MODEL_STATUSES),
  /** 0–100. */
  progress: z.number().min(0).max(100),
  /** What the fit is doing now, for the progress bar's label. */
  stage: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Why a fit failed, in words a marketer can act on. */
  error: z.string().nullable(),
  headline: z
    .object({ rSquared: z.number(), nrmse: z.number(), liftShare: z.number(), channels: z.number().int() })
    .nullable(),
});
export type ModelSummary = z.output<typeof ModelSummarySchema>;

export const ModelListSchema = z.object({ items: z.array(ModelSummarySchema) });

const finite = z.number().finite();
const IntervalSchema = z.object({ estimate: finite, low: finite, high: finite });
/** CPA can be infinite (no contribution): carried as null. */
const LooseIntervalSchema = z.object({
  estimate: finite.nullable(),
  low: finite.nullable(),
  high: finite.nullable(),
});

/** Everything the report page draws, computed once by the worker from the fitted model. */
export const MmmReportSchema = z.object({
  kpiKind: z.enum(['revenue', 'conversions']),
  dates: z.array(z.string()),
  actual: z.array(finite),
  fitted: z.array(finite),
  metrics: z.object({
    rSquared: finite,
    adjustedRSquared: finite,
    nrmse: finite,
    mape: finite,
    decompRssd: finite,
  }),
  decomposition: z.array(z.object({ name: z.string(), values: z.array(finite) })),
  totals: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(['intercept', 'media', 'organic', 'trend', 'season', 'holiday', 'control']),
      total: finite,
      share: finite,
    }),
  ),
  channels: z.array(
    z.object({
      name: z.string(),
      organic: z.boolean(),
      spend: finite,
      contribution: IntervalSchema,
      roi: IntervalSchema.nullable(),
      cpa: LooseIntervalSchema.nullable(),
      marginalRoi: finite.nullable(),
      curve: z.array(z.object({ spend: finite, response: finite })),
      carryover: z.array(finite),
    }),
  ),
  allocation: z.object({
    budget: finite,
    currentResponse: finite,
    optimalResponse: finite,
    lift: finite,
    liftShare: finite,
    /** The lift interval of the model's optimum (the full move), whatever is recommended. */
    liftInterval: IntervalSchema.nullable(),
    /**
     * Whether the report recommends moving budget (only where the lift interval lies above zero) or
     * holding today's split, and why. Absent in reports fitted before it was recorded.
     */
    decision: z
      .object({
        action: z.enum(['reallocate', 'hold']),
        step: finite.min(0).max(1),
        reason: z.string(),
        /** Channels kept at today's spend: their own part of the move could not be shown to help. */
        held: z.array(z.string()).optional(),
      })
      .optional(),
    channels: z.array(
      z.object({
        name: z.string(),
        current: finite,
        optimal: finite,
        lower: finite,
        upper: finite,
        marginalRoi: finite,
        atBound: z.enum(['lower', 'upper', 'fixed']).nullable(),
      }),
    ),
  }),
  /** The reloadable model (shared/mmm/model-export.ts): the JSON download. */
  model: ModelExportSchema,
  /**
   * The channel whose spend came from "use my Meta spend", by origin not by name (null: none did). Absent in
   * reports fitted before it was recorded.
   */
  metaChannel: z.string().nullable().optional(),
  /** How much to trust the model (issue 24, requirement 7). Absent in reports fitted before it was measured. */
  trust: TrustReportSchema.optional(),
  /** How the lift tests moved the model (issue 24, requirement 4); absent when it was fitted without any. */
  calibration: CalibrationEffectSchema.optional(),
});
export type MmmReport = z.output<typeof MmmReportSchema>;

export const ModelDetailSchema = z.object({ model: ModelSummarySchema, report: MmmReportSchema.nullable() });
export type ModelDetail = z.output<typeof ModelDetailSchema>;

export const DeletedSchema = z.object({ deleted: z.literal(true) });
/** A deleted dataset: the models fitted from it stay (their reports hold what they show). */
export const DatasetDeletedSchema = z.object({ deleted: z.literal(true), modelsKept: z.number().int() });

/** The message the API queues for the worker: only ids, the worker reads the rest from the tables. */
export const FitJobSchema = z.object({ userId: z.string().min(1), modelId: id });
export type FitJob = z.output<typeof FitJobSchema>;
