/** Robyn's demo.R settings in our terms (shared by the acceptance test and the benchmark). */
import { ConfigSchema } from '@shared/mmm/spec';

const decay = (lo: number, hi: number) => ({ decay: [lo, hi] as [number, number] });

export const robynDemoConfig = ConfigSchema.parse({
  adstock: 'geometric',
  saturation: 'hill',
  objectives: 'nrmse+rssd',
  // demo.R: alphas 0.5–3, gammas 0.3–1; thetas tv 0.3–0.8, facebook/search 0–0.3, print/ooh/newsletter 0.1–0.4.
  ranges: { hillAlpha: [0.5, 3], hillGamma: [0.3, 1], decay: [0.1, 0.4] },
  channelRanges: { tv_S: decay(0.3, 0.8), facebook_S: decay(0, 0.3), search_S: decay(0, 0.3) },
  window: { start: '2016-01-04', end: '2018-12-31' },
  baseline: { mode: 'decomposed', changepoints: 25, changepointPenalty: 100, fourierOrder: 10, holidays: 'DE' },
  search: { seed: 1, trials: 5, populationSize: 40, generations: 49 },
  bootstrap: { replicates: 0 },
});
