import { describe, expect, it } from 'vitest';
import { deliveryDays, type StoredHour } from '@lambdas/signals/pixel-delivery';

const now = new Date('2026-11-28T18:30:00.000Z');

function hour(iso: string, delivered: number, ageSumMs: number, maxAgeMs?: number): StoredHour {
  return {
    hour: iso,
    accepted: delivered,
    delivered,
    rejected: 0,
    duplicates: 0,
    delaySumMs: delivered * 1_000,
    ageSumMs,
    ...(maxAgeMs !== undefined && { maxAgeMs }),
  };
}

describe('deliveryDays', () => {
  it('gives the seven 24-hour periods ending now, with each day’s mean and oldest age at Meta', () => {
    const days = deliveryDays(
      [
        // The current hour (ends after now) is today's; 17:00 ends 18:00, inside today's 24 hours too.
        hour('2026-11-28T18:00:00.000Z', 2, 4_000, 3_000),
        hour('2026-11-28T17:00:00.000Z', 2, 8 * 3_600_000, 5 * 3_600_000),
        // Ends 2026-11-27T18:00, 24.5 hours ago: the day before.
        hour('2026-11-27T17:00:00.000Z', 1, 60_000, 60_000),
        // Older than the week: left out.
        hour('2026-11-20T10:00:00.000Z', 9, 9_000, 1_000),
      ],
      now,
    );
    expect(days).toHaveLength(7);
    expect(days.at(-1)!.end).toBe(now.toISOString());
    expect(days[0]!.end).toBe('2026-11-22T18:30:00.000Z');
    expect(days.at(-1)).toEqual({
      end: now.toISOString(),
      delivered: 4,
      meanAgeMs: Math.round((4_000 + 8 * 3_600_000) / 4),
      maxAgeMs: 5 * 3_600_000,
      meanDelayMs: 1_000,
    });
    expect(days.at(-2)).toMatchObject({ delivered: 1, meanAgeMs: 60_000, maxAgeMs: 60_000 });
    expect(days.slice(0, 5).every((day) => day.delivered === 0 && day.meanAgeMs === undefined)).toBe(true);
  });

  it('shows no age for deliveries recorded before ages were counted, rather than a false zero', () => {
    const [day] = deliveryDays([hour('2026-11-28T10:00:00.000Z', 3, 0)], now).slice(-1);
    expect(day).toEqual({ end: now.toISOString(), delivered: 3, meanDelayMs: 1_000 });
  });
});
