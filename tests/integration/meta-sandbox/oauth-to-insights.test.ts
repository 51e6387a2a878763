import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetaSandbox } from '@infra/twin/meta-sandbox/server';
import {
  APP_ID,
  APP_SECRET,
  exchangeCode,
  graph,
  pressDialogButton,
  proof,
  REDIRECT_URI,
  SCOPES,
  startTestSandbox,
  type LooseJson,
} from './sandbox-client';

/**
 * The journey the product makes: consent dialog → code → short-lived token →
 * long-lived token → /me → ad accounts → campaigns → daily campaign insights →
 * pause a campaign → the change shows everywhere.
 */

let sandbox: MetaSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});

afterAll(async () => {
  await sandbox.stop();
});

describe('Meta sandbox: from consent to insights', () => {
  let shortToken: string;
  let token: string;
  let accountId: string;
  let campaignId: string;

  it('shows a consent page with the app, the scopes in words and real buttons', async () => {
    const url = `${sandbox.url}/v18.0/dialog/oauth?client_id=${APP_ID}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&scope=${SCOPES.join(',')}&response_type=code&state=s1`;
    const response = await fetch(url);
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Adsmith (local) is requesting access to:');
    expect(html).toContain('Continue as <strong>Demo Marketer</strong>');
    expect(html).toContain('Create and manage ads and ad accounts you have access to');
    expect(html).toContain('Read content posted on your Pages and its engagement');
    expect(html).toMatch(/<button type="submit" name="decision" value="continue"[^>]*>Continue<\/button>/);
    expect(html).toMatch(/<button type="submit" name="decision" value="cancel"[^>]*>Cancel<\/button>/);
  });

  it('Cancel redirects back with user_denied and the state', async () => {
    const redirect = await pressDialogButton(sandbox, 'cancel', { state: 'st-cancel' });

    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      error: 'access_denied',
      error_code: '200',
      error_description: 'Permissions error',
      error_reason: 'user_denied',
      state: 'st-cancel',
    });
  });

  it('Continue redirects back with a code and the state; the code buys a short-lived token once', async () => {
    const redirect = await pressDialogButton(sandbox, 'continue', { state: 'st-ok' });
    const code = redirect.searchParams.get('code')!;
    expect(redirect.searchParams.get('state')).toBe('st-ok');

    const first = await exchangeCode(sandbox, code);
    expect(first.status).toBe(200);
    expect(first.body.token_type).toBe('bearer');
    expect(first.body.expires_in).toBeGreaterThanOrEqual(3600);
    expect(first.body.expires_in).toBeLessThan(7200);
    shortToken = first.body.access_token;

    const again = await exchangeCode(sandbox, code);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      message: 'This authorization code has been used.',
      type: 'OAuthException',
      code: 100,
      error_subcode: 36009,
    });
  });

  it('exchanges the short-lived token for a long-lived one', async () => {
    const reply = await graph(sandbox, '/v26.0/oauth/access_token', {
      grant_type: 'fb_exchange_token',
      client_id: APP_ID,
      client_secret: APP_SECRET,
      fb_exchange_token: shortToken,
    });

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      access_token: expect.stringMatching(/^EAA/),
      token_type: 'bearer',
      expires_in: 5183944,
    });
    token = reply.body.access_token;
  });

  it('debug_token describes the token with the app token', async () => {
    const reply = await graph(sandbox, '/v26.0/debug_token', {
      input_token: token,
      access_token: `${APP_ID}|${APP_SECRET}`,
    });

    expect(reply.body.data).toMatchObject({
      app_id: APP_ID,
      type: 'USER',
      application: 'Adsmith (local)',
      is_valid: true,
      scopes: expect.arrayContaining(['public_profile', ...SCOPES]),
      user_id: expect.stringMatching(/^\d+$/),
    });
    expect(reply.body.data.expires_at - reply.body.data.issued_at).toBe(5183944);
  });

  it('reads /me and /me/permissions, with appsecret_proof and a Bearer header', async () => {
    const me = await graph(
      sandbox,
      '/v26.0/me',
      { fields: 'id,name', appsecret_proof: proof(token) },
      { headers: { Authorization: `Bearer ${token}` } },
    );
    const permissions = await graph(sandbox, '/v26.0/me/permissions', { access_token: token });

    expect(me.body).toEqual({ id: expect.stringMatching(/^\d+$/), name: 'Demo Marketer' });
    expect(me.headers.get('x-app-usage')).toMatch(/"call_count":\d+/);
    expect(permissions.body.data).toEqual(
      expect.arrayContaining([
        { permission: 'ads_management', status: 'granted' },
        { permission: 'public_profile', status: 'granted' },
      ]),
    );
  });

  it('lists the ad accounts with currency and time zone', async () => {
    const reply = await graph(sandbox, '/v26.0/me/adaccounts', {
      access_token: token,
      fields: 'id,account_id,name,currency,timezone_name,account_status,amount_spent',
    });

    expect(reply.body.data).toHaveLength(2);
    const [usd, jpy] = reply.body.data;
    expect(usd).toMatchObject({
      id: `act_${usd.account_id}`,
      currency: 'USD',
      timezone_name: 'America/New_York',
      account_status: 1,
    });
    expect(jpy).toMatchObject({ currency: 'JPY', timezone_name: 'Asia/Tokyo' });
    expect(usd.amount_spent).toMatch(/^\d+$/);
    accountId = usd.id;
  });

  it('lists campaigns with budgets as minor-unit strings, and usage headers for the account', async () => {
    const reply = await graph(sandbox, `/v26.0/${accountId}/campaigns`, {
      access_token: token,
      fields: 'id,name,objective,status,effective_status,daily_budget,lifetime_budget,start_time',
      limit: '50',
    });

    expect(reply.status).toBe(200);
    const campaigns = reply.body.data as Array<Record<string, string>>;
    expect(campaigns.length).toBeGreaterThan(0);
    for (const campaign of campaigns) {
      expect(campaign.objective).toMatch(/^OUTCOME_/);
      expect(['ACTIVE', 'PAUSED']).toContain(campaign.effective_status);
      if (campaign.daily_budget) expect(campaign.daily_budget).toMatch(/^\d+$/);
      expect(campaign.start_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[45]00$/);
    }
    const accountUsage = JSON.parse(reply.headers.get('x-ad-account-usage')!);
    expect(accountUsage).toMatchObject({ acc_id_util_pct: expect.any(Number), ads_api_access_tier: 'standard_access' });
    const buc = JSON.parse(reply.headers.get('x-business-use-case-usage')!);
    expect(buc[accountId.slice(4)][0]).toMatchObject({
      type: 'ads_management',
      call_count: expect.any(Number),
      estimated_time_to_regain_access: 0,
    });
    campaignId = campaigns.find((c) => c.effective_status === 'ACTIVE' && c.daily_budget)!.id!;
  });

  it('returns daily insights per campaign, paged with an absolute next URL', async () => {
    const params = {
      access_token: token,
      level: 'campaign',
      time_increment: '1',
      date_preset: 'last_7d',
      fields: 'campaign_id,campaign_name,spend,impressions,reach,clicks,actions,action_values,purchase_roas',
      limit: '10',
    };
    const rows: Array<Record<string, unknown>> = [];
    let reply = await graph(sandbox, `/v26.0/${accountId}/insights`, params);
    rows.push(...reply.body.data);
    while (reply.body.paging?.next) {
      expect(reply.body.paging.next.startsWith(`${sandbox.url}/v26.0/${accountId}/insights?`)).toBe(true);
      reply = await graph(sandbox, reply.body.paging.next);
      rows.push(...reply.body.data);
    }

    expect(JSON.parse(reply.headers.get('x-fb-ads-insights-throttle')!)).toMatchObject({
      app_id_util_pct: expect.any(Number),
      acc_id_util_pct: expect.any(Number),
    });
    expect(new Set(rows.map((row) => row.date_start)).size).toBe(7);
    expect(rows.some((row) => row.campaign_id === campaignId)).toBe(true);
    for (const row of rows) {
      expect(row.spend).toMatch(/^\d+\.\d{2}$/);
      expect(row.date_start).toBe(row.date_stop);
      expect(Number(row.reach)).toBeLessThanOrEqual(Number(row.impressions));
    }
  });

  it('pauses a campaign with POST; the status, effective_status and today’s spend follow', async () => {
    const todaySpend = async () => {
      const reply = await graph(sandbox, `/v26.0/${campaignId}/insights`, {
        access_token: token,
        date_preset: 'today',
        fields: 'spend',
      });
      return reply.body.data[0]?.spend as string | undefined;
    };
    const adsets = await graph(sandbox, `/v26.0/${campaignId}/adsets`, {
      access_token: token,
      fields: 'effective_status',
    });
    expect(adsets.body.data.every((a: { effective_status: string }) => a.effective_status !== 'CAMPAIGN_PAUSED')).toBe(
      true,
    );

    const update = await graph(
      sandbox,
      `/v26.0/${campaignId}`,
      { access_token: token, status: 'PAUSED', appsecret_proof: proof(token) },
      { method: 'POST' },
    );
    expect(update.body).toEqual({ success: true });

    const campaign = await graph(sandbox, `/v26.0/${campaignId}`, {
      access_token: token,
      fields: 'status,effective_status,adsets{effective_status}',
    });
    expect(campaign.body).toMatchObject({ id: campaignId, status: 'PAUSED', effective_status: 'PAUSED' });
    expect(
      campaign.body.adsets.data.every((a: { effective_status: string }) =>
        ['CAMPAIGN_PAUSED', 'PAUSED'].includes(a.effective_status),
      ),
    ).toBe(true);
    expect(await todaySpend()).toBeUndefined();

    const lastWeek = await graph(sandbox, `/v26.0/${campaignId}/insights`, {
      access_token: token,
      date_preset: 'last_7d',
      fields: 'spend',
    });
    expect(Number(lastWeek.body.data[0].spend)).toBeGreaterThan(0);
  });

  it('changes a budget with POST and reads it back', async () => {
    const update = await graph(
      sandbox,
      `/v26.0/${campaignId}`,
      { access_token: token, daily_budget: '12345' },
      { method: 'POST' },
    );
    const campaign = await graph(sandbox, `/v26.0/${campaignId}`, { access_token: token, fields: 'daily_budget' });

    expect(update.body).toEqual({ success: true });
    expect(campaign.body).toEqual({ daily_budget: '12345', id: campaignId });
  });

  it('expands insights inside fields on an edge', async () => {
    const reply = await graph(sandbox, `/v26.0/${accountId}/campaigns`, {
      access_token: token,
      fields: 'name,insights.date_preset(last_7d){spend,impressions}',
    });

    const withInsights = reply.body.data.filter((c: LooseJson) => c.insights);
    expect(withInsights.length).toBeGreaterThan(0);
    expect(withInsights[0].insights.data[0]).toMatchObject({
      spend: expect.any(String),
      impressions: expect.any(String),
      date_start: expect.any(String),
    });
  });

  it('counts every Graph call for tests and benchmarks', async () => {
    const calls = await (await fetch(`${sandbox.url}/__admin/calls`)).json();

    expect(calls.count).toBe(sandbox.calls().count);
    expect(calls.count).toBeGreaterThan(10);
    expect(JSON.stringify(calls)).not.toContain(token);
  });
});
