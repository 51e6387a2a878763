import { SESSION_REFRESH_THRESHOLD_S } from '@shared/constants';

/**
 * The session is checked every 30 s and refreshed when under 90 s remain.
 * Kept pure so the rule is tested without timers or Amplify.
 */
export function shouldRefreshSession(
  expiresAtSeconds: number,
  nowMs: number = Date.now(),
  thresholdSeconds: number = SESSION_REFRESH_THRESHOLD_S,
): boolean {
  return expiresAtSeconds * 1000 - nowMs < thresholdSeconds * 1000;
}
