/** A lift test as an experiment would report it on a known-truth world: the true incremental KPI of a span. */
import { type RawFit } from '@shared/mmm/fit';
import { LiftTestSchema, type LiftTest } from '@shared/mmm/lift-test';
import { summarise } from '@shared/mmm/outputs';
import { ConfigSchema, type MmmConfig, type MmmDataset } from '@shared/mmm/spec';
import { collinearWorld } from './collinear-world';

export function liftTestOn(
  world: { data: MmmDataset; channels: { name: string; contribution: number[] }[] },
  channel: string,
  fromWeek: number,
  weeks: number,
  relativeError: number,
): LiftTest {
  const truth = world.channels.find((c) => c.name === channel)!;
  const lift = truth.contribution.slice(fromWeek, fromWeek + weeks).reduce((a, b) => a + b, 0);
  return LiftTestSchema.parse({
    channel,
    source: 'geo-test',
    start: world.data.dates[fromWeek]!,
    // The last week's start + 6 days: the test covers whole weeks.
    end: new Date(Date.parse(`${world.data.dates[fromWeek + weeks - 1]!}T00:00:00Z`) + 6 * 86_400_000)
      .toISOString()
      .slice(0, 10),
    lift,
    standardError: relativeError * lift,
  });
}

/** The collinear benchmark case: a channel's ROI with its interval and its error, without and with one lift test. */
export interface CalibrationCaseResult {
  seed: number;
  tested: string;
  correlation: number;
  truth: number;
  before: { estimate: number; low: number; high: number };
  after: { estimate: number; low: number; high: number };
}

export async function runCalibrationCase(
  seed: number,
  tested: string,
  config: MmmConfig,
  fit: (data: MmmDataset, config: MmmConfig) => Promise<RawFit>,
): Promise<CalibrationCaseResult> {
  const world = collinearWorld(seed);
  const k = world.channels.findIndex((c) => c.name === tested);
  const before = summarise(await fit(world.data, config)).channels[k]!.roi!;
  const test = liftTestOn(world, tested, 100, 8, 0.1);
  const after = summarise(await fit(world.data, ConfigSchema.parse({ ...config, calibration: [test] }))).channels[k]!
    .roi!;
  return { seed, tested, correlation: world.correlation, truth: world.channels[k]!.roas, before, after };
}

export function formatCalibrationCase(r: CalibrationCaseResult): string {
  const error = (v: number) => `${(100 * Math.abs(v / r.truth - 1)).toFixed(0)} % off`;
  const show = (i: CalibrationCaseResult['before']) =>
    `${i.estimate.toFixed(2)} [${i.low.toFixed(2)}, ${i.high.toFixed(2)}] (${error(i.estimate)}, width ${(i.high - i.low).toFixed(2)})`;
  return `collinear seed ${r.seed} (r = ${r.correlation.toFixed(3)}), lift test on ${r.tested} (true ROI ${r.truth}): ${show(r.before)} → ${show(r.after)}`;
}
