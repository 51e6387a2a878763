import { describe, expect, it } from 'vitest';
import { checkShareToken, shareToken } from '@lambdas/lib/mmm/share-token';

const KEY = 'k'.repeat(48);
const SHARE = '0b5f3c9e-3f1a-4c1e-9d7b-2a6f1e0c4d55';
const now = new Date('2026-11-22T12:00:00Z');
const inAWeek = new Date('2026-11-29T12:00:00Z');

describe('share link tokens', () => {
  it('verifies its own token until the expiry it carries', () => {
    const token = shareToken(KEY, SHARE, inAWeek);
    expect(token.startsWith(`${SHARE}.`)).toBe(true);
    expect(checkShareToken(KEY, token, now)).toEqual({ ok: true, shareId: SHARE, expiresAt: inAWeek });
    expect(checkShareToken(KEY, token, new Date('2026-11-29T11:59:59Z')).ok).toBe(true);
    expect(checkShareToken(KEY, token, inAWeek)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('refuses a token whose expiry was stretched, or signed with another key', () => {
    const token = shareToken(KEY, SHARE, inAWeek);
    const [id, seconds, signature] = token.split('.');
    const stretched = `${id}.${Number(seconds) + 86_400 * 365}.${signature}`;
    expect(checkShareToken(KEY, stretched, now)).toEqual({ ok: false, reason: 'signature' });
    expect(checkShareToken('x'.repeat(48), token, now)).toEqual({ ok: false, reason: 'signature' });
    const otherShare = `${'1'.repeat(8)}${id!.slice(8)}.${seconds}.${signature}`;
    expect(checkShareToken(KEY, otherShare, now)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses anything that is not a token', () => {
    for (const token of ['', 'abc', `${SHARE}.123`, `${SHARE}.x.${'a'.repeat(43)}`, `../${SHARE}.1.${'a'.repeat(43)}`])
      expect(checkShareToken(KEY, token, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('carries no owner or model: only the random share id, the expiry and the signature', () => {
    const token = shareToken(KEY, SHARE, inAWeek);
    expect(token.split('.')).toHaveLength(3);
    expect(token).toMatch(/^[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);
  });
});
