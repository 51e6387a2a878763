import { createHash, randomBytes } from 'node:crypto';
import { SITE_KEY_PREFIX } from '@shared/schemas/site-events';

/**
 * A site key of the first-party Conversions API: `adsk_` + 32 random bytes (base64url). Only its SHA-256 is stored:
 * a key of 256 random bits needs no slow hash (nothing to guess from its hash), and a fast one lets the endpoint find
 * it in one index query. Shown once, at creation.
 */
export interface NewSiteKey {
  id: string;
  key: string;
  hash: string;
  /** What the key list shows of it. */
  start: string;
}

export const siteKeyHash = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

export function newSiteKey(random: (size: number) => Buffer = randomBytes): NewSiteKey {
  const key = `${SITE_KEY_PREFIX}${random(32).toString('base64url')}`;
  return {
    id: random(8).toString('hex'),
    key,
    hash: siteKeyHash(key),
    start: key.slice(0, SITE_KEY_PREFIX.length + 6),
  };
}
