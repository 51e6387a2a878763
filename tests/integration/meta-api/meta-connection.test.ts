import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { META_SCOPES } from '@shared/constants';
import { consent } from '../../support/meta-consent';
import { auditRows, connectMeta, freshUser, graphCallCount, resetFaults, setFaults, type FreshUser } from './meta-user';

const errorOf = async (reply: Response) => ((await reply.json()) as { error: { code: string; message: string } }).error;

describe('connecting Meta through the OAuth dialog', () => {
  let user: FreshUser;
  beforeAll(async () => {
    user = await freshUser('meta-connect');
  });
  afterAll(() => user.remove());

  it('hands out a complete dialog URL with a fresh signed state each time', async () => {
    const first = await (await user.call('/api/meta/oauth/config')).json();
    const second = await (await user.call('/api/meta/oauth/config')).json();
    expect(first.scopes).toEqual([...META_SCOPES]);
    expect(first.graphVersion).toBe('v26.0');
    expect(first.redirectUri).toMatch(/\/auth\/meta\/callback$/);
    expect(first.state).toMatch(/^adsmith_meta_[^.]+\.[^.]+\.\d+\.[A-Za-z0-9_-]+$/);
    expect(first.state).not.toBe(second.state);
    const dialog = new URL(first.dialogUrl);
    expect(dialog.pathname).toBe('/v26.0/dialog/oauth');
    expect(Object.fromEntries(dialog.searchParams)).toMatchObject({
      client_id: first.appId,
      redirect_uri: first.redirectUri,
      response_type: 'code',
      state: first.state,
      scope: META_SCOPES.join(','),
    });
  });

  it('starts not connected', async () => {
    const status = await (await user.call('/api/meta/connection')).json();
    expect(status).toMatchObject({ isConnected: false, metaUserName: null, scopes: [], needsReconnect: false });
    const accounts = await user.call('/api/meta/ad-accounts');
    expect(accounts.status).toBe(409);
    expect(await errorOf(accounts)).toEqual({ code: 'META_NOT_CONNECTED', message: 'Not connected to Meta.' });
  });

  it('does not connect when the person cancels at Meta', async () => {
    const config = await (await user.call('/api/meta/oauth/config')).json();
    const back = await consent(config.dialogUrl, 'cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_reason')).toBe('user_denied');
    expect(back.searchParams.get('state')).toBe(config.state);
    expect((await (await user.call('/api/meta/connection')).json()).isConnected).toBe(false);
  });

  it('exchanges the code server-side and never returns the token', async () => {
    const config = await (await user.call('/api/meta/oauth/config')).json();
    const back = await consent(config.dialogUrl, 'continue');
    const reply = await user.call('/api/meta/oauth/callback', {
      method: 'POST',
      body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
    });
    const text = await reply.text();
    expect(reply.status).toBe(200);
    expect(text).not.toMatch(/access_token|token"/i);
    const connection = JSON.parse(text);
    expect(connection).toMatchObject({ isConnected: true, metaUserName: 'Demo Marketer' });
    expect(connection.scopes).toEqual(expect.arrayContaining(['ads_read', 'ads_management']));
    // A long-lived token: about 60 days.
    const days = (Date.parse(connection.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(55);

    // The same state cannot be used twice.
    const replay = await user.call('/api/meta/oauth/callback', {
      method: 'POST',
      body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
    });
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).code).toBe('VALIDATION_ERROR');
  });

  it('lists the ad accounts with currency and time zone', async () => {
    const accounts = (await (await user.call('/api/meta/ad-accounts')).json()).data;
    expect(accounts.length).toBe(2);
    expect(new Set(accounts.map((a: { currency: string }) => a.currency)).size).toBe(2);
    for (const account of accounts) {
      expect(account.id).toMatch(/^act_\d+$/);
      expect(account.timezoneName).toMatch(/\//);
    }
  });

  it('rejects malformed callback bodies', async () => {
    const missing = await user.call('/api/meta/oauth/callback', {
      method: 'POST',
      body: JSON.stringify({ code: 'x' }),
    });
    expect(missing.status).toBe(400);
    const forged = await user.call('/api/meta/oauth/callback', {
      method: 'POST',
      body: JSON.stringify({ code: 'x', state: 'adsmith_meta_someone.abc.123.def' }),
    });
    expect(forged.status).toBe(400);
  });
});

describe('one user cannot touch another user’s Meta connection', () => {
  let owner: FreshUser;
  let other: FreshUser;
  beforeAll(async () => {
    owner = await freshUser('meta-owner');
    other = await freshUser('meta-other');
    await connectMeta(owner);
  });
  afterAll(async () => {
    await owner.remove();
    await other.remove();
  });

  it('refuses a state that was issued to someone else', async () => {
    const ownersConfig = await (await owner.call('/api/meta/oauth/config')).json();
    const back = await consent(ownersConfig.dialogUrl, 'continue');
    const reply = await other.call('/api/meta/oauth/callback', {
      method: 'POST',
      body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
    });
    expect(reply.status).toBe(403);
    expect((await (await other.call('/api/meta/connection')).json()).isConnected).toBe(false);
  });

  it("gives the other user none of the owner's accounts, campaigns or insights, and no way to change them", async () => {
    const accounts = (await (await owner.call('/api/meta/ad-accounts')).json()).data;
    const accountId = accounts[0].id;
    const campaigns = (await (await owner.call(`/api/meta/ad-accounts/${accountId}/campaigns`)).json()).data;
    const campaignId = campaigns[0].id;

    for (const path of [
      '/api/meta/ad-accounts',
      `/api/meta/ad-accounts/${accountId}/campaigns`,
      `/api/meta/ad-accounts/${accountId}/insights`,
      `/api/meta/campaigns/${campaignId}/insights`,
    ]) {
      const reply = await other.call(path);
      expect(reply.status, path).toBe(409);
      expect((await errorOf(reply)).message).toBe('Not connected to Meta.');
    }
    const patch = await other.call(`/api/meta/campaigns/${campaignId}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'PAUSED' }),
    });
    expect(patch.status).toBe(409);
    // Disconnecting the other user leaves the owner connected.
    await other.call('/api/meta/connection', { method: 'DELETE' });
    expect((await (await owner.call('/api/meta/connection')).json()).isConnected).toBe(true);
  });
});

describe('campaigns, insights and changes', () => {
  let user: FreshUser;
  let accountId: string;
  beforeAll(async () => {
    user = await freshUser('meta-campaigns');
    await connectMeta(user);
    accountId = (await (await user.call('/api/meta/ad-accounts')).json()).data[0].id;
  });
  afterEach(() => resetFaults());
  afterAll(() => user.remove());

  it('lists campaigns with results in a constant number of Graph calls, then serves repeats from cache', async () => {
    const before = await graphCallCount();
    const reply = await user.call(`/api/meta/ad-accounts/${accountId}/campaigns?datePreset=last_30d`);
    expect(reply.status).toBe(200);
    const list = await reply.json();
    const calls = (await graphCallCount()) - before;
    expect(list.data.length).toBeGreaterThanOrEqual(5);
    expect(calls).toBeLessThanOrEqual(3);
    const spending = list.data.filter((c: { metrics: { spend: number } }) => c.metrics.spend > 0);
    expect(spending.length).toBeGreaterThan(0);
    for (const c of spending) {
      expect(c.metrics.impressions).toBeGreaterThanOrEqual(c.metrics.clicks);
      expect(c.metrics.ctr).toBeCloseTo((c.metrics.linkClicks / c.metrics.impressions) * 100, 5);
      expect(c.metrics.ctrAll).toBeCloseTo((c.metrics.clicks / c.metrics.impressions) * 100, 5);
    }

    const again = await graphCallCount();
    await user.call(`/api/meta/ad-accounts/${accountId}/campaigns?datePreset=last_30d`);
    expect(await graphCallCount()).toBe(again);
  });

  it('answers daily insights for charts with totals and the previous period', async () => {
    const list = (await (await user.call(`/api/meta/ad-accounts/${accountId}/campaigns?datePreset=last_30d`)).json())
      .data;
    const active = list.find((c: { metrics: { spend: number } }) => c.metrics.spend > 0);
    const series = await (
      await user.call(`/api/meta/campaigns/${active.id}/insights?datePreset=last_7d&timeIncrement=1`)
    ).json();
    expect(series.data).toHaveLength(7);
    expect(series.range.until < series.data[6].date ? 'after' : 'within').toBe('within');
    const daily = series.data.reduce((sum: number, d: { spend: number }) => sum + d.spend, 0);
    expect(series.totals.spend).toBeCloseTo(daily, 1);
    expect(series.previousRange).toBeTruthy();

    const account = await (
      await user.call(`/api/meta/ad-accounts/${accountId}/insights?since=2026-01-01&until=2025-12-01`)
    ).json();
    expect(account.error.code).toBe('VALIDATION_ERROR');
  });

  it('pauses and resumes a campaign, audits both and reflects them at Meta', async () => {
    const list = (await (await user.call(`/api/meta/ad-accounts/${accountId}/campaigns`)).json()).data;
    const target = list.find((c: { status: string }) => c.status === 'ACTIVE');
    const paused = await user.call(`/api/meta/campaigns/${target.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'PAUSED' }),
    });
    expect(paused.status).toBe(200);
    expect((await paused.json()).status).toBe('PAUSED');
    const relisted = (await (await user.call(`/api/meta/ad-accounts/${accountId}/campaigns`)).json()).data;
    expect(relisted.find((c: { id: string }) => c.id === target.id).status).toBe('PAUSED');

    const resumed = await user.call(`/api/meta/campaigns/${target.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'ACTIVE' }),
    });
    expect((await resumed.json()).status).toBe('ACTIVE');

    const me = await (await user.call('/api/me')).json();
    const rows = await auditRows(me.uid);
    // Each change: a pending row before Meta was asked, then its outcome row.
    expect(rows.map((r) => `${r.action}:${r.status}`)).toEqual([
      'pause:pending',
      'pause:completed',
      'resume:pending',
      'resume:completed',
    ]);
    expect(rows[1]).toMatchObject({
      campaign_id: target.id,
      before: { status: 'ACTIVE' },
      after: { status: 'PAUSED' },
    });
  });

  it('rejects bad changes with clear errors', async () => {
    const bad = await user.call('/api/meta/campaigns/not-a-number', {
      method: 'PATCH',
      body: JSON.stringify({ status: 'PAUSED' }),
    });
    expect(bad.status).toBe(400);
    const empty = await user.call('/api/meta/campaigns/123', { method: 'PATCH', body: JSON.stringify({}) });
    expect(empty.status).toBe(400);
    const unknown = await user.call('/api/meta/campaigns/999999999', {
      method: 'PATCH',
      body: JSON.stringify({ status: 'PAUSED' }),
    });
    expect([403, 404]).toContain(unknown.status);
  });

  it('retries a transient Meta failure and still answers', async () => {
    await setFaults({ serverError: 1 });
    const reply = await user.call(`/api/meta/ad-accounts/${accountId}/campaigns?since=2026-01-01&until=2026-01-02`);
    expect(reply.status).toBe(200);
  });

  it('gives up on a Meta that keeps failing with a clear 502', async () => {
    await setFaults({ serverError: 50 });
    const reply = await user.call(`/api/meta/ad-accounts/${accountId}/campaigns?since=2026-01-05&until=2026-01-06`);
    expect(reply.status).toBe(502);
    expect((await errorOf(reply)).code).toBe('UPSTREAM_ERROR');
  });

  it('turns a Meta rate limit into a clear 429', async () => {
    await setFaults({ rateLimit: 20 });
    const reply = await user.call(`/api/meta/ad-accounts/${accountId}/campaigns?since=2026-01-03&until=2026-01-04`);
    expect(reply.status).toBe(429);
    const error = await errorOf(reply);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toMatch(/Meta is limiting requests/);
  });
});

describe('token expiry and disconnecting', () => {
  it('reports not connected once Meta expires the token, and asks to reconnect on data calls', async () => {
    const user = await freshUser('meta-expiry');
    try {
      await connectMeta(user);
      await setFaults({ expireTokens: true });
      const status = await (await user.call('/api/meta/connection')).json();
      expect(status).toMatchObject({ isConnected: false, metaUserName: null, needsReconnect: true });
      const accounts = await user.call('/api/meta/ad-accounts');
      expect(accounts.status).toBe(409);
      expect((await errorOf(accounts)).message).toBe('Your Meta connection has expired. Please reconnect Meta.');
    } finally {
      await user.remove();
    }
  });

  it('disconnects: revokes at Meta, deletes the row, and a later check says not connected', async () => {
    const user = await freshUser('meta-disconnect');
    try {
      await connectMeta(user);
      const reply = await user.call('/api/meta/connection', { method: 'DELETE' });
      expect(reply.status).toBe(200);
      expect((await reply.json()).isConnected).toBe(false);
      expect((await (await user.call('/api/meta/connection')).json()).isConnected).toBe(false);
      expect((await user.call('/api/meta/ad-accounts')).status).toBe(409);
    } finally {
      await user.remove();
    }
  });
});
