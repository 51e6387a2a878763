import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MetaSandbox } from '@infra/twin/meta-sandbox/server';
import { graph, login, startTestSandbox } from './sandbox-client';

let sandbox: MetaSandbox;
let token: string;
let accountId: string;

async function admin(path: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  token = await login(sandbox);
  accountId = (await graph(sandbox, '/v26.0/me/adaccounts', { access_token: token })).body.data[0].id;
});

beforeEach(async () => {
  await admin('/__admin/reset', {});
});

afterAll(async () => {
  await sandbox.stop();
});

describe('fault switches', () => {
  it('rateLimit: the next N ad-account calls answer 80004 with usage headers, then calls work again', async () => {
    await admin('/__admin/faults', { rateLimit: 2 });

    const first = await graph(sandbox, `/v26.0/${accountId}/campaigns`, { access_token: token });
    const second = await graph(sandbox, `/v26.0/${accountId}/campaigns`, { access_token: token });
    const third = await graph(sandbox, `/v26.0/${accountId}/campaigns`, { access_token: token });

    expect(first.status).toBe(400);
    expect(first.body.error).toMatchObject({
      message: expect.stringMatching(/^\(#80004\) There have been too many calls to this ad-account/),
      code: 80004,
      error_subcode: 2446079,
      type: 'OAuthException',
    });
    const usage = JSON.parse(first.headers.get('x-business-use-case-usage')!);
    expect(usage[accountId.slice(4)][0]).toMatchObject({ type: 'ads_management', call_count: 100 });
    expect(second.body.error.code).toBe(80004);
    expect(third.status).toBe(200);
  });

  it('rateLimit on a call without an ad account answers 17', async () => {
    await admin('/__admin/faults', { rateLimit: 1 });

    const reply = await graph(sandbox, '/v26.0/me', { access_token: token });

    expect(reply.body.error).toMatchObject({
      message: '(#17) User request limit reached',
      code: 17,
      error_subcode: 2446079,
    });
  });

  it("serverError: the next N calls answer 500 with Meta's transient error", async () => {
    sandbox.faults.set({ serverError: 1 });

    const failed = await graph(sandbox, '/v26.0/me', { access_token: token });
    const next = await graph(sandbox, '/v26.0/me', { access_token: token });

    expect(failed.status).toBe(500);
    expect(failed.body.error).toEqual({
      message: 'An unexpected error has occurred. Please retry your request later.',
      type: 'OAuthException',
      is_transient: true,
      code: 2,
      fbtrace_id: expect.any(String),
    });
    expect(next.status).toBe(200);
  });

  it('expireTokens: existing tokens answer 190/463; a new login works', async () => {
    const old = await login(sandbox);
    await admin('/__admin/faults', { expireTokens: true });

    const reply = await graph(sandbox, '/v26.0/me', { access_token: old });
    const fresh = await graph(sandbox, '/v26.0/me', { access_token: await login(sandbox) });

    expect(reply.body.error).toMatchObject({ type: 'OAuthException', code: 190, error_subcode: 463 });
    expect(reply.body.error.message).toMatch(
      /^Error validating access token: Session has expired on \w+day, \d{2}-\w{3}-\d{2} \d{2}:\d{2}:\d{2} P[SD]T\. The current time is/,
    );
    expect(fresh.status).toBe(200);
    token = await login(sandbox);
  });

  it('latencyMs delays every Graph call', async () => {
    await admin('/__admin/faults', { latencyMs: 150 });
    const started = Date.now();

    await graph(sandbox, '/v26.0/me', { access_token: token });

    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('rejects invalid fault settings', async () => {
    const reply = await admin('/__admin/faults', { rateLimit: -1 });

    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toMatch(/^Invalid faults: rateLimit/);
  });

  it('counts calls and resets the count', async () => {
    await graph(sandbox, '/v26.0/me', { access_token: token });
    await graph(sandbox, `/v26.0/${accountId}`, { access_token: token });

    const calls = await admin('/__admin/calls');

    expect(calls.body.count).toBe(2);
    expect(calls.body.calls.map((call: { path: string }) => call.path)).toEqual(['/v26.0/me', `/v26.0/${accountId}`]);
    expect(calls.body.calls[1].accountId).toBe(accountId.slice(4));
  });
});

describe('usage limits (development tier)', () => {
  it('throttles an ad account after 60 points and says so in the headers', async () => {
    const dev = await startTestSandbox({ usage: 'development' });
    try {
      const devToken = await login(dev);
      const account = (await graph(dev, '/v26.0/me/adaccounts', { access_token: devToken })).body.data[0].id;
      let last = await graph(dev, `/v26.0/${account}`, { access_token: devToken });
      const firstUsage = JSON.parse(last.headers.get('x-ad-account-usage')!);
      let calls = 1;
      while (last.status === 200 && calls < 100) {
        last = await graph(dev, `/v26.0/${account}`, { access_token: devToken });
        calls += 1;
      }

      expect(firstUsage).toMatchObject({ acc_id_util_pct: 2, ads_api_access_tier: 'development_access' });
      expect(calls).toBe(61);
      expect(last.body.error).toMatchObject({ code: 80004, error_subcode: 2446079 });
      expect(JSON.parse(last.headers.get('x-ad-account-usage')!)).toMatchObject({
        acc_id_util_pct: 100,
        reset_time_duration: 300,
      });
    } finally {
      await dev.stop();
    }
  });
});
