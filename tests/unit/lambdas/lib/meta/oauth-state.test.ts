import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '@lambdas/lib/errors';
import { issueState, stateMessages, verifyState } from '@lambdas/lib/meta/oauth-state';

const key = 'test-state-key-0123456789';
const userId = 'b1c2d3e4-0000-4000-8000-000000000001';
const issuedAt = new Date('2026-11-21T10:00:00Z');
const issuedEpoch = Math.floor(issuedAt.getTime() / 1000);
const later = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);

function rejection(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected verifyState to throw');
}

describe('OAuth state', () => {
  it('keeps the readable prefix and user id, and signs prefix+user.nonce.expiry', () => {
    const { state, nonce, expiresAt } = issueState({ userId, key, now: issuedAt, nonce: 'nonce-AAAAAAAAAAAAAAAA' });

    const signature = createHmac('sha256', key)
      .update(`adsmith_meta_${userId}.nonce-AAAAAAAAAAAAAAAA.${issuedEpoch + 600}`)
      .digest('base64url');
    expect(state).toBe(`adsmith_meta_${userId}.nonce-AAAAAAAAAAAAAAAA.${issuedEpoch + 600}.${signature}`);
    expect(nonce).toBe('nonce-AAAAAAAAAAAAAAAA');
    expect(expiresAt).toBe(issuedEpoch + 600);
  });

  it('round-trips: a fresh state verifies for its own user', () => {
    const issued = issueState({ userId, key, now: issuedAt, ttlSeconds: 300 });

    const verified = verifyState(issued.state, { userId, key, now: later(299) });

    expect(verified).toEqual({ nonce: issued.nonce, expiresAt: issuedEpoch + 300 });
    expect(issued.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('issues a different nonce every time', () => {
    const first = issueState({ userId, key, now: issuedAt });
    const second = issueState({ userId, key, now: issuedAt });
    expect(first.nonce).not.toBe(second.nonce);
  });

  it('accepts user ids that contain dots', () => {
    const issued = issueState({ userId: 'user.with.dots', key, now: issuedAt });
    expect(verifyState(issued.state, { userId: 'user.with.dots', key, now: issuedAt }).nonce).toBe(issued.nonce);
  });

  it('refuses an expired state with the expiry message', () => {
    const { state } = issueState({ userId, key, now: issuedAt, ttlSeconds: 600 });

    const error = rejection(() => verifyState(state, { userId, key, now: later(600) }));

    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('This sign-in link with Meta has expired. Please try connecting again.');
  });

  it('refuses a state issued for another user with FORBIDDEN', () => {
    const { state } = issueState({ userId: 'someone-else', key, now: issuedAt });

    const error = rejection(() => verifyState(state, { userId, key, now: issuedAt }));

    expect(error.code).toBe('FORBIDDEN');
    expect(error.statusCode).toBe(403);
    expect(error.message).toBe(stateMessages.otherUser);
  });

  it('refuses a state signed with another key', () => {
    const { state } = issueState({ userId, key: 'another-key-0123456789', now: issuedAt });
    expect(rejection(() => verifyState(state, { userId, key, now: issuedAt }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: stateMessages.invalid,
    });
  });

  describe('tampering', () => {
    const { state, nonce, expiresAt } = issueState({ userId, key, now: issuedAt, nonce: 'nonce-BBBBBBBBBBBBBBBB' });
    const signature = state.split('.').at(-1)!;
    const flip = (text: string, index: number) =>
      text.slice(0, index) + (text[index] === 'A' ? 'B' : 'A') + text.slice(index + 1);

    it.each([
      ['the signature (first character)', `adsmith_meta_${userId}.${nonce}.${expiresAt}.${flip(signature, 0)}`],
      ['the signature (last character)', `adsmith_meta_${userId}.${nonce}.${expiresAt}.${flip(signature, 42)}`],
      ['the nonce', `adsmith_meta_${userId}.nonce-CCCCCCCCCCCCCCCC.${expiresAt}.${signature}`],
      ['the expiry (pushed later)', `adsmith_meta_${userId}.${nonce}.${expiresAt + 3600}.${signature}`],
    ])('refuses a state with an edited %s as invalid', (_, tampered) => {
      expect(rejection(() => verifyState(tampered, { userId, key, now: issuedAt }))).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: stateMessages.invalid,
      });
    });

    it('refuses a user id swapped for the caller’s own as invalid, not as another user', () => {
      const other = issueState({ userId: 'attacker', key, now: issuedAt, nonce: 'nonce-DDDDDDDDDDDDDDDD' });
      const swapped = other.state.replace('adsmith_meta_attacker.', `adsmith_meta_${userId}.`);

      expect(rejection(() => verifyState(swapped, { userId, key, now: issuedAt }))).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: stateMessages.invalid,
      });
    });
  });

  it.each([
    ['empty', ''],
    ['the bare prefix', 'adsmith_meta_'],
    ['the old form (prefix + user id only)', `adsmith_meta_${userId}`],
    ['a wrong prefix', `other_meta_${userId}.nonce-AAAAAAAAAAAAAAAA.${issuedEpoch}.${'a'.repeat(43)}`],
    ['a non-numeric expiry', `adsmith_meta_${userId}.nonce-AAAAAAAAAAAAAAAA.soon.${'a'.repeat(43)}`],
    ['a short signature', `adsmith_meta_${userId}.nonce-AAAAAAAAAAAAAAAA.${issuedEpoch}.abc`],
    ['a missing user id', `adsmith_meta_.nonce-AAAAAAAAAAAAAAAA.${issuedEpoch}.${'a'.repeat(43)}`],
    ['a very long string', `adsmith_meta_${'x'.repeat(600)}.nonce-AAAAAAAAAAAAAAAA.${issuedEpoch}.${'a'.repeat(43)}`],
  ])('refuses %s as invalid', (_, malformed) => {
    expect(rejection(() => verifyState(malformed, { userId, key, now: issuedAt }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: stateMessages.invalid,
    });
  });

  it('will not issue a state for an empty user id', () => {
    expect(() => issueState({ userId: '', key, now: issuedAt })).toThrow(/user id/);
  });
});

describe('OAuth state key', () => {
  it('refuses to sign or verify with a missing or short key', () => {
    expect(() => issueState({ userId, key: '', now: issuedAt })).toThrow(/at least 16/);
    expect(() => verifyState('adsmith_meta_x', { userId, key: 'short', now: issuedAt })).toThrow(/at least 16/);
  });
});
