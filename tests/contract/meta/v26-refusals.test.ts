import { AdSet, type AdAccount, type FacebookRequestError } from 'facebook-nodejs-business-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessSdkSession } from './business-sdk-session';
import { futureTime } from './meta-fixtures';

/**
 * The v23–v26 rules the sandbox enforces (infra/twin/meta-sandbox/v26-rules.ts), as Meta's own SDK
 * receives them: a FacebookRequestError carrying Meta's code, subcode and user-facing title/message.
 * Each rule is known second-hand; its test names the source (/work/shared/reference/meta/
 * marketing-api-notes.md, "Rules confirmed by an outside audit", and what it cites).
 */

let account: AdAccount;

beforeAll(async () => {
  account = (await businessSdkSession()).account;
});

/** The Meta error the SDK threw, or a failure saying the call went through. */
async function refusalOf(call: Promise<unknown>): Promise<FacebookRequestError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Error && error.name === 'FacebookRequestError') return error as FacebookRequestError;
    throw error;
  }
  throw new Error('Meta (the sandbox) accepted a call it refuses');
}

async function campaign(extra: Record<string, unknown> = {}): Promise<string> {
  const created = await account.createCampaign([], {
    name: 'Contract: rules',
    objective: 'OUTCOME_TRAFFIC',
    buying_type: 'AUCTION',
    status: 'PAUSED',
    special_ad_categories: [],
    is_adset_budget_sharing_enabled: false,
    ...extra,
  });
  return created.id;
}

function adSetParams(campaignId: string, targeting: Record<string, unknown>): Record<string, unknown> {
  return {
    name: 'Contract ad set',
    campaign_id: campaignId,
    optimization_goal: 'LINK_CLICKS',
    billing_event: 'IMPRESSIONS',
    destination_type: 'WEBSITE',
    targeting,
    daily_budget: 2000,
    start_time: futureTime(1),
    status: 'PAUSED',
  };
}

const US_ADULTS = { geo_locations: { countries: ['US'] }, age_min: 25, age_max: 54 };

describe('Advantage+ audience flag (v23+)', () => {
  // Source: ChatbotXIO/ChatbotX PR #1061 (live-verified 2026-08-29) and public codebases handling 1870227.
  it('refuses an ad set whose targeting lacks targeting_automation.advantage_audience: 100/1870227', async () => {
    const error = await refusalOf(account.createAdSet([], adSetParams(await campaign(), US_ADULTS)));

    expect(error.status).toBe(400);
    expect(error.response).toMatchObject({
      message: 'Invalid parameter',
      type: 'OAuthException',
      code: 100,
      error_subcode: 1870227,
      is_transient: false,
      error_user_title: 'Advantage Audience Flag Required',
    });
    expect(error.response.error_user_msg).toContain('advantage_audience');
    // The rest of Meta's body as the SDK hands it on: the trace id, and the blamed field as a JSON string.
    expect(error.response.fbtrace_id).toMatch(/^A[\w-]{26}$/);
    expect(JSON.parse(error.response.error_data ?? '{}')).toEqual({ blame_field_specs: [['targeting']] });
  });

  // Source: as above; subcode 1870189 from public codebases that clamp age_max to 65 on that error.
  it('refuses age_max below 65 with Advantage+ audience on: 100/1870189', async () => {
    const targeting = { ...US_ADULTS, targeting_automation: { advantage_audience: 1 } };
    const error = await refusalOf(account.createAdSet([], adSetParams(await campaign(), targeting)));

    expect(error.response).toMatchObject({ code: 100, error_subcode: 1870189, is_transient: false });
    expect(error.response.error_user_title).toBe('Maximum Age Not Available With Advantage+ Audience');
  });

  it('accepts Advantage+ audience on with the age range Meta allows, and reads the flag back as sent', async () => {
    const targeting = {
      geo_locations: { countries: ['US'] },
      age_min: 21,
      age_max: 65,
      targeting_automation: { advantage_audience: 1 },
    };
    const created = await account.createAdSet([], adSetParams(await campaign(), targeting));

    const read = await new AdSet(created.id).get(['targeting']);
    expect(read._data.targeting).toMatchObject({ targeting_automation: { advantage_audience: 1 } });
  });
});

describe('special ad categories', () => {
  // Source: Meta's Special Ad Category guide, per the audit notes (special_ad_category_country required).
  it('refuses a campaign in a special ad category without special_ad_category_country', async () => {
    const error = await refusalOf(campaign({ special_ad_categories: ['HOUSING'] }));

    expect(error.status).toBe(400);
    expect(error.response).toMatchObject({
      code: 100,
      type: 'OAuthException',
      error_user_title: 'Special Ad Category Country Required',
    });
  });

  // Source: the audit notes ("city radius in such campaigns at least 15 miles"); subcode 1487882 is the sandbox's.
  it('refuses a city closer than 15 miles in a special-category campaign', async () => {
    const housing = await campaign({ special_ad_categories: ['HOUSING'], special_ad_category_country: ['US'] });
    const search = await account.getApi().call('GET', ['search'], {
      type: 'adgeolocation',
      q: 'Los Angeles',
      location_types: ['city'],
    });
    const city = (search.data as Array<{ key: string; country_code: string }>).find((c) => c.country_code === 'US');
    expect(city).toBeDefined();
    const targeting = {
      geo_locations: { cities: [{ key: city!.key, radius: 10, distance_unit: 'mile' }] },
      age_min: 18,
      age_max: 65,
      targeting_automation: { advantage_audience: 0 },
    };

    const error = await refusalOf(account.createAdSet([], adSetParams(housing, targeting)));

    expect(error.response).toMatchObject({ code: 100, error_user_title: 'Invalid Radius' });
    expect(error.response.error_user_msg).toContain('15 miles');
  });
});

describe('budget change frequency', () => {
  // Source: Meta's Marketing API rate-limiting page, "ad set budget changes 4/hour". The error Meta sends is
  // not confirmed: code 17 is Meta's user request limit; subcode 1487632 is the sandbox's own.
  it('takes four budget changes to an ad set in an hour and refuses the fifth', async () => {
    const created = await account.createAdSet(
      [],
      adSetParams(await campaign(), { ...US_ADULTS, targeting_automation: { advantage_audience: 0 } }),
    );
    const adSet = new AdSet(created.id);
    for (const budget of [2100, 2200, 2300, 2400]) {
      expect(await adSet.update([], { daily_budget: budget })).toEqual({ success: true });
    }

    const error = await refusalOf(adSet.update([], { daily_budget: 2500 }));

    expect(error.response).toMatchObject({
      message: 'User request limit reached',
      code: 17,
      error_subcode: 1487632,
      is_transient: false,
      error_user_title: 'Budget Change Limit Reached',
    });
    expect((await adSet.get(['daily_budget']))._data.daily_budget).toBe('2400');
  });
});
