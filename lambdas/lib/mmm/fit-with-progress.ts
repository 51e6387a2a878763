/**
 * The marketing-mix fit as the service runs it: the same tasks as fitParallel (trials of the
 * search, then bootstrap replicates, results in task order, so the same seed gives the same model),
 * run in small groups on this thread with a progress report after each group, so a marketer
 * watching the page sees the bar move. Search is the first 70 %, the bootstrap the rest.
 */
import { adaptiveChains, paretoDraws, proposalFactor, type RawFit, selectModels, trialPlan } from '@shared/mmm/fit';
import { createProblem } from '@shared/mmm/problem';
import { type Candidate } from '@shared/mmm/search';
import { type MmmConfig, type MmmDataset } from '@shared/mmm/spec';
import { type FitTask } from './fit-tasks';
import { runFitTasks } from './run-fit-tasks';

export type FitProgress = (percent: number, stage: string) => Promise<void> | void;

const SEARCH_SHARE = 70;
const BOOTSTRAP_GROUP = 5;

export async function fitWithProgress(data: MmmDataset, config: MmmConfig, progress: FitProgress): Promise<RawFit> {
  const problem = createProblem(data, config);
  const plan = trialPlan(config);
  const candidates: Candidate[] = [];
  for (const [index, settings] of plan.entries()) {
    await progress((SEARCH_SHARE * index) / plan.length, `Searching: trial ${index + 1} of ${plan.length}`);
    for (const result of runFitTasks({ data, config, tasks: [{ kind: 'trial', index, settings }] })) {
      if (result.kind === 'trial') candidates.push(...result.candidates);
    }
  }
  const selection = selectModels(problem, candidates);
  const chosen = problem.fit(selection.chosen.hyper);
  const replicates = config.bootstrap.replicates;
  const chains = adaptiveChains(config);
  // With adaptive chains the bootstrap is two passes (refits, then chains): each gets its half of the bar.
  const passShare = (100 - SEARCH_SHARE) / (chains ? 2 : 1);
  let draws: RawFit['draws'] = [];
  for (let start = 0; start < replicates; start += BOOTSTRAP_GROUP) {
    await progress(
      SEARCH_SHARE + (passShare * start) / replicates,
      `Measuring uncertainty: ${start} of ${replicates} resamples`,
    );
    const tasks: FitTask[] = [];
    for (let replicate = start; replicate < Math.min(replicates, start + BOOTSTRAP_GROUP); replicate += 1)
      tasks.push({ kind: 'bootstrap', index: replicate, replicate, hyper: selection.chosen.hyper });
    for (const result of runFitTasks({ data, config, tasks })) if (result.kind === 'bootstrap') draws.push(result.draw);
  }
  if (chains && draws.length > 0) {
    const factor = proposalFactor(
      problem.dimensions,
      draws.map((d) => d.hyper),
    );
    const refits = draws;
    draws = [];
    for (let start = 0; start < replicates; start += BOOTSTRAP_GROUP) {
      await progress(
        SEARCH_SHARE + passShare + (passShare * start) / replicates,
        `Measuring uncertainty: chains ${start} of ${replicates}`,
      );
      const tasks: FitTask[] = [];
      for (let replicate = start; replicate < Math.min(replicates, start + BOOTSTRAP_GROUP); replicate += 1) {
        const refit = refits[replicate]!.hyper;
        tasks.push({ kind: 'chain', index: replicate, replicate, hyper: selection.chosen.hyper, start: refit, factor });
      }
      for (const result of runFitTasks({ data, config, tasks }))
        if (result.kind === 'bootstrap') draws.push(result.draw);
    }
  }
  draws.push(...paretoDraws(problem, selection));
  return { problem, selection, chosen, draws };
}
