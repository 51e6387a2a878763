import { describe, expect, it } from 'vitest';
import type { EventActivity } from '@lambdas/lib/signals/pixel-health';
import {
  DEDUPLICATION_DROP_POINTS,
  MATCH_QUALITY_DROP,
  MIN_WEEK_EVENTS,
  detectSignalAlerts,
  snapshotOf,
  type DaySnapshot,
} from '@lambdas/lib/signals/signal-alerts';

const now = new Date('2026-11-20T17:00:00Z');
const nowS = now.getTime() / 1000;
const busy = (eventName: string, hoursAgo = 1): EventActivity => ({
  eventName,
  lastReceived: nowS - hoursAgo * 3600,
  weekCount: 200,
});
const steady: DaySnapshot = { Purchase: { matchQuality: 7, serverWithEventId: 95 } };

describe('detectSignalAlerts', () => {
  it('stays quiet on steady figures and on wobbles below the thresholds', () => {
    expect(
      detectSignalAlerts({ activity: [busy('Purchase')], today: steady, previous: [steady, steady], now }),
    ).toEqual([]);
    const wobble: DaySnapshot = {
      Purchase: { matchQuality: 7 - MATCH_QUALITY_DROP + 0.1, serverWithEventId: 95 - DEDUPLICATION_DROP_POINTS + 1 },
    };
    expect(
      detectSignalAlerts({ activity: [busy('Purchase')], today: wobble, previous: [steady, steady], now }),
    ).toEqual([]);
  });

  it('raises a stop once the event is silent for 48 hours, keyed by its last day', () => {
    expect(detectSignalAlerts({ activity: [busy('AddToCart', 47)], today: {}, previous: [], now })).toEqual([]);
    const [alert] = detectSignalAlerts({ activity: [busy('AddToCart', 4 * 24 + 3)], today: {}, previous: [], now });
    expect(alert).toMatchObject({ kind: 'stopped', eventName: 'AddToCart', day: '2026-11-16' });
    expect(alert!.title).toBe('AddToCart stopped 4 days ago');
  });

  it('raises a falling de-duplication rate and a match-quality drop against the median of the days before', () => {
    const today: DaySnapshot = {
      Purchase: { matchQuality: 7 - MATCH_QUALITY_DROP, serverWithEventId: 95 - DEDUPLICATION_DROP_POINTS },
    };
    // One odd earlier day does not set the baseline: the median of 95, 95 and 40 is 95.
    const odd: DaySnapshot = { Purchase: { matchQuality: 3, serverWithEventId: 40 } };
    const alerts = detectSignalAlerts({ activity: [busy('Purchase')], today, previous: [steady, odd, steady], now });
    expect(alerts.map((alert) => [alert.kind, alert.day])).toEqual([
      ['deduplication', '2026-11-20'],
      ['matchQuality', '2026-11-20'],
    ]);
    expect(alerts[0]!.detail).toContain('from 95 % to 85 %');
    expect(alerts[1]!.title).toBe('Purchase match quality dropped to 6.5');
  });

  it('judges no drop without two earlier days or on an event with too few events to read a share', () => {
    const today: DaySnapshot = { Purchase: { matchQuality: 2, serverWithEventId: 10 } };
    expect(detectSignalAlerts({ activity: [busy('Purchase')], today, previous: [steady], now })).toEqual([]);
    const quiet = { ...busy('Purchase'), weekCount: MIN_WEEK_EVENTS - 1 };
    expect(detectSignalAlerts({ activity: [quiet], today, previous: [steady, steady], now })).toEqual([]);
  });
});

describe('snapshotOf', () => {
  it("keeps each event's match quality, event-id share and upload frequency: the day's point on the charts", () => {
    const snapshot = snapshotOf([
      {
        event_name: 'Purchase',
        event_match_quality: { composite_score: 4.2, match_key_feedback: [] },
        dedupe_key_feedback: [
          {
            dedupe_key: 'event_id',
            browser_events_with_dedupe_key: { percentage: 100 },
            server_events_with_dedupe_key: { percentage: 60 },
          },
        ],
        data_freshness: { upload_frequency: 'hourly' },
      },
      { event_name: 'PageView', dedupe_key_feedback: [] },
    ]);
    expect(snapshot).toEqual({
      Purchase: { matchQuality: 4.2, serverWithEventId: 60, uploadFrequency: 'hourly' },
      PageView: {},
    });
  });
});
