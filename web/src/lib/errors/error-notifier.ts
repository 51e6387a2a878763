import type { ErrorLogEntry } from './error-log';
import type { ErrorSeverity } from './handle-error';

/**
 * The seam for spec §8's "sent as a chat notification". The Slack path goes through
 * the API (the browser never holds the webhook URL) and arrives in a later issue,
 * which registers a notifier here at start. Until then nothing is sent, and nothing
 * pretends to be: with no notifier the handler skips this step.
 */
export type ErrorNotifier = (entry: ErrorLogEntry, severity: ErrorSeverity) => Promise<boolean>;

let notifier: ErrorNotifier | null = null;

export function setErrorNotifier(next: ErrorNotifier | null): void {
  notifier = next;
}

export function getErrorNotifier(): ErrorNotifier | null {
  return notifier;
}
