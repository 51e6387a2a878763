import { describe, expect, it } from 'vitest';
import { SESSION_REFRESH_THRESHOLD_S } from '@shared/constants';
import { shouldRefreshSession } from '@web/lib/auth/session-refresh';

describe('shouldRefreshSession (refresh when under 90 s remain)', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  const inSeconds = (s: number) => now / 1000 + s;

  it('uses the shared 90 s threshold', () => {
    expect(SESSION_REFRESH_THRESHOLD_S).toBe(90);
  });

  it('refreshes when less than 90 s remain', () => {
    expect(shouldRefreshSession(inSeconds(89), now)).toBe(true);
    expect(shouldRefreshSession(inSeconds(10), now)).toBe(true);
  });

  it('refreshes an already expired session', () => {
    expect(shouldRefreshSession(inSeconds(-5), now)).toBe(true);
  });

  it('leaves the session alone at 90 s or more', () => {
    expect(shouldRefreshSession(inSeconds(90), now)).toBe(false);
    expect(shouldRefreshSession(inSeconds(3600), now)).toBe(false);
  });
});
