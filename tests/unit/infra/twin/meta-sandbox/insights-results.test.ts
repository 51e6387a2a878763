import { describe, expect, it } from 'vitest';
import { updateAdObject } from '@infra/twin/meta-sandbox/graph-writes';
import { buildInsightsRows } from '@infra/twin/meta-sandbox/insights-report';
import { parseInsightsParams } from '@infra/twin/meta-sandbox/insights-params';
import type { InsightsLevel } from '@infra/twin/meta-sandbox/reference';
import { accountByCurrency, demoWorld, FIXED_NOW } from './world-fixture';
import { errorOf } from './graph-error-of';

type ResultEntry = { indicator: string; values?: Array<{ value: string; attribution_windows: string[] }> };
type ActionEntry = Record<string, string>;

function setup(currency = 'USD') {
  const { world, model } = demoWorld();
  const account = accountByCurrency(world, currency);
  const ads = () => [...world.ads.values()].filter((ad) => ad.accountId === account.accountId);
  const parse = (raw: Record<string, string>, nodeLevel: InsightsLevel = 'account') =>
    parseInsightsParams(raw, { nodeLevel, today: model.today(account), dataStart: account.dataStart });
  const run = (raw: Record<string, string>) => buildInsightsRows(world, model, 42, { account, ads: ads() }, parse(raw));
  const adsets = [...world.adsets.values()].filter((adset) => adset.accountId === account.accountId);
  const campaigns = [...world.campaigns.values()].filter((campaign) => campaign.accountId === account.accountId);
  return { world, model, account, run, parse, adsets, campaigns };
}

const valueOf = (entry: ResultEntry | undefined) => Number(entry?.values?.[0]?.value ?? 0);
const action = (row: Record<string, unknown>, type: string) =>
  Number((row.actions as ActionEntry[] | undefined)?.find((a) => a.action_type === type)?.value ?? 0);

describe('results and cost_per_result', () => {
  it("follow each ad set's optimization goal, in Meta's shape", () => {
    const { run, adsets } = setup();
    const rows = run({
      level: 'adset',
      date_preset: 'last_30d',
      fields: 'adset_id,optimization_goal,spend,reach,actions,results,cost_per_result',
    });
    const expected: Record<string, string> = {
      LINK_CLICKS: 'actions:link_click',
      LANDING_PAGE_VIEWS: 'actions:landing_page_view',
      REACH: 'reach',
      AD_RECALL_LIFT: 'estimated_ad_recallers',
      POST_ENGAGEMENT: 'actions:post_engagement',
      THRUPLAY: 'video_thruplay_watched_actions',
      LEAD_GENERATION: 'actions:onsite_conversion.lead_grouped',
      OFFSITE_CONVERSIONS: 'actions:offsite_conversion.fb_pixel_purchase',
      APP_INSTALLS: 'actions:mobile_app_install',
    };

    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      const results = row.results as ResultEntry[];
      expect(results).toHaveLength(1);
      const goal = adsets.find((adset) => adset.id === row.adset_id)!.optimizationGoal;
      if (expected[goal]) expect(results[0]!.indicator).toBe(expected[goal]);
      if (results[0]!.values) {
        expect(results[0]!.values).toEqual([
          { value: expect.stringMatching(/^\d+$/), attribution_windows: ['default'] },
        ]);
      }
      if (goal === 'LINK_CLICKS') expect(valueOf(results[0])).toBe(action(row, 'link_click'));
      if (goal === 'REACH') {
        expect(valueOf(results[0])).toBe(Number(row.reach));
        // Awareness: cost per 1,000 accounts reached, as Ads Manager shows it.
        const cost = valueOf((row.cost_per_result as ResultEntry[])[0]);
        expect(cost).toBeCloseTo((Number(row.spend) / Number(row.reach)) * 1000, 3);
      } else if (valueOf(results[0]) > 0) {
        const cost = valueOf((row.cost_per_result as ResultEntry[])[0]);
        expect(cost).toBeCloseTo(Number(row.spend) / valueOf(results[0]), 4);
      }
    }
  });

  it('reports one entry per indicator when a campaign mixes optimization goals', () => {
    const { run, campaigns } = setup();
    const rows = run({ level: 'campaign', date_preset: 'last_30d', fields: 'campaign_id,objective,results' });
    const traffic = rows.find((row) => row.objective === 'OUTCOME_TRAFFIC')!;

    expect((traffic.results as ResultEntry[]).map((entry) => entry.indicator)).toEqual([
      'actions:landing_page_view',
      'actions:link_click',
    ]);
    expect(campaigns.length).toBeGreaterThan(0);
  });

  it("counts conversions under each ad set's attribution setting, and actions too with use_unified_attribution_setting", () => {
    const { run, adsets } = setup();
    const oneDayClick = adsets.find(
      (adset) => adset.attributionSetting === '1d_click' && adset.optimizationGoal === 'VALUE',
    )!;
    const fields = 'adset_id,attribution_setting,actions,results';
    const filtering = JSON.stringify([{ field: 'adset.id', operator: 'EQUAL', value: oneDayClick.id }]);
    const [plain] = run({ level: 'adset', date_preset: 'last_90d', fields, filtering });
    const [unified] = run({
      level: 'adset',
      date_preset: 'last_90d',
      fields,
      filtering,
      use_unified_attribution_setting: 'true',
    });

    expect(plain!.attribution_setting).toBe('1d_click');
    const results = valueOf((plain!.results as ResultEntry[])[0]);
    expect(results).toBeGreaterThan(0);
    // The default 7-day click or 1-day view credits more purchases than the ad set's 1-day click.
    expect(action(plain!, 'offsite_conversion.fb_pixel_purchase')).toBeGreaterThan(results);
    expect(action(unified!, 'offsite_conversion.fb_pixel_purchase')).toBe(results);
  });

  it("says 'mixed' for the attribution setting of a row whose ad sets differ", () => {
    const { run } = setup();
    const rows = run({ level: 'campaign', date_preset: 'last_30d', fields: 'objective,attribution_setting' });

    expect(rows.find((row) => row.objective === 'OUTCOME_SALES')!.attribution_setting).toBe('mixed');
    expect(rows.find((row) => row.objective === 'OUTCOME_TRAFFIC')!.attribution_setting).toBe('7d_click_1d_view');
  });
});

describe('attribution windows', () => {
  it('refuses the windows Meta retired (7d_view, 28d_view) with its enum message', () => {
    const { parse } = setup();

    for (const window of ['7d_view', '28d_view']) {
      const error = errorOf(() => parse({ action_attribution_windows: JSON.stringify(['1d_click', window]) }));
      expect(error.body.code).toBe(100);
      expect(error.body.message).toMatch(
        /^\(#100\) action_attribution_windows\[1\] must be one of the following values: /,
      );
      expect(error.body.message).toContain('1d_click');
      expect(error.body.message).not.toContain(window);
    }
  });

  it('adds a value per requested window to each action', () => {
    const { run } = setup();
    const rows = run({
      level: 'campaign',
      date_preset: 'last_30d',
      fields: 'objective,actions',
      action_attribution_windows: '["1d_click","7d_click","1d_view"]',
    });
    const sales = rows.find((row) => row.objective === 'OUTCOME_SALES')!;
    const purchase = (sales.actions as ActionEntry[]).find((a) => a.action_type === 'omni_purchase')!;

    expect(Number(purchase['1d_click'])).toBeLessThan(Number(purchase['7d_click']));
    expect(Number(purchase['7d_click'])).toBeLessThanOrEqual(Number(purchase.value));
    expect(Number(purchase['1d_view'])).toBeLessThan(Number(purchase['1d_click']));
  });

  it('refuses a use_unified_attribution_setting that is not a boolean', () => {
    const { parse } = setup();

    expect(errorOf(() => parse({ use_unified_attribution_setting: 'yes' })).body.message).toBe(
      '(#100) Param use_unified_attribution_setting must be a boolean',
    );
  });
});

describe('report scope', () => {
  it('de-duplicates reach across ads: a campaign reaches fewer people than its ads added up', () => {
    const { run } = setup();
    const campaignRows = run({ level: 'campaign', date_preset: 'last_30d', fields: 'campaign_id,reach' });
    const adRows = run({ level: 'ad', date_preset: 'last_30d', fields: 'campaign_id,reach' });
    const first = campaignRows[0]!;
    const adReach = adRows
      .filter((row) => row.campaign_id === first.campaign_id)
      .reduce((sum, row) => sum + Number(row.reach), 0);

    expect(Number(first.reach)).toBeLessThan(adReach);
    expect(Number(first.reach)).toBeGreaterThan(0);
  });

  it('leaves deleted objects out of campaign and ad reports but keeps them in the account total', () => {
    const { run, world, model, campaigns } = setup();
    const fields = 'campaign_id,spend';
    const before = run({ level: 'account', date_preset: 'last_90d', fields: 'spend' });
    const victim = campaigns.find((campaign) =>
      run({ level: 'campaign', date_preset: 'last_90d', fields }).some((row) => row.campaign_id === campaign.id),
    )!;

    updateAdObject(world, model, victim, { status: 'DELETED' }, FIXED_NOW);

    expect(run({ level: 'campaign', date_preset: 'last_90d', fields }).map((r) => r.campaign_id)).not.toContain(
      victim.id,
    );
    expect(run({ level: 'ad', date_preset: 'last_90d', fields }).map((r) => r.campaign_id)).not.toContain(victim.id);
    // Deleting from today on keeps the past: the account's spend over past days does not change.
    const after = run({ level: 'account', date_preset: 'last_90d', fields: 'spend' });
    expect(after[0]!.spend).toBe(before[0]!.spend);
  });
});
