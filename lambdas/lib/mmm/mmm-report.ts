/**
 * The report a fitted model opens as: every chart's data (fit vs actual, decomposition, response
 * and carry-over curves, ROI with intervals, the allocation with its lift interval) plus the
 * reloadable JSON export, computed once by the worker so reading a report costs nothing.
 */
import { cautiousAllocation } from '@shared/mmm/allocator';
import { type RawFit } from '@shared/mmm/fit';
import { exportModel } from '@shared/mmm/model-export';
import { channelResponses, drawResponses, responseCurve, summarise, type Interval } from '@shared/mmm/outputs';
import { adstockCurve } from '@shared/mmm/problem';
import { assessTrust } from '@shared/mmm/trust';
import { calibrationEffect } from '@shared/mmm/calibration-report';
import { mediaBetas } from '@shared/mmm/fit';
import { type MmmReport } from '@shared/schemas/mmm';

const finiteOrNull = (v: number) => (Number.isFinite(v) ? v : null);
const looseInterval = (i: Interval) => ({
  estimate: finiteOrNull(i.estimate),
  low: finiteOrNull(i.low),
  high: finiteOrNull(i.high),
});

const trustView = (trust: ReturnType<typeof assessTrust>) => ({
  ...trust,
  channels: trust.channels.map((c) => ({ ...c, vif: finiteOrNull(c.vif) })),
});

const liftTestsPerChannel = (tests: readonly { channel: string }[]) => {
  const counts = new Map<string, number>();
  for (const t of tests) counts.set(t.channel, (counts.get(t.channel) ?? 0) + 1);
  return counts;
};

/** `withoutTests`: the same data fitted without the model's lift tests, to show how the tests moved it. */
export function buildReport(raw: RawFit, withoutTests?: RawFit): MmmReport {
  const summary = summarise(raw);
  const { problem, chosen } = raw;
  const responses = channelResponses(problem.data, problem.config, problem, chosen.transforms, mediaBetas(chosen));
  const drawCurves = raw.draws.map((d) => drawResponses(raw, d));
  // Recommended only where its lift interval excludes zero; else hold, with the reason (issue 24, requirement 5).
  const allocation = cautiousAllocation(responses, drawCurves, problem.config.bootstrap.level);
  const lift = allocation.channels.length > 0 ? allocation.liftInterval : null;
  const train = chosen.metrics.train;
  const calibration = calibrationEffect(raw, withoutTests);
  return {
    kpiKind: problem.data.kpiKind,
    dates: summary.dates,
    actual: summary.actual,
    fitted: summary.fitted,
    metrics: {
      rSquared: train.r2,
      adjustedRSquared: train.adjR2,
      nrmse: train.nrmse,
      mape: train.mape,
      decompRssd: chosen.metrics.rssd,
    },
    decomposition: summary.decomposition,
    totals: summary.totals,
    channels: summary.channels.map((c, i) => ({
      name: c.name,
      organic: c.organic,
      spend: c.spend,
      contribution: c.contribution,
      roi: c.roi,
      cpa: c.cpa ? looseInterval(c.cpa) : null,
      marginalRoi: c.marginalRoi,
      curve: responseCurve(responses[i]!),
      carryover: adstockCurve(c.transform.adstock, 12),
    })),
    allocation: {
      budget: allocation.budget,
      currentResponse: allocation.currentResponse,
      optimalResponse: allocation.optimalResponse,
      lift: allocation.lift,
      liftShare: allocation.liftShare,
      liftInterval: lift,
      decision: allocation.decision,
      channels: allocation.channels.map((c) => ({
        name: c.name,
        current: c.current,
        optimal: c.optimal,
        lower: c.lower,
        upper: c.upper,
        marginalRoi: c.marginalRoi,
        atBound: c.atBound,
      })),
    },
    model: exportModel(raw),
    metaChannel: problem.data.channels.find((c) => c.source === 'meta')?.name ?? null,
    trust: trustView(assessTrust(raw, liftTestsPerChannel(problem.config.calibration))),
    ...(calibration ? { calibration } : {}),
  };
}
