import { describe, expect, it } from 'vitest';
import { niceTicks, spendResultsGeometry } from '@shared/charts/spend-results-geometry';

const box = { width: 400, height: 200, padding: { top: 0, right: 0, bottom: 0, left: 0 } };

describe('niceTicks', () => {
  it('counts from zero to the first nice value at or above the maximum', () => {
    expect(niceTicks(163)).toEqual([0, 50, 100, 150, 200]);
    expect(niceTicks(0)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
});

describe('spendResultsGeometry', () => {
  it('draws a bar per day scaled to the spend axis and a results line on its own axis', () => {
    const g = spendResultsGeometry(
      [
        { label: 'a', spend: 100, results: 10 },
        { label: 'b', spend: 200, results: null },
      ],
      box,
    );
    expect(g.bars.map((b) => b.height)).toEqual([100, 200]);
    expect(g.bars[0]!.x).toBeCloseTo(20);
    expect(g.bars[0]!.width).toBeCloseTo(160);
    expect(g.line.map((p) => p.y)).toEqual([0, 200]);
  });

  it('draws no line when no day has results, as the app does', () => {
    expect(spendResultsGeometry([{ label: 'a', spend: 5, results: null }], box).line).toEqual([]);
  });
});
