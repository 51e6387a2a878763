import { describe, expect, it } from 'vitest';
import { dueWindow, localTime } from '@lambdas/lib/rules/rule-schedule';

describe('run windows in the account time zone', () => {
  const at = new Date('2026-11-22T14:47:00Z'); // 09:47 in New York, 23:47 in Tokyo

  it('reads local time', () => {
    expect(localTime(at, 'America/New_York')).toEqual({ date: '2026-11-22', hour: 9, minute: 47 });
    expect(localTime(at, 'Asia/Tokyo')).toEqual({ date: '2026-11-22', hour: 23, minute: 47 });
  });

  it.each([
    [{ kind: 'every_30_minutes' } as const, 'America/New_York', '2026-11-22T09:30'],
    [{ kind: 'hourly' } as const, 'Asia/Tokyo', '2026-11-22T23'],
    [{ kind: 'daily', time: '09:00' } as const, 'America/New_York', '2026-11-22@09:00'],
    [{ kind: 'daily', time: '10:00' } as const, 'America/New_York', null],
    [{ kind: 'daily', time: '23:47' } as const, 'Asia/Tokyo', '2026-11-22@23:47'],
  ])('%o in %s → %s', (schedule, zone, window) => {
    expect(dueWindow(schedule, at, zone)).toBe(window);
  });

  it('gives one window per half hour, so a second tick in it claims nothing new', () => {
    const a = dueWindow({ kind: 'every_30_minutes' }, new Date('2026-11-22T14:31:00Z'), 'UTC');
    const b = dueWindow({ kind: 'every_30_minutes' }, new Date('2026-11-22T14:59:59Z'), 'UTC');
    const c = dueWindow({ kind: 'every_30_minutes' }, new Date('2026-11-22T15:00:00Z'), 'UTC');
    expect(a).toBe(b);
    expect(c).not.toBe(b);
  });
});
