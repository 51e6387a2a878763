/**
 * How calibration moved the model (issue 24, requirement 4): each lift test beside the model's estimate of it
 * without and with the tests, and each channel's ROI without and with them — both at the chosen curves, so the
 * difference is the tests' pull on the coefficients.
 */
import { liftTerms, mapeLift, modelLift } from './calibration';
import { type RawFit } from './fit';
import { type LiftTest } from './lift-test';
import { createProblem, type ModelFit } from './problem';

export interface CalibrationEffect {
  tests: (LiftTest & { withoutTests: number; withTests: number })[];
  channels: { name: string; roiWithoutTests: number; roiWithTests: number }[];
  /** Robyn's MAPE.LIFT without and with the tests. */
  mapeLift: { withoutTests: number; withTests: number };
}

const sum = (values: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < values.length; i += 1) s += values[i]!;
  return s;
};

export function calibrationEffect(raw: RawFit): CalibrationEffect | null {
  const { problem, chosen } = raw;
  const { data, config } = problem;
  if (config.calibration.length === 0) return null;
  const uncalibrated = createProblem(data, { ...config, calibration: [] }).fit(chosen.hyper);
  const terms = liftTerms(data, config.calibration, problem.windowStart, problem.windowEnd);
  const liftsOf = (fit: ModelFit) => terms.map((term) => modelLift(term, fit.mediaContributions[term.channel]!));
  const without = liftsOf(uncalibrated);
  const withTests = liftsOf(chosen);
  const channels = data.channels.flatMap((channel, c) => {
    if (channel.organic) return [];
    const spend = sum(channel.spend.slice(problem.windowStart, problem.windowEnd));
    if (!(spend > 0)) return [];
    return [
      {
        name: channel.name,
        roiWithoutTests: sum(uncalibrated.mediaContributions[c]!) / spend,
        roiWithTests: sum(chosen.mediaContributions[c]!) / spend,
      },
    ];
  });
  return {
    tests: terms.map((term, k) => ({ ...term.test, withoutTests: without[k]!, withTests: withTests[k]! })),
    channels,
    mapeLift: { withoutTests: mapeLift(terms, without), withTests: mapeLift(terms, withTests) },
  };
}
