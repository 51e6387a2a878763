import type { ErrorLogEntry, ErrorSeverity } from './error-log';

/**
 * The seam through which serious errors become a chat notification. That path goes
 * through the API (the browser never holds the webhook URL); whoever provides it
 * registers a notifier here at start. Until then nothing is sent, and nothing
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
