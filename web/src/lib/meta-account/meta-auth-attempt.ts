import * as z from 'zod';
import { webPaths } from '@shared/web-paths';

/**
 * The Meta auth attempt record in session storage ({userId, timestamp}),
 * plus how the dialog was opened and where to return after a full-page redirect.
 */
export const META_AUTH_ATTEMPT_KEY = 'meta_auth_attempt';
/** An attempt older than this is ignored (the signed state expires sooner anyway). */
const ATTEMPT_MAX_AGE_MS = 30 * 60_000;

const AttemptSchema = z.object({
  userId: z.string(),
  timestamp: z.number(),
  mode: z.enum(['popup', 'redirect']).optional(),
  returnTo: z.string().optional(),
});
export type MetaAuthAttempt = z.infer<typeof AttemptSchema>;

export function writeAuthAttempt(attempt: MetaAuthAttempt): void {
  try {
    sessionStorage.setItem(META_AUTH_ATTEMPT_KEY, JSON.stringify(attempt));
  } catch {
    // Storage can be unavailable (private mode); the flow still works without a return path.
  }
}

export function readAuthAttempt(now = Date.now()): MetaAuthAttempt | null {
  try {
    const raw = sessionStorage.getItem(META_AUTH_ATTEMPT_KEY);
    if (!raw) return null;
    const parsed = AttemptSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || now - parsed.data.timestamp > ATTEMPT_MAX_AGE_MS) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

export function clearAuthAttempt(): void {
  try {
    sessionStorage.removeItem(META_AUTH_ATTEMPT_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** Only same-site paths are followed back to, never an absolute URL from storage. */
export function safeReturnPath(path: string | undefined): string {
  return path && path.startsWith('/') && !path.startsWith('//') ? path : webPaths.dashboard;
}
