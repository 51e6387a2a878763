import { describe, expect, it } from 'vitest';
import { updateAdObject, type UpdateParams } from '@infra/twin/meta-sandbox/graph-writes';
import { current, type AdObject } from '@infra/twin/meta-sandbox/world';
import { accountByCurrency, demoWorld, FIXED_NOW } from './world-fixture';
import { errorOf } from './graph-error-of';

function setup() {
  const { world, model } = demoWorld();
  const usd = accountByCurrency(world, 'USD');
  const jpy = accountByCurrency(world, 'JPY');
  const cboCampaign = (accountId: string) =>
    [...world.campaigns.values()].find(
      (c) => c.accountId === accountId && current(c.budgetHistory)?.daily !== undefined,
    )!;
  const aboAdset = [...world.adsets.values()].find(
    (a) => a.accountId === usd.accountId && current(a.budgetHistory)?.daily !== undefined,
  )!;
  const update = (node: AdObject, params: UpdateParams) => updateAdObject(world, model, node, params, FIXED_NOW);
  return { world, model, usd, jpy, cboCampaign, aboAdset, update };
}

describe('updateAdObject', () => {
  it('changes status and name and records the change from today', () => {
    const { cboCampaign, usd, update, model } = setup();
    const campaign = cboCampaign(usd.accountId);

    update(campaign, { status: 'PAUSED', name: 'Renamed' });

    expect(current(campaign.statusHistory)).toBe('PAUSED');
    expect(campaign.statusHistory.at(-1)!.from).toBe(model.today(usd));
    expect(campaign.name).toBe('Renamed');
  });

  it("rejects a bad status with Meta's message, in Meta's order", () => {
    const { cboCampaign, usd, update } = setup();

    expect(errorOf(() => update(cboCampaign(usd.accountId), { status: 'STOPPED' })).body).toMatchObject({
      message: '(#100) Param status must be one of {ACTIVE, PAUSED, DELETED, ARCHIVED}',
      type: 'OAuthException',
      code: 100,
    });
  });

  it('validates the other enums on writes', () => {
    const { aboAdset, cboCampaign, usd, world, update } = setup();
    const ad = [...world.ads.values()].find((a) => a.accountId === usd.accountId)!;

    expect(errorOf(() => update(cboCampaign(usd.accountId), { bid_strategy: 'CHEAPEST' })).body.message).toMatch(
      /^\(#100\) Param bid_strategy must be one of \{COST_CAP/,
    );
    expect(errorOf(() => update(aboAdset, { optimization_goal: 'MAGIC' })).body.message).toMatch(
      /^\(#100\) Param optimization_goal must be one of/,
    );
    expect(errorOf(() => update(aboAdset, { billing_event: 'MAGIC' })).body.message).toMatch(
      /^\(#100\) Param billing_event must be one of/,
    );
    expect(errorOf(() => update(ad, { call_to_action_type: 'CLICK_ME' })).body.message).toMatch(
      /^\(#100\) Param call_to_action_type must be one of/,
    );
    expect(errorOf(() => update(cboCampaign(usd.accountId), { objective: 'WIN' })).body.message).toMatch(
      /^\(#100\) Param objective must be one of/,
    );
  });

  it('refuses an optimization goal the campaign objective does not allow (ODAX table)', () => {
    const { world, usd, update } = setup();
    const salesAdset = [...world.adsets.values()].find(
      (a) => a.accountId === usd.accountId && world.campaigns.get(a.campaignId)!.objective === 'OUTCOME_SALES',
    )!;

    expect(errorOf(() => update(salesAdset, { optimization_goal: 'APP_INSTALLS' })).body.error_user_title).toBe(
      "Performance Goal Isn't Available",
    );
    expect(() => update(salesAdset, { optimization_goal: 'VALUE' })).not.toThrow();
  });

  it('takes budgets as integers in minor units, at least the minimum', () => {
    const { aboAdset, update } = setup();

    expect(errorOf(() => update(aboAdset, { daily_budget: '12.50' })).body.message).toBe(
      '(#100) Param daily_budget must be an integer',
    );
    expect(errorOf(() => update(aboAdset, { daily_budget: '50' })).body).toMatchObject({
      code: 100,
      error_subcode: 1885272,
      error_user_msg: 'The minimum budget for this ad set is 1.00 USD.',
    });
    update(aboAdset, { daily_budget: '2500' });
    expect(current(aboAdset.budgetHistory)).toEqual({ daily: 2500 });
  });

  it('takes JPY budgets in whole yen', () => {
    const { jpy, cboCampaign, update } = setup();
    const campaign = cboCampaign(jpy.accountId);

    update(campaign, { daily_budget: '5000' });

    expect(current(campaign.budgetHistory)).toEqual({ daily: 5000 });
    expect(errorOf(() => update(campaign, { daily_budget: '100' })).body.error_user_msg).toBe(
      'The minimum budget for this ad set is 150 JPY.',
    );
  });

  it('refuses a budget on both campaign and ad set level (100/1885621)', () => {
    const { world, cboCampaign, aboAdset, usd, update } = setup();
    const cboAdset = [...world.adsets.values()].find((a) => a.campaignId === cboCampaign(usd.accountId).id)!;
    const aboCampaign = world.campaigns.get(aboAdset.campaignId)!;

    expect(errorOf(() => update(cboAdset, { daily_budget: '2000' })).body).toMatchObject({
      code: 100,
      error_subcode: 1885621,
    });
    expect(errorOf(() => update(aboCampaign, { daily_budget: '2000' })).body).toMatchObject({
      code: 100,
      error_subcode: 1885621,
    });
  });

  it('changes nothing when any parameter is invalid', () => {
    const { aboAdset, update } = setup();
    const before = JSON.stringify(aboAdset);

    errorOf(() => update(aboAdset, { name: 'New name', status: 'NOPE' }));

    expect(JSON.stringify(aboAdset)).toBe(before);
  });

  it("validates budgets against the account's own min_daily_budget", () => {
    const { usd, aboAdset, update } = setup();
    usd.minDailyBudget = 500;

    expect(errorOf(() => update(aboAdset, { daily_budget: '499' })).body).toMatchObject({
      code: 100,
      error_subcode: 1885272,
      error_user_msg: 'The minimum budget for this ad set is 5.00 USD.',
    });
    update(aboAdset, { daily_budget: '500' });
    expect(current(aboAdset.budgetHistory)).toEqual({ daily: 500 });
  });

  it("lets an archived object only be renamed or deleted, with Meta's error for anything else", () => {
    const { world, update } = setup();
    const archived = [...world.campaigns.values()].find((c) => current(c.statusHistory) === 'ARCHIVED')!;
    expect(archived).toBeDefined();
    const before = JSON.stringify(archived);

    for (const params of [
      { status: 'ACTIVE' },
      { status: 'PAUSED' },
      { daily_budget: '5000' },
      { bid_strategy: 'COST_CAP' },
    ]) {
      expect(errorOf(() => update(archived, params)).body, JSON.stringify(params)).toMatchObject({
        code: 100,
        error_subcode: 1815166,
        error_user_title: "Archived Items Can't Be Edited",
      });
    }
    expect(JSON.stringify(archived)).toBe(before);

    update(archived, { name: 'Old summer sale' });
    expect(archived.name).toBe('Old summer sale');
    update(archived, { status: 'DELETED' });
    expect(current(archived.statusHistory)).toBe('DELETED');
  });

  it("swaps an ad's creative for one of the account's and back, refusing other accounts' and ad sets", () => {
    const { world, usd, jpy, aboAdset, update } = setup();
    const [ad, other] = [...world.ads.values()].filter((a) => a.accountId === usd.accountId);
    const jpyAd = [...world.ads.values()].find((a) => a.accountId === jpy.accountId)!;
    const original = ad!.creativeId;

    update(ad!, { creative: JSON.stringify({ creative_id: other!.creativeId }) });
    expect(ad!.creativeId).toBe(other!.creativeId);
    update(ad!, { creative: JSON.stringify({ creative_id: original }) });
    expect(ad!.creativeId).toBe(original);

    expect(
      errorOf(() => update(ad!, { creative: JSON.stringify({ creative_id: jpyAd.creativeId }) })).body,
    ).toMatchObject({ code: 100, error_subcode: 1487057 });
    expect(
      errorOf(() => update(aboAdset, { creative: JSON.stringify({ creative_id: original }) })).body.message,
    ).toMatch(/not valid for node type \(AdSet\)/);
    expect(ad!.creativeId).toBe(original);
  });
});
