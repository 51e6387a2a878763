import { AdCreative, AdSet, type AdAccount, type FacebookRequestError } from 'facebook-nodejs-business-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlanAd } from '@shared/schemas/campaign-plan';
import { creativeParams, languageFeedSpec } from '@lambdas/campaign-generator/meta-targeting';
import { businessSdkSession, type SdkSession } from './business-sdk-session';
import { futureTime, uniquePng } from './meta-fixtures';

/**
 * Multi-language ads (one creative, a version per language) through Meta's Node SDK at v26.0: the campaign
 * generator's own asset_feed_spec is created and read back, and what Meta's guides say it refuses is refused with
 * code 100 naming the field. Sources of each rule: infra/twin/meta-sandbox/language-feed.ts (Multi-Language Ads
 * guide; Asset Customization Rules guide: "at least two target customization rules"; asset feed spec reference).
 */

let session: SdkSession;
let account: AdAccount;
let hash = '';

beforeAll(async () => {
  session = await businessSdkSession();
  account = session.account;
  const upload = await account.createAdImage([], { bytes: uniquePng('mugs-ml'), name: 'mugs-ml.png' });
  hash = (upload._data.images as Record<string, { hash: string }>)['mugs-ml.png']!.hash;
}, 60_000);

function planAd(): PlanAd {
  return {
    name: 'Mugs in three languages',
    headline: 'Mugs for your mornings',
    primaryText: 'Meet the mugs you need, made for your slow mornings.',
    description: 'Free returns',
    callToAction: 'SHOP_NOW',
    link: 'https://shop.example.com/mugs',
    image: { hash, name: 'mugs-ml.png' },
    translations: [
      {
        language: 'es',
        headline: 'Tazas para tus mañanas',
        primaryText: 'Descubre las tazas para tus mañanas.',
        description: 'Devoluciones gratis',
      },
      {
        language: 'fr',
        headline: 'Des tasses pour vos matins',
        primaryText: 'Découvrez les tasses pour vos matins.',
        description: 'Retours offerts',
      },
    ],
  };
}

async function refusalOf(call: Promise<unknown>): Promise<FacebookRequestError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Error && error.name === 'FacebookRequestError') return error as FacebookRequestError;
    throw error;
  }
  throw new Error('Meta (the sandbox) accepted a multi-language creative it refuses');
}

function withFeed(change: (feed: Record<string, unknown>) => void) {
  const feed = languageFeedSpec(planAd());
  change(feed);
  return account.createAdCreative([], {
    name: 'Contract multi-language',
    object_story_spec: { page_id: session.pageId },
    asset_feed_spec: feed,
  });
}

const rules = (feed: Record<string, unknown>) => feed.asset_customization_rules as Record<string, unknown>[];

describe('multi-language creatives through the Business SDK', () => {
  it('creates the campaign generator’s multi-language ad and reads each version back', async () => {
    // Act
    const creative = await account.createAdCreative([], {
      name: 'Mugs creative',
      ...creativeParams(planAd(), session.pageId),
    });
    const read = await new AdCreative(creative.id).get(['object_story_spec', 'asset_feed_spec', 'title', 'body']);

    // Assess: the Page only in the story; the default (English) words stand for the creative; one version each.
    expect(read._data.object_story_spec).toEqual({ page_id: session.pageId });
    expect(read._data.title).toBe('Mugs for your mornings');
    const feed = read._data.asset_feed_spec as Record<string, unknown>;
    expect((feed.bodies as { text: string }[]).map((b) => b.text)).toEqual([
      'Meet the mugs you need, made for your slow mornings.',
      'Descubre las tazas para tus mañanas.',
      'Découvrez les tasses pour vos matins.',
    ]);
    expect(rules(feed).map((r) => [r.is_default ?? false, r.customization_spec])).toEqual([
      [true, undefined],
      [false, { locales: [1002] }],
      [false, { locales: [1003] }],
    ]);
  });

  it('refuses fewer than two customization rules', async () => {
    const error = await refusalOf(withFeed((feed) => (feed.asset_customization_rules = rules(feed).slice(0, 1))));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/at least two asset_customization_rules/);
  });

  it('refuses a version without a default, or with two', async () => {
    const none = await refusalOf(
      withFeed((feed) => {
        const [first, ...rest] = rules(feed);
        feed.asset_customization_rules = [
          { ...first, is_default: undefined, customization_spec: { locales: [1001] } },
          ...rest,
        ];
      }),
    );
    expect(none.message).toMatch(/exactly one rule with is_default \(found 0\)/);
    const two = await refusalOf(withFeed((feed) => (rules(feed)[2]!.is_default = true)));
    expect(two.message).toMatch(/exactly one rule with is_default \(found 2\)/);
  });

  it('refuses a rule naming a label no asset carries, and unlabelled assets', async () => {
    const missing = await refusalOf(
      withFeed((feed) => {
        rules(feed)[1]!.body_label = { name: 'lang-it' };
      }),
    );
    expect(missing.message).toMatch(/names the label lang-it/);
    const unlabelled = await refusalOf(
      withFeed((feed) => {
        (feed.titles as Record<string, unknown>[])[1] = { text: 'Tazas' };
      }),
    );
    expect(unlabelled.message).toMatch(/asset_feed_spec\[titles\]\[1\] needs adlabels/);
  });

  it('refuses a non-default rule without locales, and a locale in two rules', async () => {
    const noLocales = await refusalOf(withFeed((feed) => delete rules(feed)[1]!.customization_spec));
    expect(noLocales.message).toMatch(/customization_spec\]\[locales\] is required/);
    const twice = await refusalOf(withFeed((feed) => (rules(feed)[2]!.customization_spec = { locales: [1002] })));
    expect(twice.message).toMatch(/locale 1002 is in asset_customization_rules 1 and 2/);
  });

  it('refuses link_data beside the feed, a format it cannot serve, and a missing asset type', async () => {
    const both = await refusalOf(
      account.createAdCreative([], {
        object_story_spec: { page_id: session.pageId, link_data: { link: 'https://shop.example.com' } },
        asset_feed_spec: languageFeedSpec(planAd()),
      }),
    );
    expect(both.message).toMatch(/carries the Page only/);
    const video = await refusalOf(withFeed((feed) => (feed.ad_formats = ['SINGLE_VIDEO'])));
    expect(video.message).toMatch(/ad_formats/);
    const noTitles = await refusalOf(withFeed((feed) => delete feed.titles));
    expect(noTitles.message).toMatch(/asset_feed_spec\[titles\] is required/);
  });

  it('takes one language’s ad set narrowed to its locales (carousel and video), and refuses an unknown locale', async () => {
    // Prepare: the ad set the campaign generator publishes for a video's Spanish version.
    const campaign = await account.createCampaign([], {
      name: 'Contract: a language per ad set',
      objective: 'OUTCOME_TRAFFIC',
      buying_type: 'AUCTION',
      status: 'PAUSED',
      special_ad_categories: [],
      is_adset_budget_sharing_enabled: false,
    });
    const set = (locales: unknown[]) =>
      account.createAdSet([], {
        name: 'Runners | es',
        campaign_id: campaign.id,
        optimization_goal: 'LINK_CLICKS',
        billing_event: 'IMPRESSIONS',
        destination_type: 'WEBSITE',
        daily_budget: 1000,
        status: 'PAUSED',
        start_time: futureTime(1),
        targeting: {
          geo_locations: { countries: ['US'] },
          age_min: 18,
          age_max: 65,
          targeting_automation: { advantage_audience: 0 },
          locales,
        },
      });

    // Act
    const created = (await set([1002])) as { id: string };
    const read = await new AdSet(created.id).get(['targeting']);
    const refused = await refusalOf(set([424242]));

    // Assess
    expect((read._data.targeting as { locales?: number[] }).locales).toEqual([1002]);
    expect(refused.status).toBe(400);
    expect(refused.response).toMatchObject({ code: 100, error_user_title: 'Invalid Locale' });
  });
});
