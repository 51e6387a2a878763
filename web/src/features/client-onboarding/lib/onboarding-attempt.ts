import * as z from 'zod';
import { META_STATE_PREFIX } from '@shared/constants';
import { isClientWorkspaceId } from '@shared/workspace-roles';

/**
 * A client's onboarding attempt (issue 28, req 5), kept in this tab's session storage while Meta's dialog is open:
 * Meta returns to the one callback page every connection uses (/auth/meta/callback), and this record is how that page
 * knows the return belongs to an onboarding link (the state it carries is the one the link's page was given) and
 * which link to finish it with. The client has no account, so there is no signed-in user to finish it as.
 */
export const ONBOARDING_ATTEMPT_KEY = 'adsmith_onboarding_attempt';
/** The signed state expires sooner (10 minutes); an older record is ignored. */
const MAX_AGE_MS = 30 * 60_000;

const AttemptSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  state: z.string().min(1),
  timestamp: z.number(),
});
export type OnboardingAttempt = z.infer<typeof AttemptSchema>;

export function writeOnboardingAttempt(attempt: OnboardingAttempt): void {
  try {
    sessionStorage.setItem(ONBOARDING_ATTEMPT_KEY, JSON.stringify(attempt));
  } catch {
    // Private mode without storage: the callback page then asks the client to open the link again.
  }
}

export function readOnboardingAttempt(now = Date.now()): OnboardingAttempt | null {
  try {
    const raw = sessionStorage.getItem(ONBOARDING_ATTEMPT_KEY);
    if (!raw) return null;
    const parsed = AttemptSchema.safeParse(JSON.parse(raw));
    return parsed.success && now - parsed.data.timestamp <= MAX_AGE_MS ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearOnboardingAttempt(): void {
  try {
    sessionStorage.removeItem(ONBOARDING_ATTEMPT_KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * The onboarding attempt Meta's return belongs to, if any: the stored one whose state the URL carries. When Meta
 * returns without a state (a cancel can), a fresh stored attempt is taken as this one: the tab just went to Meta
 * from the link's page.
 */
export function onboardingAttemptFor(params: URLSearchParams, now = Date.now()): OnboardingAttempt | null {
  const attempt = readOnboardingAttempt(now);
  if (!attempt) return null;
  const state = params.get('state');
  return state === null || state === attempt.state ? attempt : null;
}

/**
 * Whether a returned state was issued for a client workspace (`adsmith_meta_ws_…`): only an onboarding link connects
 * one (a client workspace has no owner to connect it signed in). Without the stored attempt (another browser, storage
 * cleared), the callback page can still tell the client to open their link again rather than to sign in.
 */
export function isOnboardingState(state: string | null): boolean {
  if (!state?.startsWith(META_STATE_PREFIX)) return false;
  const workspace = state.slice(META_STATE_PREFIX.length).split('.')[0] ?? '';
  return isClientWorkspaceId(workspace);
}
