import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { createGraphClient } from '@lambdas/lib/meta/graph-client';
import { readClientRow } from '@lambdas/lib/agency/client-figures';
import type { ClientAlertDetail } from '@lambdas/lib/agency/client-alerts';
import { saveTargets } from '@lambdas/lib/agency/targets-store';
import { runAgencyMonitor } from '@lambdas/agency-monitor/monitor';
import type { MetaSandbox } from '@infra/twin/meta-sandbox/server';
import { startLocalAws, type LocalAws } from '../../support/local-aws';
import { APP_SECRET, graph as sandboxGraph, login, startTestSandbox } from '../meta-sandbox/sandbox-client';

/**
 * The overview's Meta read and the hourly agency monitor against the sandbox's seeded accounts (a sandbox of its
 * own, on a fixed clock) and the twin's DynamoDB: one account-level `this_month` read per client gives the month so
 * far in the account's currency; a client set off pace and off target raises its alerts once per kind and day, the
 * next hour nothing, and a client on track nothing.
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

describe('the agency monitor', () => {
  it('reads each client once and raises its alerts once per kind and day', async () => {
    const token = await login(sandbox);
    const calls: string[] = [];
    const graph = createGraphClient({
      baseUrl: sandbox.url,
      version: 'v26.0',
      accessToken: token,
      appSecret: APP_SECRET,
      onCall: (info) => calls.push(String(info.path)),
    });
    const accounts = (
      await sandboxGraph(sandbox, '/v26.0/me/adaccounts', { access_token: token, fields: 'id,currency' })
    ).body.data as {
      id: string;
      currency: string;
    }[];
    const usd = accounts.find((a) => a.currency === 'USD')!;
    const deps = { graphFor: async () => graph, now: () => clock };

    // What the overview reads: the month so far of the seeded account, in its own days and currency.
    const probe = await readClientRow(
      {
        workspaceId: 'ws-probe',
        name: 'Probe',
        role: 'admin',
        targets: { adAccountId: usd.id, monthlyBudget: 1, targetCostPerResult: 1 },
      },
      deps,
    );
    expect(probe.error).toBeNull();
    expect(probe.currency).toBe('USD');
    expect(probe.period?.since).toBe('2026-11-01');
    expect(probe.spend).toBeGreaterThan(0);
    // The seeded account's ad sets optimise for different results: judged on the one most of the money went to.
    expect(probe.resultType).not.toBeNull();
    expect(probe.costPerResult).toBeGreaterThan(0);
    expect(calls).toHaveLength(1);
    const spend = probe.spend!;
    const day = probe.pace!.day;

    const store = { doc: aws.doc, table: localTableName('clientTargets') };
    const now = clock;
    // Off: a budget a third of the pace of what it spends, and a cost per result far below what it pays.
    await saveTargets(
      store,
      'ws-off',
      { adAccountId: usd.id, monthlyBudget: Math.round(((spend / day) * 30) / 3), targetCostPerResult: 0.01 },
      { by: 'agency', name: 'Client Off', now },
    );
    // On track: the budget it is spending at, and a generous target.
    await saveTargets(
      store,
      'ws-on',
      { adAccountId: usd.id, monthlyBudget: (spend / day) * 30, targetCostPerResult: 1e6 },
      { by: 'agency', name: 'Client On', now },
    );
    const published: ClientAlertDetail[] = [];
    calls.length = 0;
    const tick = (at: Date) =>
      runAgencyMonitor({
        ...deps,
        now: () => at,
        store,
        publish: async (detail) => void published.push(detail),
        url: 'https://adsmith.example/agency',
      });

    const first = await tick(clock);
    expect(first).toEqual({ clients: 2, alerts: 2, failed: 0 });
    expect(calls).toHaveLength(2);
    expect(published.map((a) => [a.workspaceName, a.kind, a.day])).toEqual([
      ['Client Off', 'off_target', probe.period!.until],
      ['Client Off', 'over_pace', probe.period!.until],
    ]);
    expect(published[1]!.title).toBe('Client Off is ahead of its budget pace');

    // An hour later: the same day's alerts are claimed already.
    expect(await tick(new Date(clock.getTime() + 3_600_000))).toEqual({ clients: 2, alerts: 0, failed: 0 });
    expect(published).toHaveLength(2);
  });
});
