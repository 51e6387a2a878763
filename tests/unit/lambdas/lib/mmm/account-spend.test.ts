import { describe, expect, it } from 'vitest';
import { insightsRange, spendPerPeriod } from '@lambdas/lib/mmm/account-spend';

describe('Meta spend per period', () => {
  const weeks = ['2026-01-05', '2026-01-12', '2026-01-19'];

  it('sums each Monday–Sunday, the last week lasting the usual step; days outside are ignored', () => {
    const daily = [
      { date: '2026-01-04', spend: 99 }, // before the first period
      { date: '2026-01-05', spend: 1.1 },
      { date: '2026-01-11', spend: 2.2 },
      { date: '2026-01-12', spend: 10 },
      { date: '2026-01-25', spend: 0.3 }, // last day of the last week
      { date: '2026-01-26', spend: 50 }, // after it
    ];
    expect(spendPerPeriod(weeks, daily)).toEqual([3.3, 10, 0.3]);
  });

  it('reports a period Meta left out as no spend', () => {
    expect(spendPerPeriod(weeks, [{ date: '2026-01-13', spend: 5 }])).toEqual([0, 5, 0]);
  });

  it('asks Meta only for the dataset’s days up to today and within the 37 months it keeps', () => {
    expect(insightsRange(weeks, '2026-03-01')).toEqual({ since: '2026-01-05', until: '2026-01-25' });
    expect(insightsRange(weeks, '2026-01-14')).toEqual({ since: '2026-01-05', until: '2026-01-14' });
    expect(insightsRange(weeks, '2025-12-31')).toBeNull();
    const old = insightsRange(['2018-01-01', '2018-01-08'], '2026-01-01');
    expect(old).toBeNull();
  });
});
