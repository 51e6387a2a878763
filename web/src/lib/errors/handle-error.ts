import { toast } from 'sonner';
import { clientErrorCatalogue, errorCatalogue } from '@shared/errors';
import { appendErrorLog, type ErrorLogEntry, type ErrorSeverity } from './error-log';
import { getErrorNotifier } from './error-notifier';

/** The central error handler: every error is logged, offered to the notifier (a seam), then toasted. */

const VALIDATION_FALLBACK = errorCatalogue.VALIDATION_ERROR.message;

export function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && error.code) {
    return error.code;
  }
  return 'UNKNOWN_ERROR';
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return '';
}

/** The toast text for an error, by code: people read what to do, never a raw code or stack. */
export function userMessageFor(code: string, message: string): string {
  switch (code) {
    case 'NETWORK_ERROR':
      return clientErrorCatalogue.NETWORK_ERROR.message;
    case 'AUTH_ERROR':
      return errorCatalogue.AUTH_ERROR.message;
    case 'VALIDATION_ERROR':
      return message.trim() ? message : VALIDATION_FALLBACK;
    case 'MFA_REQUIRED':
      return errorCatalogue.MFA_REQUIRED.message;
    // The server's sentence says what ran out, when it comes back and which plan allows more; or whose approval
    // is missing and what to do.
    case 'QUOTA_EXCEEDED':
    case 'APPROVAL_REQUIRED':
      return message.trim() ? message : clientErrorCatalogue.UNKNOWN_ERROR.message;
    default:
      return clientErrorCatalogue.UNKNOWN_ERROR.message;
  }
}

/** Critical if the code or message mentions "critical"; warning for NETWORK/AUTH codes; else info. */
export function severityFor(code: string, message: string): ErrorSeverity {
  if (/critical/i.test(code) || /critical/i.test(message)) return 'critical';
  if (/NETWORK|AUTH/.test(code)) return 'warning';
  return 'info';
}

export interface HandleErrorOptions {
  component?: string;
  /** Skip the toast when the caller already shows the error inline. */
  silent?: boolean;
}

/**
 * Codes that are expected outcomes, not failures: a plan limit reached, or a publish waiting for the client's
 * approval, is the product working as sold. The user
 * is told (an upgrade prompt, or the toast), but nothing goes to the error log, the console or the client-error
 * pipeline, where it would page operators and bury real errors.
 */
const EXPECTED_OUTCOMES: ReadonlySet<string> = new Set(['QUOTA_EXCEEDED', 'MFA_REQUIRED', 'APPROVAL_REQUIRED']);

/** Where a refused money move sends the owner: the security section of /settings. */
export const TWO_STEP_SETUP_PATH = '/settings#security';

export function handleError(error: unknown, options: HandleErrorOptions = {}): ErrorLogEntry {
  const code = errorCode(error);
  const message = errorMessage(error) || clientErrorCatalogue.UNKNOWN_ERROR.message;
  const entry: ErrorLogEntry = {
    message,
    code,
    context: {
      component: options.component,
      stack: error instanceof Error ? error.stack : undefined,
      url: globalThis.location?.href ?? '',
      userAgent: globalThis.navigator?.userAgent ?? '',
    },
    timestamp: new Date().toISOString(),
  };
  const severity = severityFor(code, message);
  if (EXPECTED_OUTCOMES.has(code)) {
    if (options.silent) return entry;
    if (code === 'MFA_REQUIRED') {
      const action = {
        label: 'Set up two-step sign-in',
        onClick: () => globalThis.location.assign(TWO_STEP_SETUP_PATH),
      };
      toast.warning(userMessageFor(code, message), { action });
    } else {
      toast.warning(userMessageFor(code, message));
    }
    return entry;
  }

  console.error(`[${severity}] ${code}: ${message}`, options.component ? `(in ${options.component})` : '', error);
  appendErrorLog(entry);

  const notify = getErrorNotifier();
  if (notify) {
    notify(entry, severity).catch((notifyError: unknown) => {
      console.error('Failed to send Slack notification', notifyError);
    });
  }

  if (!options.silent) {
    const text = userMessageFor(code, message);
    if (severity === 'warning') toast.warning(text);
    else toast.error(text);
  }
  return entry;
}
