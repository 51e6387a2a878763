import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { INVITATION_TTL_DAYS } from '@shared/schemas/team';

/**
 * An invitation's token: `<id>.<secret>`. The id (public: it names the invitation in lists and revokes) finds
 * the row; only the secret's SHA-256 is stored, so a leaked table gives no working link. 256 random bits make
 * guessing hopeless, so a fast hash is enough (no password-style stretching).
 */
export interface IssuedToken {
  id: string;
  token: string;
  hash: string;
  /** Unix seconds. */
  expiresAt: number;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function issueToken(now: Date, ttlDays = INVITATION_TTL_DAYS): IssuedToken {
  const id = randomBytes(18).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  return {
    id,
    token: `${id}.${secret}`,
    hash: hashSecret(secret),
    expiresAt: Math.floor(now.getTime() / 1000) + ttlDays * 24 * 3600,
  };
}

/** Splits a token shaped by InvitationTokenSchema. */
export function splitToken(token: string): { id: string; secret: string } {
  const dot = token.indexOf('.');
  return { id: token.slice(0, dot), secret: token.slice(dot + 1) };
}

/** Whether `secret` is the one whose hash was stored (constant time in the hash). */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Whether an invitation expiring at `expiresAt` (Unix seconds) still works at `now`. */
export function isLive(expiresAt: number, now: Date): boolean {
  return expiresAt * 1000 > now.getTime();
}
