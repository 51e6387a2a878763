import { UNDO_WINDOW_MS } from '@shared/constants';

/**
 * Whether an applied change's undo is still offered: judged at `now`, the server's time of the list the
 * screen shows (the server checks the 24 hours again when asked). Without a recorded end, the window
 * counts from the approval.
 */
export function withinUndoWindow(change: { undoUntil?: string; approvedAt?: string }, now: number): boolean {
  const until = change.undoUntil
    ? Date.parse(change.undoUntil)
    : change.approvedAt
      ? Date.parse(change.approvedAt) + UNDO_WINDOW_MS
      : Number.NaN;
  return Number.isFinite(until) && until >= now;
}
