/** Worker thread entry: runs its share of the fit tasks and posts the results back. */
import { parentPort, workerData } from 'node:worker_threads';
import { type WorkerInput, type WorkerOutput } from './fit-tasks';
import { runFitTasks } from './run-fit-tasks';

let output: WorkerOutput;
try {
  output = { ok: true, results: runFitTasks(workerData as WorkerInput) };
} catch (error) {
  output = { ok: false, message: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(output);
