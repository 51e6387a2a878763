import { pixelScope, type DeliveriesTable } from '../lib/signals/delivery-records';
import { HISTORY_DAYS } from '../lib/signals/pixel-history';
import { readQualitySnapshots, saveQualitySnapshot, type DatedSnapshot } from '../lib/signals/quality-snapshots';
import { utcDay, type DaySnapshot } from '../lib/signals/signal-alerts';

/**
 * The screen's reading of Meta's quality figures is today's snapshot too (the monitor writes the same one each
 * hour), so an account read daily has its chart even before the monitor watched it; then the week's snapshots.
 */
export async function recordQualityDays(
  store: DeliveriesTable,
  workspaceId: string,
  pixelId: string,
  today: DaySnapshot,
  now: Date,
): Promise<DatedSnapshot[]> {
  const scope = pixelScope(workspaceId, pixelId);
  await saveQualitySnapshot(store, scope, utcDay(now), today, now);
  const from = utcDay(new Date(now.getTime() - (HISTORY_DAYS - 1) * 86_400_000));
  return readQualitySnapshots(store, scope, from, utcDay(now));
}
