/**
 * The marketing-mix benchmark (issue 14): 208 weeks × 5 paid channels (Robyn's demo data, whole
 * span), 10,000 candidate fits over NRMSE and DECOMP.RSSD on worker threads, then 50 bootstrap
 * replicates. Run in its own process (run.ts spawns it) so its peak memory is its own; prints JSON.
 */
import { fitParallel } from '@lambdas/lib/mmm/parallel-fit';
import { ConfigSchema } from '@shared/mmm/spec';
import { robynDemo } from '@tests/mmm/support/fixtures';
import { robynDemoConfig } from '@tests/mmm/support/robyn-demo-config';

async function main() {
  const full = robynDemo();
  const data = { ...full, channels: full.channels.filter((c) => !c.organic) };
  const config = ConfigSchema.parse({ ...robynDemoConfig, window: undefined, bootstrap: { replicates: 0 } });
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const search = await fitParallel(data, config, { threads: 2 });
  const searchSeconds = (performance.now() - started) / 1000;
  const searchCpu = process.cpuUsage(cpuStarted);
  const withBootstrap = ConfigSchema.parse({ ...config, bootstrap: { replicates: 50, refitEvaluations: 150 } });
  const startedAll = performance.now();
  const all = await fitParallel(data, withBootstrap, { threads: 2 });
  const allSeconds = (performance.now() - startedAll) / 1000;
  const figures = {
    weeks: search.problem.dates.length,
    channels: data.channels.length,
    candidateFits: search.selection.evaluations,
    threads: 2,
    searchSeconds,
    // CPU time of all threads: the load-independent cost (wall time suffers when other work shares the cores).
    searchCpuSeconds: (searchCpu.user + searchCpu.system) / 1e6,
    withBootstrapSeconds: allSeconds,
    bootstrapReplicates: all.draws.filter((d) => d.source === 'bootstrap').length,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    knee: {
      adjR2: search.chosen.metrics.train.adjR2,
      nrmse: search.chosen.metrics.train.nrmse,
      rssd: search.chosen.rssd,
    },
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
