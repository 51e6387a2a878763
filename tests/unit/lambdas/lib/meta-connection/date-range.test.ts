import { describe, expect, it } from 'vitest';
import { presetRange, resolveRange, timeRangeParam, todayIn } from '@lambdas/lib/meta-connection/date-range';

describe('date ranges in the ad account time zone', () => {
  // 2026-03-01 03:30 UTC: still 28 February in New York, already 1 March in Berlin.
  const now = new Date('2026-03-01T03:30:00Z');

  it('finds today in the account time zone', () => {
    expect(todayIn('America/New_York', now)).toBe('2026-02-28');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-03-01');
  });

  it('computes presets as Meta does: last_Nd ends yesterday', () => {
    expect(presetRange('last_7d', '2026-03-10')).toEqual({ since: '2026-03-03', until: '2026-03-09' });
    expect(presetRange('yesterday', '2026-03-01')).toEqual({ since: '2026-02-28', until: '2026-02-28' });
    expect(presetRange('today', '2026-03-01')).toEqual({ since: '2026-03-01', until: '2026-03-01' });
    expect(presetRange('this_month', '2026-03-10')).toEqual({ since: '2026-03-01', until: '2026-03-10' });
    expect(presetRange('last_month', '2026-03-10')).toEqual({ since: '2026-02-01', until: '2026-02-28' });
    expect(presetRange('last_month', '2026-01-15')).toEqual({ since: '2025-12-01', until: '2025-12-31' });
    expect(presetRange('last_30d', '2026-03-01')).toEqual({ since: '2026-01-30', until: '2026-02-28' });
  });

  it('resolves a query: explicit range, preset, or Meta default of last 30 days', () => {
    expect(resolveRange({ since: '2026-01-01', until: '2026-01-31' }, 'UTC', now)).toEqual({
      since: '2026-01-01',
      until: '2026-01-31',
    });
    expect(resolveRange({ datePreset: 'yesterday' }, 'America/New_York', now)).toEqual({
      since: '2026-02-27',
      until: '2026-02-27',
    });
    expect(resolveRange({}, 'Europe/Berlin', now)).toEqual({ since: '2026-01-30', until: '2026-02-28' });
  });

  it("writes Meta's time_range parameter", () => {
    expect(timeRangeParam({ since: '2026-01-01', until: '2026-01-31' })).toBe(
      '{"since":"2026-01-01","until":"2026-01-31"}',
    );
  });
});
