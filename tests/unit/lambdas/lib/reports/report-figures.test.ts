import { describe, expect, it } from 'vitest';
import { keyFigure } from '@lambdas/lib/reports/report-figures';

describe('keyFigure', () => {
  it('states the change against the period before, in percent', () => {
    expect(keyFigure(120, 100, 90)).toEqual({ current: 120, previous: 100, target: 90, changePercent: 20 });
  });

  it('has no change when there is nothing to compare with', () => {
    expect(keyFigure(5, 0).changePercent).toBeNull();
    expect(keyFigure(null, 3).changePercent).toBeNull();
  });
});
