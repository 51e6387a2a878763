import { enumParameter, invalidParameter } from './graph-error.js';
import { findVideo } from './ad-videos.js';
import { checkStorySpec, findImage, jsonParam, type CreateParams } from './graph-create.js';
import { jsonReply, type Reply } from './reply.js';
import type { AdAccount, AdCreativeObject, World } from './world.js';

/**
 * `GET /act_{id}/generatepreviews?creative=…&ad_format=…`: Meta answers
 * `{data:[{body:"<iframe src=… width=… height=…>"}]}` and the iframe page renders
 * the ad. The sandbox serves that page itself at `/ads/api/preview_iframe.php`
 * (the path Meta uses), with the ad encoded in `d`. An image of the account's library travels as its
 * hash and is drawn from the library when the page is served: its bytes would make the frame's URL far longer
 * than an HTTP request line may be (Node answers 431 past 16 KB), leaving the frame blank.
 * A video ad (`video_data`) is drawn as Meta's preview shows one before it plays: a `<video>` whose poster is the
 * creative's thumbnail, with its length, the copy and the button (the sandbox keeps a library video's facts, not
 * its bytes, so there is nothing to play).
 */

export const AD_FORMATS = [
  'DESKTOP_FEED_STANDARD',
  'MOBILE_FEED_STANDARD',
  'INSTAGRAM_STANDARD',
  'INSTAGRAM_STORY',
  'INSTAGRAM_REELS',
  'FACEBOOK_STORY_MOBILE',
] as const;

const FRAME_SIZE: Record<string, { width: number; height: number }> = {
  DESKTOP_FEED_STANDARD: { width: 502, height: 497 },
  MOBILE_FEED_STANDARD: { width: 335, height: 462 },
  INSTAGRAM_STANDARD: { width: 335, height: 500 },
  INSTAGRAM_STORY: { width: 320, height: 570 },
  INSTAGRAM_REELS: { width: 320, height: 570 },
  FACEBOOK_STORY_MOBILE: { width: 320, height: 570 },
};

interface PreviewAd {
  format: string;
  page: string;
  message?: string;
  headline?: string;
  description?: string;
  cta?: string;
  link: string;
  /** A picture URL given in link_data (short). */
  image?: string;
  /** An image of the account's library, by hash. */
  imageRef?: { accountId: string; hash: string };
  /** A video ad's library video: its id, length and shape (the thumbnail above is its poster). */
  video?: { id: string; seconds: number; width: number; height: number };
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

function ctaLabel(type: string | undefined): string {
  if (!type) return 'Learn more';
  const words = type.toLowerCase().split('_').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function handleGeneratePreviews(
  world: World,
  account: AdAccount,
  params: CreateParams,
  origin: string,
  now: Date,
): Reply {
  const format = params.ad_format;
  if (format === undefined) throw invalidParameter('(#100) The parameter ad_format is required');
  if (!(AD_FORMATS as readonly string[]).includes(format)) throw enumParameter('ad_format', AD_FORMATS);
  const spec = jsonParam(params, 'creative');
  if (spec === undefined) throw invalidParameter('(#100) The parameter creative is required');
  if (typeof spec !== 'object' || spec === null) throw invalidParameter('(#100) param creative must be JSON object.');
  const given = spec as { creative_id?: unknown; object_story_spec?: unknown };
  let creative: Omit<AdCreativeObject, 'id'>;
  if (given.creative_id !== undefined) {
    const found = world.creatives.get(String(given.creative_id));
    if (!found || found.accountId !== account.accountId) {
      throw invalidParameter(`(#100) The creative ${String(given.creative_id)} does not exist in this ad account.`);
    }
    creative = found;
  } else {
    // Checked as adcreatives checks it (graph-create.ts): a video_data whose video_id is not in this account's
    // library is "Invalid Video", one without a thumbnail (image_hash or image_url) is subcode 1443226 (Ad Creative
    // Video Data reference: a video creative needs a thumbnail).
    creative = checkStorySpec(world, account, given.object_story_spec, undefined, now);
  }
  const video = creative.videoId ? findVideo(world, account.accountId, creative.videoId) : undefined;
  // A carousel is previewed by its first card (headline and image) under the ad's text.
  const firstCard = creative.carousel?.cards[0];
  const imageHash = creative.imageHash ?? firstCard?.imageHash;
  const image = imageHash ? findImage(world, account.accountId, imageHash) : undefined;
  const headline = creative.headline ?? firstCard?.name;
  const ad: PreviewAd = {
    format,
    page: account.businessName,
    link: creative.link,
    ...(creative.message !== undefined && { message: creative.message }),
    ...(headline !== undefined && { headline }),
    ...(creative.description !== undefined && { description: creative.description }),
    ...(creative.callToActionType !== undefined && { cta: creative.callToActionType }),
    ...(video && {
      video: { id: video.id, seconds: video.length, width: video.width, height: video.height },
    }),
    ...(image
      ? { imageRef: { accountId: image.accountId, hash: image.hash } }
      : (creative.picture ?? firstCard?.picture) !== undefined && { image: creative.picture ?? firstCard?.picture }),
  };
  const size = FRAME_SIZE[format]!;
  const d = Buffer.from(JSON.stringify(ad)).toString('base64url');
  const src = `${origin}/ads/api/preview_iframe.php?d=${d}&t=${Date.now().toString(36)}`;
  return jsonReply({
    data: [
      {
        body: `<iframe src="${escapeHtml(src)}" width="${size.width}" height="${size.height}" scrolling="yes" style="border: none;"></iframe>`,
      },
    ],
  });
}

function clock(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A video ad before it plays: the video with its thumbnail as poster, a play mark and its length. */
function videoMedia(video: NonNullable<PreviewAd['video']>, poster: string | undefined): string {
  const shape = video.height > video.width ? '' : ' square';
  return `<div class="clip${shape}"><video class="media" aria-label="Ad video" data-video-id="${escapeHtml(video.id)}" preload="none" playsinline muted${
    poster ? ` poster="${escapeHtml(poster)}"` : ''
  }></video><span class="play" aria-hidden="true">&#9654;</span><span class="length">${clock(video.seconds)}</span></div>`;
}

/** The page inside the preview iframe: the ad drawn in the look of the placement. */
export function previewPage(world: World, d: string | undefined): Reply {
  let ad: PreviewAd;
  try {
    ad = JSON.parse(Buffer.from(d ?? '', 'base64url').toString('utf8')) as PreviewAd;
    if (typeof ad.link !== 'string' || typeof ad.format !== 'string') throw new Error('bad');
  } catch {
    return { status: 400, html: '<!doctype html><p>This preview link is not valid.</p>' };
  }
  const story = ['INSTAGRAM_STORY', 'INSTAGRAM_REELS', 'FACEBOOK_STORY_MOBILE'].includes(ad.format);
  const instagram = ad.format.startsWith('INSTAGRAM');
  const domain = (() => {
    try {
      return new URL(ad.link).hostname.replace(/^www\./, '').toUpperCase();
    } catch {
      return '';
    }
  })();
  const stored = ad.imageRef ? findImage(world, ad.imageRef.accountId, ad.imageRef.hash) : undefined;
  const source = stored ? (stored.dataUrl ?? stored.url) : ad.image;
  const image = ad.video
    ? videoMedia(ad.video, source)
    : source
      ? `<img class="media" alt="Ad image" src="${escapeHtml(source)}">`
      : `<div class="media placeholder" role="img" aria-label="Ad image">${escapeHtml(ad.headline ?? domain)}</div>`;
  const header = `<header><span class="avatar" aria-hidden="true">${escapeHtml(ad.page.charAt(0))}</span><span><b>${escapeHtml(
    instagram ? ad.page.toLowerCase().replace(/[^a-z0-9]+/g, '') : ad.page,
  )}</b><small>Sponsored</small></span></header>`;
  const cta = `<a class="cta" href="${escapeHtml(ad.link)}" target="_blank" rel="noopener">${escapeHtml(ctaLabel(ad.cta))}</a>`;
  const body = story
    ? `<main class="story">${image}${header}<p class="story-text">${escapeHtml(ad.message ?? '')}</p><div class="swipe">${cta}</div></main>`
    : `<main class="feed ${instagram ? 'ig' : 'fb'}">${header}${instagram ? '' : `<p class="message">${escapeHtml(ad.message ?? '')}</p>`}${image}<footer><span><small>${escapeHtml(domain)}</small><b>${escapeHtml(ad.headline ?? '')}</b><small>${escapeHtml(ad.description ?? '')}</small></span>${cta}</footer>${instagram ? `<p class="message"><b>${escapeHtml(ad.page.toLowerCase().replace(/[^a-z0-9]+/g, ''))}</b> ${escapeHtml(ad.message ?? '')}</p>` : ''}</main>`;
  const css = `*{box-sizing:border-box}body{margin:0;font:14px/1.35 Helvetica,Arial,sans-serif;color:#050505;background:#fff}
header{display:flex;gap:8px;align-items:center;padding:10px 12px}header span{display:flex;flex-direction:column}
.avatar{width:36px;height:36px;border-radius:50%;background:#1877f2;color:#fff;align-items:center;justify-content:center;font-weight:700}
small{color:#65676b;font-size:12px}.message{margin:0 12px 10px;white-space:pre-wrap}
.media{display:block;width:100%;aspect-ratio:1.91/1;object-fit:cover;background:#e4e6eb}.ig .media{aspect-ratio:1/1}
.placeholder{display:flex;align-items:center;justify-content:center;font-weight:700;font-size:20px;color:#1c2b33;background:linear-gradient(135deg,#d8e4f0,#a9c4de);text-align:center;padding:16px}
footer{display:flex;justify-content:space-between;align-items:center;gap:8px;padding:10px 12px;background:#f0f2f5}footer span{display:flex;flex-direction:column;min-width:0}
.cta{flex:none;padding:8px 12px;border-radius:6px;background:#e4e6eb;color:#050505;font-weight:600;text-decoration:none}
.story{position:relative;height:100vh;background:#000;color:#fff;overflow:hidden}.story .media{position:absolute;inset:0;height:100%;aspect-ratio:auto}
.story header{position:relative;color:#fff}.story small{color:#ddd}.story-text{position:absolute;left:12px;right:12px;bottom:90px;margin:0;text-shadow:0 1px 3px #000}
.swipe{position:absolute;left:0;right:0;bottom:24px;text-align:center}.swipe .cta{background:#fff}
.clip{position:relative;background:#000}.clip .media{aspect-ratio:4/5}.clip.square .media{aspect-ratio:1/1}
.play{position:absolute;left:50%;top:50%;width:56px;height:56px;margin:-28px 0 0 -28px;border-radius:50%;background:rgba(0,0,0,.55);color:#fff;font-size:24px;display:flex;align-items:center;justify-content:center}
.length{position:absolute;right:8px;bottom:8px;padding:2px 6px;border-radius:4px;background:rgba(0,0,0,.6);color:#fff;font-size:12px}
.story .clip{position:absolute;inset:0}.story .clip .media{height:100%;aspect-ratio:auto}`;
  return {
    status: 200,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ad preview</title><style>${css}</style></head><body>${body}</body></html>`,
  };
}
