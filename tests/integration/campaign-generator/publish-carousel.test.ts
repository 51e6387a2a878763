import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignDraftSchema } from '@shared/schemas/campaign-plan';
import { readyToPublish } from './ready-to-publish';
import { testPng, uploadProductImage } from '../graphics/upload-image';
import { sandbox, type FreshUser } from '../meta-api/meta-user';
import { json, pourOverBrief, publishingUser } from './publishing-user';

/**
 * Issue 29, requirement 1 on the twin: a brief asking for a carousel with three of the user's images makes a plan
 * whose ads are carousels (a card per image, the offline model's variants as card headlines), the validator passes
 * it, and the publish creates carousel creatives at the Meta sandbox (child_attachments, each card's image hash and
 * link) under a paused campaign. A brief asking for a carousel with one image is refused naming the images.
 */

let user: FreshUser;
let usdAccount: string;

const brief = (images: unknown[]) => ({ ...pourOverBrief(usdAccount, images), adFormat: 'carousel' });

beforeAll(async () => {
  ({ user, usdAccount } = await publishingUser('cg-carousel'));
}, 60_000);

afterAll(async () => {
  await user.remove();
});

describe('campaign generator carousels', () => {
  it('publishes a paused campaign of carousel ads, one card per image, read back from the sandbox', async () => {
    // Prepare: three square images in the ad account's library.
    const colours: Array<[number, number, number]> = [
      [180, 110, 60],
      [60, 110, 180],
      [110, 180, 60],
    ];
    const assetIds = [];
    for (const [i, rgb] of colours.entries())
      assetIds.push((await uploadProductImage(user.call, `cup-${i}.png`, testPng(600, 600, rgb))).id);
    const sent = await json(
      await user.call('/api/graphics/meta-images', {
        method: 'POST',
        body: JSON.stringify({ adAccountId: usdAccount, assetIds }),
      }),
    );
    expect(sent.status).toBe(200);
    const images = (sent.body.images as Array<{ hash: string }>).map((image, i) => ({
      hash: image.hash,
      name: `cup-${i}.png`,
    }));

    // Act: plan, then publish.
    const made = await json(
      await user.call('/api/campaign-generator/drafts', { method: 'POST', body: JSON.stringify(brief(images)) }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const draft = await readyToPublish(user, usdAccount, CampaignDraftSchema.parse(made.body));
    const ads = draft.plan.adSets.flatMap((set) => set.ads);
    for (const ad of ads) {
      expect(ad.format).toBe('carousel');
      expect(ad.cards!.map((card) => card.image?.hash)).toEqual(images.map((image) => image.hash));
      expect(new Set(ad.cards!.map((card) => card.headline)).size).toBeGreaterThan(1);
    }
    expect(draft.issues.filter((issue) => issue.severity === 'error')).toEqual([]);

    const before = ((await (await fetch(`${sandbox()}/__admin/calls`)).json()) as { count: number }).count;
    const published = await json(
      await user.call(`/api/campaign-generator/drafts/${draft.id}/publish`, {
        method: 'POST',
        body: JSON.stringify({ publishKey: 'carousel-publish-0001' }),
      }),
    );

    // Assess: Meta (the sandbox) holds carousel creatives with every card, under a paused campaign.
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const record = CampaignDraftSchema.parse(published.body).publish!;
    expect(record.status).toBe('published');
    const log = (await (await fetch(`${sandbox()}/__admin/calls`)).json()) as {
      calls: Array<{ seq: number; method: string; path: string; params: Record<string, string>; status: number }>;
    };
    const mine = log.calls.filter((call) => call.seq > before && call.status === 200 && call.method === 'POST');
    const campaignCall = mine.find((call) => call.path.endsWith(`/${usdAccount}/campaigns`));
    expect(campaignCall?.params.status).toBe('PAUSED');
    const creatives = mine.filter((call) => call.path.endsWith(`/${usdAccount}/adcreatives`));
    expect(creatives).toHaveLength(ads.length);
    for (const call of creatives) {
      const spec = JSON.parse(call.params.object_story_spec!) as { link_data: Record<string, unknown> };
      const cards = spec.link_data.child_attachments as Array<Record<string, unknown>>;
      expect(cards.map((card) => card.image_hash)).toEqual(images.map((image) => image.hash));
      for (const card of cards) expect(card.link).toBe('https://shop.example.com/pour-over');
    }
  }, 180_000);

  it('refuses a carousel brief with one image, naming the images', async () => {
    const refused = await json(
      await user.call('/api/campaign-generator/drafts', {
        method: 'POST',
        body: JSON.stringify(brief([{ hash: 'abcdef0123456789', name: 'one.png' }])),
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error!.message).toMatch(/carousel needs at least 2 images/);
  });
});
