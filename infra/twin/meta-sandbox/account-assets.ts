import type { AdAccount } from './world.js';

/**
 * The Page, pixel and app every sandbox ad account can promote (what
 * `GET /act_{id}/promote_pages` and `/adspixels` list). Ids are derived from
 * the account id, matching the promoted objects seeded ad sets report.
 */

export function pageIdOf(account: AdAccount): string {
  return `10${account.accountId.slice(2, 15)}`;
}

export function pixelIdOf(account: AdAccount): string {
  return `7${account.accountId.slice(1, 15)}`;
}

export const SANDBOX_APP = {
  id: '1234567890123456',
  storeUrl: 'https://play.google.com/store/apps/details?id=com.example.outdoor',
  /** Every store page registered for the app (Google Play and the App Store). */
  storeUrls: [
    'https://play.google.com/store/apps/details?id=com.example.outdoor',
    'https://apps.apple.com/us/app/outdoor-example/id1234567890',
  ],
};

export function promotePages(account: AdAccount): Array<{ id: string; name: string }> {
  return [{ id: pageIdOf(account), name: account.businessName }];
}

export function adsPixels(account: AdAccount): Array<{ id: string; name: string }> {
  return [{ id: pixelIdOf(account), name: `${account.businessName} Pixel` }];
}
