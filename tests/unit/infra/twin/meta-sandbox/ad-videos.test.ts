import { beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { pageIdOf } from '@infra/twin/meta-sandbox/account-assets';
import {
  createAdVideo,
  prepareVideoUpload,
  processingMs,
  readAdVideo,
  VIDEO_PROBE_PARAM,
} from '@infra/twin/meta-sandbox/ad-videos';
import { createAd, createAdImage, createAdSet, createCreative } from '@infra/twin/meta-sandbox/graph-create';
import { UPLOADED_FILE_FIELD } from '@infra/twin/meta-sandbox/request-input';
import { current } from '@infra/twin/meta-sandbox/world';
import { tinyVideo } from '@tests/support/tiny-video';
import { accountByCurrency, demoWorld, FIXED_NOW } from './world-fixture';
import { errorOf } from './graph-error-of';

const ORIGIN = 'http://127.0.0.1:9';

/** An upload as the HTTP layer hands it on: a multipart file under `source`, probed by FFmpeg's demuxer. */
async function upload(bytes: Buffer, extra: Record<string, string> = {}) {
  return prepareVideoUpload({ bytes: bytes.toString('base64'), [UPLOADED_FILE_FIELD]: 'source', ...extra });
}

function setup() {
  const { world } = demoWorld();
  const usd = accountByCurrency(world, 'USD');
  const campaign = [...world.campaigns.values()].find(
    (c) => c.accountId === usd.accountId && current(c.budgetHistory)?.daily !== undefined,
  )!;
  const adSet = createAdSet(
    world,
    usd,
    {
      name: 'Video set',
      campaign_id: campaign.id,
      optimization_goal: 'LINK_CLICKS',
      billing_event: 'IMPRESSIONS',
      destination_type: 'WEBSITE',
      status: 'PAUSED',
      targeting: JSON.stringify({
        geo_locations: { countries: ['US'] },
        age_min: 25,
        age_max: 55,
        targeting_automation: { advantage_audience: 0 },
      }),
    },
    FIXED_NOW,
  );
  return { world, usd, adSetId: adSet.id };
}

async function refusal(bytes: Buffer) {
  const { world, usd } = setup();
  const params = await upload(bytes);
  return errorOf(() => createAdVideo(world, usd, params, FIXED_NOW)).body;
}

describe('POST /act_{id}/advideos in the Meta sandbox', () => {
  let good: Buffer;
  beforeAll(async () => {
    good = await tinyVideo({ width: 90, height: 160, seconds: 4 });
  }, 30_000);

  it('accepts an H.264 MP4 sent as source and answers {id}; GET shows processing, then ready', async () => {
    const { world, usd } = setup();
    const { id } = createAdVideo(world, usd, await upload(good, { title: 'Spring sale' }), FIXED_NOW);
    expect(id).toMatch(/^\d{16}$/);
    const read = (at: Date) => readAdVideo(world.videos.get(id)!, ['id', 'title', 'length', 'status'], at, ORIGIN);
    const early = read(new Date(FIXED_NOW.getTime() + 1000));
    expect(early).toMatchObject({ id, title: 'Spring sale', status: { video_status: 'processing' } });
    expect(early.length).toBeCloseTo(4, 1);
    const wait = processingMs(4);
    expect(wait).toBeGreaterThan(2000);
    expect(read(new Date(FIXED_NOW.getTime() + wait)).status).toMatchObject({ video_status: 'ready' });
    expect(() => readAdVideo(world.videos.get(id)!, ['bogus'], FIXED_NOW, ORIGIN)).toThrow(/nonexisting field/);
  });

  it('refuses a PNG named .mp4 as "No Video Detected" (6000 / 1363031)', async () => {
    const png = await readFile('web/public/og-image.png');
    expect(await refusal(png)).toMatchObject({ code: 6000, error_subcode: 1363031 });
  });

  it('refuses a codec video ads do not take (MPEG-4 Part 2) with 352', async () => {
    const body = await refusal(await tinyVideo({ codec: 'mpeg4' }));
    expect(body).toMatchObject({ code: 352, error_user_title: 'Unsupported Codec' });
    expect(body.error_user_msg).toContain('mpeg4');
  });

  it('refuses a video under 1 second, and a ratio wider than 16:9', async () => {
    expect(await refusal(await tinyVideo({ seconds: 0.5, fps: 30 }))).toMatchObject({
      code: 6000,
      error_user_title: 'Video Too Short',
    });
    expect(await refusal(await tinyVideo({ width: 192, height: 64 }))).toMatchObject({
      code: 6000,
      error_user_title: 'Unsupported Aspect Ratio',
    });
  });

  it('refuses a video over the 20 minutes of a one-request upload', async () => {
    const long = await tinyVideo({ width: 32, height: 32, fps: 1, seconds: 20 * 60 + 5 });
    expect(await refusal(long)).toMatchObject({ code: 6000, error_user_title: 'Video Too Long' });
  }, 60_000);

  it('refuses under 1 KB (1363022), no file (1363020), a file not sent as source, and resumable uploads', async () => {
    const { world, usd } = setup();
    const tiny = await upload(Buffer.alloc(500, 1));
    expect(errorOf(() => createAdVideo(world, usd, tiny, FIXED_NOW)).body.error_subcode).toBe(1363022);
    expect(errorOf(() => createAdVideo(world, usd, {}, FIXED_NOW)).body.error_subcode).toBe(1363020);
    const wrongField = await prepareVideoUpload({ bytes: good.toString('base64'), [UPLOADED_FILE_FIELD]: 'file' });
    expect(errorOf(() => createAdVideo(world, usd, wrongField, FIXED_NOW)).body.error_subcode).toBe(1363020);
    const chunked = await prepareVideoUpload({ upload_phase: 'start', file_size: '100000000' });
    expect(errorOf(() => createAdVideo(world, usd, chunked, FIXED_NOW)).body.message).toMatch(/resumable uploads/);
  });

  it('ignores a probe a client sent itself', async () => {
    const params = await prepareVideoUpload({
      source: Buffer.alloc(4000, 7).toString('base64'),
      [VIDEO_PROBE_PARAM]: JSON.stringify({ container: 'mov,mp4,m4a,3gp,3g2,mj2', codec: 'h264', width: 9 }),
    });
    expect(JSON.parse(params[VIDEO_PROBE_PARAM]!)).toBeNull();
  });

  it('fetches file_url only from this machine', async () => {
    await expect(prepareVideoUpload({ file_url: 'https://cdn.example.com/v.mp4' })).rejects.toThrow(
      /only from this machine/,
    );
  });
});

describe('video ads (object_story_spec.video_data) in the Meta sandbox', () => {
  let bytes: Buffer;
  let png: Buffer;
  beforeAll(async () => {
    bytes = await tinyVideo({ seconds: 6 });
    png = await readFile('web/public/og-image.png');
  }, 30_000);

  async function withVideo() {
    const base = setup();
    const { id: videoId } = createAdVideo(base.world, base.usd, await upload(bytes), FIXED_NOW);
    const image = createAdImage(base.world, base.usd, { bytes: png.toString('base64') }, FIXED_NOW, ORIGIN) as {
      images: Record<string, { hash: string }>;
    };
    const hash = Object.values(image.images)[0]!.hash;
    const creative = (videoData: Record<string, unknown>) =>
      createCreative(
        base.world,
        base.usd,
        {
          name: 'Video creative',
          object_story_spec: JSON.stringify({
            page_id: pageIdOf(base.usd),
            video_data: {
              video_id: videoId,
              image_hash: hash,
              title: 'Handmade mugs',
              message: 'Made in small batches.',
              call_to_action: { type: 'SHOP_NOW', value: { link: 'https://shop.example.com' } },
              ...videoData,
            },
          }),
        },
        FIXED_NOW,
      );
    const ad = (creativeId: string, at: Date) =>
      createAd(
        base.world,
        base.usd,
        {
          name: 'Video ad',
          adset_id: base.adSetId,
          status: 'PAUSED',
          creative: JSON.stringify({ creative_id: creativeId }),
        },
        at,
      );
    return { ...base, videoId, creative, ad };
  }

  it('refuses the ad while the video is processing and accepts it once ready', async () => {
    const { creative, ad } = await withVideo();
    const { id } = creative({});
    const early = errorOf(() => ad(id, new Date(FIXED_NOW.getTime() + 1000))).body;
    expect(early).toMatchObject({ code: 100, error_user_title: 'Video Still Processing' });
    expect(ad(id, new Date(FIXED_NOW.getTime() + processingMs(6))).id).toMatch(/^\d+$/);
  });

  it('refuses a creative without a thumbnail (1443226), video id, call to action link, or with an unknown key', async () => {
    const { creative } = await withVideo();
    const body = (data: Record<string, unknown>) => errorOf(() => creative(data)).body;
    expect(body({ image_hash: undefined })).toMatchObject({ code: 100, error_subcode: 1443226 });
    expect(body({ video_id: undefined }).message).toMatch(/video_id\] is required/);
    expect(body({ video_id: '1207000000000000' }).error_user_title).toBe('Invalid Video');
    expect(body({ call_to_action: { type: 'SHOP_NOW' } }).error_user_title).toBe('Invalid Link');
    expect(body({ call_to_action: undefined }).message).toMatch(/call_to_action\]\[type\] is required/);
    expect(body({ link: 'https://shop.example.com' }).message).toMatch(/unknown key link/);
    expect(body({ image_hash: 'nosuchhash1' }).error_user_title).toBe('Image Not Found');
  });

  it('keeps what Meta reads back: the video_data with its video, thumbnail and link', async () => {
    const { creative, world, videoId } = await withVideo();
    const { id } = creative({});
    expect(world.creatives.get(id)).toMatchObject({
      videoId,
      link: 'https://shop.example.com',
      callToActionType: 'SHOP_NOW',
      headline: 'Handmade mugs',
    });
  });
});
