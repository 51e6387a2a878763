import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AdVideo } from '@shared/ad-video';
import { defaultDesign } from '@shared/graphics/design-schema';
import { CampaignDraftSchema, type CampaignDraft } from '@shared/schemas/campaign-plan';
import { encodePng } from '@infra/twin/openai/prompt-image';
import { renderDesignVideo } from '@lambdas/lib/video-render/render-design-video';
import { readyToPublish } from './ready-to-publish';
import { auditRows, sandbox, type FreshUser } from '../meta-api/meta-user';
import { json, mugsBrief, publishingUser, subOf, twinAssets } from './publishing-user';

/**
 * Issue 29, requirement 3 on the twin: the workspace's business languages (English, then Spanish) are stored and
 * audited; a brief that names no languages is planned in both (the offline model's versions), and publishing sends a
 * single-image ad as one Meta multi-language ad (asset_feed_spec, the Spanish rule shown to Spanish (All), 1002) and a
 * video ad as one ad set per language (targeting.locales 1001 and 1002), each with its language's copy, under a paused campaign.
 */

let user: FreshUser;
let usdAccount: string;
let assets: ReturnType<typeof twinAssets>;

type Call = { seq: number; method: string; path: string; params: Record<string, string>; status: number };
const calls = async () => ((await (await fetch(`${sandbox()}/__admin/calls`)).json()) as { calls: Call[] }).calls;

/** A 6 s vertical video of a design in the user's part of the assets bucket, as graphics-video stores one. */
async function storedVideo(): Promise<AdVideo> {
  const design = defaultDesign({
    templateId: 'product-hero',
    texts: { ...defaultDesign().texts, headline: 'Dos idiomas' },
  });
  const rendered = await renderDesignVideo(design, {}, { sizeId: 'story', seconds: 6, preset: 'superfast' });
  const folder = `users/${subOf(user.token)}/videos/${randomUUID()}`;
  await assets.put(`${folder}/video.mp4`, rendered.mp4, 'video/mp4');
  await assets.put(`${folder}/thumbnail.png`, encodePng(540, 960, new Uint8Array(540 * 960 * 3).fill(90)), 'image/png');
  return {
    kind: 'video',
    assetKey: `${folder}/video.mp4`,
    thumbnailAssetKey: `${folder}/thumbnail.png`,
    ratio: '9:16',
    seconds: rendered.seconds,
    width: rendered.width,
    height: rendered.height,
  };
}

/** One square image in the ad account's library (uploaded, then sent through graphics' meta-images). */
async function accountImage(): Promise<{ hash: string; name: string }> {
  const bytes = encodePng(600, 600, new Uint8Array(600 * 600 * 3).fill(150));
  const ticket = await json(
    await user.call('/api/graphics/uploads', {
      method: 'POST',
      body: JSON.stringify({ purpose: 'product', fileName: 'mug.png', contentType: 'image/png', size: bytes.length }),
    }),
  );
  await fetch(String(ticket.body.uploadUrl), {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: ticket.body.headers as Record<string, string>,
  });
  const asset = await json(
    await user.call(`/api/graphics/uploads/${String(ticket.body.uploadId)}/confirm`, { method: 'POST' }),
  );
  const sent = await json(
    await user.call('/api/graphics/meta-images', {
      method: 'POST',
      body: JSON.stringify({ adAccountId: usdAccount, assetIds: [String(asset.body.id)] }),
    }),
  );
  expect(sent.status).toBe(200);
  return { hash: (sent.body.images as Array<{ hash: string }>)[0]!.hash, name: 'mug.png' };
}

async function draftOf(extra: Record<string, unknown>): Promise<CampaignDraft> {
  const made = await json(
    await user.call('/api/campaign-generator/drafts', {
      method: 'POST',
      body: JSON.stringify(mugsBrief(usdAccount, extra)),
    }),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return readyToPublish(user, usdAccount, CampaignDraftSchema.parse(made.body));
}

async function publish(draft: CampaignDraft, key: string): Promise<Call[]> {
  const before = Math.max(0, ...(await calls()).map((call) => call.seq));
  const published = await json(
    await user.call(`/api/campaign-generator/drafts/${draft.id}/publish`, {
      method: 'POST',
      body: JSON.stringify({ publishKey: key }),
    }),
  );
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return (await calls()).filter((call) => call.seq > before);
}

const posts = (mine: Call[], edge: string) =>
  mine.filter((call) => call.method === 'POST' && call.path.endsWith(`/${usdAccount}/${edge}`));

beforeAll(async () => {
  assets = twinAssets();
  ({ user, usdAccount } = await publishingUser('cg-languages'));
}, 60_000);

afterAll(async () => {
  assets.destroy();
  await user.remove();
});

describe('a campaign in the business’s two languages', () => {
  it('stores the languages, plans both, and publishes image ads as multi-language ads and video ads per language', async () => {
    // Prepare: English first, then Spanish; a name is refused naming the field.
    const refused = await json(
      await user.call('/api/campaign-generator/business-languages', {
        method: 'PUT',
        body: JSON.stringify({ languages: ['en', 'Spanish'] }),
      }),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('languages.1');
    const saved = await json(
      await user.call('/api/campaign-generator/business-languages', {
        method: 'PUT',
        body: JSON.stringify({ languages: ['en', 'es'] }),
      }),
    );
    expect(saved.status).toBe(200);
    expect((await json(await user.call('/api/campaign-generator/business-languages'))).body.languages).toEqual([
      'en',
      'es',
    ]);
    expect(await auditRows(subOf(user.token))).toContainEqual(
      expect.objectContaining({ action: 'business_languages_changed', before: ['en'], after: ['en', 'es'] }),
    );

    // Act 1: a single-image brief that names no languages is written in both and published.
    const image = await accountImage();
    const single = await draftOf({ images: [image] });
    expect(single.brief.copyLanguages).toEqual(['en', 'es']);
    for (const ad of single.plan.adSets.flatMap((set) => set.ads)) {
      expect(ad.language).toBe('en');
      expect(ad.translations?.map((t) => t.language)).toEqual(['es']);
    }
    const imageCalls = await publish(single, 'languages-image-0001');

    // Assess 1: one multi-language creative per ad, Spanish shown to Spanish (All); the campaign paused.
    expect(posts(imageCalls, 'campaigns')[0]!.params.status).toBe('PAUSED');
    const creatives = posts(imageCalls, 'adcreatives');
    expect(creatives.length).toBe(single.plan.adSets.flatMap((set) => set.ads).length);
    for (const call of creatives) {
      expect(call.status).toBe(200);
      const feed = JSON.parse(call.params.asset_feed_spec!) as {
        bodies: Array<{ text: string; adlabels: Array<{ name: string }> }>;
        asset_customization_rules: Array<{ customization_spec?: { locales: number[] }; is_default?: boolean }>;
      };
      expect(feed.bodies.map((body) => body.adlabels[0]!.name)).toEqual(['lang-en', 'lang-es']);
      expect(feed.asset_customization_rules[1]!.customization_spec).toEqual({ locales: [1002] });
    }

    // Act 2: a video brief in the same two languages.
    const video = await draftOf({ adFormat: 'video', video: await storedVideo() });
    const videoCalls = await publish(video, 'languages-video-0001');

    // Assess 2: every ad set twice, English to 1001 and Spanish to 1002, each ad in its set's language, under the paused campaign.
    const sets = posts(videoCalls, 'adsets');
    expect(sets).toHaveLength(video.plan.adSets.length * 2);
    const locales = sets.map((call) => (JSON.parse(call.params.targeting!) as { locales: number[] }).locales);
    expect(locales).toEqual(video.plan.adSets.flatMap(() => [[1001], [1002]]));
    const spanishAds = posts(videoCalls, 'adcreatives')
      .map((call) => JSON.parse(call.params.object_story_spec!) as { video_data: { message: string; title: string } })
      .slice(video.plan.adSets[0]!.ads.length, video.plan.adSets[0]!.ads.length * 2);
    const spanish = video.plan.adSets[0]!.ads.map((ad) => ad.translations![0]!);
    expect(spanishAds.map((spec) => spec.video_data.message)).toEqual(spanish.map((t) => t.primaryText));
    // The campaign is the one switch: paused; its ad sets and ads start with it when the marketer resumes it.
    expect(posts(videoCalls, 'campaigns')[0]!.params.status).toBe('PAUSED');
    for (const call of [...sets, ...posts(videoCalls, 'ads')]) expect(call.params.status).toBe('ACTIVE');
  }, 240_000);
});
