import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphClient } from '@lambdas/lib/meta/graph-client';
import { signalsFixes } from '@lambdas/lib/signals/pixel-health';
import { readPixelSignals } from '@lambdas/lib/signals/read-pixel-signals';
import type { MetaSandbox } from '@infra/twin/meta-sandbox/server';
import { APP_SECRET, graph, login, startTestSandbox } from '../meta-sandbox/sandbox-client';

/** The demo pixel's seeded problems, read through the product's Graph client, come out as ranked fixes. */

let sandbox: MetaSandbox;
const clock = new Date('2026-11-20T17:00:00Z');

beforeAll(async () => {
  sandbox = await startTestSandbox({ now: () => clock });
});
afterAll(() => sandbox.stop());

describe('the seeded demo pixel', () => {
  it('is explained as: Purchase double counted, AddToCart stopped, Purchase poorly matched and late', async () => {
    const token = await login(sandbox);
    const accounts = (await graph(sandbox, '/v26.0/me/adaccounts', { access_token: token })).body.data;
    const pixels = await graph(sandbox, `/v26.0/${accounts[0].id}/adspixels`, { access_token: token });
    const client = createGraphClient({
      baseUrl: sandbox.url,
      version: 'v26.0',
      accessToken: token,
      appSecret: APP_SECRET,
    });
    let calls = 0;
    const counted = {
      ...client,
      get: ((...args: Parameters<typeof client.get>) => ((calls += 1), client.get(...args))) as typeof client.get,
    };

    const signals = await readPixelSignals(counted, pixels.body.data[0].id, clock);
    const fixes = signalsFixes(signals.quality, signals.activity, clock);

    // Quality, and four stats reads of the week (both sources, server only, processing results, match keys).
    expect(calls).toBe(5);
    expect(fixes.map((fix) => `${fix.kind} ${fix.eventName}`)).toEqual([
      // Purchases counted twice (70 % of server events) weigh more than browsing events that stopped.
      'deduplication Purchase',
      'stopped AddToCart',
      'matchQuality Purchase',
      'freshness Purchase',
    ]);
    expect(fixes[1]!.title).toBe('AddToCart stopped 4 days ago');
  });
});
