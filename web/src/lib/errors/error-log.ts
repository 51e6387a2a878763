/**
 * The error log is kept in memory only (never persisted, never sent to third
 * parties from here). Capped so a failure loop cannot grow it without bound.
 */
/** How bad an error is; decides whether it is worth a chat notification. Lives here, not in the handler, so the notifier needs only this file. */
export type ErrorSeverity = 'critical' | 'warning' | 'info';

export interface ErrorLogEntry {
  message: string;
  /** UNKNOWN_ERROR when the error carried no code. */
  code: string;
  context: {
    component?: string;
    stack?: string;
    url: string;
    userAgent: string;
  };
  timestamp: string;
}

const MAX_ENTRIES = 200;
const entries: ErrorLogEntry[] = [];

export function appendErrorLog(entry: ErrorLogEntry): void {
  entries.push(entry);
  if (entries.length > MAX_ENTRIES) entries.splice(0, entries.length - MAX_ENTRIES);
}

export function getErrorLog(): readonly ErrorLogEntry[] {
  return [...entries];
}

export function clearErrorLog(): void {
  entries.length = 0;
}
