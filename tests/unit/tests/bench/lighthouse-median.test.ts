import { describe, expect, it } from 'vitest';
import { medianScores, type RunScores } from '@tests/bench/lighthouse-median';

const run = (performance: number, overrides: Partial<RunScores> = {}): RunScores => ({
  path: '/',
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1000 + performance,
  tbtMs: 100 - performance,
  cls: 0,
  failedAudits: [],
  ...overrides,
});

describe('medianScores', () => {
  it('takes the median of each figure, so one slow run under load does not set the result', () => {
    const scores = medianScores([run(99), run(71), run(96)], [0.5, 9.2, 0.7]);
    expect(scores.performance).toBe(96);
    expect(scores.lcpMs).toBe(1096);
    expect(scores.tbtMs).toBe(4);
    expect(scores.performanceRuns).toEqual([99, 71, 96]);
    expect(scores.loadAverages).toEqual([0.5, 9.2, 0.7]);
    expect(scores.runs).toBe(3);
  });

  it('averages the two middle runs of an even count', () => {
    expect(medianScores([run(90), run(100), run(94), run(80)]).performance).toBe(92);
  });

  it('lists an audit as failing only when most runs failed it', () => {
    const scores = medianScores([
      run(95, { failedAudits: ['color-contrast', 'meta-description'] }),
      run(95, { failedAudits: ['color-contrast'] }),
      run(95),
    ]);
    expect(scores.failedAudits).toEqual(['color-contrast']);
  });

  it('refuses no runs at all', () => {
    expect(() => medianScores([])).toThrow(/at least one run/);
  });
});
