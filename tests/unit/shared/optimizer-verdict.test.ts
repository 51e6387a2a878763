import { describe, expect, it } from 'vitest';
import { costPerResultVerdict, outcomeVerdict, rangeVerdict } from '@shared/optimizer-verdict';
import type { ExpectedEffect } from '@shared/schemas/optimizer';
import type { Outcome, WindowFigures } from '@shared/schemas/optimizer-outcomes';

type Measured = Extract<Outcome, { state: 'measured' }>;

const week = (since: string, spend: number, results: number): WindowFigures => ({
  since,
  until: since,
  spend,
  results,
  costPerResult: Math.round((spend / results) * 100) / 100,
  impressions: 100_000,
  linkClicks: 2_000,
  daysWithDelivery: 7,
});

const measured = (before: WindowFigures, after: WindowFigures, actual: number, noise: number): Measured => ({
  state: 'measured',
  before,
  after,
  actual,
  noise,
  withinRange: true,
  settled: true,
  measuredAt: '2026-11-20T00:00:00.000Z',
});

describe('the Applied verdict', () => {
  it('the issue’s case: +68 to +80.6 predicted, +46 measured with ±65 of noise, $0.70 → $0.79 a result', () => {
    const predicted: ExpectedEffect = { metric: 'results_per_week', low: 68, expected: 74.3, high: 80.6 };
    // 527 results for $368.90 ($0.70), then 573 for $452.67 ($0.79): 46 more, ±1.96·√1100 = ±65.
    const outcome = measured(week('2026-11-01', 368.9, 527), week('2026-11-09', 452.67, 573), 46, 65);
    const verdict = outcomeVerdict(predicted, outcome);
    expect(verdict.range).toBe('below');
    expect(verdict.indistinguishable).toBe(true);
    expect(verdict.asPredicted).toBe(false);
    expect(verdict.headline).toBe('Not distinguishable from noise, and each result cost more');
    expect(verdict.headline).not.toMatch(/within/i);
    const cost = verdict.costPerResult!;
    expect(cost).toMatchObject({ before: 0.7, after: 0.79, direction: 'rose', beyondNoise: true });
    expect(cost.change).toBeCloseTo(0.1286, 3);
    expect(cost.noise).toBeCloseTo(0.1183, 3);
  });

  it('as predicted only inside the bare range, apart from noise, at no dearer result', () => {
    const predicted: ExpectedEffect = { metric: 'results_per_week', low: 68, expected: 74.3, high: 80.6 };
    const steady = measured(week('2026-11-01', 368.9, 527), week('2026-11-09', 420, 600), 73, 66);
    expect(outcomeVerdict(predicted, steady)).toMatchObject({
      range: 'within',
      asPredicted: true,
      headline: 'As predicted',
    });
    // In the range but within the noise: said so.
    const noisy = measured(week('2026-11-01', 368.9, 527), week('2026-11-09', 420, 600), 73, 80);
    expect(outcomeVerdict(predicted, noisy).headline).toBe(
      'Within the predicted range, but not distinguishable from noise',
    );
    expect(rangeVerdict(90, predicted)).toBe('above');
    expect(rangeVerdict(80.604, predicted)).toBe('within');
  });

  it('a CTR prediction is not judged on cost; a window without results has no cost per result', () => {
    const predicted: ExpectedEffect = { metric: 'ctr_percent', low: 0.1, expected: 0.3, high: 0.5 };
    const outcome = measured(week('2026-11-01', 100, 10), week('2026-11-09', 200, 10), 0.3, 0.05);
    expect(outcomeVerdict(predicted, outcome).costPerResult).toBeNull();
    expect(
      costPerResultVerdict(
        { ...week('2026-11-01', 100, 1), results: 0, costPerResult: null },
        week('2026-11-09', 1, 1),
      ),
    ).toBeNull();
  });
});
