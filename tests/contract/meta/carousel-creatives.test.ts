import { AdCreative, type AdAccount, type FacebookRequestError } from 'facebook-nodejs-business-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlanAd } from '@shared/schemas/campaign-plan';
import { storySpec } from '@lambdas/campaign-generator/meta-targeting';
import { abCopySpec, OriginalAdSchema } from '@lambdas/lib/meta-changes/ad-copy-change';
import { businessSdkSession, type SdkSession } from './business-sdk-session';
import { uniquePng } from './meta-fixtures';

/**
 * Carousel creatives (`object_story_spec.link_data.child_attachments`) through Meta's Node SDK at v26.0: the
 * product's own storySpec for a carousel ad is taken and read back card by card, and what Meta refuses is refused
 * with code 100 and words naming the card. Sources of each rule: infra/twin/meta-sandbox/carousel-cards.ts
 * (SDK ad-creative-link-data-child-attachment.js fields; Ads Guide 2–10 cards; Instagram/Threads carousel guides
 * for a link and an image per card; the 2015 carousel-video post for a video card's thumbnail).
 */

let session: SdkSession;
let account: AdAccount;
const hashes: string[] = [];

async function uploadImage(tag: string): Promise<string> {
  const upload = await account.createAdImage([], { bytes: uniquePng(tag), name: `${tag}.png` });
  const images = upload._data.images as Record<string, { hash: string }>;
  return images[`${tag}.png`]!.hash;
}

beforeAll(async () => {
  session = await businessSdkSession();
  account = session.account;
  for (let i = 0; i < 3; i += 1) hashes.push(await uploadImage(`card-${i}`));
}, 60_000);

async function refusalOf(call: Promise<unknown>): Promise<FacebookRequestError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Error && error.name === 'FacebookRequestError') return error as FacebookRequestError;
    throw error;
  }
  throw new Error('Meta (the sandbox) accepted a carousel it refuses');
}

function card(i: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { link: `https://example.com/p/${i}`, name: `Card ${i}`, image_hash: hashes[i % hashes.length], ...extra };
}

function carousel(children: unknown, extra: Record<string, unknown> = {}) {
  return account.createAdCreative([], {
    name: 'Contract carousel',
    object_story_spec: {
      page_id: session.pageId,
      link_data: { link: 'https://example.com', message: 'Three ways to run', child_attachments: children, ...extra },
    },
  });
}

describe('carousel creatives through the Business SDK', () => {
  it('creates the product’s carousel and reads every card back as sent', async () => {
    // Prepare: a carousel ad as the campaign generator plans it.
    const ad: PlanAd = {
      name: 'Trail carousel',
      format: 'carousel',
      headline: 'Grip on every trail',
      primaryText: 'Three shoes for three kinds of trail.',
      description: '',
      callToAction: 'SHOP_NOW',
      link: 'https://example.com/trail',
      cards: hashes.map((hash, i) => ({
        headline: `Trail shoe ${i + 1}`,
        description: 'Free returns',
        link: `https://example.com/trail/${i + 1}`,
        image: { hash, name: `card-${i}.png` },
      })),
    };

    // Act
    const creative = await account.createAdCreative([], {
      name: `${ad.name} creative`,
      object_story_spec: storySpec(ad, session.pageId),
    });
    const read = await new AdCreative(creative.id).get(['object_story_spec', 'thumbnail_url']);

    // Assess
    const linkData = (read._data.object_story_spec as { link_data: Record<string, unknown> }).link_data;
    expect(linkData).toMatchObject({
      link: 'https://example.com/trail',
      message: 'Three shoes for three kinds of trail.',
      multi_share_optimized: true,
      multi_share_end_card: true,
    });
    expect(linkData.child_attachments).toEqual(
      ad.cards!.map((c) => ({
        link: c.link,
        name: c.headline,
        description: 'Free returns',
        image_hash: c.image!.hash,
        call_to_action: { type: 'SHOP_NOW', value: { link: c.link } },
      })),
    );
    expect(read._data.thumbnail_url).toMatch(/^data:image\/png;base64,/);
  });

  it('takes the ad optimizer’s A/B copy of a carousel: every card kept, new primary text and card headlines', async () => {
    // Prepare: a carousel as Meta reads it back, the original the optimizer copies.
    const made = await carousel(
      [0, 1, 2].map((i) =>
        card(i, { call_to_action: { type: 'SHOP_NOW', value: { link: `https://example.com/p/${i}` } } }),
      ),
    );
    const read = await new AdCreative(made.id).get(['id', 'name', 'object_story_spec']);
    const original = OriginalAdSchema.parse({
      id: '1',
      account_id: '1',
      campaign_id: '1',
      adset_id: '1',
      name: 'Trail carousel',
      status: 'ACTIVE',
      effective_status: 'ACTIVE',
      creative: read._data,
    });
    const cardHeadlines = ['Grip for mud', 'Light for summits', 'Warm for snow'];

    // Act
    const spec = abCopySpec(
      original,
      {
        headline: '',
        primaryText: 'New: three trails, three shoes.',
        description: '',
        cardHeadlines,
        callToAction: 'LEARN_MORE',
      },
      'contract',
    );
    const copy = await account.createAdCreative([], {
      name: spec.creative.name,
      object_story_spec: JSON.parse(spec.creative.object_story_spec),
    });
    const copyRead = await new AdCreative(copy.id).get(['object_story_spec']);

    // Assess
    const linkData = (copyRead._data.object_story_spec as { link_data: Record<string, unknown> }).link_data;
    expect(linkData.message).toBe('New: three trails, three shoes.');
    expect(linkData.child_attachments).toEqual(
      [0, 1, 2].map((i) => ({
        link: `https://example.com/p/${i}`,
        name: cardHeadlines[i],
        image_hash: hashes[i],
        call_to_action: { type: 'LEARN_MORE', value: { link: `https://example.com/p/${i}` } },
      })),
    );
  });

  it('refuses one card and eleven cards, naming the count', async () => {
    for (const count of [1, 11]) {
      const refusal = await refusalOf(carousel(Array.from({ length: count }, (_, i) => card(i))));
      expect(refusal.status).toBe(400);
      expect(refusal.response).toMatchObject({
        code: 100,
        error_user_title: 'Wrong Number of Carousel Cards',
        error_user_msg: `A carousel ad has 2 to 10 cards; this one has ${count}.`,
      });
    }
  });

  it('accepts ten cards, the most Meta takes', async () => {
    const created = await carousel(Array.from({ length: 10 }, (_, i) => card(i)));
    expect(created.id).toMatch(/^\d+$/);
  });

  it('refuses a card without a link, without an image, or with an unknown key', async () => {
    const noLink = await refusalOf(carousel([card(0), { name: 'No link', image_hash: hashes[1] }]));
    expect(noLink.response).toMatchObject({ code: 100, error_user_title: 'Carousel Card Needs a Link' });
    expect(noLink.response.error_user_msg).toContain('Card 2');

    const noImage = await refusalOf(carousel([{ link: 'https://example.com/a', name: 'Bare' }, card(1)]));
    expect(noImage.response).toMatchObject({ code: 100, error_user_title: 'Carousel Card Needs an Image' });

    const unknown = await refusalOf(carousel([card(0, { headline: 'not a field' }), card(1)]));
    expect(unknown.response).toMatchObject({ code: 100 });
    expect(unknown.message).toContain('has unknown key headline');
  });

  it('refuses an image that is not in the account, a video it does not have, a bad button', async () => {
    const image = await refusalOf(carousel([card(0, { image_hash: 'f'.repeat(32) }), card(1)]));
    expect(image.response).toMatchObject({ code: 100, error_subcode: 1487242, error_user_title: 'Image Not Found' });

    const video = await refusalOf(carousel([card(0, { video_id: '123456789' }), card(1)]));
    expect(video.response).toMatchObject({ code: 100, error_user_title: 'Video Not Found' });

    const cta = await refusalOf(carousel([card(0, { call_to_action: { type: 'CLICK_HERE' } }), card(1)]));
    expect(cta.message).toContain('call_to_action][type] must be one of');

    const otherLink = await refusalOf(
      carousel([card(0, { call_to_action: { type: 'SHOP_NOW', value: { link: 'https://other.example' } } }), card(1)]),
    );
    expect(otherLink.response).toMatchObject({ code: 100, error_user_title: 'Call to Action Link Differs' });
  });

  it('refuses a too-long card headline and non-boolean carousel settings', async () => {
    const long = await refusalOf(carousel([card(0, { name: 'x'.repeat(256) }), card(1)]));
    expect(long.response).toMatchObject({ code: 100, error_subcode: 1487040, error_user_title: 'Text Too Long' });

    const setting = await refusalOf(carousel([card(0), card(1)], { multi_share_optimized: 'sometimes' }));
    expect(setting.message).toContain('multi_share_optimized] must be a boolean');

    const withoutCards = await refusalOf(
      account.createAdCreative([], {
        object_story_spec: {
          page_id: session.pageId,
          link_data: { link: 'https://example.com', image_hash: hashes[0], multi_share_end_card: true },
        },
      }),
    );
    expect(withoutCards.message).toContain('apply to carousel ads');
  });
});
