/**
 * How calibration moved the model (issue 24, requirement 4): each lift test beside the model's estimate of it
 * without and with the tests, and each channel's contribution and ROI without and with them, with intervals.
 *
 * "With" is the fitted model itself: its estimate and its draws (bootstrap refits that each honoured the tests).
 * "Without" is, when given, the same data fitted with no tests (its own curves, selection and draws): the tests
 * mostly act through the curves the selection prefers, so only a second fit shows their whole pull. Without it,
 * the fallback keeps the chosen curves and each draw's curves and re-estimates only the coefficients, on the same
 * bootstrap resamples of the uncalibrated fit (replicateKpi, same seeds): the tests' pull on the coefficients.
 */
import { liftTerms, mapeLift, modelLift } from './calibration';
import { mediaBetas, type RawFit, replicateKpi } from './fit';
import { type LiftTest } from './lift-test';
import { channelResponses, drawInterval, drawResponses, type Interval } from './outputs';
import { createProblem, type ModelFit } from './problem';

export interface CalibrationChannel {
  name: string;
  roiWithoutTests: number;
  roiWithTests: number;
  contribution: { withoutTests: Interval; withTests: Interval };
  roi: { withoutTests: Interval; withTests: Interval };
}

export interface CalibrationEffect {
  tests: (LiftTest & { withoutTests: number; withTests: number })[];
  channels: CalibrationChannel[];
  /** Robyn's MAPE.LIFT without and with the tests. */
  mapeLift: { withoutTests: number; withTests: number };
}

const sum = (values: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < values.length; i += 1) s += values[i]!;
  return s;
};

export function calibrationEffect(raw: RawFit, withoutTests?: RawFit): CalibrationEffect | null {
  const { problem, chosen } = raw;
  const { data, config } = problem;
  if (config.calibration.length === 0) return null;
  const level = config.bootstrap.level;
  const uncalibratedProblem = createProblem(data, { ...config, calibration: [] });
  const uncalibrated = withoutTests?.chosen ?? uncalibratedProblem.fit(chosen.hyper);
  const terms = liftTerms(data, config.calibration, problem.windowStart, problem.windowEnd);
  const liftsOf = (fit: ModelFit) => terms.map((term) => modelLift(term, fit.mediaContributions[term.channel]!));
  const without = liftsOf(uncalibrated);
  const withTests = liftsOf(chosen);

  // Per draw, each channel's contribution over the window: with the tests (the draw as fitted) and without.
  const drawsWith = raw.draws.map((d) => drawResponses(raw, d));
  const drawsWithout = withoutTests
    ? withoutTests.draws.map((d) => drawResponses(withoutTests, d))
    : raw.draws.map((d, r) => {
        const source =
          d.source === 'bootstrap'
            ? uncalibratedProblem.withKpi(replicateKpi(uncalibratedProblem, uncalibrated, r).y)
            : uncalibratedProblem;
        const fit = source.fit(d.hyper);
        return channelResponses(data, config, problem, fit.transforms, mediaBetas(fit));
      });

  const channels = data.channels.flatMap((channel, c): CalibrationChannel[] => {
    if (channel.organic) return [];
    const spend = sum(channel.spend.slice(problem.windowStart, problem.windowEnd));
    if (!(spend > 0)) return [];
    const estimateWithout = sum(uncalibrated.mediaContributions[c]!);
    const estimateWith = sum(chosen.mediaContributions[c]!);
    const valuesWithout = drawsWithout.map((curves) => curves[c]!.response(spend));
    const valuesWith = drawsWith.map((curves) => curves[c]!.response(spend));
    const perSpend = (i: Interval) => ({ estimate: i.estimate / spend, low: i.low / spend, high: i.high / spend });
    // The estimates are the draws' medians, as in the report's ROI table (drawInterval says why).
    const contribution = {
      withoutTests: drawInterval(valuesWithout, level, estimateWithout),
      withTests: drawInterval(valuesWith, level, estimateWith),
    };
    return [
      {
        name: channel.name,
        roiWithoutTests: contribution.withoutTests.estimate / spend,
        roiWithTests: contribution.withTests.estimate / spend,
        contribution,
        roi: { withoutTests: perSpend(contribution.withoutTests), withTests: perSpend(contribution.withTests) },
      },
    ];
  });
  return {
    tests: terms.map((term, k) => ({ ...term.test, withoutTests: without[k]!, withTests: withTests[k]! })),
    channels,
    mapeLift: { withoutTests: mapeLift(terms, without), withTests: mapeLift(terms, withTests) },
  };
}
