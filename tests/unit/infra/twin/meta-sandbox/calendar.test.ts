import { describe, expect, it } from 'vitest';
import { formatGraphTime, resolveDatePreset, splitRange, todayIn } from '@infra/twin/meta-sandbox/calendar';

describe('todayIn', () => {
  it('is the calendar day of the account time zone, not of UTC', () => {
    const instant = new Date('2026-11-21T15:30:00Z');

    expect(todayIn('America/New_York', instant)).toBe('2026-11-21');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2026-11-22');
    expect(todayIn('America/Los_Angeles', new Date('2026-11-21T05:00:00Z'))).toBe('2026-11-20');
  });
});

describe('resolveDatePreset', () => {
  // 2026-11-21 is a Saturday.
  const today = '2026-11-21';
  const dataStart = '2026-07-25';

  it.each([
    ['today', '2026-11-21', '2026-11-21'],
    ['yesterday', '2026-11-20', '2026-11-20'],
    ['last_3d', '2026-11-18', '2026-11-20'],
    ['last_7d', '2026-11-14', '2026-11-20'],
    ['last_30d', '2026-10-22', '2026-11-20'],
    ['this_month', '2026-11-01', '2026-11-21'],
    ['last_month', '2026-10-01', '2026-10-31'],
    ['this_quarter', '2026-10-01', '2026-11-21'],
    ['last_quarter', '2026-07-01', '2026-09-30'],
    ['this_year', '2026-01-01', '2026-11-21'],
    ['last_year', '2025-01-01', '2025-12-31'],
    ['this_week_mon_today', '2026-11-16', '2026-11-21'],
    ['this_week_sun_today', '2026-11-15', '2026-11-21'],
    ['last_week_mon_sun', '2026-11-09', '2026-11-15'],
    ['last_week_sun_sat', '2026-11-08', '2026-11-14'],
    ['maximum', '2026-07-25', '2026-11-21'],
  ])('%s → %s … %s', (preset, since, until) => {
    expect(resolveDatePreset(preset, today, dataStart)).toEqual({ since, until });
  });

  it('resolves presets against each account’s own today', () => {
    const instant = new Date('2026-11-21T15:30:00Z');

    expect(resolveDatePreset('yesterday', todayIn('Asia/Tokyo', instant), dataStart).since).toBe('2026-11-21');
    expect(resolveDatePreset('yesterday', todayIn('America/New_York', instant), dataStart).since).toBe('2026-11-20');
  });
});

describe('splitRange', () => {
  const range = { since: '2026-10-30', until: '2026-11-03' };

  it('makes daily buckets for time_increment=1', () => {
    expect(splitRange(range, 1).map((b) => b.since)).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
    ]);
  });

  it('makes N-day buckets, the last one cut at until', () => {
    expect(splitRange(range, 2)).toEqual([
      { since: '2026-10-30', until: '2026-10-31' },
      { since: '2026-11-01', until: '2026-11-02' },
      { since: '2026-11-03', until: '2026-11-03' },
    ]);
  });

  it('makes calendar-month buckets and a single all_days bucket', () => {
    expect(splitRange(range, 'monthly')).toEqual([
      { since: '2026-10-30', until: '2026-10-31' },
      { since: '2026-11-01', until: '2026-11-03' },
    ]);
    expect(splitRange(range, 'all_days')).toEqual([range]);
  });
});

describe('formatGraphTime', () => {
  it('prints the account-local time with a numeric offset, DST included', () => {
    expect(formatGraphTime(new Date('2026-07-01T14:00:00Z'), 'America/New_York')).toBe('2026-07-01T10:00:00-0400');
    expect(formatGraphTime(new Date('2026-12-01T14:00:00Z'), 'America/New_York')).toBe('2026-12-01T09:00:00-0500');
    expect(formatGraphTime(new Date('2026-12-01T14:00:00Z'), 'Asia/Tokyo')).toBe('2026-12-01T23:00:00+0900');
  });
});
