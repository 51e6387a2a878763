/**
 * What a pixel (Meta now calls it a dataset) has received: browser events from the pixel and server events from
 * the Conversions API, with Meta's de-duplication applied as they arrive. Meta's rule
 * (developers.facebook.com/docs/marketing-api/conversions-api/deduplicate-pixel-and-server-events): a browser and a
 * server event with the same `event_name` and `event_id` received within 48 hours are one event; the first one
 * received counts, except that a browser event arriving within 5 minutes of its server twin is the one kept.
 * Two server events with the same name and id are de-duplicated the same way.
 */
export type EventChannel = 'browser' | 'server';

export interface PixelEvent {
  pixelId: string;
  eventName: string;
  eventId?: string;
  /** When it happened (`event_time`, unix seconds). */
  eventTime: number;
  /** When Meta received it (unix seconds). */
  receivedAt: number;
  channel: EventChannel;
  /** The `user_data` keys it carried (em, ph, external_id, fbp, fbc, client_ip_address, …). */
  matchKeys: string[];
  actionSource?: string;
  /** True once a twin that counts has replaced it. */
  deduplicated: boolean;
}

const DEDUPLICATION_WINDOW_S = 48 * 3600;
const BROWSER_PREFERENCE_S = 5 * 60;

export class PixelEventLog {
  private readonly byPixel = new Map<string, PixelEvent[]>();
  /** `pixel \0 name \0 id` → the event that counts for it. */
  private readonly counted = new Map<string, PixelEvent>();

  record(input: Omit<PixelEvent, 'deduplicated'>): PixelEvent {
    const event: PixelEvent = { ...input, deduplicated: false };
    const list = this.byPixel.get(event.pixelId) ?? [];
    list.push(event);
    this.byPixel.set(event.pixelId, list);
    if (event.eventId === undefined) return event;

    const key = `${event.pixelId}\u0000${event.eventName}\u0000${event.eventId}`;
    const twin = this.counted.get(key);
    if (!twin || event.receivedAt - twin.receivedAt > DEDUPLICATION_WINDOW_S) {
      this.counted.set(key, event);
      return event;
    }
    const browserReplacesServer =
      event.channel === 'browser' &&
      twin.channel === 'server' &&
      event.receivedAt - twin.receivedAt <= BROWSER_PREFERENCE_S;
    if (browserReplacesServer) {
      twin.deduplicated = true;
      this.counted.set(key, event);
    } else {
      event.deduplicated = true;
    }
    return event;
  }

  /** Events received in [since, until) (unix seconds), oldest first. */
  received(pixelId: string, since = 0, until = Number.POSITIVE_INFINITY): PixelEvent[] {
    return (this.byPixel.get(pixelId) ?? []).filter((event) => event.receivedAt >= since && event.receivedAt < until);
  }

  /** The newest receipt per event name, for `last_fired_time` and "stopped firing". */
  lastReceivedByEvent(pixelId: string): Map<string, number> {
    const last = new Map<string, number>();
    for (const event of this.byPixel.get(pixelId) ?? []) {
      last.set(event.eventName, Math.max(last.get(event.eventName) ?? 0, event.receivedAt));
    }
    return last;
  }
}
