import { describe, expect, it } from 'vitest';
import { pageIdOf } from '@infra/twin/meta-sandbox/account-assets';
import { checkStorySpec, createAdSet } from '@infra/twin/meta-sandbox/graph-create';
import { current } from '@infra/twin/meta-sandbox/world';
import { accountByCurrency, demoWorld, FIXED_NOW } from './world-fixture';
import { errorOf } from './graph-error-of';

function setup() {
  const { world } = demoWorld();
  const usd = accountByCurrency(world, 'USD');
  const campaign = [...world.campaigns.values()].find(
    (c) => c.accountId === usd.accountId && current(c.budgetHistory)?.daily !== undefined,
  )!;
  const aboCampaign = [...world.campaigns.values()].find(
    (c) => c.accountId === usd.accountId && current(c.budgetHistory) === null,
  )!;
  const adSet = (extra: Record<string, string>, campaignId = campaign.id) =>
    createAdSet(
      world,
      usd,
      {
        name: 'Bid capped',
        campaign_id: campaignId,
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
        bid_strategy: 'LOWEST_COST_WITH_BID_CAP',
        ...extra,
      },
      FIXED_NOW,
    );
  const story = (linkData: Record<string, unknown>) =>
    checkStorySpec(
      world,
      usd,
      { page_id: pageIdOf(usd), link_data: { link: 'https://shop.example.com', ...linkData } },
      'Creative',
      FIXED_NOW,
    );
  return { adSet, aboCampaign, story };
}

describe('createAdSet: bid_amount', () => {
  // The AdSet reference types bid_amount as an integer in the account currency's minor units
  // (developers.facebook.com/docs/marketing-api/reference/ad-campaign, "bid_amount: integer").
  it('takes a whole number of minor units', () => {
    expect(setup().adSet({ bid_amount: '150' }).id).toMatch(/^\d+$/);
  });

  it.each(['1.5', 'abc', '', '1e3'])('refuses %j as Graph refuses a non-integer parameter', (raw) => {
    expect(errorOf(() => setup().adSet({ bid_amount: raw })).body).toMatchObject({
      message: '(#100) Param bid_amount must be an integer',
      type: 'OAuthException',
      code: 100,
    });
  });
});

/** The v26 rules the field audit (docs/meta-v26-field-audit.md) found enforced but not pinned by a test. */
describe('createAdSet: budgets, schedule and names', () => {
  const inDays = (days: number) => new Date(FIXED_NOW.getTime() + days * 86_400_000).toISOString();

  it('refuses a daily and a lifetime budget together', () => {
    const { adSet, aboCampaign } = setup();
    const error = errorOf(() =>
      adSet(
        { bid_strategy: 'LOWEST_COST_WITHOUT_CAP', daily_budget: '2000', lifetime_budget: '90000' },
        aboCampaign.id,
      ),
    );
    expect(error.body).toMatchObject({ code: 100, error_user_title: 'Only One Budget Allowed' });
  });

  it('needs a bid_amount for a bid-cap strategy (100/1815857)', () => {
    expect(errorOf(() => setup().adSet({})).body).toMatchObject({
      code: 100,
      error_subcode: 1815857,
      error_user_title: 'Bid Amount Required',
    });
  });

  it('needs an end_time with a lifetime budget (100/1885183)', () => {
    const { adSet, aboCampaign } = setup();
    const error = errorOf(() =>
      adSet({ bid_strategy: 'LOWEST_COST_WITHOUT_CAP', lifetime_budget: '90000' }, aboCampaign.id),
    );
    expect(error.body).toMatchObject({ error_subcode: 1885183, error_user_title: 'End Time Required' });
  });

  it('refuses a lifetime budget under the daily minimum times its scheduled days (100/1885272), as an update does', () => {
    const { adSet, aboCampaign } = setup();
    const lifetime = (budget: string, days: number) =>
      adSet(
        {
          bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
          lifetime_budget: budget,
          start_time: inDays(1),
          end_time: inDays(1 + days),
        },
        aboCampaign.id,
      );
    const error = errorOf(() => lifetime('500', 10));
    expect(error.body).toMatchObject({ error_subcode: 1885272, error_user_title: 'Your Budget Is Too Low' });
    expect(error.body.error_user_msg).toMatch(/minimum budget for this ad set is \d+\.\d{2} USD/);
    // Enough for each day of the run is accepted.
    expect(lifetime('90000', 10).id).toMatch(/^\d+$/);
  });

  it('refuses a daily-budget schedule of 24 hours or less (100/1885182)', () => {
    const { adSet, aboCampaign } = setup();
    const error = errorOf(() =>
      adSet(
        {
          bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
          daily_budget: '2000',
          start_time: inDays(1),
          end_time: inDays(1.5),
        },
        aboCampaign.id,
      ),
    );
    expect(error.body).toMatchObject({ error_subcode: 1885182, error_user_title: 'Schedule Too Short' });
  });

  it('refuses a name over 400 characters and a targeting key Meta does not have', () => {
    const { adSet } = setup();
    expect(errorOf(() => adSet({ bid_amount: '150', name: 'n'.repeat(401) })).body.message).toBe(
      '(#100) Param name must be a non-empty string of at most 400 characters',
    );
    const targeting = JSON.stringify({
      geo_locations: { countries: ['US'] },
      age_min: 25,
      age_max: 55,
      targeting_automation: { advantage_audience: 0 },
      audience_type: 'broad',
    });
    expect(errorOf(() => adSet({ bid_amount: '150', targeting })).body.message).toMatch(/unknown key audience_type/);
  });
});

describe('checkStorySpec: link_data', () => {
  it('refuses a key link_data does not have, and text over its limit', () => {
    const { story } = setup();
    expect(errorOf(() => story({ headline: 'x' })).body.message).toBe(
      '(#100) param link_data has unknown key headline',
    );
    expect(errorOf(() => story({ name: 'h'.repeat(256) })).body).toMatchObject({
      error_subcode: 1487040,
      error_user_title: 'Text Too Long',
    });
    expect(story({ name: 'h'.repeat(255), message: 'Light shoes.' })).toMatchObject({ headline: 'h'.repeat(255) });
  });
});
