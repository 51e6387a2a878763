import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Share links of marketing-mix reports: `<share id>.<expiry, epoch seconds>.<HMAC-SHA256>`, signed
 * with the `mmmShareKey` secret. The token names nothing of its owner (the share id is random;
 * owner and model are found through the shares table), a forged or altered one is refused
 * before any table is read, and its expiry cannot be stretched without the key. Revoking deletes
 * the share row, so a valid signature alone never opens a report.
 */

/** What the signature covers; the prefix keeps a share signature from verifying anything else. */
const signed = (shareId: string, expiresAt: number) => `adsmith-mmm-share:v1:${shareId}.${expiresAt}`;

const sign = (key: string, shareId: string, expiresAt: number) =>
  createHmac('sha256', key).update(signed(shareId, expiresAt)).digest('base64url');

export function shareToken(key: string, shareId: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${shareId}.${seconds}.${sign(key, shareId, seconds)}`;
}

export type TokenCheck =
  | { ok: true; shareId: string; expiresAt: Date }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired'; expiresAt?: Date };

const TOKEN = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function checkShareToken(key: string, token: string, now: Date): TokenCheck {
  const match = TOKEN.exec(token);
  if (!match) return { ok: false, reason: 'malformed' };
  const [, shareId, rawSeconds, signature] = match as unknown as [string, string, string, string];
  const seconds = Number(rawSeconds);
  const expected = Buffer.from(sign(key, shareId, seconds));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  const expiresAt = new Date(seconds * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired', expiresAt };
  return { ok: true, shareId, expiresAt };
}
