/**
 * The marketing-mix fit spread over worker threads: trials of the search, then bootstrap replicates, each a
 * self-contained task. Results are put back in task order, so the answer is identical to the one-thread fit whatever
 * the thread count. The benches use it to fit many worlds on every core; the deployed worker fits on one thread
 * (`fitWithProgress`, the same tasks in the same order) and does not load this module.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { adaptiveChains, paretoDraws, proposalFactor, type RawFit, selectModels, trialPlan } from '@shared/mmm/fit';
import { createProblem } from '@shared/mmm/problem';
import { type Candidate } from '@shared/mmm/search';
import { type MmmConfig, type MmmDataset } from '@shared/mmm/spec';
import { type FitTask, type TaskResult, type WorkerInput, type WorkerOutput } from './fit-tasks';
import { runFitTasks } from './run-fit-tasks';

export interface ParallelOptions {
  /** Threads to use (default: available cores, at most 8). 1 runs on this thread. */
  threads?: number;
  /** The worker entry; defaults to fit-worker beside this file (.ts under tsx, .js/.mjs when bundled). */
  workerUrl?: URL;
  /** Called after each stage, for progress bars. */
  onProgress?: (stage: 'search' | 'bootstrap', done: number, total: number) => void;
}

function defaultWorkerUrl(): URL {
  const self = new URL(import.meta.url);
  const ext = self.pathname.match(/\.(m?[jt]s)$/)?.[1] ?? 'js';
  return new URL(`./fit-worker.${ext}`, self);
}

let bundledWorker: Promise<URL> | undefined;

/**
 * Node 20 workers do not inherit the parent's TypeScript loader, so from source (development, tests,
 * bench) the worker entry is bundled once per process with esbuild into a temporary .mjs; a deployed
 * bundle ships its .js worker entry and uses it as is.
 */
function workerEntry(url: URL): Promise<URL> {
  if (!url.pathname.endsWith('.ts')) return Promise.resolve(url);
  bundledWorker ??= (async () => {
    const { build } = await import('esbuild');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'adsmith-mmm-worker-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const outfile = path.join(dir, 'fit-worker.mjs');
    await build({
      entryPoints: [fileURLToPath(url)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      logLevel: 'silent',
    });
    return pathToFileURL(outfile);
  })();
  return bundledWorker;
}

async function runOnWorkers(
  data: MmmDataset,
  config: MmmConfig,
  tasks: FitTask[],
  options: ParallelOptions,
): Promise<TaskResult[]> {
  const threads = Math.max(1, Math.min(options.threads ?? Math.min(8, os.availableParallelism()), tasks.length));
  if (threads === 1) return runFitTasks({ data, config, tasks });
  const url = await workerEntry(options.workerUrl ?? defaultWorkerUrl());
  // Round-robin keeps shares balanced when tasks cost the same.
  const shares = Array.from({ length: threads }, (_, w) => tasks.filter((_, i) => i % threads === w));
  const outputs = await Promise.all(
    shares.map(
      (share) =>
        new Promise<TaskResult[]>((resolve, reject) => {
          const worker = new Worker(url, { workerData: { data, config, tasks: share } satisfies WorkerInput });
          worker.once('message', (message: WorkerOutput) => {
            void worker.terminate();
            if (message.ok) resolve(message.results);
            else reject(new Error(message.message));
          });
          worker.once('error', reject);
          worker.once('exit', (code) => {
            if (code !== 0) reject(new Error(`fit worker exited with code ${code}`));
          });
        }),
    ),
  );
  return outputs.flat().sort((a, b) => a.index - b.index);
}

export async function fitParallel(data: MmmDataset, config: MmmConfig, options: ParallelOptions = {}): Promise<RawFit> {
  const problem = createProblem(data, config);
  const plan = trialPlan(config);
  const trialResults = await runOnWorkers(
    data,
    config,
    plan.map((settings, index) => ({ kind: 'trial', index, settings })),
    options,
  );
  options.onProgress?.('search', plan.length, plan.length);
  const candidates: Candidate[] = trialResults.flatMap((r) => (r.kind === 'trial' ? r.candidates : []));
  const selection = selectModels(problem, candidates);
  const chosen = problem.fit(selection.chosen.hyper);
  const replicates = config.bootstrap.replicates;
  const bootstrapResults =
    replicates > 0
      ? await runOnWorkers(
          data,
          config,
          Array.from({ length: replicates }, (_, replicate) => ({
            kind: 'bootstrap',
            index: replicate,
            replicate,
            hyper: selection.chosen.hyper,
          })),
          options,
        )
      : [];
  let replicateDraws = bootstrapResults.flatMap((r) => (r.kind === 'bootstrap' ? [r.draw] : []));
  if (adaptiveChains(config) && replicateDraws.length > 0) {
    // Second stage: every draw's chain proposes from the spread of all the refits.
    const factor = proposalFactor(
      problem.dimensions,
      replicateDraws.map((d) => d.hyper),
    );
    const chained = await runOnWorkers(
      data,
      config,
      replicateDraws.map((d, replicate) => ({
        kind: 'chain',
        index: replicate,
        replicate,
        hyper: selection.chosen.hyper,
        start: d.hyper,
        factor,
      })),
      options,
    );
    replicateDraws = chained.flatMap((r) => (r.kind === 'bootstrap' ? [r.draw] : []));
  }
  options.onProgress?.('bootstrap', replicates, replicates);
  const draws = [...replicateDraws, ...paretoDraws(problem, selection)];
  return { problem, selection, chosen, draws };
}
