import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageIdOf } from '@infra/twin/meta-sandbox/account-assets';
import { handleGeneratePreviews, previewPage } from '@infra/twin/meta-sandbox/ad-previews';
import { createAdImage } from '@infra/twin/meta-sandbox/graph-create';
import { accountByCurrency, demoWorld, FIXED_NOW } from './world-fixture';
import { errorOf } from './graph-error-of';

/** Issue 29: generatepreviews of a video ad (`video_data`), checked as Meta checks the creative and drawn as video. */

const ORIGIN = 'http://127.0.0.1:9';
const VIDEO_ID = '1207000000000001';

let png: Buffer;
beforeAll(async () => {
  png = await readFile('web/public/og-image.png');
});

function setup() {
  const { world } = demoWorld();
  const usd = accountByCurrency(world, 'USD');
  // A processed 6 s vertical video in the USD account's library (what POST advideos leaves there).
  world.videos.set(VIDEO_ID, {
    id: VIDEO_ID,
    accountId: usd.accountId,
    title: 'Mugs',
    length: 6,
    width: 1080,
    height: 1920,
    bytes: 400_000,
    container: 'mov,mp4,m4a,3gp,3g2,mj2',
    codec: 'h264',
    createdTime: FIXED_NOW,
    readyAt: FIXED_NOW,
  });
  const image = createAdImage(world, usd, { bytes: png.toString('base64') }, FIXED_NOW, ORIGIN) as {
    images: Record<string, { hash: string }>;
  };
  const hash = Object.values(image.images)[0]!.hash;
  const preview = (videoData: Record<string, unknown>, format = 'MOBILE_FEED_STANDARD') =>
    handleGeneratePreviews(
      world,
      usd,
      {
        ad_format: format,
        creative: JSON.stringify({
          object_story_spec: {
            page_id: pageIdOf(usd),
            video_data: {
              video_id: VIDEO_ID,
              image_hash: hash,
              title: 'Warm mornings',
              message: 'Handmade stoneware, fired twice.',
              call_to_action: { type: 'SHOP_NOW', value: { link: 'https://shop.example.com/mugs' } },
              ...videoData,
            },
          },
        }),
      },
      ORIGIN,
      FIXED_NOW,
    );
  return { world, preview };
}

/** The page the reply's iframe points at, as the sandbox serves it. */
function framePage(world: ReturnType<typeof setup>['world'], reply: ReturnType<ReturnType<typeof setup>['preview']>) {
  const body = (reply.json as { data: Array<{ body: string }> }).data[0]!.body;
  const src = /^<iframe src="([^"]+)"/.exec(body)![1]!.replaceAll('&amp;', '&');
  return previewPage(world, new URL(src).searchParams.get('d') ?? undefined).html!;
}

describe('generatepreviews of a video ad in the Meta sandbox', () => {
  it('answers Meta’s list of one iframe whose page draws the video with its thumbnail, copy and button', () => {
    const { world, preview } = setup();

    const reply = preview({});

    expect(reply.status).toBe(200);
    const data = (reply.json as { data: Array<{ body: string }> }).data;
    expect(data).toHaveLength(1);
    expect(data[0]!.body).toMatch(/^<iframe src="http:\/\/127\.0\.0\.1:9\/ads\/api\/preview_iframe\.php\?d=/);
    const page = framePage(world, reply);
    expect(page).toMatch(/<video [^>]*aria-label="Ad video"[^>]*data-video-id="1207000000000001"/);
    expect(page).toMatch(/<video [^>]*poster="data:image\/png;base64,/);
    expect(page).toContain('0:06');
    expect(page).toContain('Handmade stoneware, fired twice.');
    expect(page).toContain('Warm mornings');
    expect(page).toContain('>Shop now</a>');
    expect(page).not.toContain('alt="Ad image"');
  });

  it('draws it full-screen in Instagram Reels', () => {
    const { world, preview } = setup();
    const page = framePage(world, preview({}, 'INSTAGRAM_REELS'));
    expect(page).toMatch(/<main class="story">.*<video /s);
  });

  it('refuses, as Meta does, a video not in the account’s library and a video without a thumbnail', () => {
    const { preview } = setup();

    const unknown = errorOf(() => preview({ video_id: '1207999999999999' })).body;
    const noThumbnail = errorOf(() => preview({ image_hash: undefined })).body;

    expect(unknown).toMatchObject({ code: 100, error_user_title: 'Invalid Video' });
    expect(noThumbnail).toMatchObject({ code: 100, error_subcode: 1443226 });
  });
});
