import {
  allocateForTargetRoi,
  cautiousAllocation,
  type Allocation,
  type AllocationDecision,
} from '@shared/mmm/allocator';
import { dayNumber } from '@shared/mmm/calendar';
import { mediaBetas } from '@shared/mmm/fit';
import { loadModel } from '@shared/mmm/model-export';
import { channelResponses, drawInterval, drawResponses, type Interval } from '@shared/mmm/outputs';
import type { MmmReport } from '@shared/schemas/mmm';

/**
 * What a fitted model says the Meta channel should spend: the cautious allocator's amount for it
 * (the optimum, or the largest step toward it whose lift interval excludes zero, else today's
 * spend with the reason; same total budget, or in target-ROI mode the largest budget that still
 * returns the target), per day
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
  /** Whether the model recommends moving budget at all (issue 24: never gamble on a lift that may be zero). */
  decision: AllocationDecision;
  /** The model's periods and the channel's spend in each (to check it is this account's spend). */
  dates: string[];
  spendPerPeriod: number[];
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
  const drawCurves = raw.draws.map((draw) => drawResponses(raw, draw));
  const level = problem.config.bootstrap.level;
  // Target-ROI mode fixes the budget; the cautious allocator then decides how far to move within it.
  const reachable = targetRoi === undefined ? undefined : allocateForTargetRoi(responses, targetRoi);
  const allocation: Allocation & { decision: AllocationDecision } = cautiousAllocation(
    responses,
    drawCurves,
    level,
    reachable ? { budget: reachable.budget } : {},
  );
  const meta = allocation.channels.find((c) => c.name === channel);
  if (!meta) {
    throw new PlanError(
      `“${channel}” is not a paid channel of this model's allocation (channels: ${allocation.channels.map((c) => c.name).join(', ')}).`,
    );
  }
  const days = windowDays(report.dates);
  const weeks = days / 7;
  const index = responses.findIndex((r) => r.name === channel);
  const lifts = drawCurves
    .map((curves) => {
      const curve = curves[index]!;
      return (curve.response(meta.optimal) - curve.response(meta.current)) / weeks;
    })
    .filter(Number.isFinite);
  // The draws' median and their central share, never an interval stretched to reach the chosen model's value.
  const liftPerWeek = drawInterval(lifts, level, (meta.optimalResponse - meta.currentResponse) / weeks);
  const estimate = liftPerWeek.estimate;
  return {
    channel,
    mode: targetRoi === undefined ? 'budget' : 'target_roi',
    ...(reachable === undefined ? {} : { targetRoi, reachable: reachable.reachable }),
    kpiKind: report.kpiKind,
    windowDays: days,
    currentTotal: meta.current,
    optimalTotal: meta.optimal,
    currentDaily: meta.current / days,
    optimalDaily: meta.optimal / days,
    marginalRoiNow: report.channels.find((c) => c.name === channel)?.marginalRoi ?? null,
    marginalRoiProposed: meta.marginalRoi,
    liftPerWeek,
    agreement:
      lifts.length > 0
        ? lifts.filter((v) => Math.sign(v) === Math.sign(estimate) || v === estimate).length / lifts.length
        : 0.5,
    mixLiftShare: allocation.liftShare,
    rSquared: report.metrics.rSquared,
    decision: allocation.decision,
    dates: report.dates,
    spendPerPeriod: problem.data.channels.find((c) => c.name === channel)?.spend ?? [],
  };
}

/**
 * The week plan's hand-off (issue 24, requirement 6): Meta's change of KPI over a week when its spend moves from
 * today's weekly average to `weeklySpend`, under every draw (drawInterval: their median and central share), and its
 * marginal ROI there. Read off the model's response curve at today's weekly pattern, so it leaves the season aside.
 */
export function metaWeekEffect(
  report: MmmReport,
  channel: string,
  weeklySpend: number,
): { liftPerWeek: Interval; agreement: number; marginalRoi: number } {
  const raw = loadModel(report.model);
  const { problem, chosen } = raw;
  const responses = channelResponses(problem.data, problem.config, problem, chosen.transforms, mediaBetas(chosen));
  const index = responses.findIndex((r) => r.name === channel && !r.organic);
  if (index < 0) throw new PlanError(`“${channel}” is not a paid channel of this model.`);
  const weeks = windowDays(report.dates) / 7;
  const current = responses[index]!.spend;
  const proposed = weeklySpend * weeks;
  const liftOf = (curve: { response(total: number): number }) =>
    (curve.response(proposed) - curve.response(current)) / weeks;
  const lifts = raw.draws.map((draw) => liftOf(drawResponses(raw, draw)[index]!)).filter(Number.isFinite);
  const liftPerWeek = drawInterval(lifts, problem.config.bootstrap.level, liftOf(responses[index]!));
  const eps = 0.01 * Math.max(proposed, 1e-9);
  const curve = responses[index]!;
  return {
    liftPerWeek,
    agreement:
      lifts.length > 0
        ? lifts.filter((v) => Math.sign(v) === Math.sign(liftPerWeek.estimate)).length / lifts.length
        : 0.5,
    marginalRoi:
      (curve.response(proposed + eps) - curve.response(Math.max(0, proposed - eps))) /
      (proposed + eps - Math.max(0, proposed - eps)),
  };
}
