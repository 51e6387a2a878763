import { functionDeclaration } from '@shared/functions';
import { RECOMMENDATIONS_FRESH_FOR_SECONDS } from '@shared/schemas/optimizer';
import { isFresh, type ReadLease, type RunItem } from '../lib/optimizer/recommendation-run';

/**
 * A read's lease outlives the worker's timeout by a minute: a live worker is never overtaken, and a killed one
 * blocks the account's next read for at most this long.
 */
export const READ_LEASE_SECONDS = (functionDeclaration('optimizer-worker').timeoutSeconds ?? 60) + 60;

/** After a failed read, a visit within this long shows the failure instead of trying again (Refresh still does). */
export const FAILED_READ_QUIET_SECONDS = 60;

/** What a request does about Meta: answer from the store alone, start a read, or say the running one will land. */
export type ReadDecision = 'stored' | 'start' | 'running';

/** A lease still held at `now`. */
export const isReading = (item: RunItem, now: Date): boolean =>
  Boolean(item.reading && Date.parse(item.reading.until) > now.getTime());

export function readDecision(item: RunItem, now: Date, refresh: boolean): ReadDecision {
  // A read under way is said whatever asked for it: the screen keeps polling until its figures are in.
  if (isReading(item, now)) return 'running';
  const stale = !item.run || !isFresh(item.run.metaReadAt, now, RECOMMENDATIONS_FRESH_FOR_SECONDS);
  if (!refresh && !stale) return 'stored';
  // A read that just failed is not tried again on every visit (the web would loop); the marketer's Refresh is.
  const justFailed =
    item.failure &&
    (!item.run || item.failure.at > item.run.metaReadAt) &&
    isFresh(item.failure.at, now, FAILED_READ_QUIET_SECONDS);
  if (!refresh && justFailed) return 'stored';
  return 'start';
}

export function newLease(id: string, now: Date): ReadLease {
  return {
    id,
    startedAt: now.toISOString(),
    until: new Date(now.getTime() + READ_LEASE_SECONDS * 1000).toISOString(),
  };
}

/** The failure the answer reports: the last read failed after the figures it shows, and none is running now. */
export function failureToShow(item: RunItem, updating: boolean): RunItem['failure'] {
  if (updating || !item.failure) return undefined;
  return !item.run || item.failure.at > item.run.metaReadAt ? item.failure : undefined;
}
