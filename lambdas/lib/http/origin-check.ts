import { createHash, timingSafeEqual } from 'node:crypto';
import { ORIGIN_VERIFY_HEADER } from '@shared/secrets';
import { forbidden } from '../errors';
import { readSecret } from '../secrets';

/**
 * True when the request carries the origin-verify value. Both sides are hashed first so the
 * comparison takes the same time whatever the header holds (its length included).
 */
export function carriesOriginValue(headers: Record<string, string | undefined> | undefined, expected: string): boolean {
  const sent = headers?.[ORIGIN_VERIFY_HEADER];
  if (!sent || expected.length === 0) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/**
 * Refuses a request that did not come through CloudFront: the HTTP API's execute-api URL is
 * public, and a caller who finds it would skip the web ACL (managed rules, per-IP rate limit).
 * CloudFront adds the header from the `originVerify` secret; a missing or wrong one is a 403.
 */
export async function assertThroughCloudFront(headers: Record<string, string | undefined> | undefined): Promise<void> {
  const { value } = await readSecret('originVerify');
  if (!carriesOriginValue(headers, value)) throw forbidden('Call the API through the Adsmith site.');
}
