import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetaSandbox } from '@infra/twin/meta-sandbox/server';
import { oldestAdsApiVersion } from '@infra/twin/meta-sandbox/graph-routes';
import { graph, login, proof, startTestSandbox } from './sandbox-client';

let sandbox: MetaSandbox;
let token: string;
let accountId: string;
let campaignId: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  token = await login(sandbox);
  accountId = (await graph(sandbox, '/v26.0/me/adaccounts', { access_token: token })).body.data[0].id;
  campaignId = (await graph(sandbox, `/v26.0/${accountId}/campaigns`, { access_token: token })).body.data[0].id;
});

afterAll(async () => {
  await sandbox.stop();
});

describe('Graph error shapes', () => {
  it('an unknown field on a campaign', async () => {
    const reply = await graph(sandbox, `/v26.0/${campaignId}`, { access_token: token, fields: 'name,x' });

    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body)).toEqual(['error']);
    expect(reply.body.error).toEqual({
      message: '(#100) Tried accessing nonexisting field (x) on node type (Campaign)',
      type: 'OAuthException',
      code: 100,
      fbtrace_id: expect.stringMatching(/^A[\w-]{26}$/),
    });
    expect(reply.headers.get('x-fb-trace-id')).toBe(reply.body.error.fbtrace_id);
  });

  it('an unknown insights field', async () => {
    const reply = await graph(sandbox, `/v26.0/${accountId}/insights`, { access_token: token, fields: 'spend,profit' });

    expect(reply.body.error.message).toBe(
      '(#100) profit is not valid for fields param. please check https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values',
    );
  });

  it('an object that does not exist', async () => {
    const reply = await graph(sandbox, '/v26.0/120200000000000000', { access_token: token });

    expect(reply.body.error).toMatchObject({ type: 'GraphMethodException', code: 100, error_subcode: 33 });
    expect(reply.body.error.message).toMatch(
      /^Unsupported get request\. Object with ID '120200000000000000' does not exist/,
    );
  });

  it('an unknown edge', async () => {
    const reply = await graph(sandbox, `/v26.0/${campaignId}/friends`, { access_token: token });

    expect(reply.body.error).toMatchObject({ message: 'Unknown path components: /friends', code: 2500 });
  });

  it('a deprecated Ads API version, by the date of Meta’s schedule', async () => {
    const floor = oldestAdsApiVersion(new Date());
    const reply = await graph(sandbox, `/v${floor - 1}.0/${accountId}/campaigns`, { access_token: token });

    expect(reply.body.error).toMatchObject({
      message:
        '(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: v26.0.',
      type: 'OAuthException',
      code: 2635,
    });
    expect((await graph(sandbox, `/v${floor}.0/${accountId}/campaigns`, { access_token: token })).status).toBe(200);
    // v24 stopped working on 2026-10-06, v23 on 2026-06-09.
    expect(oldestAdsApiVersion(new Date('2026-10-05T12:00:00Z'))).toBe(24);
    expect(oldestAdsApiVersion(new Date('2026-11-22T12:00:00Z'))).toBe(25);
  });

  it('no token, a garbage token', async () => {
    const none = await graph(sandbox, '/v26.0/me');
    const garbage = await graph(sandbox, '/v26.0/me', { access_token: 'abc' });

    expect(none.body.error).toMatchObject({
      message: 'An access token is required to request this resource.',
      code: 104,
    });
    expect(garbage.body.error).toMatchObject({
      message: 'Invalid OAuth access token - Cannot parse access token',
      code: 190,
    });
  });

  it('a token from before a reset of the sandbox (190/467)', async () => {
    const other = await startTestSandbox();
    try {
      const stale = await login(other);
      other.reset({ world: true });
      const reply = await graph(other, '/v26.0/me', { access_token: stale });

      expect(reply.body.error).toMatchObject({
        message: 'Error validating access token: The session is invalid because the user logged out.',
        code: 190,
        error_subcode: 467,
      });
    } finally {
      await other.stop();
    }
  });

  it('a wrong appsecret_proof', async () => {
    const reply = await graph(sandbox, '/v26.0/me', {
      access_token: token,
      appsecret_proof: proof(token, 'other-secret'),
    });

    expect(reply.body.error).toMatchObject({
      message: 'Invalid appsecret_proof provided in the API argument',
      type: 'GraphMethodException',
      code: 100,
    });
  });

  it('a missing appsecret_proof when the app requires it', async () => {
    sandbox.faults.set({ requireAppsecretProof: true });
    try {
      const without = await graph(sandbox, '/v26.0/me', { access_token: token });
      const withProof = await graph(sandbox, '/v26.0/me', { access_token: token, appsecret_proof: proof(token) });

      expect(without.body.error).toMatchObject({
        message: 'API calls from the server require an appsecret_proof argument',
        code: 100,
      });
      expect(withProof.status).toBe(200);
    } finally {
      sandbox.faults.reset();
    }
  });

  it('a token without ads permissions reading ads', async () => {
    const basic = await login(sandbox, ['public_profile']);
    const reply = await graph(sandbox, `/v26.0/${accountId}/campaigns`, { access_token: basic });

    expect(reply.status).toBe(403);
    expect(reply.body.error).toMatchObject({ code: 200, type: 'OAuthException' });
  });

  it('bad enum and budget values on writes', async () => {
    const status = await graph(
      sandbox,
      `/v26.0/${campaignId}`,
      { access_token: token, status: 'RUNNING' },
      { method: 'POST' },
    );
    const budget = await graph(
      sandbox,
      `/v26.0/${campaignId}`,
      { access_token: token, daily_budget: 'ten' },
      { method: 'POST' },
    );

    expect(status.body.error).toMatchObject({
      message: '(#100) Param status must be one of {ACTIVE, PAUSED, DELETED, ARCHIVED}',
      code: 100,
    });
    expect(budget.body.error).toMatchObject({ message: '(#100) Param daily_budget must be an integer', code: 100 });
  });

  it('says plainly which custom audience subtypes it does not model', async () => {
    const reply = await graph(
      sandbox,
      `/v26.0/${accountId}/customaudiences`,
      { access_token: token, name: 'New', subtype: 'APP' },
      { method: 'POST' },
    );

    expect(reply.body.error).toMatchObject({
      code: 100,
      message: '(#100) The Adsmith Meta sandbox does not model custom audiences of subtype APP',
    });
  });

  it('reads one permission with GET /me/permissions/{name}', async () => {
    const reply = await graph(sandbox, '/v26.0/me/permissions/ads_read', { access_token: token });

    expect(reply.body).toEqual({ data: [{ permission: 'ads_read', status: 'granted' }] });
  });

  it('answers batch requests item by item', async () => {
    const batch = JSON.stringify([
      { method: 'GET', relative_url: `v26.0/${campaignId}?fields=name` },
      { method: 'GET', relative_url: `v26.0/${campaignId}?fields=x` },
    ]);
    const reply = await graph<Array<{ code: number; body: string }>>(
      sandbox,
      '/',
      { batch, include_headers: 'false', access_token: token },
      { method: 'POST' },
    );

    expect(reply.status).toBe(200);
    expect(reply.body.map((item) => item.code)).toEqual([200, 400]);
    expect(JSON.parse(reply.body[0]!.body)).toMatchObject({ id: campaignId, name: expect.any(String) });
    expect(JSON.parse(reply.body[1]!.body).error.code).toBe(100);
  });

  it('refuses batches of more than 50 requests', async () => {
    const batch = JSON.stringify(Array.from({ length: 51 }, () => ({ method: 'GET', relative_url: 'v26.0/me' })));
    const reply = await graph(sandbox, '/', { batch, access_token: token }, { method: 'POST' });

    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({
      message: 'Too many requests in batch message. Maximum batch size is 50',
      code: 1,
    });
  });
});
