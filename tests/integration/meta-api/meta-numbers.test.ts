import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_META_APP } from '@infra/twin/secrets/local-secret-values';
import type { CampaignWithMetrics } from '@shared/schemas/meta';
import { consent } from '../../support/meta-consent';
import { connectMeta, freshUser, sandbox, type FreshUser } from './meta-user';

/**
 * The dashboard's numbers against Meta's own: for every seeded campaign, the
 * results and cost per result our API serves equal the sandbox's `results` and
 * `cost_per_result` fields, read directly with a token of our own.
 */

type ResultEntry = { indicator: string; values?: Array<{ value: string }> };
interface SandboxRow {
  campaign_id: string;
  results?: ResultEntry[];
  cost_per_result?: ResultEntry[];
  attribution_setting?: string;
}

/** A token straight from the sandbox, through the same dialog and code exchange our callback uses. */
async function sandboxToken(user: FreshUser): Promise<string> {
  const config = await (await user.call('/api/meta/oauth/config')).json();
  const back = await consent(config.dialogUrl, 'continue');
  const url = new URL(`${sandbox()}/v26.0/oauth/access_token`);
  url.search = new URLSearchParams({
    client_id: LOCAL_META_APP.appId,
    client_secret: LOCAL_META_APP.appSecret,
    redirect_uri: config.redirectUri,
    code: back.searchParams.get('code')!,
  }).toString();
  const reply = await fetch(url);
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { access_token: string }).access_token;
}

async function sandboxCampaignRows(token: string, accountId: string, range: { since: string; until: string }) {
  const url = new URL(`${sandbox()}/v26.0/${accountId}/insights`);
  url.search = new URLSearchParams({
    level: 'campaign',
    fields: 'campaign_id,results,cost_per_result,attribution_setting',
    time_range: JSON.stringify(range),
    use_unified_attribution_setting: 'true',
    limit: '500',
    access_token: token,
  }).toString();
  const reply = await fetch(url);
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { data: SandboxRow[] }).data;
}

const valueOf = (entry: ResultEntry | undefined) => (entry?.values?.length ? Number(entry.values[0]!.value) : null);

describe("the dashboard's results are Meta's results", () => {
  let user: FreshUser;
  let token: string;
  beforeAll(async () => {
    user = await freshUser('meta-numbers');
    await connectMeta(user);
    token = await sandboxToken(user);
  });
  afterAll(() => user.remove());

  it('for every seeded campaign of both ad accounts: results, cost per result and attribution setting', async () => {
    const accounts = (await (await user.call('/api/meta/ad-accounts')).json()).data as Array<{ id: string }>;
    expect(accounts).toHaveLength(2);
    let compared = 0;
    let mixed = 0;
    for (const account of accounts) {
      const list = await (await user.call(`/api/meta/ad-accounts/${account.id}/campaigns?datePreset=last_30d`)).json();
      const rows = await sandboxCampaignRows(token, account.id, list.range);
      const byCampaign = new Map(rows.map((row) => [row.campaign_id, row]));
      expect(list.data.length).toBeGreaterThanOrEqual(4);

      for (const campaign of list.data as CampaignWithMetrics[]) {
        const row = byCampaign.get(campaign.id);
        const m = campaign.metrics;
        if (!row) {
          // No delivery in the range: Meta has no row, and we show no results.
          expect(m.results, campaign.name).toBeNull();
          expect(m.resultsByType, campaign.name).toEqual([]);
          continue;
        }
        const results = row.results ?? [];
        expect(results.length, campaign.name).toBeGreaterThan(0);
        expect(m.resultsByType, campaign.name).toEqual(
          results.map((entry) => ({
            resultType: entry.indicator.replace(/^actions:/, ''),
            results: valueOf(entry) ?? 0,
            costPerResult: valueOf(row.cost_per_result?.find((cost) => cost.indicator === entry.indicator)),
          })),
        );
        if (results.length === 1) {
          expect(m.results, campaign.name).toBe(valueOf(results[0]) ?? 0);
          expect(m.costPerResult, campaign.name).toBe(valueOf(row.cost_per_result?.[0]));
          expect(m.resultType, campaign.name).toBe(results[0]!.indicator.replace(/^actions:/, ''));
        } else {
          mixed += 1;
          expect(m.results, campaign.name).toBeNull();
        }
        expect(m.attributionSetting, campaign.name).toBe(row.attribution_setting);
        compared += 1;
      }
    }
    // The seed has campaigns of every objective, some with ad sets aiming at different results.
    expect(compared).toBeGreaterThanOrEqual(6);
    expect(mixed).toBeGreaterThan(0);
  });

  it('reports awareness reach results with the cost per 1,000 people reached', async () => {
    const accounts = (await (await user.call('/api/meta/ad-accounts')).json()).data as Array<{ id: string }>;
    const reachResults: Array<{ results: number; costPerResult: number | null; spend: number }> = [];
    for (const account of accounts) {
      const list = await (await user.call(`/api/meta/ad-accounts/${account.id}/campaigns?datePreset=last_30d`)).json();
      for (const campaign of list.data as CampaignWithMetrics[]) {
        const reach = campaign.metrics.resultsByType.find((entry) => entry.resultType === 'reach');
        if (reach && reach.results > 0) reachResults.push({ ...reach, spend: campaign.metrics.spend });
      }
    }
    expect(reachResults.length).toBeGreaterThan(0);
    // Per 1,000: the cost is spend over thousands of people, so far above a cent per person.
    for (const entry of reachResults) expect(entry.costPerResult!).toBeGreaterThan(entry.spend / entry.results);
  });

  it('gives charts one point per day, zero-filled where Meta has no row', async () => {
    const accounts = (await (await user.call('/api/meta/ad-accounts')).json()).data as Array<{ id: string }>;
    const list = await (
      await user.call(`/api/meta/ad-accounts/${accounts[0]!.id}/campaigns?datePreset=last_30d`)
    ).json();
    // A paused campaign has days without delivery inside a 90-day range.
    const paused = (list.data as CampaignWithMetrics[]).find((c) => c.status === 'PAUSED') ?? list.data[0];
    const series = await (
      await user.call(`/api/meta/campaigns/${paused.id}/insights?datePreset=last_90d&timeIncrement=1`)
    ).json();

    expect(series.data).toHaveLength(90);
    expect(series.data[0].date).toBe(series.range.since);
    expect(series.data.at(-1).date).toBe(series.range.until);
    const days = series.data.map((point: { date: string }) => point.date);
    expect(new Set(days).size).toBe(90);
    expect([...days].sort()).toEqual(days);
  });
});
