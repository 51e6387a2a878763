import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { META_STATE_PREFIX } from '@shared/constants';
import { AppError } from '../errors';

/**
 * The OAuth `state` we send to Meta's dialog and check on the callback.
 *
 * Format (readable in logs: the fixed prefix and the user id first):
 *
 *   adsmith_meta_<userId>.<nonce>.<expiresAtEpochSeconds>.<signature>
 *
 * - nonce: 16 random bytes, base64url (also the key of the single-use row in the
 *   oauthStates table, see oauth-state-store.ts);
 * - signature: base64url HMAC-SHA256(key, "adsmith_meta_<userId>.<nonce>.<exp>").
 *
 * The string is parsed from the right, so a user id that contains dots still
 * round-trips; nonce, expiry and signature never contain dots.
 */

export const DEFAULT_STATE_TTL_SECONDS = 600;

export const stateMessages = {
  invalid: 'This sign-in link with Meta is not valid. Please try connecting again.',
  expired: 'This sign-in link with Meta has expired. Please try connecting again.',
  otherUser: 'This sign-in link with Meta was started by another account. Please try connecting again.',
} as const;

export interface IssuedState {
  state: string;
  nonce: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface VerifiedState {
  nonce: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface IssueStateInput {
  userId: string;
  /** The HMAC key (from Secrets Manager), never logged. */
  key: string | Buffer;
  now: Date;
  ttlSeconds?: number;
  /** Only for tests: a fixed nonce. */
  nonce?: string;
}

export interface VerifyStateInput {
  /** The signed-in user, from the verified JWT. */
  userId: string;
  key: string | Buffer;
  now: Date;
}

/** An empty or short key would make the signature worthless; refuse to run with one. */
const MIN_KEY_LENGTH = 16;

const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const EXPIRY_PATTERN = /^[0-9]{1,12}$/;
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Keeps the state well inside Meta's limits and our logs readable. */
const MAX_STATE_LENGTH = 512;

export function issueState({
  userId,
  key,
  now,
  ttlSeconds = DEFAULT_STATE_TTL_SECONDS,
  nonce,
}: IssueStateInput): IssuedState {
  assertUsableKey(key);
  if (!userId || /\s/.test(userId)) throw new Error('issueState needs a user id without whitespace');
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) throw new Error('issueState needs a positive whole ttlSeconds');
  const stateNonce = nonce ?? randomBytes(16).toString('base64url');
  if (!NONCE_PATTERN.test(stateNonce)) throw new Error('issueState needs a base64url nonce of 16 to 64 characters');
  const expiresAt = epochSeconds(now) + ttlSeconds;
  const signed = signedPart(userId, stateNonce, expiresAt);
  return { state: `${signed}.${sign(key, signed)}`, nonce: stateNonce, expiresAt };
}

/**
 * Checks, in this order: shape, signature, owner, expiry. The signature comes
 * before the owner so that an edited user id reads as tampering, and the owner
 * before expiry so that someone else's link is refused as such even when old.
 */
export function verifyState(state: string, { userId, key, now }: VerifyStateInput): VerifiedState {
  assertUsableKey(key);
  const parsed = parseState(state);
  if (!parsed) throw new AppError('VALIDATION_ERROR', stateMessages.invalid);

  // Compared as text, not decoded bytes: base64url's spare bits would otherwise
  // let a different last character pass as the same signature.
  const expected = Buffer.from(sign(key, signedPart(parsed.userId, parsed.nonce, parsed.expiresAt)));
  const given = Buffer.from(parsed.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('VALIDATION_ERROR', stateMessages.invalid);
  }
  if (parsed.userId !== userId) throw new AppError('FORBIDDEN', stateMessages.otherUser);
  if (parsed.expiresAt <= epochSeconds(now)) throw new AppError('VALIDATION_ERROR', stateMessages.expired);
  return { nonce: parsed.nonce, expiresAt: parsed.expiresAt };
}

interface ParsedState {
  userId: string;
  nonce: string;
  expiresAt: number;
  signature: string;
}

function parseState(state: unknown): ParsedState | undefined {
  if (typeof state !== 'string' || state.length > MAX_STATE_LENGTH || !state.startsWith(META_STATE_PREFIX)) {
    return undefined;
  }
  const parts = state.slice(META_STATE_PREFIX.length).split('.');
  if (parts.length < 4) return undefined;
  const signature = parts.pop()!;
  const expiry = parts.pop()!;
  const nonce = parts.pop()!;
  const userId = parts.join('.');
  if (!userId || /\s/.test(userId)) return undefined;
  if (!NONCE_PATTERN.test(nonce) || !EXPIRY_PATTERN.test(expiry) || !SIGNATURE_PATTERN.test(signature)) {
    return undefined;
  }
  return { userId, nonce, expiresAt: Number(expiry), signature };
}

function assertUsableKey(key: string | Buffer): void {
  if (key.length < MIN_KEY_LENGTH) throw new Error(`The OAuth state key must be at least ${MIN_KEY_LENGTH} long`);
}

function signedPart(userId: string, nonce: string, expiresAt: number): string {
  return `${META_STATE_PREFIX}${userId}.${nonce}.${expiresAt}`;
}

function sign(key: string | Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
