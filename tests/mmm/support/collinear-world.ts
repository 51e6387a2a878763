/**
 * A known-truth world the weekly data cannot separate (issue 24, requirement 4's benchmark case): two channels
 * bought together (search and social move in lockstep, ±5 % week to week), so any split of their joint effect
 * fits about equally well, and a third channel bought on its own. The truth is far from a spend-share split: the
 * first collinear channel returns 3.0 per unit of spend, the second 0.6. A lift test on one of them is the only
 * thing that tells the two apart.
 */
import { dayNumber, isoFromDay } from '@shared/mmm/calendar';
import { createRandom } from '@shared/mmm/random';
import { DatasetSchema, type MmmDataset } from '@shared/mmm/spec';
import { carryOver, trueSaturate, type TrueSaturation } from './worlds';

export interface CollinearChannel {
  name: string;
  roas: number;
  /** Weekly true contribution. */
  contribution: number[];
}

export interface CollinearWorld {
  data: MmmDataset;
  channels: CollinearChannel[];
  /** Correlation of the two collinear channels' spend. */
  correlation: number;
}

const correlation = (a: readonly number[], b: readonly number[]) => {
  const mean = (v: readonly number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  a.forEach((x, t) => {
    ab += (x - ma) * (b[t]! - mb);
    aa += (x - ma) ** 2;
    bb += (b[t]! - mb) ** 2;
  });
  return ab / Math.sqrt(aa * bb);
};

export function collinearWorld(seed = 7, weeks = 156): CollinearWorld {
  const random = createRandom(424_242 + seed);
  const start = dayNumber('2022-01-03');
  const dates = Array.from({ length: weeks }, (_, t) => isoFromDay(start + 7 * t));
  const season = dates.map((_, t) => Math.cos((2 * Math.PI * t) / 52.18));
  // Campaign pulses shared by the two collinear channels: the plan buys both at once.
  const shared = season.map((s) => 20_000 * (1 + 0.3 * s) * Math.exp(0.5 * random.normal()));
  const spends = [
    shared.map((v) => v * Math.exp(0.05 * random.normal())),
    shared.map((v) => 0.8 * v * Math.exp(0.05 * random.normal())),
    season.map(() => 12_000 * Math.exp(0.6 * random.normal())),
  ];
  const names = ['search', 'social', 'video'];
  const roas = [3.0, 0.6, 1.5];
  const decays = [0.3, 0.5, 0.4];
  const channels = spends.map((spend, c) => {
    const weights = Array.from({ length: 13 }, (_, l) => decays[c]! ** l);
    const adstocked = carryOver(spend, weights);
    const mean = adstocked.reduce((a, b) => a + b, 0) / weeks;
    const saturation: TrueSaturation = { kind: 'hill', slope: 1.2, halfSaturation: 1.5 * mean };
    const shape = adstocked.map((a) => trueSaturate(a, saturation));
    const spendTotal = spend.reduce((a, b) => a + b, 0);
    const beta = (roas[c]! * spendTotal) / shape.reduce((a, b) => a + b, 0);
    return { name: names[c]!, roas: roas[c]!, contribution: shape.map((v) => beta * v) };
  });
  const baseline = season.map((s, t) => 150_000 * (1 + 0.1 * s + (0.1 * t) / weeks));
  const expected = baseline.map((b, t) => b + channels.reduce((sum, ch) => sum + ch.contribution[t]!, 0));
  const noiseSd = 0.05 * (expected.reduce((a, b) => a + b, 0) / weeks);
  const kpi = expected.map((e) => e + noiseSd * random.normal());
  const data = DatasetSchema.parse({
    dates,
    kpi,
    channels: names.map((name, c) => ({ name, spend: spends[c]! })),
  });
  return { data, channels, correlation: correlation(spends[0]!, spends[1]!) };
}
