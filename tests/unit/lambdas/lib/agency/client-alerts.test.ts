import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import type { ClientOverviewRow } from '@shared/schemas/agency-overview';
import { tableKey } from '@shared/table-keys';
import { alertScope, alertsOf, raiseAlerts, type ClientAlertDetail } from '@lambdas/lib/agency/client-alerts';
import { budgetPace } from '@lambdas/lib/agency/client-status';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

let aws: LocalAws;
let n = 0;
beforeAll(async () => {
  aws = await startLocalAws();
}, 60_000);
afterAll(async () => aws?.stop());

const store = () => ({ doc: aws.doc, table: localTableName('clientTargets') });

function offRow(until = '2026-11-10'): ClientOverviewRow {
  return {
    workspaceId: `ws-alerts-${++n}`,
    name: 'Client A',
    role: 'admin',
    targets: { adAccountId: 'act_7', monthlyBudget: 3000, targetCostPerResult: 10 },
    period: { since: '2026-11-01', until },
    currency: 'USD',
    spend: 2000,
    results: 100,
    resultType: 'link_click',
    costPerResult: 20,
    roas: null,
    pace: budgetPace(2000, 3000, until),
    offTarget: true,
    attention: 'off_target_and_pace',
    error: null,
  };
}

describe('client alerts', () => {
  it('says what is off, in the account currency', () => {
    const alerts = alertsOf(offRow(), 'http://site.test/agency');
    expect(alerts.map((a) => a.kind)).toEqual(['off_target', 'over_pace']);
    expect(alerts[0]!.detail).toBe('Cost per result this month is 20 USD against a target of 10 USD.');
    expect(alerts[1]!.detail).toContain('Spent 2,000 USD by day 10 of 30, against 1,000 USD on pace');
    expect(alerts[1]!.detail).toContain('the month ends at 6,000 USD of a 3,000 USD budget');
    expect(alerts.every((a) => a.url === 'http://site.test/agency' && a.day === '2026-11-10')).toBe(true);
  });

  it('raises nothing for a row on track or without figures', () => {
    const row = offRow();
    expect(alertsOf({ ...row, offTarget: false, pace: budgetPace(1000, 3000, '2026-11-10') })).toEqual([]);
    expect(alertsOf({ ...row, period: null })).toEqual([]);
  });

  it('raises each alert once per client, kind and day', async () => {
    const sent: ClientAlertDetail[] = [];
    const deps = { store: store(), publish: async (d: ClientAlertDetail) => void sent.push(d), now: new Date() };
    const row = offRow();
    expect(await raiseAlerts(row, deps)).toHaveLength(2);
    expect(await raiseAlerts(row, deps)).toHaveLength(0);
    // Concurrent ticks: still one each.
    const nextDay = { ...row, period: { since: '2026-11-01', until: '2026-11-11' } };
    const both = await Promise.all([raiseAlerts(nextDay, deps), raiseAlerts(nextDay, deps)]);
    expect(both.flat()).toHaveLength(2);
    expect(sent.map((a) => `${a.day} ${a.kind}`)).toEqual([
      '2026-11-10 off_target',
      '2026-11-10 over_pace',
      ...both.flat().map((a) => `${a.day} ${a.kind}`),
    ]);
    // Another client the same day raises its own.
    expect(await raiseAlerts(offRow(), deps)).toHaveLength(2);
  });

  it('gives the claim back when the bus refuses, so the next run raises it', async () => {
    const row = offRow();
    const failing = { store: store(), publish: () => Promise.reject(new Error('bus down')), now: new Date() };
    await expect(raiseAlerts(row, failing)).rejects.toThrow('bus down');
    const claim = await aws.doc.send(
      new GetCommand({
        TableName: store().table,
        Key: tableKey('clientTargets', alertScope(row.workspaceId), '2026-11-10#off_target'),
      }),
    );
    expect(claim.Item).toBeUndefined();
    const sent: ClientAlertDetail[] = [];
    const working = { store: store(), publish: async (d: ClientAlertDetail) => void sent.push(d), now: new Date() };
    expect((await raiseAlerts(row, working)).map((a) => a.kind)).toEqual(['off_target', 'over_pace']);
  });
});
