import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { createGraphClient } from '@lambdas/lib/meta/graph-client';
import { checkAccountSignals, type SignalAlertDetail } from '@lambdas/signals-monitor/check-account';
import type { MetaSandbox } from '@infra/twin/meta-sandbox/server';
import { startLocalAws, type LocalAws } from '../../support/local-aws';
import { APP_SECRET, graph as sandboxGraph, login, startTestSandbox } from '../meta-sandbox/sandbox-client';

/**
 * The signals monitor against the sandbox's seeded pixels (a sandbox of its own, on a fixed clock) and the twin's
 * DynamoDB: the seeded AddToCart that stopped four days ago raises one alert per pixel, with a link to the screen;
 * the next hourly run finds the alerts claimed and raises nothing; an alert the bus refused is raised next run.
 */
let sandbox: MetaSandbox;
let aws: LocalAws;
const clock = new Date('2026-11-20T17:00:00Z');

beforeAll(async () => {
  [sandbox, aws] = await Promise.all([startTestSandbox({ now: () => clock }), startLocalAws()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([sandbox?.stop(), aws?.stop()]);
});

describe('the signals monitor', () => {
  it('raises the stopped AddToCart once per pixel and day, and again only after the bus refused it', async () => {
    const token = await login(sandbox);
    const graph = createGraphClient({
      baseUrl: sandbox.url,
      version: 'v26.0',
      accessToken: token,
      appSecret: APP_SECRET,
    });
    // Every seeded account is watched (as if someone had read each one's signals).
    const accounts = (await sandboxGraph(sandbox, '/v26.0/me/adaccounts', { access_token: token })).body.data as {
      account_id: string;
    }[];
    expect(accounts.length).toBeGreaterThan(1);
    const store = { doc: aws.doc, table: localTableName('signalDeliveries') };
    const published: SignalAlertDetail[] = [];
    const run = (publish = async (detail: SignalAlertDetail) => void published.push(detail), now = clock) =>
      Promise.all(
        accounts.map((account) =>
          checkAccountSignals('workspace-1', account.account_id, {
            graph,
            store,
            publish,
            now,
            siteUrl: 'https://adsmith.example',
          }),
        ),
      ).then((raised) => raised.flat());

    // The bus is down for the first run: nothing raised, the claims given back.
    await expect(run(() => Promise.reject(new Error('EventBridge unavailable')))).resolves.toEqual([]);

    const first = await run();
    expect(first.length).toBeGreaterThan(0);
    expect(new Set(first.map((alert) => `${alert.kind} ${alert.eventName}`))).toEqual(new Set(['stopped AddToCart']));
    // Every seeded account's pixel stopped AddToCart on the same day; one alert each.
    expect(new Set(first.map((alert) => alert.pixelId)).size).toBe(first.length);
    expect(first[0]).toMatchObject({
      day: '2026-11-16',
      title: 'AddToCart stopped 4 days ago',
      url: 'https://adsmith.example/signals',
    });
    expect(published).toHaveLength(first.length);
    expect(published).toEqual(expect.arrayContaining(first));

    // An hour later: claimed already, quiet.
    expect(await run(undefined, new Date(clock.getTime() + 3_600_000))).toEqual([]);
    expect(published).toHaveLength(first.length);
  });
});
