import { createHash } from 'node:crypto';
import { pageIdOf } from './account-assets.js';
import type { AdAccount, AdImage, Ad, World } from './world.js';

/**
 * The images of the seeded ads' inline creatives. Real ads show an uploaded image; the seed keeps
 * none, so each seeded ad gets one derived from its creative id: a hash in the ad account's image
 * library (`image_hash`, usable by a new creative as Meta allows) and an SVG as a data: URL for
 * `image_url` and `thumbnail_url` (the sandbox answers with no network; Meta answers fbcdn URLs).
 */

export function seededImageHash(ad: Pick<Ad, 'creativeId'>): string {
  return createHash('md5').update(`seeded-image:${ad.creativeId}`).digest('hex');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A 1.91:1 tile in a colour of its own with the ad's theme and format, as an SVG data: URL. */
export function seededImageDataUrl(ad: Pick<Ad, 'creativeId' | 'name'>): string {
  const hash = seededImageHash(ad);
  const hue = parseInt(hash.slice(0, 4), 16) % 360;
  const [theme = ad.name, format = ''] = ad.name.split(' | ');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="314" viewBox="0 0 600 314">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,42%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,28%)"/></linearGradient></defs>` +
    `<rect width="600" height="314" fill="url(#g)"/>` +
    `<path d="M0 260 L150 150 L260 230 L380 110 L600 270 L600 314 L0 314 Z" fill="hsla(0,0%,100%,0.18)"/>` +
    `<text x="32" y="70" font-family="sans-serif" font-size="38" font-weight="700" fill="#fff">${escapeXml(theme)}</text>` +
    `<text x="32" y="110" font-family="sans-serif" font-size="22" fill="hsla(0,0%,100%,0.85)">${escapeXml(format)}</text>` +
    `</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The seeded image with this hash in the account, as `adimages` would list it; undefined when none. */
export function findSeededImage(world: World, accountId: string, hash: string): AdImage | undefined {
  for (const ad of world.ads.values()) {
    if (ad.accountId !== accountId || ad.createdCreative || seededImageHash(ad) !== hash) continue;
    const dataUrl = seededImageDataUrl(ad);
    return {
      hash,
      accountId,
      name: `${ad.name}.svg`,
      url: dataUrl,
      dataUrl,
      width: 600,
      height: 314,
      createdTime: ad.createdTime,
    };
  }
  return undefined;
}

/** The landing page a seeded ad links to: the store's page for its theme. */
export function seededLink(ad: Pick<Ad, 'name'>): string {
  const theme = ad.name.split(' | ')[0] ?? 'shop';
  const slug = theme
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `https://www.example.com/${slug || 'shop'}`;
}

/** The seeded creative's `object_story_spec`: a single-image link ad on the account's Page. */
export function seededStorySpec(
  account: AdAccount,
  ad: Ad,
  text: { message: string; headline: string },
): Record<string, unknown> {
  const link = seededLink(ad);
  return {
    page_id: pageIdOf(account),
    link_data: {
      link,
      message: text.message,
      name: text.headline,
      image_hash: seededImageHash(ad),
      call_to_action: { type: ad.callToActionType, value: { link } },
    },
  };
}
