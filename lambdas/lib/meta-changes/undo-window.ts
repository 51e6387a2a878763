import { UNDO_WINDOW_MS } from '@shared/constants';
import { conflict } from '../errors';

/** The end of the undo window of a change applied at `appliedAt`. */
export const undoUntilFrom = (appliedAt: Date): string => new Date(appliedAt.getTime() + UNDO_WINDOW_MS).toISOString();

/**
 * Refuses an undo once its window has passed (or when none was recorded): a 409 CONFLICT that says so,
 * the same for optimizer changes and ad optimizer A/B copies.
 */
export function assertWithinUndoWindow(undoUntil: string | undefined, now: Date): void {
  if (!undoUntil || now.getTime() > Date.parse(undoUntil)) {
    throw conflict('The 24 hours in which this change could be undone have passed.');
  }
}
