import { AdAccount, AdCreative, AdVideo, User, type FacebookRequestError } from 'facebook-nodejs-business-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { abCopySpec, ORIGINAL_AD_FIELDS, OriginalAdSchema } from '@lambdas/lib/meta-changes/ad-copy-change';
import { tinyVideo } from '@tests/support/tiny-video';
import { previewCreative } from '@lambdas/campaign-generator/ad-previews';
import type { PlanAd } from '@shared/schemas/campaign-plan';
import { uniquePng } from './meta-fixtures';
import { contractTwin } from '../contract-twin';
import { businessSdkSession, GRAPH_VERSION, type SdkSession } from './business-sdk-session';

/**
 * A library video's life as Meta's Node SDK sees it (src/objects/ad-video.js, AbstractCrudObject.read/delete): read
 * back after the upload, deleted with `DELETE /{video-id}` (`{success: true}`, Graph API reference, Video,
 * "Deleting"), then unknown, with the missing-object error (100, subcode 33) the campaign publisher reads as "upload
 * it again". The upload is the multipart `source` the product sends (lambdas/lib/meta/ad-videos.ts).
 */

let session: SdkSession;

beforeAll(async () => {
  session = await businessSdkSession();
}, 60_000);

async function uploadVideo(): Promise<string> {
  const form = new FormData();
  form.set('access_token', session.api.accessToken);
  form.set('title', 'Contract video');
  form.set('source', new Blob([new Uint8Array(await tinyVideo({ seconds: 2 }))], { type: 'video/mp4' }), 'v.mp4');
  const reply = await fetch(`${contractTwin().meta.url}/${GRAPH_VERSION}/${session.accountId}/advideos`, {
    method: 'POST',
    body: form,
  });
  const body = (await reply.json()) as { id?: string };
  expect(reply.status, JSON.stringify(body)).toBe(200);
  return body.id!;
}

async function refusalOf(call: Promise<unknown>): Promise<FacebookRequestError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Error && error.name === 'FacebookRequestError') return error as FacebookRequestError;
    throw error;
  }
  throw new Error('The sandbox answered a read of a deleted video');
}

describe('library videos through the Business SDK', () => {
  it('reads an uploaded video, deletes it, and then answers for it as for any missing object', async () => {
    const id = await uploadVideo();

    const video = await new AdVideo(id).read(['id', 'status']);
    expect(video._data.id).toBe(id);
    expect(video._data.status).toMatchObject({ video_status: expect.stringMatching(/^(processing|ready)$/) });

    expect(await new AdVideo(id).delete()).toEqual({ success: true });

    const refusal = await refusalOf(new AdVideo(id).read(['id', 'status']));
    expect(refusal.response).toMatchObject({ code: 100, error_subcode: 33, type: 'GraphMethodException' });
    // Deleting it twice is the same missing object.
    expect((await refusalOf(new AdVideo(id).delete())).response).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('has the videos its ThruPlay ads play in the library, and takes the product’s A/B copy of one', async () => {
    // Prepare: a seeded video ad (of whichever demo account has a ThruPlay ad set), read as the ad optimizer reads
    // an original.
    let thruPlay: Awaited<ReturnType<AdAccount['getAdSets']>>[number] | undefined;
    let owner: AdAccount | undefined;
    for (const { id } of await new User('me').getAdAccounts(['id'])) {
      const adSets = await new AdAccount(id).getAdSets(['id', 'optimization_goal'], { limit: 200 });
      thruPlay = adSets.find((set) => set._data.optimization_goal === 'THRUPLAY');
      if (thruPlay) {
        owner = new AdAccount(id);
        break;
      }
    }
    expect(thruPlay, 'a demo account has a ThruPlay ad set').toBeDefined();
    const [ad] = await thruPlay!.getAds([ORIGINAL_AD_FIELDS], { limit: 1 });
    const original = OriginalAdSchema.parse(ad!._data);
    const video = original.creative.object_story_spec?.video_data;
    expect(video?.video_id).toMatch(/^\d+$/);
    const inLibrary = await new AdVideo(video!.video_id).read(['id', 'status']);
    expect(inLibrary._data.status).toMatchObject({ video_status: 'ready' });

    // Act
    const spec = abCopySpec(
      original,
      { headline: 'See it in motion', primaryText: 'Fifteen seconds, one idea.', description: '' },
      'contract-video',
    );
    const made = await owner!.createAdCreative([], {
      name: spec.creative.name,
      object_story_spec: JSON.parse(spec.creative.object_story_spec),
    });
    const read = await new AdCreative(made.id).get(['object_story_spec']);

    // Assess: the same video, thumbnail and button; the new words.
    expect((read._data.object_story_spec as { video_data: Record<string, unknown> }).video_data).toMatchObject({
      video_id: video!.video_id,
      message: 'Fifteen seconds, one idea.',
      title: 'See it in motion',
      image_hash: video!.image_hash,
      call_to_action: video!.call_to_action,
    });
  });
});

describe('previews of a video ad through the Business SDK', () => {
  it('previews the product’s video_data creative as an iframe, and refuses a video the library does not have', async () => {
    // Prepare: a video and its thumbnail in the account's libraries, and a plan's video ad.
    const videoId = await uploadVideo();
    const upload = await session.account.createAdImage([], { bytes: uniquePng('video-thumb'), name: 'thumb.png' });
    const imageHash = (upload._data.images as Record<string, { hash: string }>)['thumb.png']!.hash;
    const ad: PlanAd = {
      name: 'Mugs video',
      headline: 'Warm mornings',
      primaryText: 'Handmade stoneware.',
      description: '',
      callToAction: 'SHOP_NOW',
      link: 'https://example.com/mugs',
      format: 'video',
    };
    const preview = (id: string) =>
      session.account.getGeneratePreviews([], {
        ad_format: 'INSTAGRAM_REELS',
        creative: previewCreative(ad, session.pageId, { videoId: id, imageHash }),
      });

    // Act
    const previews = await preview(videoId);
    const refusal = await refusalOf(preview('1207999999999999'));

    // Assess
    expect(String(previews[0]!._data.body)).toMatch(/^<iframe src="[^"]+"/);
    expect(refusal.response).toMatchObject({ code: 100, error_user_title: 'Invalid Video' });
  });
});
