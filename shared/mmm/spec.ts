/**
 * The marketing-mix model's inputs and settings as zod schemas: what an upload, a saved model and
 * a JSON export all carry, validated the same way wherever they come from.
 */
import * as z from 'zod';
import { HOLIDAY_COUNTRIES } from './holidays';
import { LiftTestSchema } from './lift-test';

export const ADSTOCK_KINDS = ['geometric', 'geometric-normalised', 'weibull-cdf', 'weibull-pdf', 'delayed'] as const;
export const SATURATION_KINDS = ['hill', 'logistic', 'michaelis-menten'] as const;
export type AdstockKind = (typeof ADSTOCK_KINDS)[number];
export type SaturationKind = (typeof SATURATION_KINDS)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dates are YYYY-MM-DD');
const finite = z.number().finite();
const range = z.tuple([finite, finite]).refine(([lo, hi]) => lo <= hi, 'a range is [low, high]');

export const ChannelSchema = z.object({
  name: z.string().min(1).max(80),
  spend: z.array(finite.nonnegative()),
  /** Organic channels (newsletter, PR) are transformed like media but have no spend: no ROI, not in DECOMP.RSSD. */
  organic: z.boolean().default(false),
  /**
   * Where the channel's spend came from: 'meta' for "use my Meta spend" (read from the connected ad account).
   * Kept with the data, so the hand-off to the optimizer finds the Meta channel whatever the marketer named it.
   */
  source: z.enum(['meta']).optional(),
});

export const ControlSchema = z.object({
  name: z.string().min(1).max(80),
  values: z.array(finite),
  sign: z.enum(['positive', 'negative', 'free']).default('free'),
});

export const DatasetSchema = z
  .object({
    dates: z.array(isoDate).min(10),
    kpi: z.array(finite),
    kpiKind: z.enum(['revenue', 'conversions']).default('revenue'),
    channels: z.array(ChannelSchema).min(1).max(30),
    controls: z.array(ControlSchema).max(30).default([]),
  })
  .superRefine((data, ctx) => {
    const n = data.dates.length;
    if (data.kpi.length !== n) ctx.addIssue({ code: 'custom', message: 'kpi length differs from dates' });
    for (const c of [...data.channels.map((ch) => ({ name: ch.name, values: ch.spend })), ...data.controls]) {
      if (c.values.length !== n) ctx.addIssue({ code: 'custom', message: `${c.name}: length differs from dates` });
    }
  });
export type MmmDataset = z.output<typeof DatasetSchema>;

/** Search ranges of one channel's hyperparameters (only those of the chosen transforms are used). */
export const ChannelRangesSchema = z.object({
  /** geometric θ, geometric-normalised α, or the delayed form's decay either side of its peak. */
  decay: range.default([0, 0.8]),
  /** The delayed form's peak, in periods after the spend (0: geometric). */
  peak: range.default([0, 4]),
  weibullShape: range.default([0.0001, 10]),
  weibullScale: range.default([0, 0.1]),
  hillAlpha: range.default([0.5, 3]),
  hillGamma: range.default([0.3, 1]),
  /** logistic λ on spend divided by the channel's largest spend. */
  logisticLambda: range.default([0.1, 10]),
  /** Michaelis–Menten K as a multiple of the channel's largest spend. */
  menten: range.default([0.05, 5]),
});
export type ChannelRanges = z.output<typeof ChannelRangesSchema>;

export const ConfigSchema = z.object({
  adstock: z.enum(ADSTOCK_KINDS).default('geometric'),
  saturation: z.enum(SATURATION_KINDS).default('hill'),
  /** Lag window of the normalised geometric and Weibull forms, in periods. */
  lMax: z.number().int().min(1).max(104).default(8),
  ranges: ChannelRangesSchema.default(ChannelRangesSchema.parse({})),
  channelRanges: z.record(z.string(), ChannelRangesSchema.partial()).default({}),
  /** log10 of the ridge λ on standardised columns. */
  log10Lambda: range.default([-4, 0]),
  baseline: z
    .object({
      /**
       * `in-model`: trend, seasonality and holiday columns enter the regression with media (joint fit).
       * `decomposed`: Robyn's way — a first ridge fit of the KPI on them yields three columns (trend,
       * season, holiday) for the media regression.
       */
      mode: z.enum(['in-model', 'decomposed']).default('in-model'),
      changepoints: z.number().int().min(0).max(50).default(4),
      /** Extra penalty on slope changes (a multiple of λ); Prophet's changepoint prior in ridge form. */
      changepointPenalty: z.number().nonnegative().default(1),
      fourierOrder: z.number().int().min(0).max(20).default(2),
      holidays: z.enum(HOLIDAY_COUNTRIES).optional(),
    })
    .default({ mode: 'in-model', changepoints: 4, changepointPenalty: 1, fourierOrder: 2 }),
  window: z.object({ start: isoDate, end: isoDate }).optional(),
  /** Split by time inside the window: train first, then validation, then test. */
  split: z.object({ train: z.number().min(0.3).max(1), validation: z.number().min(0).max(0.5) }).optional(),
  /**
   * How the model is chosen. `map`: the hyperparameters of highest posterior (the fit's Gaussian
   * likelihood profiled over the coefficients, times the priors in priors.ts): no pull toward spend
   * shares. `nrmse`: best fit alone. `nrmse+rssd`: Robyn's knee of NRMSE × DECOMP.RSSD, which pulls
   * each channel's share of effect toward its share of spend.
   */
  objectives: z.enum(['map', 'nrmse', 'nrmse+rssd']).default('nrmse+rssd'),
  search: z
    .object({
      seed: z.number().int().nonnegative().default(1),
      trials: z.number().int().min(1).max(64).default(5),
      populationSize: z.number().int().min(8).max(400).default(40),
      generations: z.number().int().min(1).max(1000).default(50),
      /** Nelder–Mead polish of the best candidate (single objective). */
      polishEvaluations: z.number().int().min(0).max(20000).default(600),
      /** Polish starts: the best candidate, then the best of another trial (2), each with its own budget. */
      polishStarts: z.number().int().min(1).max(2).default(1),
    })
    .default({ seed: 1, trials: 5, populationSize: 40, generations: 50, polishEvaluations: 600, polishStarts: 1 }),
  bootstrap: z
    .object({
      replicates: z.number().int().min(0).max(1000).default(50),
      /** Moving-block length in periods (default ⌈n^{1/3}⌉). */
      blockLength: z.number().int().min(1).optional(),
      /** Nelder–Mead evaluations re-fitting hyperparameters on each replicate (0: coefficients only). */
      refitEvaluations: z.number().int().min(0).max(5000).default(150),
      level: z.number().min(0.5).max(0.99).default(0.9),
      /** Start of each refit: the chosen hyperparameters plus Gaussian noise of this share of each range. */
      jitter: z.number().min(0).max(0.5).default(0.1),
      /**
       * Each draw's media coefficients at its refitted curves. `refit`: the replicate's ridge solution. `posterior`:
       * a draw from their Gaussian posterior given those curves on the data (the priors included), so a level the
       * data cannot pin is wide. `bagged`: the same on the replicate (the bagged posterior, BayesBag: posterior and
       * sampling variance both).
       */
      coefficients: z.enum(['refit', 'posterior', 'bagged']).default('refit'),
      /**
       * Metropolis sweeps (one step per hyperparameter each) on the replicate's posterior after its refit, so a draw's
       * curves wander along the directions the data leave flat instead of stopping where the simplex did (0: none).
       */
      chainSweeps: z.number().int().min(0).max(50).default(0),
      /**
       * Steps of adaptive Metropolis each draw takes after every replicate's refit (`map` only; 0: none, the sweeps
       * instead): a second stage whose proposal is the refits' spread, every dimension moving at once (fit.ts).
       */
      chainSteps: z.number().int().min(0).max(5000).default(0),
    })
    .default({
      replicates: 50,
      refitEvaluations: 150,
      level: 0.9,
      jitter: 0.1,
      coefficients: 'refit',
      chainSweeps: 0,
      chainSteps: 0,
    }),
  /**
   * A half-normal prior on each paid channel's ROAS over the training weeks (`map` only), its scale this multiple of
   * the KPI per unit of all channels' spend (scale-free: revenue or conversions). None: effects are flat (≥ 0).
   */
  effectPrior: z.number().positive().optional(),
  /** Lift tests the fit honours (calibration.ts): each one an observation of its channel's effect over its period. */
  calibration: z.array(LiftTestSchema).max(50).default([]),
});
export type MmmConfig = z.output<typeof ConfigSchema>;
export type MmmConfigInput = z.input<typeof ConfigSchema>;
