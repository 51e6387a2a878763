import { describe, expect, it } from 'vitest';
import { reportPeriod } from '@lambdas/lib/reports/report-period';

describe('reportPeriod', () => {
  it('covers last Monday to Sunday, whatever day of this week it is', () => {
    for (const today of ['2026-11-23', '2026-11-26', '2026-11-29']) {
      expect(reportPeriod('weekly', today)).toEqual({
        cadence: 'weekly',
        since: '2026-11-16',
        until: '2026-11-22',
        key: 'weekly:2026-11-16',
      });
    }
  });

  it('covers the whole previous month, across a year end', () => {
    expect(reportPeriod('monthly', '2026-01-01')).toEqual({
      cadence: 'monthly',
      since: '2025-12-01',
      until: '2025-12-31',
      key: 'monthly:2025-12',
    });
    expect(reportPeriod('monthly', '2024-03-15').until).toBe('2024-02-29');
  });
});
