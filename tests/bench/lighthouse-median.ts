/**
 * Several Lighthouse runs of one page, reduced to one line of figures for `npm run bench:site`.
 * Kept apart from public-site.ts (which loads Lighthouse and Vite) so it is unit-tested cheaply.
 */
export interface LighthouseScores {
  path: string;
  /** How many Lighthouse runs the figures are the median of. */
  runs: number;
  /** Each run's performance score, in the order they ran. */
  performanceRuns: number[];
  /** The 1-minute load average at the start of each run. */
  loadAverages: number[];
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedAudits: string[];
}

export type RunScores = Omit<LighthouseScores, 'runs' | 'performanceRuns' | 'loadAverages'>;

export const DEFAULT_LIGHTHOUSE_RUNS = 3;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * One page's figures from several runs: the median of each figure on its own (a single noisy
 * run moves none of them), the audits that failed in most runs, and every run's performance.
 */
export function medianScores(runs: readonly RunScores[], loadAverages: readonly number[] = []): LighthouseScores {
  if (runs.length === 0) throw new Error('medianScores needs at least one run');
  const of = (pick: (run: RunScores) => number) => median(runs.map(pick));
  const failing = new Map<string, number>();
  for (const id of runs.flatMap((run) => run.failedAudits)) failing.set(id, (failing.get(id) ?? 0) + 1);
  return {
    path: runs[0]!.path,
    runs: runs.length,
    performanceRuns: runs.map((run) => run.performance),
    loadAverages: [...loadAverages],
    performance: Math.round(of((r) => r.performance)),
    accessibility: Math.round(of((r) => r.accessibility)),
    bestPractices: Math.round(of((r) => r.bestPractices)),
    seo: Math.round(of((r) => r.seo)),
    lcpMs: Math.round(of((r) => r.lcpMs)),
    tbtMs: Math.round(of((r) => r.tbtMs)),
    cls: Number(of((r) => r.cls).toFixed(3)),
    failedAudits: [...failing].filter(([, count]) => count * 2 > runs.length).map(([id]) => id),
  };
}
