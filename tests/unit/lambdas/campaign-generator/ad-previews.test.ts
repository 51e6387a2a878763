import { describe, expect, it } from 'vitest';
import type { GraphClient } from '@lambdas/lib/meta/graph-client';
import { previewAd, previewCreative, previewVersions } from '@lambdas/campaign-generator/ad-previews';
import { creativeParams } from '@lambdas/campaign-generator/meta-targeting';
import type { PublishMedia, UploadedVideo } from '@lambdas/campaign-generator/publish-plan';
import type { PlanAd } from '@shared/schemas/campaign-plan';

/** Issue 29: a video ad is previewed as the video ad publish will send, its video uploaded once for both. */

const video = {
  kind: 'video' as const,
  assetKey: 'users/u1/videos/v1/video.mp4',
  thumbnailAssetKey: 'users/u1/videos/v1/thumbnail.png',
  ratio: '9:16' as const,
  seconds: 6,
  width: 1080,
  height: 1920,
};
const videoAd: PlanAd = {
  name: 'Mugs video',
  headline: 'Warm mornings',
  primaryText: 'Handmade stoneware.',
  description: 'Free shipping',
  callToAction: 'SHOP_NOW',
  link: 'https://shop.example.com/mugs',
  format: 'video',
  video,
};

/** A Graph client that records calls and answers uploads, video status reads and previews. */
function fakeGraph() {
  const calls: string[] = [];
  const creatives: Record<string, unknown>[] = [];
  const graph = {
    async post(path: string) {
      calls.push(`POST ${path.split('/').pop()}`);
      return { images: { 'thumbnail.png': { hash: 'thumbhash01' } } };
    },
    async postFile(path: string) {
      calls.push(`POST ${path.split('/').pop()}`);
      return { id: '1207555' };
    },
    async get(path: string, params: { ad_format?: string; creative?: Record<string, unknown> }) {
      if (path.endsWith('/generatepreviews')) {
        calls.push(`GET generatepreviews ${params.ad_format}`);
        creatives.push(params.creative!);
        return { data: [{ body: `<iframe src="https://preview.example/${params.ad_format}"></iframe>` }] };
      }
      calls.push(`GET ${path.slice(1)}`);
      return { id: path.slice(1), status: { video_status: 'ready' } };
    },
  };
  return { graph: graph as unknown as GraphClient, calls, creatives };
}

function media(memory = new Map<string, UploadedVideo>()): PublishMedia {
  return {
    readAsset: async (key) => new Uint8Array(key.endsWith('.mp4') ? 5000 : 300),
    wait: { maxWaitMs: 0 },
    uploads: {
      get: async (account, sha256) => memory.get(`${account}|${sha256}`),
      put: async (account, sha256, uploaded) => void memory.set(`${account}|${sha256}`, uploaded),
    },
  };
}

const account = { adAccountId: 'act_1', pageId: '10' };

describe('the creative a preview asks Meta for', () => {
  it('is, for a video ad, the very creative publish sends: video_data with the video, thumbnail, copy and button', () => {
    const uploaded = { videoId: '1207555', imageHash: 'thumbhash01' };

    const creative = previewCreative(videoAd, '10', uploaded);

    expect(creative).toEqual(creativeParams(videoAd, '10', uploaded));
    expect(creative).toEqual({
      object_story_spec: {
        page_id: '10',
        video_data: {
          video_id: '1207555',
          image_hash: 'thumbhash01',
          title: 'Warm mornings',
          message: 'Handmade stoneware.',
          link_description: 'Free shipping',
          call_to_action: { type: 'SHOP_NOW', value: { link: 'https://shop.example.com/mugs' } },
        },
      },
    });
  });

  it('is a link ad for a single-image ad, as before', () => {
    const { format: _format, video: _video, ...linkAd } = videoAd;
    expect(previewCreative(linkAd, '10')).toMatchObject({ object_story_spec: { page_id: '10', link_data: {} } });
  });

  it('refuses a video ad whose video is not in the ad account', () => {
    expect(() => previewCreative(videoAd, '10')).toThrow(/was not sent to the ad account/);
  });

  it('is one ad per language for an ad with versions, each in its words', () => {
    const versions = previewVersions({
      ...videoAd,
      language: 'en',
      translations: [
        { language: 'es', headline: 'Mañanas cálidas', primaryText: 'Gres hecho a mano.', description: '' },
      ],
    });

    expect(versions.map((v) => [v.language, v.headline])).toEqual([
      ['en', 'Warm mornings'],
      ['es', 'Mañanas cálidas'],
    ]);
    expect(versions.every((v) => v.video === video && v.translations === undefined)).toBe(true);
  });
});

describe('previewing a video ad', () => {
  it('uploads the thumbnail and the video once, then previews each format with video_data naming them', async () => {
    const { graph, calls, creatives } = fakeGraph();

    const reply = await previewAd(graph, account, videoAd, ['MOBILE_FEED_STANDARD', 'INSTAGRAM_REELS'], media());

    expect(calls).toEqual([
      'POST adimages',
      'POST advideos',
      'GET generatepreviews MOBILE_FEED_STANDARD',
      'GET generatepreviews INSTAGRAM_REELS',
    ]);
    expect(reply.previews.map((p) => p.format)).toEqual(['MOBILE_FEED_STANDARD', 'INSTAGRAM_REELS']);
    for (const creative of creatives) {
      expect(creative).toMatchObject({
        object_story_spec: { video_data: { video_id: '1207555', image_hash: 'thumbhash01' } },
      });
    }
  });

  it('names a video this account already has again (checked with Meta) instead of uploading it', async () => {
    const memory = new Map<string, UploadedVideo>();
    await previewAd(fakeGraph().graph, account, videoAd, ['MOBILE_FEED_STANDARD'], media(memory));
    const again = fakeGraph();

    await previewAd(again.graph, account, videoAd, ['MOBILE_FEED_STANDARD'], media(memory));

    expect(again.calls).toEqual(['GET 1207555', 'GET generatepreviews MOBILE_FEED_STANDARD']);
  });

  it('previews each language of a video ad with versions, labelled, with one upload', async () => {
    const { graph, calls } = fakeGraph();
    const ad = {
      ...videoAd,
      translations: [{ language: 'fr', headline: 'Matins doux', primaryText: 'Grès fait main.', description: '' }],
    };

    const reply = await previewAd(graph, account, ad, ['MOBILE_FEED_STANDARD'], media());

    expect(calls.filter((call) => call.startsWith('POST'))).toEqual(['POST adimages', 'POST advideos']);
    expect(reply.previews.map((p) => p.language)).toEqual(['en', 'fr']);
  });

  it('reads the video only from the user’s files (the media refuses others)', async () => {
    const refusing: PublishMedia = {
      ...media(),
      readAsset: async () => {
        throw new Error('That video is not one of your files.');
      },
    };
    await expect(previewAd(fakeGraph().graph, account, videoAd, ['MOBILE_FEED_STANDARD'], refusing)).rejects.toThrow(
      /not one of your files/,
    );
  });
});
