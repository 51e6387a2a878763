import { describe, expect, it } from 'vitest';
import { keyFigure, topAndBottom } from '@lambdas/lib/reports/report-figures';

describe('keyFigure', () => {
  it('states the change against the period before, in percent', () => {
    expect(keyFigure(120, 100, 90)).toEqual({ current: 120, previous: 100, target: 90, changePercent: 20 });
  });

  it('has no change when there is nothing to compare with', () => {
    expect(keyFigure(5, 0).changePercent).toBeNull();
    expect(keyFigure(null, 3).changePercent).toBeNull();
  });
});

describe('topAndBottom', () => {
  const row = (id: string, spend: number, costPerResult: number | null) => ({ id, spend, costPerResult });

  it('ranks by cost per result, worst last, and leaves out rows without results or spend', () => {
    const rows = [
      row('a', 10, 5),
      row('b', 10, 1),
      row('c', 10, null),
      row('d', 0, 0.5),
      row('e', 10, 9),
      row('f', 20, 1),
    ];
    const { top, bottom } = topAndBottom(rows, 2);
    expect(top.map((r) => r.id)).toEqual(['f', 'b']);
    expect(bottom.map((r) => r.id)).toEqual(['e', 'a']);
  });

  it('never lists a row in both', () => {
    const { top, bottom } = topAndBottom([row('a', 1, 1), row('b', 1, 2), row('c', 1, 3)], 2);
    expect(top.map((r) => r.id)).toEqual(['a', 'b']);
    expect(bottom.map((r) => r.id)).toEqual(['c']);
  });
});
