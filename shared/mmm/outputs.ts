/**
 * What a marketer reads from a fit: decomposition (per period and the total waterfall), ROI or CPA
 * per channel with intervals, marginal ROI at current spend, response and carry-over curves.
 * Everything is computed from the chosen model and the draws, never stored twice.
 */
import { applyAdstock, type ChannelTransform, type Problem, saturate } from './problem';
import { type Draw, mediaBetas, type RawFit } from './fit';
import { type MmmConfig, type MmmDataset } from './spec';

/** A channel's response over the window as a function of its total spend (historic weekly pattern scaled). */
export interface ChannelResponse {
  name: string;
  organic: boolean;
  /** Spend over the window at the historic allocation. */
  spend: number;
  response(totalSpend: number): number;
}

export function channelResponses(
  data: MmmDataset,
  config: MmmConfig,
  problem: Pick<Problem, 'windowStart' | 'windowEnd'>,
  transforms: readonly ChannelTransform[],
  betas: readonly number[],
): ChannelResponse[] {
  return data.channels.map((channel, c) => {
    const adstocked = applyAdstock(channel.spend, transforms[c]!.adstock).slice(problem.windowStart, problem.windowEnd);
    let spend = 0;
    for (let t = problem.windowStart; t < problem.windowEnd; t += 1) spend += channel.spend[t]!;
    const beta = betas[c]!;
    const transform = transforms[c]!;
    return {
      name: channel.name,
      organic: channel.organic,
      spend,
      // Adstock is linear, so scaling the spend scales the adstocked series.
      response(totalSpend: number) {
        if (spend <= 0 || beta === 0) return 0;
        const k = totalSpend / spend;
        let sum = 0;
        for (let t = 0; t < adstocked.length; t += 1) sum += saturate(k * adstocked[t]!, transform);
        return beta * sum;
      },
    };
  });
}

/** Responses under one draw's hyperparameters (its saturation re-anchored exactly as its fit did). */
export function drawResponses(raw: RawFit, draw: Draw): ChannelResponse[] {
  const fit = raw.problem.fit(draw.hyper);
  return channelResponses(raw.problem.data, raw.problem.config, raw.problem, fit.transforms, draw.betas);
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

const intervalOf = (estimate: number, values: number[], level: number): Interval => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return { estimate, low: estimate, high: estimate };
  return { estimate, low: quantile(sorted, (1 - level) / 2), high: quantile(sorted, 1 - (1 - level) / 2) };
};

export interface ChannelSummary {
  name: string;
  organic: boolean;
  spend: number;
  contribution: Interval;
  /** Contribution per unit of spend (revenue KPI) — null for organic channels. */
  roi: Interval | null;
  /** Spend per unit of KPI (conversions KPI) — null for organic channels. */
  cpa: Interval | null;
  /** Extra KPI per extra unit of spend at current spend. */
  marginalRoi: number | null;
  transform: ChannelTransform;
  coefficient: number;
}

export interface DecompositionTotal {
  name: string;
  kind: 'intercept' | 'media' | 'organic' | 'trend' | 'season' | 'holiday' | 'control';
  total: number;
  share: number;
}

export interface MmmSummary {
  dates: string[];
  actual: number[];
  fitted: number[];
  metrics: ReturnType<Problem['fit']>['metrics'];
  /** Per period: every component's contribution (columns named as `totals`). */
  decomposition: { name: string; values: number[] }[];
  totals: DecompositionTotal[];
  channels: ChannelSummary[];
  front: { nrmse: number; rssd: number }[];
  chosen: { nrmse: number; rssd: number; hyper: number[]; lambda: number };
  evaluations: number;
  draws: number;
}

export function summarise(raw: RawFit): MmmSummary {
  const { problem, chosen, draws, selection } = raw;
  const { data, config } = problem;
  const level = config.bootstrap.level;
  const betas = mediaBetas(chosen);
  const responses = channelResponses(data, config, problem, chosen.transforms, betas);
  const drawCurves = draws.map((d) => drawResponses(raw, d));
  const decomposition = [
    { name: 'intercept', values: problem.dates.map(() => chosen.intercept) },
    ...data.channels.map((c, i) => ({ name: c.name, values: Array.from(chosen.mediaContributions[i]!) })),
    ...problem.fixed.map((c, j) => ({ name: c.name, values: Array.from(chosen.fixedContributions[j]!) })),
  ];
  const kinds: DecompositionTotal['kind'][] = [
    'intercept',
    ...data.channels.map((c) => (c.organic ? ('organic' as const) : ('media' as const))),
    ...problem.fixed.map((c) => c.kind),
  ];
  const grand = decomposition.reduce((sum, d) => sum + d.values.reduce((a, b) => a + b, 0), 0);
  const totals = decomposition.map((d, i) => {
    const total = d.values.reduce((a, b) => a + b, 0);
    return { name: d.name, kind: kinds[i]!, total, share: grand !== 0 ? total / grand : 0 };
  });
  const channels = responses.map((r, c): ChannelSummary => {
    const contribution = r.response(r.spend);
    const drawContributions = drawCurves.map((curves) => curves[c]!.response(r.spend));
    const eps = 0.01 * Math.max(r.spend, 1e-9);
    const paid = !r.organic && r.spend > 0;
    return {
      name: r.name,
      organic: r.organic,
      spend: r.spend,
      contribution: intervalOf(contribution, drawContributions, level),
      roi: paid
        ? intervalOf(
            contribution / r.spend,
            drawContributions.map((v) => v / r.spend),
            level,
          )
        : null,
      cpa: paid
        ? intervalOf(
            contribution > 0 ? r.spend / contribution : Infinity,
            drawContributions.map((v) => (v > 0 ? r.spend / v : Infinity)),
            level,
          )
        : null,
      marginalRoi: paid ? (r.response(r.spend + eps) - r.response(r.spend - eps)) / (2 * eps) : null,
      transform: chosen.transforms[c]!,
      coefficient: betas[c]!,
    };
  });
  return {
    dates: problem.dates,
    actual: Array.from(problem.y),
    fitted: Array.from(chosen.fitted),
    metrics: chosen.metrics,
    decomposition,
    totals,
    channels,
    front: selection.front.map((c) => ({ nrmse: c.nrmse, rssd: c.rssd })),
    chosen: { nrmse: chosen.nrmse, rssd: chosen.rssd, hyper: chosen.hyper, lambda: chosen.lambda },
    evaluations: selection.evaluations,
    draws: draws.length,
  };
}

/** Response curve points from 0 to `upTo`× current spend, for charts. */
export function responseCurve(response: ChannelResponse, upTo = 3, points = 41): { spend: number; response: number }[] {
  return Array.from({ length: points }, (_, i) => {
    const spend = (response.spend * upTo * i) / (points - 1);
    return { spend, response: response.response(spend) };
  });
}
