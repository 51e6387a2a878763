import { allocate, allocateForTargetRoi, type Allocation } from '@shared/mmm/allocator';
import { dayNumber } from '@shared/mmm/calendar';
import { mediaBetas } from '@shared/mmm/fit';
import { loadModel } from '@shared/mmm/model-export';
import { channelResponses, drawResponses, quantile, type Interval } from '@shared/mmm/outputs';
import type { MmmReport } from '@shared/schemas/mmm';

/**
 * What a fitted model says the Meta channel should spend: the allocator's amount for it (same
 * total budget, or in target-ROI mode the largest budget that still returns the target), per day
 * of the model's window, with Meta's own expected lift and its interval across the uncertainty
 * draws. The model is reloaded from its export (one fit, deterministic), so the amounts are the
 * report's own in budget mode.
 */

export interface MetaChannelPlan {
  channel: string;
  mode: 'budget' | 'target_roi';
  /** Target-ROI mode: the target and whether any budget within the bounds reaches it. */
  targetRoi?: number;
  reachable?: boolean;
  kpiKind: MmmReport['kpiKind'];
  /** Days the model's window covers (periods × their step). */
  windowDays: number;
  /** Spend over the window, in the data's money (major units). */
  currentTotal: number;
  optimalTotal: number;
  currentDaily: number;
  optimalDaily: number;
  /** Extra KPI per extra unit of spend, at the current and the proposed spend. */
  marginalRoiNow: number | null;
  marginalRoiProposed: number;
  /** Meta's own change of KPI over a week at the proposed spend, with its interval. */
  liftPerWeek: Interval;
  /** Share of the uncertainty draws whose lift has the estimate's sign (0.5 without draws). */
  agreement: number;
  /** The whole mix's lift share of this allocation (all channels moved). */
  mixLiftShare: number;
  rSquared: number;
}

export class PlanError extends Error {
  override name = 'PlanError';
}

export function windowDays(dates: readonly string[]): number {
  const step = dates.length > 1 ? dayNumber(dates.at(-1)!) - dayNumber(dates.at(-2)!) : 7;
  return dayNumber(dates.at(-1)!) - dayNumber(dates[0]!) + step;
}

export function metaChannelPlan(report: MmmReport, channel: string, targetRoi?: number): MetaChannelPlan {
  const raw = loadModel(report.model);
  const { problem, chosen } = raw;
  const responses = channelResponses(problem.data, problem.config, problem, chosen.transforms, mediaBetas(chosen));
  const allocation: Allocation & { reachable?: boolean } =
    targetRoi === undefined ? allocate(responses) : allocateForTargetRoi(responses, targetRoi);
  const meta = allocation.channels.find((c) => c.name === channel);
  if (!meta) {
    throw new PlanError(
      `“${channel}” is not a paid channel of this model's allocation (channels: ${allocation.channels.map((c) => c.name).join(', ')}).`,
    );
  }
  const days = windowDays(report.dates);
  const weeks = days / 7;
  const index = responses.findIndex((r) => r.name === channel);
  const lifts = raw.draws
    .map((draw) => {
      const curve = drawResponses(raw, draw)[index]!;
      return (curve.response(meta.optimal) - curve.response(meta.current)) / weeks;
    })
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const level = problem.config.bootstrap.level;
  const estimate = (meta.optimalResponse - meta.currentResponse) / weeks;
  return {
    channel,
    mode: targetRoi === undefined ? 'budget' : 'target_roi',
    ...(targetRoi === undefined ? {} : { targetRoi, reachable: allocation.reachable ?? true }),
    kpiKind: report.kpiKind,
    windowDays: days,
    currentTotal: meta.current,
    optimalTotal: meta.optimal,
    currentDaily: meta.current / days,
    optimalDaily: meta.optimal / days,
    marginalRoiNow: report.channels.find((c) => c.name === channel)?.marginalRoi ?? null,
    marginalRoiProposed: meta.marginalRoi,
    liftPerWeek: {
      estimate,
      low: lifts.length > 0 ? Math.min(estimate, quantile(lifts, (1 - level) / 2)) : estimate,
      high: lifts.length > 0 ? Math.max(estimate, quantile(lifts, 1 - (1 - level) / 2)) : estimate,
    },
    agreement:
      lifts.length > 0
        ? lifts.filter((v) => Math.sign(v) === Math.sign(estimate) || v === estimate).length / lifts.length
        : 0.5,
    mixLiftShare: allocation.liftShare,
    rSquared: report.metrics.rSquared,
  };
}
