import { describe, expect, it } from 'vitest';
import { campaignEvent } from '@shared/events/campaign';
import { outboxEntry, outboxRow } from '@lambdas/lib/outbox/event-outbox';
import { parseForwardedEvent } from '@lambdas/lib/notifications/forwarded-event';

/** The bus envelope a forwarder's queue receives for one PutEvents entry (the id is EventBridge's own). */
function delivered(entry: ReturnType<typeof outboxEntry>, busEventId: string): string {
  return JSON.stringify({
    id: busEventId,
    'detail-type': entry.DetailType,
    source: entry.Source,
    time: '2026-11-23T00:00:00Z',
    detail: JSON.parse(entry.Detail),
  });
}

describe('the event outbox and duplicate suppression', () => {
  const detail = { action: 'budget_change', campaignName: 'Spring sale', campaignId: 'c-1', budget: 40 };

  it('puts the row id in the detail, whatever the caller passed', () => {
    const row = outboxRow(
      campaignEvent,
      { ...detail, outboxId: 'forged' },
      new Date('2026-11-23T00:00:00Z'),
      '00000000-0000-4000-8000-000000000001',
    );
    expect(JSON.parse(row.detail)).toEqual({ ...detail, outboxId: '00000000-0000-4000-8000-000000000001' });
  });

  it('gives one row relayed twice (two bus event ids) one dedupe key, and two rows two keys', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    const row = outboxRow(campaignEvent, detail, now, '00000000-0000-4000-8000-000000000001');
    const first = parseForwardedEvent(delivered(outboxEntry(row, 'bus'), 'bus-event-a'));
    const again = parseForwardedEvent(delivered(outboxEntry(row, 'bus'), 'bus-event-b'));
    const other = parseForwardedEvent(
      delivered(outboxEntry(outboxRow(campaignEvent, detail, now, '00000000-0000-4000-8000-000000000002'), 'bus'), 'c'),
    );
    expect(first.eventId).not.toBe(again.eventId);
    expect(first.dedupeKey).toBe('outbox:00000000-0000-4000-8000-000000000001');
    expect(again.dedupeKey).toBe(first.dedupeKey);
    expect(other.dedupeKey).toBe('outbox:00000000-0000-4000-8000-000000000002');
  });

  it('falls back to the bus event id for a campaign event that did not come through the outbox', () => {
    const entry = { Source: 'adsmith.app', DetailType: 'campaign', Detail: JSON.stringify(detail), EventBusName: 'b' };
    expect(parseForwardedEvent(delivered(entry, 'bus-event-z')).dedupeKey).toBe('event:bus-event-z');
  });
});
