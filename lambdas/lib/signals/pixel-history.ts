import type { SignalsDay } from '@shared/schemas/signals';

/**
 * A pixel's week day by day, from Meta's own hourly stats (`GET /{pixel_id}/stats`, which answers at most the last
 * seven days): each event's browser and server volume, the share of server events Meta de-duplicated against the
 * pixel's, and the share carrying an email or a phone number (the match keys that weigh most in match quality).
 * Days are the seven 24-hour periods ending now, so no bar is a partial day.
 */
export interface StatsHour {
  start_time: string;
  data: Array<{ value: string; count: number }>;
}

export interface PixelStatsWeek {
  /** aggregation=event, both sources. */
  events: StatsHour[];
  /** aggregation=event, event_source=SERVER_ONLY. */
  serverEvents: StatsHour[];
  /** aggregation=event_processing_results, event_source=SERVER_ONLY. */
  serverProcessing: StatsHour[];
  /** aggregation=match_keys, event_source=SERVER_ONLY. */
  serverMatchKeys: StatsHour[];
}

export const HISTORY_DAYS = 7;

/** Meta writes hours as `2026-11-20T16:00:00+0000`. */
export const hourStartSeconds = (startTime: string): number =>
  Math.floor(Date.parse(startTime.replace(/([+-]\d\d)(\d\d)$/, '$1:$2')) / 1000);

const share = (part: number, whole: number) => (whole === 0 ? undefined : Math.round((1000 * part) / whole) / 10);

export function pixelHistory(week: PixelStatsWeek, now: Date): SignalsDay[] {
  const nowS = Math.floor(now.getTime() / 1000);
  const dayOf = (hour: StatsHour) => {
    const age = Math.max(0, nowS - (hourStartSeconds(hour.start_time) + 3600));
    const index = HISTORY_DAYS - 1 - Math.floor(age / 86_400);
    return index >= 0 ? index : undefined;
  };
  const days = Array.from({ length: HISTORY_DAYS }, (_, index) => ({
    end: new Date((nowS - (HISTORY_DAYS - 1 - index) * 86_400) * 1000).toISOString(),
    all: new Map<string, number>(),
    server: new Map<string, number>(),
    processing: new Map<string, number>(),
    keys: new Map<string, number>(),
  }));
  const add = (hours: StatsHour[], pick: (day: (typeof days)[number]) => Map<string, number>) => {
    for (const hour of hours) {
      const index = dayOf(hour);
      if (index === undefined) continue;
      const counts = pick(days[index]!);
      for (const row of hour.data) counts.set(row.value, (counts.get(row.value) ?? 0) + row.count);
    }
  };
  add(week.events, (day) => day.all);
  add(week.serverEvents, (day) => day.server);
  add(week.serverProcessing, (day) => day.processing);
  add(week.serverMatchKeys, (day) => day.keys);

  return days.map((day) => {
    const serverTotal = [...day.server.values()].reduce((sum, count) => sum + count, 0);
    const processed = (day.processing.get('deduplicated') ?? 0) + (day.processing.get('processed') ?? 0);
    const deduplicated = share(day.processing.get('deduplicated') ?? 0, processed);
    const email = share(day.keys.get('em') ?? 0, serverTotal);
    const phone = share(day.keys.get('ph') ?? 0, serverTotal);
    return {
      end: day.end,
      events: [...day.all]
        .map(([eventName, count]) => {
          const server = day.server.get(eventName) ?? 0;
          return { eventName, browser: Math.max(0, count - server), server };
        })
        .sort((a, b) => a.eventName.localeCompare(b.eventName)),
      serverEvents: serverTotal,
      ...(deduplicated !== undefined && { serverDeduplicated: deduplicated }),
      ...(email !== undefined && { serverWithEmail: Math.min(100, email) }),
      ...(phone !== undefined && { serverWithPhone: Math.min(100, phone) }),
    };
  });
}
