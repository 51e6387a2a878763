/**
 * Known-truth worlds for the marketing-mix benchmark (issue 24, requirement 1b): data drawn from
 * families the default model does NOT assume as well as the one it does, so recovery is measured
 * outside our own family. Each world is seeded and fully determined by its index.
 *
 * - saturation: Hill (slope 0.5–3, half-saturation 0.2–3× the channel's mean carry-over) or logistic
 *   (PyMC-Marketing's (1 − e^{−λx})/(1 + e^{−λx}) on carry-over over its mean, λ 0.3–4);
 * - carry-over: geometric (decay 0–0.8) or a Weibull-shaped delay whose weights peak 1–3 weeks after
 *   the spend (shape 2–4), as TV and print often behave;
 * - spend: a per-channel level that follows the season (correlation 0–0.9), always-on with bursts or
 *   flighted (on/off blocks), lognormal week-to-week noise;
 * - baseline: level, linear trend with one slope change, yearly seasonality (two harmonics, random
 *   phase), holiday weeks (Black Friday, Christmas) with a lift; noise 5–10 % of the mean KPI;
 * - true ROAS spread widely (0.3–6) and independently of spend share, so a model that pulls effect
 *   shares toward spend shares is caught.
 */
import { dayNumber, isoFromDay } from '@shared/mmm/calendar';
import { createRandom, type Random } from '@shared/mmm/random';
import { DatasetSchema, type MmmDataset } from '@shared/mmm/spec';

export type TrueSaturation =
  { kind: 'hill'; slope: number; halfSaturation: number } | { kind: 'logistic'; lambda: number; reference: number };
export type TrueAdstock =
  { kind: 'geometric'; decay: number } | { kind: 'weibull-delayed'; shape: number; peakWeek: number };

export interface TrueChannel {
  name: string;
  adstock: TrueAdstock;
  /** Carry-over weights, lag 0 first. */
  weights: number[];
  saturation: TrueSaturation;
  /** Effect scale on the KPI. */
  beta: number;
  /** Σ contribution / Σ spend over the data. */
  roas: number;
  /** Weekly contribution. */
  contribution: number[];
  spendPattern: 'bursts' | 'flighting';
  seasonCorrelation: number;
}

export interface World {
  id: string;
  family: WorldFamily;
  data: MmmDataset;
  channels: TrueChannel[];
  /** Weekly KPI without noise and without media. */
  baseline: number[];
  noiseShare: number;
  /** The week the trend's slope changes. */
  bend: number;
}

export const WORLD_FAMILIES = ['geometric-hill', 'delayed-hill', 'geometric-logistic', 'delayed-logistic'] as const;
export type WorldFamily = (typeof WORLD_FAMILIES)[number];

const LAGS = 13;

const uniform = (random: Random, lo: number, hi: number) => lo + (hi - lo) * random.next();

/** Carry-over weights of a true adstock (not normalised: geometric sums to 1/(1 − decay) over the window). */
export function trueWeights(adstock: TrueAdstock): number[] {
  if (adstock.kind === 'geometric') return Array.from({ length: LAGS }, (_, l) => Math.pow(adstock.decay, l));
  // Weibull density of shape k > 1 with its mode at lag `peakWeek`: mode = scale·((k−1)/k)^{1/k}.
  const k = adstock.shape;
  const scale = adstock.peakWeek / Math.pow((k - 1) / k, 1 / k);
  const density = Array.from({ length: LAGS }, (_, l) => {
    const z = l / scale;
    return Math.pow(z, k - 1) * Math.exp(-Math.pow(z, k));
  });
  const peak = Math.max(...density);
  return density.map((d) => d / peak);
}

export function carryOver(spend: readonly number[], weights: readonly number[]): number[] {
  return spend.map((_, t) => {
    let sum = 0;
    for (let l = 0; l < weights.length && l <= t; l += 1) sum += weights[l]! * spend[t - l]!;
    return sum;
  });
}

export function trueSaturate(x: number, s: TrueSaturation): number {
  if (x <= 0) return 0;
  if (s.kind === 'hill') return 1 / (1 + Math.pow(s.halfSaturation / x, s.slope));
  const e = Math.exp((-s.lambda * x) / s.reference);
  return (1 - e) / (1 + e);
}

/** The true total response over the data of a channel whose every week's spend is scaled by `k`. */
export function trueResponse(channel: TrueChannel, spend: readonly number[], k: number): number {
  return carryOver(spend, channel.weights).reduce(
    (sum, a) => sum + channel.beta * trueSaturate(k * a, channel.saturation),
    0,
  );
}

function spendSeries(random: Random, season: number[], pattern: TrueChannel['spendPattern'], correlation: number) {
  const level = Math.exp(uniform(random, Math.log(5_000), Math.log(30_000)));
  const weeks = season.length;
  const on = new Array<boolean>(weeks).fill(true);
  if (pattern === 'flighting') {
    let t = 0;
    let active = random.next() < 0.5;
    while (t < weeks) {
      const block = 2 + random.int(5);
      for (let k = 0; k < block && t < weeks; k += 1, t += 1) on[t] = active;
      active = !active;
    }
  }
  const burst = new Array<number>(weeks).fill(1);
  if (pattern === 'bursts') {
    for (let b = 0; b < Math.round(weeks / 26); b += 1) {
      const start = random.int(weeks);
      const size = uniform(random, 1.8, 3.5);
      for (let k = 0; k < 2 + random.int(3) && start + k < weeks; k += 1) burst[start + k] = size;
    }
  }
  return season.map((s, t) => {
    if (!on[t]) return 0;
    const noise = Math.exp(0.6 * random.normal());
    return level * Math.max(0.05, 1 + correlation * s) * burst[t]! * noise;
  });
}

/** One world, fully determined by its index. */
export function simulateWorld(index: number, weeks = 208, channelCount?: number): World {
  const random = createRandom(240_000 + index);
  const family = WORLD_FAMILIES[index % WORLD_FAMILIES.length]!;
  const delayed = family.startsWith('delayed');
  const logisticFamily = family.endsWith('logistic');
  const m = channelCount ?? 3 + random.int(3);
  const start = dayNumber('2021-01-04');
  const dates = Array.from({ length: weeks }, (_, t) => isoFromDay(start + 7 * t));
  const phase = uniform(random, 0, 2 * Math.PI);
  // Yearly season on [-1, 1]-ish: a main harmonic and a smaller second one.
  const season = dates.map((d) => {
    const doy = dayNumber(d) - dayNumber(`${d.slice(0, 4)}-01-01`);
    const angle = (2 * Math.PI * doy) / 365.25;
    return 0.8 * Math.cos(angle + phase) + 0.2 * Math.sin(2 * angle + phase);
  });
  const holiday = dates.map((d) => {
    const md = d.slice(5);
    // Weeks starting in Black Friday's or Christmas' week.
    return (md >= '11-22' && md <= '11-28') || (md >= '12-19' && md <= '12-25') ? 1 : 0;
  });

  const level = 100_000;
  const slope = uniform(random, -0.1, 0.3) / weeks;
  const slopeChange = uniform(random, -0.2, 0.2) / weeks;
  const bend = Math.floor(uniform(random, 0.3, 0.7) * weeks);
  const seasonAmplitude = uniform(random, 0.05, 0.2);
  const holidayLift = uniform(random, 0.05, 0.2);
  const baseline = dates.map(
    (_, t) =>
      level *
      (1 + slope * t + slopeChange * Math.max(0, t - bend) + seasonAmplitude * season[t]! + holidayLift * holiday[t]!),
  );
  const baselineMean = baseline.reduce((a, b) => a + b, 0) / weeks;
  const mediaShare = uniform(random, 0.35, 0.55);

  const drafts = Array.from({ length: m }, (_, c) => {
    const spendPattern: TrueChannel['spendPattern'] = random.next() < 0.5 ? 'bursts' : 'flighting';
    const seasonCorrelation = uniform(random, 0, 0.9);
    const spend = spendSeries(random, season, spendPattern, seasonCorrelation);
    const adstock: TrueAdstock = delayed
      ? { kind: 'weibull-delayed', shape: uniform(random, 2, 4), peakWeek: 1 + random.int(3) }
      : { kind: 'geometric', decay: uniform(random, 0, 0.8) };
    const weights = trueWeights(adstock);
    const adstocked = carryOver(spend, weights);
    const meanAdstock = adstocked.reduce((a, b) => a + b, 0) / weeks;
    const saturation: TrueSaturation = logisticFamily
      ? { kind: 'logistic', lambda: uniform(random, 0.3, 2.5), reference: meanAdstock }
      : {
          kind: 'hill',
          slope: uniform(random, 0.5, 3),
          halfSaturation: meanAdstock * Math.exp(uniform(random, Math.log(0.5), Math.log(3))),
        };
    // Each channel's share of the media effect, drawn independently of its spend (at most 1 : 3 apart).
    const effectWeight = 1 + 2 * random.next();
    return {
      name: `channel_${c + 1}`,
      spend,
      adstock,
      weights,
      saturation,
      spendPattern,
      seasonCorrelation,
      effectWeight,
    };
  });
  // Media make up `mediaShare` of the KPI, split by the effect weights; ROAS follows (effect / spend).
  const spendTotals = drafts.map((d) => d.spend.reduce((a, b) => a + b, 0));
  const mediaTotal = (mediaShare * baselineMean * weeks) / (1 - mediaShare);
  const weightTotal = drafts.reduce((sum, d) => sum + d.effectWeight, 0);

  const channels: TrueChannel[] = drafts.map((d, c) => {
    const roas = (mediaTotal * d.effectWeight) / weightTotal / spendTotals[c]!;
    const shape = carryOver(d.spend, d.weights).map((a) => trueSaturate(a, d.saturation));
    const beta = (roas * spendTotals[c]!) / shape.reduce((a, b) => a + b, 0);
    return {
      name: d.name,
      adstock: d.adstock,
      weights: d.weights,
      saturation: d.saturation,
      beta,
      roas,
      contribution: shape.map((v) => beta * v),
      spendPattern: d.spendPattern,
      seasonCorrelation: d.seasonCorrelation,
    };
  });
  const noiseShare = uniform(random, 0.05, 0.1);
  const expected = baseline.map((b, t) => b + channels.reduce((sum, ch) => sum + ch.contribution[t]!, 0));
  const noiseSd = (noiseShare * expected.reduce((a, b) => a + b, 0)) / weeks;
  const kpi = expected.map((e) => e + noiseSd * random.normal());
  const data = DatasetSchema.parse({
    dates,
    kpi,
    channels: drafts.map((d) => ({ name: d.name, spend: d.spend })),
    // A marketer's own holiday/promotion flag, as an uploaded control column.
    controls: [{ name: 'holiday', values: holiday }],
  });
  return { id: `world-${String(index).padStart(3, '0')}`, family, data, channels, baseline, noiseShare, bend };
}
