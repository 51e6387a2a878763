import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaSandbox, type MetaSandbox } from '@infra/twin/meta-sandbox/server';
import { READ_CALL_BUDGET } from '@lambdas/lib/meta/bounded-list';
import { createGraphClient } from '@lambdas/lib/meta/graph-client';
import { readRunData } from '@lambdas/lib/rules/account-data';
import { consent } from '../../support/meta-consent';

/**
 * The rules run's read of a large account (its own sandbox: 200 campaigns, 6 ads per ad set, about
 * 2,200 ads) with rules on every level stays within the Graph call budget, complete; cut short by the
 * time left, it says partial.
 */

const APP = { appId: '1234567890', appSecret: 'rules-large-account-secret' };
const VERSION = 'v26.0';
let meta: MetaSandbox;
let accessToken: string;
let account: { id: string; currency: string; timezoneName: string };

beforeAll(async () => {
  meta = await startMetaSandbox({ port: 0, ...APP, seed: { campaignsPerAccount: 200, adsPerAdSet: 6 } });
  const redirect = 'http://localhost/rules-large/callback';
  const dialog = `${meta.url}/${VERSION}/dialog/oauth?client_id=${APP.appId}&redirect_uri=${encodeURIComponent(redirect)}&scope=ads_read&response_type=code&state=large`;
  const back = await consent(dialog, 'continue');
  const exchange = new URL(`${meta.url}/${VERSION}/oauth/access_token`);
  exchange.search = new URLSearchParams({
    client_id: APP.appId,
    client_secret: APP.appSecret,
    redirect_uri: redirect,
    code: back.searchParams.get('code')!,
  }).toString();
  accessToken = ((await (await fetch(exchange)).json()) as { access_token: string }).access_token;
  const accounts = (await (
    await fetch(`${meta.url}/${VERSION}/me/adaccounts?fields=id,currency,timezone_name&access_token=${accessToken}`)
  ).json()) as { data: { id: string; currency: string; timezone_name: string }[] };
  const usd = accounts.data.find((a) => a.currency === 'USD')!;
  account = { id: usd.id, currency: usd.currency, timezoneName: usd.timezone_name };
}, 300_000);

afterAll(async () => {
  await meta?.stop();
});

function countingGraph(paths: string[]) {
  return createGraphClient({
    baseUrl: meta.url,
    version: VERSION,
    appSecret: APP.appSecret,
    accessToken,
    // A page of 2,000 ads with their days is built in the test's own process: a loaded machine must not fail it.
    timeoutMs: 120_000,
    onCall: (info) => paths.push(info.path),
  });
}

const today = new Date().toISOString().slice(0, 10);
const since = new Date(Date.now() - 17 * 86_400_000).toISOString().slice(0, 10);
const everyLevel = new Map(
  (['campaign', 'adset', 'ad'] as const).map((level) => [level, { since, until: today }] as const),
);

describe('the rules run on an account of 200 campaigns', () => {
  it(`reads every level's objects and their days in at most ${READ_CALL_BUDGET} Graph calls`, async () => {
    const paths: string[] = [];
    const read = await readRunData(countingGraph(paths), account, everyLevel, {
      remainingMs: () => 600_000,
      accountRead: 1,
    });
    expect(read.partial).toBe(false);
    expect(read.byLevel.get('ad')!.objects.length).toBeGreaterThan(2000);
    expect(read.byLevel.get('campaign')!.objects.length).toBeGreaterThan(150);
    const adsWithDays = [...read.byLevel.get('ad')!.series.values()].filter((days) => days.length > 0);
    expect(adsWithDays.length).toBeGreaterThan(1000);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.length + 1).toBeLessThanOrEqual(READ_CALL_BUDGET);
  }, 300_000);

  it('says partial when the time left cuts the read after its first pages', async () => {
    const paths: string[] = [];
    const read = await readRunData(countingGraph(paths), account, everyLevel, {
      remainingMs: () => 1000,
      accountRead: 1,
    });
    expect(read.partial).toBe(true);
    // The first page of each list is read; the ads' second page (over 2,000 ads) is not.
    expect(paths.length).toBe(3);
    expect(read.byLevel.get('ad')!.objects.length).toBeLessThan(2200);
  }, 300_000);
});
