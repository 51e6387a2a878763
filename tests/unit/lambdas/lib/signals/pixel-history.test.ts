import { describe, expect, it } from 'vitest';
import { pixelHistory, type StatsHour } from '@lambdas/lib/signals/pixel-history';

const now = new Date('2026-11-20T17:30:00Z');
const hour = (iso: string, data: Record<string, number>): StatsHour => ({
  start_time: iso.replace('.000Z', '+0000'),
  data: Object.entries(data).map(([value, count]) => ({ value, count })),
});

describe('pixelHistory', () => {
  it('puts each hour in its 24-hour period ending now, splits browser from server and leaves older hours out', () => {
    const days = pixelHistory(
      {
        events: [
          hour('2026-11-20T16:00:00.000Z', { Purchase: 5, PageView: 9 }),
          // Ended 24.5 hours before now: the day before.
          hour('2026-11-19T16:00:00.000Z', { Purchase: 2 }),
          // Older than 7 days: not charted.
          hour('2026-11-13T15:00:00.000Z', { Purchase: 50 }),
        ],
        serverEvents: [hour('2026-11-20T16:00:00.000Z', { Purchase: 4 })],
        serverProcessing: [hour('2026-11-20T16:00:00.000Z', { deduplicated: 1, processed: 3 })],
        serverMatchKeys: [hour('2026-11-20T16:00:00.000Z', { em: 2, ph: 1, client_ip_address: 4 })],
      },
      now,
    );
    expect(days).toHaveLength(7);
    expect(days.at(-1)).toEqual({
      end: '2026-11-20T17:30:00.000Z',
      events: [
        { eventName: 'PageView', browser: 9, server: 0 },
        { eventName: 'Purchase', browser: 1, server: 4 },
      ],
      serverEvents: 4,
      serverDeduplicated: 25,
      serverWithEmail: 50,
      serverWithPhone: 25,
    });
    expect(days.at(-2)).toMatchObject({
      end: '2026-11-19T17:30:00.000Z',
      events: [{ eventName: 'Purchase', browser: 2, server: 0 }],
      serverEvents: 0,
    });
    // No server events that day: no shares to show rather than a misleading 0 %.
    expect(days.at(-2)).not.toHaveProperty('serverWithEmail');
    expect(days.flatMap((day) => day.events).reduce((sum, event) => sum + event.browser + event.server, 0)).toBe(16);
  });
});
