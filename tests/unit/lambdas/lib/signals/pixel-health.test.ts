import { describe, expect, it } from 'vitest';
import type { EventQuality } from '@lambdas/lib/signals/dataset-quality-shape';
import { signalsFixes } from '@lambdas/lib/signals/pixel-health';

const now = new Date('2026-11-20T17:00:00Z');
const nowS = now.getTime() / 1000;

function quality(name: string, extra: Partial<EventQuality> = {}): EventQuality {
  return {
    event_name: name,
    event_match_quality: {
      composite_score: 8.5,
      match_key_feedback: [{ identifier: 'em', coverage: { percentage: 100 } }],
    },
    dedupe_key_feedback: [
      {
        dedupe_key: 'event_id',
        browser_events_with_dedupe_key: { percentage: 100 },
        server_events_with_dedupe_key: { percentage: 100 },
      },
    ],
    data_freshness: { upload_frequency: 'real_time' },
    ...extra,
  };
}

describe('signalsFixes', () => {
  it('finds nothing to fix on a healthy event', () => {
    expect(
      signalsFixes([quality('Purchase')], [{ eventName: 'Purchase', lastReceived: nowS - 600, weekCount: 90 }], now),
    ).toEqual([]);
  });

  it('says an event stopped, with how long ago', () => {
    const [fix] = signalsFixes(
      [],
      [{ eventName: 'AddToCart', lastReceived: nowS - 4 * 86_400 - 60, weekCount: 40 }],
      now,
    );
    expect(fix).toMatchObject({ kind: 'stopped', title: 'AddToCart stopped 4 days ago' });
  });

  it('names the share of server events without an event id, and the customer information to add', () => {
    const fixes = signalsFixes(
      [
        quality('Purchase', {
          event_match_quality: {
            composite_score: 1.9,
            match_key_feedback: [
              { identifier: 'em', coverage: { percentage: 20 } },
              { identifier: 'client_ip_address', coverage: { percentage: 100 } },
            ],
          },
          dedupe_key_feedback: [
            {
              dedupe_key: 'event_id',
              browser_events_with_dedupe_key: { percentage: 100 },
              server_events_with_dedupe_key: { percentage: 30 },
            },
          ],
        }),
      ],
      [],
      now,
    );
    expect(fixes.map((fix) => fix.kind)).toEqual(['deduplication', 'matchQuality']);
    expect(fixes[0]!.detail).toContain('70 % of the Purchase events your server sends carry no event_id');
    expect(fixes[1]!.title).toBe('Purchase match quality is 1.9 of 10');
    expect(fixes[1]!.detail).toContain('email (now on 20 %) and phone number (now on 0 %)');
  });

  it('ranks a stopped purchase above a late page view', () => {
    const fixes = signalsFixes(
      [quality('PageView', { data_freshness: { upload_frequency: 'daily' } })],
      [{ eventName: 'Purchase', lastReceived: nowS - 3 * 86_400, weekCount: 10 }],
      now,
    );
    expect(fixes.map((fix) => `${fix.kind} ${fix.eventName}`)).toEqual(['stopped Purchase', 'freshness PageView']);
  });
});
