/** Runs fit tasks on this thread: what each worker does with its share (and the one-thread fallback). */
import { bootstrapReplicate, chainReplicate, searchTrial } from '@shared/mmm/fit';
import { createProblem } from '@shared/mmm/problem';
import { type TaskResult, type WorkerInput } from './fit-tasks';

export function runFitTasks({ data, config, tasks }: WorkerInput): TaskResult[] {
  const problem = createProblem(data, config);
  const bases = new Map<string, ReturnType<typeof problem.fit>>();
  return tasks.map((task): TaskResult => {
    if (task.kind === 'trial')
      return { kind: 'trial', index: task.index, candidates: searchTrial(problem, task.settings) };
    const key = task.hyper.join(',');
    const base = bases.get(key) ?? problem.fit(task.hyper);
    bases.set(key, base);
    const draw =
      task.kind === 'chain'
        ? chainReplicate(problem, base, task.replicate, task.start, task.factor)
        : bootstrapReplicate(problem, base, task.replicate);
    return { kind: 'bootstrap', index: task.index, draw };
  });
}
