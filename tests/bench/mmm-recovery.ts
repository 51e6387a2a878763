/**
 * `npm run bench:mmm`: the marketing-mix recovery benchmark (issue 24). Fits each known-truth world
 * exactly as the app fits (the worker's settings for a quality, the same fit tasks, the same report)
 * and prints the scorecard: |ROAS error|, 90 % interval coverage, contribution SRMSE and share error,
 * the allocator judged on the true curves, and fit time.
 *
 *   npm run bench:mmm                               # 52 worlds, standard quality, one thread as the worker
 *   npm run bench:mmm -- --worlds 8 --quality quick # a quick look
 *   npm run bench:mmm -- --json out.json            # every channel's figures as JSON too
 *   npm run bench:mmm -- --config '{"objectives":"nrmse+rssd"}'  # settings other than the app's, to compare
 *   npm run bench:mmm -- --worlds 0                 # only the calibration case (two collinear channels, one lift test)
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fitParallel } from '@lambdas/lib/mmm/parallel-fit';
import { buildReport } from '@lambdas/lib/mmm/mmm-report';
import { drawResponses } from '@shared/mmm/outputs';
import { fitConfig } from '@lambdas/marketing-mix-worker/run-fit-job';
import { ConfigSchema } from '@shared/mmm/spec';
import { formatCalibrationCase, runCalibrationCase } from '@tests/mmm/support/calibration-case';
import { formatScorecard, scorecard, scoreWorld, type WorldScore } from '@tests/mmm/support/scorecard';
import { simulateWorld, WORLD_FAMILIES } from '@tests/mmm/support/worlds';

async function main() {
  const { values } = parseArgs({
    options: {
      worlds: { type: 'string', default: '52' },
      first: { type: 'string', default: '0' },
      quality: { type: 'string', default: 'standard' },
      adstock: { type: 'string', default: 'delayed' },
      saturation: { type: 'string', default: 'hill' },
      threads: { type: 'string', default: '1' },
      json: { type: 'string' },
      config: { type: 'string' },
    },
  });
  const count = Number(values.worlds);
  const first = Number(values.first);
  const appConfig = fitConfig({
    adstock: values.adstock as 'delayed',
    saturation: values.saturation as 'hill',
    quality: values.quality as 'standard',
  });
  const config = values.config
    ? ConfigSchema.parse({ ...appConfig, ...(JSON.parse(values.config) as object) })
    : appConfig;
  const scores: WorldScore[] = [];
  for (let i = first; i < first + count; i += 1) {
    const world = simulateWorld(i);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const raw = await fitParallel(world.data, config, { threads: Number(values.threads) });
    const report = buildReport(raw);
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    // CPU time is the load-independent cost (wall time grows when others share the cores).
    const score = scoreWorld(world, report, seconds, (used.user + used.system) / 1e6);
    // Every draw's ROAS per channel in the JSON, so interval constructions can be compared on the same fits.
    const drawCurves = raw.draws.map((d) => drawResponses(raw, d));
    const drawRoas = Object.fromEntries(
      report.channels.map((c, k) => [c.name, drawCurves.map((curves) => curves[k]!.response(c.spend) / c.spend)]),
    );
    Object.assign(score, { drawRoas });
    scores.push(score);
    const errors = score.channels.map((c) => `${(100 * c.roasError).toFixed(0)}%${c.covered ? '' : '!'}`).join(' ');
    console.log(
      `${world.id} ${world.family.padEnd(18)} R² ${score.rSquared.toFixed(3)}  |ROAS err| ${errors}  ` +
        `lift true ${(100 * score.trueLiftShare).toFixed(2)} % of attainable ${(100 * score.attainableLiftShare).toFixed(2)} %  ${seconds.toFixed(1)} s (${score.fitCpuSeconds.toFixed(1)} s CPU)`,
    );
  }
  if (scores.length > 0) {
    console.log('');
    console.log(
      formatScorecard(
        `all (${values.quality}, ${values.adstock} + ${values.saturation}, ${values.config ?? "the app's settings"})`,
        scorecard(scores),
      ),
    );
    for (const family of WORLD_FAMILIES) {
      const subset = scores.filter((s) => s.family === family);
      if (subset.length > 0) console.log(formatScorecard(family, scorecard(subset)));
    }
  }
  // Issue 24, requirement 4: two channels the data cannot tell apart, then one lift test on each in turn.
  console.log('');
  const fit = (data: Parameters<typeof fitParallel>[0], c: typeof config) =>
    fitParallel(data, c, { threads: Number(values.threads) });
  const calibration = [];
  for (const seed of [7, 8]) {
    for (const tested of ['search', 'social']) {
      const result = await runCalibrationCase(seed, tested, config, fit);
      calibration.push(result);
      console.log(formatCalibrationCase(result));
    }
  }
  if (values.json)
    writeFileSync(values.json, `${JSON.stringify({ scorecard: scorecard(scores), scores, calibration }, null, 1)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
