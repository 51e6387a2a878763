import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentConversationSchema, AgentGuardrailsSchema, DEFAULT_AGENT_GUARDRAILS } from '@shared/schemas/agent';
import { PerformanceTableSchema } from '@shared/schemas/meta';
import type { AdCardList, AdTest } from '@shared/schemas/ad-optimizer';
import { RecommendationListSchema, type StoredRecommendation } from '@shared/schemas/optimizer';
import { auditRows, sandbox, type FreshUser } from '../meta-api/meta-user';
import { optimizerUsers, readRecommendations, sandboxToken, type OptimizerUsers } from '../optimizer/optimizer-setup';
import { ask } from './agent-turn';

/**
 * The agent through the twin (issue 26): the real function URL's stream, the offline model's tool planning, the
 * Meta sandbox and the optimizer's approval path. Budget changes are made on a campaign of this suite's own in the
 * JPY account, so no seeded object another suite reads is changed; the USD account is only read.
 */

const round2 = (value: number) => Math.round(value * 100) / 100;

describe('the agent through the twin', () => {
  let users: OptimizerUsers;
  let token: string;
  let campaignId: string;
  // JPY, whole yen: a 30% cut (¥300) stays within the suite's ¥500 largest change per proposal.
  const BUDGET = 1_000;
  const JPY_LIMITS = { currency: 'JPY', maxBudgetChangeAmount: 500, dailyIncreaseCap: 1_000 };

  /** A campaign's daily budget as Meta has it, read with the suite's own sandbox token. */
  const metaBudget = async (id: string) => {
    const url = new URL(`${sandbox()}/v26.0/${id}`);
    url.search = new URLSearchParams({ fields: 'daily_budget', access_token: token }).toString();
    return Number(((await (await fetch(url)).json()) as { daily_budget: string }).daily_budget);
  };
  const openRecommendations = async (who: FreshUser, account: string) =>
    RecommendationListSchema.parse(await readRecommendations(who, account)).data;

  beforeAll(async () => {
    users = await optimizerUsers('agent');
    token = await sandboxToken(users.user);
    // This suite's own campaign, with a campaign budget, in the JPY account.
    const created = await fetch(`${sandbox()}/v26.0/${users.jpyAccount}/campaigns`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: `Agent suite ${randomUUID().slice(0, 8)}`,
        objective: 'OUTCOME_SALES',
        status: 'PAUSED',
        special_ad_categories: '[]',
        daily_budget: String(BUDGET),
        access_token: token,
      }).toString(),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    campaignId = ((await created.json()) as { id: string }).id;
  }, 120_000);
  afterAll(async () => {
    // The suite's campaign goes, so no later suite counts it among the JPY account's campaigns.
    if (campaignId)
      await fetch(`${sandbox()}/v26.0/${campaignId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ status: 'DELETED', access_token: token }).toString(),
      });
    await users?.remove();
  });

  it("answers a question on the demo account with the dashboard's own numbers, and says which results it used", async () => {
    const turn = await ask(
      users.user,
      `How much did each campaign spend in the last 7 days in ${users.usdAccount}?`,
      '127.0.0.3',
    );
    expect(turn.tools.map((t) => t.name)).toEqual(['get_insights']);
    expect(turn.done.grounding.removed).toEqual([]);
    expect(turn.done.grounding.sources).toEqual([`get_insights (${turn.tools[0]!.id})`]);

    // The dashboard's table for the same range and level.
    const table = PerformanceTableSchema.parse(
      await (
        await users.user.call(`/api/meta/ad-accounts/${users.usdAccount}/performance?level=campaign&datePreset=last_7d`)
      ).json(),
    );
    const top = [...table.rows].sort((a, b) => b.metrics.spend - a.metrics.spend).slice(0, 5);
    expect(top.length).toBeGreaterThan(0);
    for (const row of top) {
      expect(turn.text).toContain(`${row.name}: spend ${round2(row.metrics.spend)}`);
      if (row.metrics.costPerResult !== null)
        expect(turn.text).toContain(`at ${round2(row.metrics.costPerResult)} each`);
    }
  }, 120_000);

  it('reads back the conversation, without the tool results kept for grounding, and deletes it', async () => {
    const read = AgentConversationSchema.parse(await (await users.user.call('/api/agent/conversation')).json());
    expect(read.turns.map((t) => t.role)).toEqual(['user', 'assistant']);
    expect(read.turns[1]!.tools?.[0]?.name).toBe('get_insights');
    expect(read.turns[1]).not.toHaveProperty('evidence');
    // Kept 30 days after the last turn (the expiry is stored in whole seconds).
    expect(Math.abs(Date.parse(read.expiresAt!) - Date.parse(read.updatedAt!) - 30 * 86_400_000)).toBeLessThan(1000);
    // Each person's own: the other workspace's person has none.
    const stranger = AgentConversationSchema.parse(await (await users.other.call('/api/agent/conversation')).json());
    expect(stranger.turns).toEqual([]);

    const deleted = await users.user.call('/api/agent/conversation', { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    const after = AgentConversationSchema.parse(await (await users.user.call('/api/agent/conversation')).json());
    expect(after.turns).toEqual([]);
  }, 60_000);

  it('keeps guardrails per workspace and refuses a bad one naming the field', async () => {
    const read = AgentGuardrailsSchema.parse(await (await users.user.call('/api/agent/guardrails')).json());
    expect(read).toEqual(DEFAULT_AGENT_GUARDRAILS);
    const bad = await users.user.call('/api/agent/guardrails', {
      method: 'PUT',
      body: JSON.stringify({ ...DEFAULT_AGENT_GUARDRAILS, maxBudgetChangePercent: 150 }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('maxBudgetChangePercent');
    const extra = await users.user.call('/api/agent/guardrails', {
      method: 'PUT',
      body: JSON.stringify({ ...DEFAULT_AGENT_GUARDRAILS, allowEverything: true }),
    });
    expect(extra.status).toBe(400);
    expect(AgentGuardrailsSchema.parse(await (await users.user.call('/api/agent/guardrails')).json())).toEqual(
      DEFAULT_AGENT_GUARDRAILS,
    );
  }, 60_000);

  it('"cut the budget of my worst campaign by 30%" in dry run: checked and described for the worst campaign, nothing stored', async () => {
    const dry = { ...DEFAULT_AGENT_GUARDRAILS, dryRun: true };
    const put = await users.user.call('/api/agent/guardrails', { method: 'PUT', body: JSON.stringify(dry) });
    expect(put.status).toBe(200);
    try {
      const turn = await ask(
        users.user,
        `Cut the budget of my worst campaign in ${users.usdAccount} by 30%`,
        '127.0.0.3',
      );
      expect(turn.tools.map((t) => t.name)).toEqual(['get_insights', 'propose_budget_change']);
      // The worst as the dashboard ranks the last 7 days: the highest cost per result among the campaigns spending.
      const table = PerformanceTableSchema.parse(
        await (
          await users.user.call(
            `/api/meta/ad-accounts/${users.usdAccount}/performance?level=campaign&datePreset=last_7d`,
          )
        ).json(),
      );
      const worst = table.rows
        .filter((r) => r.metrics.spend > 0 && r.metrics.costPerResult !== null)
        .sort((a, b) => b.metrics.costPerResult! - a.metrics.costPerResult!)[0]!;
      const proposal = turn.tools[1]!;
      expect(proposal.summary).toContain(worst.name);
      if (proposal.ok) {
        expect(proposal.summary).toMatch(/^Dry run \(nothing stored, nothing changed\)/);
        expect(turn.proposals).toHaveLength(1);
        expect(turn.proposals[0]!.dryRun).toBe(true);
      }
      const stored = (await openRecommendations(users.user, users.usdAccount)).filter(
        (r) => r.kind === 'agent_proposal',
      );
      expect(stored).toEqual([]);
    } finally {
      await users.user.call('/api/agent/guardrails', {
        method: 'PUT',
        body: JSON.stringify(DEFAULT_AGENT_GUARDRAILS),
      });
    }
  }, 120_000);

  it('a 30% cut becomes a pending proposal: Meta unchanged until approved in the drawer, then changed, then undone', async () => {
    // The defaults hold dollars only: a yen account is refused until the owner states its limits in yen.
    const unset = await ask(users.user, `Cut the budget of campaign ${campaignId} by 30%`, '127.0.0.4');
    expect(unset.tools.map((t) => [t.name, t.ok])).toEqual([['propose_budget_change', false]]);
    expect(unset.tools[0]!.summary).toContain('This workspace has no money limits for JPY');
    const yen = { ...DEFAULT_AGENT_GUARDRAILS, moneyLimits: [...DEFAULT_AGENT_GUARDRAILS.moneyLimits, JPY_LIMITS] };
    const put = await users.user.call('/api/agent/guardrails', { method: 'PUT', body: JSON.stringify(yen) });
    expect(put.status).toBe(200);
    const turn = await ask(users.user, `Cut the budget of campaign ${campaignId} by 30%`, '127.0.0.4');
    expect(
      turn.tools.map((t) => [t.name, t.ok]),
      turn.tools[0]?.summary,
    ).toEqual([['propose_budget_change', true]]);
    expect(turn.proposals).toHaveLength(1);
    const proposal = turn.proposals[0]!;
    expect(proposal).toMatchObject({ adAccountId: users.jpyAccount, dryRun: false });
    expect(proposal.drawerPath).toBe(
      `/optimizer?account=${encodeURIComponent(users.jpyAccount)}&recommendation=${encodeURIComponent(proposal.recommendationId)}`,
    );
    expect(await metaBudget(campaignId)).toBe(BUDGET);

    // The drawer's list holds it, before → after.
    const pending = (await openRecommendations(users.user, users.jpyAccount)).find(
      (r) => r.id === proposal.recommendationId,
    ) as StoredRecommendation;
    expect(pending).toMatchObject({ kind: 'agent_proposal', status: 'proposed' });
    expect(pending.changes).toEqual([
      expect.objectContaining({
        objectId: campaignId,
        change: { dailyBudget: 700 },
        before: expect.objectContaining({ dailyBudget: BUDGET }),
      }),
    ]);
    // Another workspace neither sees it nor can approve it.
    const foreign = await users.other.call(`/api/optimizer/recommendations/${pending.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({
        changes: pending.changes.map((c) => ({ level: c.level, objectId: c.objectId, change: c.change })),
      }),
    });
    expect(foreign.status).toBe(404);
    expect(await metaBudget(campaignId)).toBe(BUDGET);

    const approved = await users.user.call(`/api/optimizer/recommendations/${pending.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({
        changes: pending.changes.map((c) => ({ level: c.level, objectId: c.objectId, change: c.change })),
      }),
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect(await metaBudget(campaignId)).toBe(700);
    // The audit rows name the conversation as the source.
    const rows = (await auditRows(users.userSub)).filter((r) => String(r.source).startsWith('agent:'));
    expect(rows.length).toBeGreaterThan(0);
    expect(String(rows[0]!.source)).toMatch(new RegExp(`^agent:[^:]+:${pending.id.replace(/\./g, '\\.')}$`));

    const undone = await users.user.call(`/api/optimizer/recommendations/${pending.id}/undo`, { method: 'POST' });
    expect(undone.status, await undone.clone().text()).toBe(200);
    expect(await metaBudget(campaignId)).toBe(BUDGET);
  }, 180_000);

  it("refuses a proposal over the workspace's cap before it reaches the drawer", async () => {
    const before = (await openRecommendations(users.user, users.jpyAccount)).filter((r) => r.kind === 'agent_proposal');
    const turn = await ask(users.user, `Cut the budget of campaign ${campaignId} by 50%`, '127.0.0.4');
    expect(turn.tools.map((t) => [t.name, t.ok])).toEqual([['propose_budget_change', false]]);
    expect(turn.tools[0]!.summary).toContain('this workspace allows at most 30% per proposal');
    expect(turn.proposals).toEqual([]);
    expect(turn.text).toContain('at most 30%');
    const after = (await openRecommendations(users.user, users.jpyAccount)).filter((r) => r.kind === 'agent_proposal');
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(await metaBudget(campaignId)).toBe(BUDGET);
  }, 120_000);

  it("refuses another workspace's recommendation and an object outside the workspace's ad accounts", async () => {
    // The other workspace's own pending proposal (both are connected to the same demo Meta user).
    const theirs = await ask(users.other, `Resume campaign ${campaignId}`, '127.0.0.5');
    expect(theirs.proposals, theirs.tools[0]?.summary).toHaveLength(1);
    const foreignId = theirs.proposals[0]!.recommendationId;
    const turn = await ask(users.user, `Apply recommendation ${foreignId}`, '127.0.0.5');
    expect(turn.tools.map((t) => [t.name, t.ok])).toEqual([['apply_recommendation', false]]);
    expect(turn.tools[0]!.summary).toBe(`No recommendation ${foreignId} in this workspace.`);
    expect(turn.proposals).toEqual([]);

    const outside = await ask(users.user, 'Pause campaign 999999999999', '127.0.0.5');
    expect(outside.tools.map((t) => [t.name, t.ok])).toEqual([['propose_status_change', false]]);
    expect(outside.tools[0]!.summary).toContain("in this workspace's ad accounts");
  }, 120_000);

  it('a copy rewrite waits in the ad optimizer with publish-safe copy; approved there it makes a paused A/B copy, audited as the conversation, then undone', async () => {
    // An ad of the JPY account (the USD account's tired ad is the ad optimizer suite's): the last one that can be rewritten.
    const cards = async () => {
      const reply = await users.user.call(`/api/ad-optimizer/ad-accounts/${users.jpyAccount}/ads`);
      expect(reply.status, await reply.clone().text()).toBe(200);
      return (await reply.json()) as AdCardList;
    };
    const ad = (await cards()).ads.filter((a) => a.creative?.rewritable).at(-1);
    expect(ad, 'a single-image link ad in the JPY account').toBeTruthy();
    const copyName = `${ad!.name} — B`;

    const turn = await ask(users.user, `Rewrite the copy of ad ${ad!.id} and test it as an A/B copy`, '127.0.0.7');
    expect(
      turn.tools.map((t) => [t.name, t.ok]),
      turn.tools[0]?.summary,
    ).toEqual([['propose_copy_rewrite', true]]);
    const proposal = turn.proposals[0]!;
    expect(proposal.drawerPath).toBe(
      `/ad-optimizer?account=${encodeURIComponent(users.jpyAccount)}&ad=${ad!.id}&rewrite=${proposal.recommendationId}`,
    );
    const listed = await cards();
    const pending = listed.tests.find((t) => t.id === proposal.recommendationId)!;
    expect(pending).toMatchObject({ status: 'proposed', adId: ad!.id });
    expect(pending.proposedBy?.conversationId).toBeTruthy();
    expect(pending.variants.length).toBeGreaterThan(0);
    // Nothing at Meta yet.
    expect(listed.ads.some((a) => a.name === copyName)).toBe(false);

    const chosen = pending.variants[0]!;
    const body = JSON.stringify({
      headline: chosen.headline,
      primaryText: chosen.primaryText,
      description: chosen.description,
    });
    const stranger = await users.other.call(`/api/ad-optimizer/rewrites/${pending.id}/approve`, {
      method: 'POST',
      body,
    });
    expect(stranger.status).toBe(404);
    const approved = await users.user.call(`/api/ad-optimizer/rewrites/${pending.id}/approve`, {
      method: 'POST',
      body,
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    const made = (await approved.json()) as AdTest;
    expect(made.status).toBe('created');
    expect((await cards()).ads.find((a) => a.id === made.copyAdId)).toMatchObject({ name: copyName, status: 'PAUSED' });
    const rows = (await auditRows(users.userSub)).filter(
      (r) => r.source === `agent:${pending.proposedBy!.conversationId}:${pending.id}` && r.status === 'completed',
    );
    expect(rows).toEqual([expect.objectContaining({ action: 'create_ad_copy', created_object_id: made.copyAdId })]);

    const undone = await users.user.call(`/api/ad-optimizer/rewrites/${pending.id}/undo`, { method: 'POST' });
    expect(undone.status, await undone.clone().text()).toBe(200);
    expect((await cards()).ads.some((a) => a.name === copyName)).toBe(false);
  }, 180_000);
});
