import { describe, expect, it } from 'vitest';
import { budgetChangePercent, formatChangePercent, learningPhaseWarning } from '@web/lib/meta-account/budget-change';

describe('budget change', () => {
  it('measures the change in whole percent against the budget before', () => {
    expect(budgetChangePercent(10_500, 40_000)).toBe(281);
    expect(budgetChangePercent(6000, 4000)).toBe(-33);
    expect(budgetChangePercent(null, 4000)).toBeNull();
    expect(budgetChangePercent(0, 4000)).toBeNull();
    expect(formatChangePercent(281)).toBe('+281 %');
    expect(formatChangePercent(-33)).toBe('−33 %');
  });

  it('warns of the learning phase above a 20 % step only (the issue’s $105 → $400 included)', () => {
    expect(learningPhaseWarning(20)).toBeNull();
    expect(learningPhaseWarning(-20)).toBeNull();
    expect(learningPhaseWarning(null)).toBeNull();
    const warning = learningPhaseWarning(budgetChangePercent(10_500, 40_000));
    expect(warning).toContain('+281 %');
    expect(warning).toContain('learning phase');
    expect(warning).toContain('about 50 results in the week after the edit');
  });
});
