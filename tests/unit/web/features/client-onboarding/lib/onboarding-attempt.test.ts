import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearOnboardingAttempt,
  isOnboardingState,
  onboardingAttemptFor,
  readOnboardingAttempt,
  writeOnboardingAttempt,
} from '@web/features/client-onboarding/lib/onboarding-attempt';

const TOKEN = 't'.repeat(43);
const WS = 'ws_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const STATE = `adsmith_meta_${WS}.nonce.1700000000.sig`;

beforeEach(() => sessionStorage.clear());

describe('the onboarding attempt', () => {
  it('belongs to a return carrying its state (or none, as a cancel may), not to another state', () => {
    writeOnboardingAttempt({ token: TOKEN, state: STATE, timestamp: 1_000 });
    expect(onboardingAttemptFor(new URLSearchParams({ code: 'c', state: STATE }), 2_000)?.token).toBe(TOKEN);
    expect(onboardingAttemptFor(new URLSearchParams({ error: 'access_denied' }), 2_000)?.token).toBe(TOKEN);
    expect(
      onboardingAttemptFor(new URLSearchParams({ code: 'c', state: 'adsmith_meta_user-1.n.1.s' }), 2_000),
    ).toBeNull();
  });

  it('is forgotten after half an hour, when cleared, or when it is not one', () => {
    writeOnboardingAttempt({ token: TOKEN, state: STATE, timestamp: 0 });
    expect(readOnboardingAttempt(30 * 60_000)).not.toBeNull();
    expect(readOnboardingAttempt(30 * 60_000 + 1)).toBeNull();
    clearOnboardingAttempt();
    expect(readOnboardingAttempt(0)).toBeNull();
    sessionStorage.setItem(
      'adsmith_onboarding_attempt',
      JSON.stringify({ token: 'short', state: STATE, timestamp: 0 }),
    );
    expect(readOnboardingAttempt(0)).toBeNull();
  });

  it('recognises a state issued for a client workspace, not a person’s', () => {
    expect(isOnboardingState(STATE)).toBe(true);
    expect(isOnboardingState('adsmith_meta_0b6c3f5e-1111-4222-8333-444455556666.n.1.s')).toBe(false);
    expect(isOnboardingState(null)).toBe(false);
    expect(isOnboardingState(`other_${WS}.n.1.s`)).toBe(false);
  });
});
