/**
 * `npx tsx tests/bench/mmm-intervals.ts`: the ways of drawing each bootstrap replicate's coefficients
 * (`config.bootstrap.coefficients`: refit, posterior, bagged) compared on the SAME fits of the known-truth worlds: the
 * search and the refitted curves are shared, only the coefficients differ, so the differences are the constructions'.
 *
 *   npx tsx tests/bench/mmm-intervals.ts --worlds 12 --spread 4      # 12 worlds, every 4th: 3 of each family
 *   npx tsx tests/bench/mmm-intervals.ts --config '{"effectPrior":1}' --json out.json
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fitParallel } from '@lambdas/lib/mmm/parallel-fit';
import { buildReport } from '@lambdas/lib/mmm/mmm-report';
import { fitConfig } from '@lambdas/marketing-mix-worker/run-fit-job';
import { type ChainStats, drawBetas, replicateKpi, type RawFit } from '@shared/mmm/fit';
import { ConfigSchema, type MmmConfig } from '@shared/mmm/spec';
import { formatScorecard, scorecard, scoreWorld, type WorldScore } from '@tests/mmm/support/scorecard';
import { simulateWorld } from '@tests/mmm/support/worlds';

const MODES = ['refit', 'posterior', 'bagged'] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  const { values } = parseArgs({
    options: {
      worlds: { type: 'string', default: '52' },
      first: { type: 'string', default: '0' },
      spread: { type: 'string', default: '1' },
      quality: { type: 'string', default: 'standard' },
      config: { type: 'string' },
      json: { type: 'string' },
    },
  });
  const appConfig = fitConfig({ adstock: 'delayed', saturation: 'hill', quality: values.quality as 'standard' });
  const config: MmmConfig = values.config
    ? ConfigSchema.parse({ ...appConfig, ...(JSON.parse(values.config) as object) })
    : appConfig;
  const scores = new Map<string, WorldScore[]>(MODES.map((m) => [m, []]));
  const chainStats: ChainStats[] = [];
  for (let k = 0; k < Number(values.worlds); k += 1) {
    const world = simulateWorld(Number(values.first) + k * Number(values.spread));
    const cpu = process.cpuUsage();
    const refitConfig = { ...config, bootstrap: { ...config.bootstrap, coefficients: 'refit' as const } };
    const raw = await fitParallel(world.data, refitConfig, { threads: 1 });
    const used = process.cpuUsage(cpu);
    const seconds = (used.user + used.system) / 1e6;
    const line: string[] = [];
    for (const mode of MODES) {
      const modeConfig = { ...config, bootstrap: { ...config.bootstrap, coefficients: mode } };
      const problem = raw.problem;
      const withMode = { ...problem, config: modeConfig };
      const draws =
        mode === 'refit'
          ? raw.draws
          : raw.draws.map((d, r) => {
              const replicate = problem.withKpi(replicateKpi(problem, raw.chosen, r).y);
              return { ...d, betas: drawBetas(withMode, replicate, d.hyper, r) };
            });
      const variant: RawFit = { ...raw, draws };
      const score = scoreWorld(world, buildReport(variant), seconds, seconds);
      scores.get(mode)!.push(score);
      line.push(
        `${mode}: ${score.channels.map((c) => `${(100 * c.roasError).toFixed(0)}%${c.covered ? '' : '!'}`).join(' ')}`,
      );
    }
    const chains = raw.draws.flatMap((d) => (d.chain ? [d.chain] : []));
    if (chains.length > 0) {
      chainStats.push(...chains);
      line.push(
        `chains: acceptance ${median(chains.map((c) => c.acceptance)).toFixed(2)}, ESS ${median(chains.map((c) => c.ess)).toFixed(1)} of ${chains[0]!.steps - Math.floor(chains[0]!.steps / 2)}`,
      );
    }
    console.log(`${world.id} ${world.family.padEnd(18)} ${seconds.toFixed(1)} s CPU  ${line.join('  |  ')}`);
  }
  for (const mode of MODES)
    console.log(
      `\n${formatScorecard(`${mode} (${values.config ?? "the app's settings"})`, scorecard(scores.get(mode)!))}`,
    );
  if (chainStats.length > 0) {
    const q = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor(p * (values.length - 1))]!;
    const acceptance = chainStats.map((c) => c.acceptance);
    const ess = chainStats.map((c) => c.ess);
    console.log(
      `\nchains (${chainStats.length}, ${chainStats[0]!.steps} steps): acceptance median ${median(acceptance).toFixed(3)} ` +
        `(10–90 % ${q(acceptance, 0.1).toFixed(3)}–${q(acceptance, 0.9).toFixed(3)}), ESS of the log posterior over the ` +
        `second half median ${median(ess).toFixed(1)} (10–90 % ${q(ess, 0.1).toFixed(1)}–${q(ess, 0.9).toFixed(1)})`,
    );
  }
  if (values.json) writeFileSync(values.json, `${JSON.stringify(Object.fromEntries(scores), null, 1)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
