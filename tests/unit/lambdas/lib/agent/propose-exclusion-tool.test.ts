import { describe, expect, it } from 'vitest';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import { AGENT_TOOLS } from '@lambdas/lib/agent/agent-tools';
import { runToolCall } from '@lambdas/lib/agent/tool-registry';
import { GraphError } from '@lambdas/lib/meta/graph-errors';
import { adAccounts, fakeSession, type GraphCall } from '../meta-session/fake-session';
import { context } from './agent-fixture';

const call = (name: string, args: object) => ({ name, arguments: JSON.stringify(args) });

const targeting = (excluded: Array<{ id: string; name: string }>) => ({
  geo_locations: { countries: ['US'] },
  targeting_automation: { advantage_audience: 0 },
  ...(excluded.length > 0 && { excluded_custom_audiences: excluded }),
});
const adSet = (id: string, name: string, excluded: Array<{ id: string; name: string }> = []) => ({
  id,
  account_id: '111',
  campaign_id: '222',
  name,
  status: 'ACTIVE',
  effective_status: 'ACTIVE',
  daily_budget: '2000',
  targeting: targeting(excluded),
});

/** The demo account with a customer list (700) and two ad sets of Spring sale, one leaving out an old list (650). */
function graph(call: GraphCall): unknown {
  if (call.path === '/me/adaccounts') return adAccounts;
  if (call.path === '700') return { id: '700', name: 'Customers', account_id: '111' };
  if (call.path === '650') return { id: '650', name: 'Old buyers', account_id: '111' };
  if (call.path === '222/adsets') return { data: [{ id: '501' }, { id: '502' }] };
  if (call.path === '/501') return adSet('501', 'Prospecting US');
  if (call.path === '/502') return adSet('502', 'Broad US', [{ id: '650', name: 'Old buyers' }]);
  if (call.method === 'POST') throw new Error('a proposal changes nothing at Meta');
  throw new GraphError({
    kind: 'meta',
    message: 'Unsupported get request.',
    method: call.method,
    path: call.path,
    status: 400,
    meta: { code: 100, message: 'Unsupported get request.', type: 'GraphMethodException' } as never,
  });
}

function withAudiences() {
  const { session, calls } = fakeSession(graph);
  return { ...context({ session: async () => session }), calls };
}

describe('the agent’s audience exclusion proposal', () => {
  it('stores one change per ad set of the campaign, each keeping its other exclusions, and changes nothing at Meta', async () => {
    const { ctx, table, calls } = withAudiences();
    const outcome = await runToolCall(
      AGENT_TOOLS,
      call('propose_audience_exclusion', { audienceId: '700', campaignId: '222' }),
      ctx,
    );
    expect(outcome).toMatchObject({ ok: true, proposal: { adAccountId: 'act_111', dryRun: false } });
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    const stored = JSON.parse([...table.rows.values()][0]!.record as string) as StoredRecommendation;
    expect(stored).toMatchObject({
      kind: 'agent_proposal',
      status: 'proposed',
      title: 'Leave “Customers” out of 2 ad sets',
      proposedBy: { conversationId: 'conv-abc' },
    });
    expect(stored.changes).toEqual([
      {
        level: 'adset',
        objectId: '501',
        objectName: 'Prospecting US',
        change: { excludedAudienceIds: ['700'] },
        before: { status: 'ACTIVE', excludedAudienceIds: [] },
        audienceNames: { '700': 'Customers' },
      },
      {
        level: 'adset',
        objectId: '502',
        objectName: 'Broad US',
        change: { excludedAudienceIds: ['650', '700'] },
        before: { status: 'ACTIVE', excludedAudienceIds: ['650'] },
        audienceNames: { '650': 'Old buyers', '700': 'Customers' },
      },
    ]);
  });

  it('refuses an audience of another workspace, and ad sets that all leave it out already', async () => {
    const { ctx, table } = withAudiences();
    const foreign = await runToolCall(
      AGENT_TOOLS,
      call('propose_audience_exclusion', { audienceId: '999', adSetIds: ['501'] }),
      ctx,
    );
    expect(foreign).toEqual({ ok: false, error: expect.stringContaining('No custom audience 999') as string });
    const done = await runToolCall(
      AGENT_TOOLS,
      call('propose_audience_exclusion', { audienceId: '650', adSetIds: ['502'] }),
      ctx,
    );
    expect(done).toEqual({ ok: false, error: expect.stringContaining('already leaves') as string });
    expect(table.rows.size).toBe(0);
  });

  it('is refused to a role the guardrails do not allow it', async () => {
    const { session } = fakeSession(graph);
    const { ctx } = context({ session: async () => session, workspace: { id: 'owner-1', role: 'member' } });
    const outcome = await runToolCall(
      AGENT_TOOLS,
      call('propose_audience_exclusion', { audienceId: '700', adSetIds: ['501'] }),
      ctx,
    );
    expect(outcome).toMatchObject({ ok: false });
  });
});
