import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaSandbox, type MetaSandbox } from '@infra/twin/meta-sandbox/server';
import { createGraphClient } from '@lambdas/lib/meta/graph-client';
import type { MetaSession } from '@lambdas/lib/meta-session/session';
import { READ_CALL_BUDGET } from '@lambdas/lib/meta/bounded-list';
import { readAccountSnapshot } from '@lambdas/lib/optimizer/read-snapshot';
import { consent } from '../../support/meta-consent';

/**
 * The optimizer's read of a large account (its own sandbox: 200 campaigns, 6 ads per ad set, about
 * 2,200 ads) stays within the Graph call budget the docs promise, complete; and the sandbox refuses a
 * list page whose expanded insights ask for too much, as Meta does.
 */

const APP = { appId: '1234567890', appSecret: 'large-account-secret' };
const VERSION = 'v26.0';
let meta: MetaSandbox;
let accessToken: string;
let accountId: string;

async function tokenFor(sandbox: MetaSandbox): Promise<string> {
  const redirect = 'http://localhost/large-account/callback';
  const dialog = `${sandbox.url}/${VERSION}/dialog/oauth?client_id=${APP.appId}&redirect_uri=${encodeURIComponent(redirect)}&scope=ads_read&response_type=code&state=large`;
  const back = await consent(dialog, 'continue');
  const exchange = new URL(`${sandbox.url}/${VERSION}/oauth/access_token`);
  exchange.search = new URLSearchParams({
    client_id: APP.appId,
    client_secret: APP.appSecret,
    redirect_uri: redirect,
    code: back.searchParams.get('code')!,
  }).toString();
  return ((await (await fetch(exchange)).json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  meta = await startMetaSandbox({ port: 0, ...APP, seed: { campaignsPerAccount: 200, adsPerAdSet: 6 } });
  accessToken = await tokenFor(meta);
  const accounts = (await (
    await fetch(`${meta.url}/${VERSION}/me/adaccounts?fields=id,currency&access_token=${accessToken}`)
  ).json()) as { data: { id: string; currency: string }[] };
  accountId = accounts.data.find((a) => a.currency === 'USD')!.id;
}, 300_000);

afterAll(async () => {
  await meta?.stop();
});

describe('the optimizer on an account of 200 campaigns', () => {
  it(`reads every object and its insights in at most ${READ_CALL_BUDGET} Graph calls`, async () => {
    const paths: string[] = [];
    const graph = createGraphClient({
      baseUrl: meta.url,
      version: VERSION,
      appSecret: APP.appSecret,
      accessToken,
      // A page of 2,000 ads with their insights is built in the test's own process: a loaded machine must not fail it.
      timeoutMs: 120_000,
      onCall: (info) => paths.push(info.path),
    });
    const session = {
      user: { sub: 'large-account-user' },
      graph,
      deps: { now: () => new Date() },
      cached: <T>(_key: string, read: () => Promise<T>) => read(),
    } as unknown as MetaSession;

    const snapshot = await readAccountSnapshot(session, accountId, { remainingMs: () => 600_000 });

    expect(snapshot.partial).toBe(false);
    // Meta leaves archived campaigns out of the list.
    expect(snapshot.campaigns.length).toBeGreaterThan(150);
    expect(snapshot.ads.length).toBeGreaterThan(2000);
    // The insights came with the objects: ads with weeks, ad sets with days.
    expect(snapshot.ads.filter((ad) => ad.weeks.length > 0).length).toBeGreaterThan(1000);
    expect(snapshot.adsets.filter((adset) => adset.days.length > 0).length).toBeGreaterThan(100);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.length).toBeLessThanOrEqual(READ_CALL_BUDGET);
  }, 300_000);

  it('refuses a list page whose expanded insights ask for too much (code 1, subcode 99) and answers a smaller one', async () => {
    const until = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const since = new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10);
    const fields = `id,insights.time_range({"since":"${since}","until":"${until}"}).time_increment(7){ad_id,spend}`;
    const read = (limit: number) =>
      fetch(
        `${meta.url}/${VERSION}/${accountId}/ads?${new URLSearchParams({ fields, limit: String(limit), access_token: accessToken })}`,
      );

    const tooBig = await read(5000);
    expect(tooBig.status).toBe(500);
    expect(((await tooBig.json()) as { error: Record<string, unknown> }).error).toMatchObject({
      code: 1,
      error_subcode: 99,
      message: "Please reduce the amount of data you're asking for, then retry your request",
    });
    const smaller = await read(500);
    expect(smaller.status).toBe(200);
    expect(((await smaller.json()) as { data: unknown[] }).data).toHaveLength(500);
  }, 300_000);
});
