import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignDraftSchema, PreviewListSchema } from '@shared/schemas/campaign-plan';
import { readyToPublish } from './ready-to-publish';
import { testPng, uploadProductImage } from '../graphics/upload-image';
import { sandbox, type FreshUser } from '../meta-api/meta-user';
import { json, pourOverBrief, publishingUser } from './publishing-user';

/**
 * Issue 8 point 1 on the twin: an image the user uploads (the graphics function's presigned upload and confirm)
 * goes to the ad account's library, the brief names its hash, the plan's ads carry it, the previews show it, and
 * the published creatives name it in `link_data.image_hash`.
 */

let user: FreshUser;
let usdAccount: string;

const brief = (images: unknown[]) => pourOverBrief(usdAccount, images);

beforeAll(async () => {
  ({ user, usdAccount } = await publishingUser('cg-images'));
});

afterAll(async () => {
  await user.remove();
});

describe('campaign generator with the user’s own images', () => {
  it('refuses a brief naming an image the ad account does not have, and an invalid hash, plainly', async () => {
    const bad = await json(
      await user.call('/api/campaign-generator/drafts', {
        method: 'POST',
        body: JSON.stringify(brief([{ hash: 'not a hash!', name: 'x.png' }])),
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error!.message).toMatch(/not an image of this ad account/);
  });

  it('publishes a plan whose ads use an uploaded image, with that image’s hash in every creative', async () => {
    const assetId = (await uploadProductImage(user.call, 'pour-over.png', testPng(1200, 628, [180, 110, 60]))).id;
    const sent = await json(
      await user.call('/api/graphics/meta-images', {
        method: 'POST',
        body: JSON.stringify({ adAccountId: usdAccount, assetIds: [assetId] }),
      }),
    );
    expect(sent.status).toBe(200);
    const hash = (sent.body.images as Array<{ hash: string }>)[0]!.hash;

    const made = await json(
      await user.call('/api/campaign-generator/drafts', {
        method: 'POST',
        body: JSON.stringify(brief([{ hash, name: 'pour-over.png', assetId }])),
      }),
    );
    expect(made.status).toBe(201);
    const draft = await readyToPublish(user, usdAccount, CampaignDraftSchema.parse(made.body));
    const ads = draft.plan.adSets.flatMap((set) => set.ads);
    expect(ads.length).toBeGreaterThanOrEqual(2);
    for (const ad of ads) expect(ad.image).toEqual({ hash, name: 'pour-over.png', assetId });

    // Meta's preview draws the ad with the library's image.
    const previews = await json(
      await user.call('/api/campaign-generator/previews', {
        method: 'POST',
        body: JSON.stringify({
          adAccountId: usdAccount,
          ad: ads[0],
          formats: ['MOBILE_FEED_STANDARD', 'INSTAGRAM_STORY'],
        }),
      }),
    );
    expect(previews.status).toBe(200);
    const frames = PreviewListSchema.parse(previews.body).previews;
    expect(frames.map((frame) => frame.format)).toEqual(['MOBILE_FEED_STANDARD', 'INSTAGRAM_STORY']);
    for (const frame of frames) {
      // The frame's URL names the library image (its bytes would overflow a request line); the page draws it.
      const src = /src="([^"]+)"/.exec(frame.html)![1]!.replace(/&amp;/g, '&');
      const d = new URL(src).searchParams.get('d')!;
      expect(JSON.parse(Buffer.from(d, 'base64url').toString('utf8'))).toMatchObject({ imageRef: { hash } });
      expect(src.length).toBeLessThan(4000);
      const page = await fetch(src);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<img class="media" alt="Ad image" src="data:image\/png;base64,/);
    }

    const before = ((await (await fetch(`${sandbox()}/__admin/calls`)).json()) as { count: number }).count;
    const published = await json(
      await user.call(`/api/campaign-generator/drafts/${draft.id}/publish`, {
        method: 'POST',
        body: JSON.stringify({ publishKey: 'images-publish-0001' }),
      }),
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const record = CampaignDraftSchema.parse(published.body).publish!;
    expect(record.status).toBe('published');
    // No image step: the bytes went to the library when the image was chosen.
    expect(record.steps.filter((step) => step.kind === 'image')).toEqual([]);
    const creativeIds = record.steps.filter((step) => step.kind === 'creative').map((step) => step.id);
    expect(creativeIds).toHaveLength(ads.length);

    const log = (await (await fetch(`${sandbox()}/__admin/calls`)).json()) as {
      calls: Array<{ seq: number; method: string; path: string; params: Record<string, string>; status: number }>;
    };
    const creatives = log.calls.filter(
      (call) =>
        call.seq > before &&
        call.method === 'POST' &&
        call.path.endsWith(`/${usdAccount}/adcreatives`) &&
        call.status === 200 &&
        call.params.name?.startsWith(draft.plan.adSets[0]!.ads[0]!.name.slice(0, 20)),
    );
    expect(creatives.length).toBeGreaterThan(0);
    for (const call of creatives) {
      const spec = JSON.parse(call.params.object_story_spec!) as { link_data: Record<string, unknown> };
      expect(spec.link_data.image_hash).toBe(hash);
      expect(spec.link_data).not.toHaveProperty('picture');
    }
    expect(log.calls.filter((call) => call.seq > before && call.path.endsWith('/adimages'))).toEqual([]);
    // Seven function calls (upload, confirm, send, plan, save, previews, publish): generous on a loaded machine.
  }, 120_000);
});
