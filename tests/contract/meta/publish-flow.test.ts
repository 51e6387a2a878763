import { Ad, AdCreative, AdSet, Campaign, type AdAccount } from 'facebook-nodejs-business-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlanAd, PlanTargeting } from '@shared/schemas/campaign-plan';
import { storySpec, targetingSpec } from '@lambdas/campaign-generator/meta-targeting';
import { businessSdkSession, type SdkSession } from './business-sdk-session';
import { futureTime, uniquePng } from './meta-fixtures';

/**
 * The campaign generator's publish (lambdas/campaign-generator/publish-plan.ts) driven through
 * Meta's own Node SDK at v26.0: campaign → ad set → image → creative → ad, with the parameters the
 * product builds (its own targetingSpec and storySpec), then the reads, updates and deletes it makes.
 */

let session: SdkSession;
let account: AdAccount;

const TARGETING: PlanTargeting = {
  countries: ['US'],
  regions: [],
  cities: [],
  ageMin: 25,
  ageMax: 54,
  genders: ['female'],
  interests: [],
  placements: { publisherPlatforms: ['facebook', 'instagram'] },
};

beforeAll(async () => {
  session = await businessSdkSession();
  account = session.account;
});

/** The campaign as publishPlan creates it: paused, no special categories, budgets on the ad sets. */
function createCampaign(name: string): Promise<Campaign> {
  return account.createCampaign([], {
    name,
    objective: 'OUTCOME_TRAFFIC',
    buying_type: 'AUCTION',
    status: 'PAUSED',
    special_ad_categories: [],
    is_adset_budget_sharing_enabled: false,
  });
}

function createAdSet(campaignId: string, targeting: Record<string, unknown> = targetingSpec(TARGETING)) {
  return account.createAdSet([], {
    name: 'Runners 25-54',
    campaign_id: campaignId,
    optimization_goal: 'LINK_CLICKS',
    billing_event: 'IMPRESSIONS',
    destination_type: 'WEBSITE',
    targeting,
    daily_budget: 2500,
    bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
    start_time: futureTime(1),
    end_time: futureTime(15),
    status: 'PAUSED',
  });
}

describe('publishing a generated campaign through the Business SDK', () => {
  it('creates the whole tree, reads it back as sent, updates and deletes it', async () => {
    // Prepare / Act: the five creates, in the product's order.
    const campaign = await createCampaign('Contract: trail shoes');
    expect(campaign.id).toMatch(/^\d+$/);

    const adSet = await createAdSet(campaign.id);
    expect(adSet.id).toMatch(/^\d+$/);

    const upload = await account.createAdImage([], { bytes: uniquePng('publish'), name: 'trail.png' });
    const images = upload._data.images as Record<string, { hash: string; url: string }>;
    const image = images['trail.png'];
    expect(image?.hash).toMatch(/^[0-9a-f]{32}$/);

    const ad: PlanAd = {
      name: 'Trail shoes A',
      headline: 'Grip on every trail',
      primaryText: 'Light shoes that hold on wet rock.',
      description: 'Free returns',
      callToAction: 'SHOP_NOW',
      link: 'https://example.com/trail',
      image: { hash: image!.hash, name: 'trail.png' },
    } as PlanAd;
    const creative = await account.createAdCreative([], {
      name: `${ad.name} creative`,
      object_story_spec: storySpec(ad, session.pageId),
    });
    expect(creative.id).toMatch(/^\d+$/);

    const created = await account.createAd([], {
      name: ad.name,
      adset_id: adSet.id,
      creative: { creative_id: creative.id },
      status: 'PAUSED',
    });
    expect(created.id).toMatch(/^\d+$/);

    // Assess: reads give back what was written, with the v26 flag echoed as sent (finding 1).
    const readSet = await new AdSet(adSet.id).get(['name', 'targeting', 'daily_budget', 'status', 'campaign_id']);
    expect(readSet._data).toMatchObject({
      name: 'Runners 25-54',
      daily_budget: '2500',
      status: 'PAUSED',
      campaign_id: campaign.id,
    });
    expect(readSet._data.targeting).toMatchObject({
      age_min: 25,
      age_max: 54,
      genders: [2],
      targeting_automation: { advantage_audience: 0 },
    });
    const readCreative = await new AdCreative(creative.id).get(['object_story_spec']);
    expect(readCreative._data.object_story_spec).toMatchObject({
      page_id: session.pageId,
      link_data: { link: ad.link, image_hash: image!.hash, call_to_action: { type: 'SHOP_NOW' } },
    });
    const listed = await account.getCampaigns(['name', 'status']);
    expect(listed.map((item) => item.id)).toContain(campaign.id);
    const adsOfSet = await new AdSet(adSet.id).getAds(['name', 'creative{id}']);
    expect(adsOfSet.map((item) => item.id)).toEqual([created.id]);

    // Updates the optimizer and the campaigns page make: a budget change and a status change.
    expect(await new AdSet(adSet.id).update([], { daily_budget: 3000 })).toEqual({ success: true });
    expect(await new Campaign(campaign.id).update([], { status: 'ACTIVE' })).toEqual({ success: true });
    expect((await new AdSet(adSet.id).get(['daily_budget']))._data.daily_budget).toBe('3000');

    // Deletes, newest first as the publish's rollback does.
    expect(await new Ad(created.id).delete()).toEqual({ success: true });
    expect(await new AdCreative(creative.id).delete()).toEqual({ success: true });
    expect(await new AdSet(adSet.id).delete()).toEqual({ success: true });
    expect(await new Campaign(campaign.id).delete()).toEqual({ success: true });
    const afterDelete = await new Campaign(campaign.id).get(['status']);
    expect(afterDelete._data.status).toBe('DELETED');
  });
});
