/**
 * Scores a fitted report against a world's truth: ROAS error and interval coverage per channel,
 * contribution recovery as PyMC Labs' parameter-recovery benchmark reports it (SRMSE of the weekly
 * contribution: RMSE / |mean true contribution|, per channel; pymc-labs/mmm-param-recovery,
 * mmm_param_recovery/benchmarking/evaluation.py `calculate_srmse`), contribution-share error, and
 * the allocator's recommendation judged on the TRUE response curves.
 */
import { allocate } from '@shared/mmm/allocator';
import { type ChannelResponse, quantile } from '@shared/mmm/outputs';
import { choleskySolve } from '@shared/mmm/ridge';
import { type MmmReport } from '@shared/schemas/mmm';
import { carryOver, trueResponse, trueSaturate, type World } from './worlds';

export interface ChannelScore {
  world: string;
  family: string;
  channel: string;
  trueRoas: number;
  roas: number;
  low: number;
  high: number;
  /** |estimate / truth − 1|. */
  roasError: number;
  covered: boolean;
  /** RMSE of weekly contribution / |mean true weekly contribution|. */
  srmse: number;
  /** |ROAS error| of least squares at the true curves (the noise floor). */
  oracleError: number;
  spendShare: number;
  trueShare: number;
  fittedShare: number;
  /** The world's spend never pauses for this channel (always-on with bursts) rather than flighting on and off. */
  alwaysOn: boolean;
  /** How well the report's trust signal says the data measure the channel (absent: the report has no trust). */
  identified?: 'well' | 'weakly' | 'poorly';
}

export interface WorldScore {
  world: string;
  family: string;
  channels: ChannelScore[];
  rSquared: number;
  /** True lift of the recommended allocation over current spend, as a share of the true current media response. */
  trueLiftShare: number;
  /** True lift attainable under the same bounds and budget (the allocator run on the true curves). */
  attainableLiftShare: number;
  /** The model's own claim of lift. */
  claimedLiftShare: number;
  /** Whether the report recommended a move (a non-zero lift claim) or held. */
  recommended: boolean;
  fitSeconds: number;
  fitCpuSeconds: number;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export function trueResponses(world: World): ChannelResponse[] {
  return world.channels.map((channel, c) => {
    const spend = world.data.channels[c]!.spend;
    const total = sum(spend);
    return {
      name: channel.name,
      organic: false,
      spend: total,
      response: (totalSpend: number) => trueResponse(channel, spend, totalSpend / total),
    };
  });
}

/**
 * The noise floor: least squares of the KPI on the TRUE media curves (true carry-over and saturation)
 * plus an intercept, trend with a free slope change at the true bend, two yearly harmonics and the
 * holiday flag. What no model can beat on this data; its |ROAS error| per channel.
 */
export function oracleRoasErrors(world: World): number[] {
  const n = world.data.dates.length;
  const media = world.channels.map((ch, c) =>
    carryOver(world.data.channels[c]!.spend, ch.weights).map((a) => trueSaturate(a, ch.saturation)),
  );
  const t = Array.from({ length: n }, (_, i) => i / n);
  const yearly = (k: number, f: (x: number) => number) =>
    world.data.dates.map((d) => f((2 * Math.PI * k * (Date.parse(d) / 86_400_000)) / 365.25));
  const columns = [
    t.map(() => 1),
    t,
    t.map((v) => Math.max(0, v - world.bend / n)),
    yearly(1, Math.sin),
    yearly(1, Math.cos),
    yearly(2, Math.sin),
    yearly(2, Math.cos),
    world.data.controls[0]!.values,
    ...media,
  ];
  const p = columns.length;
  const gram = new Float64Array(p * p);
  const rhs = new Float64Array(p);
  for (let i = 0; i < p; i += 1) {
    for (let j = 0; j < p; j += 1) gram[i * p + j] = sum(columns[i]!.map((v, r) => v * columns[j]![r]!));
    rhs[i] = sum(columns[i]!.map((v, r) => v * world.data.kpi[r]!));
  }
  const beta = choleskySolve(gram, rhs, p)!;
  return world.channels.map((ch, c) => {
    const roas = (beta[p - media.length + c]! * sum(media[c]!)) / sum(world.data.channels[c]!.spend);
    return Math.abs(roas / ch.roas - 1);
  });
}

export function scoreWorld(
  world: World,
  report: MmmReport,
  fitSeconds: number,
  fitCpuSeconds = fitSeconds,
): WorldScore {
  const spendTotals = world.data.channels.map((c) => sum(c.spend));
  const trueTotals = world.channels.map((c) => sum(c.contribution));
  const fittedTotals = world.channels.map((c) => sum(report.decomposition.find((d) => d.name === c.name)!.values));
  const oracle = oracleRoasErrors(world);
  const channels = world.channels.map((truth, c): ChannelScore => {
    const fitted = report.channels.find((ch) => ch.name === truth.name)!;
    const roi = fitted.roi!;
    const predicted = report.decomposition.find((d) => d.name === truth.name)!.values;
    const mean = sum(truth.contribution) / truth.contribution.length;
    const rmse = Math.sqrt(sum(truth.contribution.map((v, t) => (v - predicted[t]!) ** 2)) / truth.contribution.length);
    return {
      world: world.id,
      family: world.family,
      channel: truth.name,
      trueRoas: truth.roas,
      roas: roi.estimate,
      low: roi.low,
      high: roi.high,
      roasError: Math.abs(roi.estimate / truth.roas - 1),
      covered: roi.low <= truth.roas && truth.roas <= roi.high,
      srmse: rmse / Math.abs(mean),
      oracleError: oracle[c]!,
      spendShare: spendTotals[c]! / sum(spendTotals),
      alwaysOn: truth.spendPattern === 'bursts',
      trueShare: trueTotals[c]! / sum(trueTotals),
      fittedShare: sum(fittedTotals) > 0 ? fittedTotals[c]! / sum(fittedTotals) : 0,
      ...(report.trust
        ? { identified: report.trust.channels.find((ch) => ch.name === truth.name)?.identified ?? 'well' }
        : {}),
    };
  });
  const truth = trueResponses(world);
  const currentTrue = sum(truth.map((r) => r.response(r.spend)));
  const recommendedTrue = sum(
    report.allocation.channels.map((a) => truth.find((r) => r.name === a.name)!.response(a.optimal)),
  );
  // Same budget and the app's default bounds (0.5×–2× of current spend), on the true curves.
  const attainable = allocate(truth);
  return {
    world: world.id,
    family: world.family,
    channels,
    rSquared: report.metrics.rSquared,
    trueLiftShare: (recommendedTrue - currentTrue) / currentTrue,
    attainableLiftShare: attainable.lift / currentTrue,
    claimedLiftShare: report.allocation.liftShare,
    recommended: report.allocation.channels.some((a) => Math.abs(a.optimal - a.current) > 1e-6 * a.current),
    fitSeconds,
    fitCpuSeconds,
  };
}

export interface Scorecard {
  worlds: number;
  channels: number;
  medianRoasError: number;
  p90RoasError: number;
  oracleMedianError: number;
  oracleP90Error: number;
  coverage: number;
  /** Mean over channels of the contribution SRMSE (PyMC Labs' figure), and its median. */
  meanSrmse: number;
  medianSrmse: number;
  /** Median |fitted − true| contribution share (percentage points / 100). */
  medianShareError: number;
  /** Channels whose true share differs from spend share by > 5 points, and how many came out closer to spend share. */
  shareDiffers: number;
  pulledToSpendShare: number;
  /** Worlds where the recommendation is truly worse than current spend (by more than 0.01 % of the media response). */
  trulyWorse: number;
  /** Median over worlds with attainable lift > 0.5 % of the share of it the recommendation truly captured. */
  medianCapturedLift: number;
  /** Channels the trust signal calls measured well, and their |ROAS error| median and p90. */
  trustedChannels: number;
  trustedMedianError: number;
  trustedP90Error: number;
  /** Of the worst tenth of channels by |ROAS error|, how many the trust signal flagged (not measured well). */
  worstDecile: number;
  worstDecileFlagged: number;
  /** |ROAS error| and coverage of the channels whose spend never pauses, and of the flighted ones. */
  alwaysOn: SpendGroup;
  flighted: SpendGroup;
  medianFitSeconds: number;
  maxFitSeconds: number;
  medianFitCpuSeconds: number;
}

export interface SpendGroup {
  channels: number;
  medianRoasError: number;
  p90RoasError: number;
  coverage: number;
}

function spendGroup(channels: readonly ChannelScore[]): SpendGroup {
  const errors = channels.map((c) => c.roasError).sort((a, b) => a - b);
  return {
    channels: channels.length,
    medianRoasError: quantile(errors, 0.5),
    p90RoasError: quantile(errors, 0.9),
    coverage: channels.filter((c) => c.covered).length / channels.length,
  };
}

export function scorecard(scores: readonly WorldScore[]): Scorecard {
  const channels = scores.flatMap((s) => s.channels);
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const errors = sorted(channels.map((c) => c.roasError));
  const srmse = channels.map((c) => c.srmse);
  const differs = channels.filter((c) => Math.abs(c.trueShare - c.spendShare) > 0.05);
  const captured = scores
    .filter((s) => s.attainableLiftShare > 0.005)
    .map((s) => s.trueLiftShare / s.attainableLiftShare);
  const times = sorted(scores.map((s) => s.fitSeconds));
  const trusted = sorted(channels.filter((c) => c.identified === 'well').map((c) => c.roasError));
  const worst = [...channels].sort((a, b) => b.roasError - a.roasError).slice(0, Math.ceil(channels.length / 10));
  return {
    worlds: scores.length,
    channels: channels.length,
    medianRoasError: quantile(errors, 0.5),
    p90RoasError: quantile(errors, 0.9),
    oracleMedianError: quantile(sorted(channels.map((c) => c.oracleError)), 0.5),
    oracleP90Error: quantile(sorted(channels.map((c) => c.oracleError)), 0.9),
    coverage: channels.filter((c) => c.covered).length / channels.length,
    meanSrmse: sum(srmse) / srmse.length,
    medianSrmse: quantile(sorted(srmse), 0.5),
    medianShareError: quantile(sorted(channels.map((c) => Math.abs(c.fittedShare - c.trueShare))), 0.5),
    shareDiffers: differs.length,
    pulledToSpendShare: differs.filter(
      (c) => Math.abs(c.fittedShare - c.spendShare) < Math.abs(c.trueShare - c.spendShare),
    ).length,
    trulyWorse: scores.filter((s) => s.trueLiftShare < -1e-4).length,
    medianCapturedLift: captured.length > 0 ? quantile(sorted(captured), 0.5) : Number.NaN,
    trustedChannels: trusted.length,
    trustedMedianError: quantile(trusted, 0.5),
    trustedP90Error: quantile(trusted, 0.9),
    worstDecile: worst.length,
    worstDecileFlagged: worst.filter((c) => c.identified !== undefined && c.identified !== 'well').length,
    alwaysOn: spendGroup(channels.filter((c) => c.alwaysOn)),
    flighted: spendGroup(channels.filter((c) => !c.alwaysOn)),
    medianFitSeconds: quantile(times, 0.5),
    maxFitSeconds: times[times.length - 1] ?? Number.NaN,
    medianFitCpuSeconds: quantile(sorted(scores.map((s) => s.fitCpuSeconds)), 0.5),
  };
}

const pct = (v: number) => `${(100 * v).toFixed(1)} %`;

export function formatScorecard(label: string, card: Scorecard): string {
  return [
    `${label}: ${card.worlds} worlds, ${card.channels} channels`,
    `  |ROAS error| median ${pct(card.medianRoasError)}, p90 ${pct(card.p90RoasError)}   (targets ≤ 10 %, ≤ 30 %;` +
      ` noise floor at the true curves ${pct(card.oracleMedianError)}, ${pct(card.oracleP90Error)})`,
    `  90 % interval coverage ${pct(card.coverage)}   (target 85–95 %)`,
    ...(['alwaysOn', 'flighted'] as const).map((key) => {
      const g = card[key];
      return `  ${key === 'alwaysOn' ? 'always-on' : 'flighted'} (${g.channels} channels): |ROAS error| median ${pct(g.medianRoasError)}, p90 ${pct(g.p90RoasError)}, coverage ${pct(g.coverage)}`;
    }),
    `  contribution SRMSE (PyMC Labs' metric) mean ${card.meanSrmse.toFixed(3)}, median ${card.medianSrmse.toFixed(3)};` +
      ` |share error| median ${pct(card.medianShareError)}`,
    `  pulled toward spend share: ${card.pulledToSpendShare} of ${card.shareDiffers} channels whose true share differs from spend share`,
    `  allocator: truly worse than current in ${card.trulyWorse} of ${card.worlds} worlds; median captured lift ${pct(card.medianCapturedLift)}   (targets 0, ≥ 80 %)`,
    `  trust signal: flagged ${card.worstDecileFlagged} of the ${card.worstDecile} worst channels; the ${card.trustedChannels} it calls measured well:` +
      ` |ROAS error| median ${pct(card.trustedMedianError)}, p90 ${pct(card.trustedP90Error)}`,
    `  fit time median ${card.medianFitSeconds.toFixed(1)} s (${card.medianFitCpuSeconds.toFixed(1)} s CPU), max ${card.maxFitSeconds.toFixed(1)} s`,
  ].join('\n');
}
