/**
 * Data simulated from PyMC-Marketing's mmm_example generating process (see
 * shared/reference/mmm/anchors-notes.md), generalised to any number of channels: trend,
 * yearly seasonality, normalised geometric adstock (l_max 8), logistic saturation, Gaussian noise.
 */
import { geometricAdstockNormalised } from '@shared/mmm/adstock';
import { isoFromDay, dayNumber } from '@shared/mmm/calendar';
import { createRandom } from '@shared/mmm/random';
import { logistic } from '@shared/mmm/saturation';
import { DatasetSchema, type MmmDataset } from '@shared/mmm/spec';

export interface SimulatedTruth {
  alpha: number[];
  lambda: number[];
  beta: number[];
  /** Σ contribution / Σ spend per channel. */
  roas: number[];
}

export function simulate(seed: number, channels: number, weeks: number): { data: MmmDataset; truth: SimulatedTruth } {
  const random = createRandom(seed);
  const amplitude = 1000;
  const start = dayNumber('2020-01-06');
  const dates = Array.from({ length: weeks }, (_, t) => isoFromDay(start + 7 * t));
  const alpha = Array.from({ length: channels }, () => 0.1 + 0.7 * random.next());
  const lambda = Array.from({ length: channels }, () => 1 + 4 * random.next());
  const beta = Array.from({ length: channels }, () => 1 + 2 * random.next());
  // Spend patterns as in the example: always-on with bursts, or flighted (off most weeks).
  const spends = Array.from({ length: channels }, (_, c) =>
    Array.from({ length: weeks }, () => {
      const u = random.next();
      return c % 2 === 0 ? (u > 0.9 ? u : u / 2) : u > 0.6 ? u : 0;
    }),
  );
  const effects = spends.map((x, c) =>
    Array.from(geometricAdstockNormalised(x, alpha[c]!, 8), (v) => amplitude * beta[c]! * logistic(v, lambda[c]!)),
  );
  const kpi = dates.map((d, t) => {
    const doy = dayNumber(d) - dayNumber(`${d.slice(0, 4)}-01-01`) + 1;
    const trend = Math.pow((50 * t) / (weeks - 1) + 10, 0.25) - 1;
    const season = 0.5 * (-Math.sin((4 * Math.PI * doy) / 365.5) + Math.cos((2 * Math.PI * doy) / 365.5));
    const media = effects.reduce((sum, e) => sum + e[t]!, 0);
    return amplitude * (2 + trend + season + 0.25 * random.normal()) + media;
  });
  const roas = effects.map((e, c) => e.reduce((a, b) => a + b, 0) / spends[c]!.reduce((a, b) => a + b, 0));
  return {
    data: DatasetSchema.parse({
      dates,
      kpi,
      channels: spends.map((spend, c) => ({ name: `channel_${c + 1}`, spend })),
    }),
    truth: { alpha, lambda, beta, roas },
  };
}
