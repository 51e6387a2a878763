import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCurrency } from '@shared/currency-units';
import { SAMPLE_MAPPING, sampleCsv } from '@shared/mmm/sample-csv';
import { DatasetSummarySchema, ModelDetailSchema, ModelSummarySchema } from '@shared/schemas/mmm';
import { WeekPlanSchema } from '@shared/schemas/mmm-week-plan';
import {
  RecommendationListSchema,
  StoredRecommendationSchema,
  type StoredRecommendation,
} from '@shared/schemas/optimizer';
import { CampaignListSchema, InsightsSeriesSchema } from '@shared/schemas/meta';
import { META_MIX_MAPPING, metaMixCsv, recentMondays, weeklySpend } from '../../support/meta-mix-dataset';
import { DEFAULT_AGENT_GUARDRAILS, type AgentGuardrails } from '@shared/schemas/agent';
import { ask } from '../agent/agent-turn';
import { readRecommendations } from '../optimizer/optimizer-setup';
import { auditRows, connectMeta, freshUser, type FreshUser } from '../meta-api/meta-user';

/**
 * The marketing-mix → optimizer hand-off on the twin: a model fitted on the JPY account's own
 * weekly Meta spend ("use my Meta spend") is handed to the optimizer for that account; the recommendation
 * appears in /optimizer's list with its evidence, nothing changes at Meta until one budget is
 * approved, and undo restores it. Only one object is approved (and restored) so the seeded
 * account other suites read is changed as little and as briefly as possible. A model of a made-up
 * business (the upload step's sample CSV) is refused for the account, with the figures compared.
 */

let user: FreshUser;
let other: FreshUser;
let userSub: string;
let jpyAccount: string;
let modelId: string;
let sampleModelId: string;

const post = (who: FreshUser, p: string, body: unknown) => who.call(p, { method: 'POST', body: JSON.stringify(body) });
const handoffPath = () => `/api/optimizer/ad-accounts/${jpyAccount}/mmm-handoffs`;

async function fitModel(who: FreshUser, dataset: object, name: string): Promise<string> {
  const upload = await post(who, '/api/mmm/datasets', dataset);
  expect(upload.status, await upload.clone().text()).toBe(201);
  const { id: datasetId } = DatasetSummarySchema.parse(await upload.json());
  const start = await post(who, '/api/mmm/models', { datasetId, name, quality: 'quick' });
  expect(start.status, await start.clone().text()).toBe(202);
  const id = ModelSummarySchema.parse(await start.json()).id;
  // Poll generously: the machine may be busy.
  for (let i = 0; i < 360; i += 1) {
    const detail = ModelDetailSchema.parse(await (await who.call(`/api/mmm/models/${id}`)).json());
    if (detail.model.status === 'done') return id;
    expect(detail.model.status).not.toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The fit of ${name} did not finish in 3 minutes`);
}

beforeAll(async () => {
  user = await freshUser('mmm-handoff');
  other = await freshUser('mmm-handoff-other');
  await Promise.all([connectMeta(user), connectMeta(other)]);
  userSub = (await (await user.call('/api/me')).json()).uid;
  const accounts = (await (await user.call('/api/meta/ad-accounts')).json()).data as { id: string; currency: string }[];
  jpyAccount = accounts.find((a) => a.currency === 'JPY')!.id;

  // The account's weekly spend as the app's insights route reports it, to drive the dataset's revenue; read in
  // two halves, each short enough for a direct read (longer ranges start one of Meta's report runs).
  const weeks = recentMondays();
  const daily = [];
  for (const half of [weeks.slice(0, 8), weeks.slice(8)]) {
    const until = new Date(`${half.at(-1)!}T00:00:00Z`);
    until.setUTCDate(until.getUTCDate() + 6);
    const insights = await user.call(
      `/api/meta/ad-accounts/${jpyAccount}/insights?since=${half[0]}&until=${until.toISOString().slice(0, 10)}`,
    );
    expect(insights.status, await insights.clone().text()).toBe(200);
    daily.push(...InsightsSeriesSchema.parse(await insights.json()).data);
  }
  const csv = metaMixCsv(weeks, weeklySpend(weeks, daily));
  const metaSpend = { adAccountId: jpyAccount, channel: 'meta' };
  // Each user's one fit of the month: the user's model of this account, the other's of the sample business.
  [modelId, sampleModelId] = await Promise.all([
    fitModel(user, { name: 'Hand-off', csv, mapping: META_MIX_MAPPING, metaSpend }, 'Meta hand-off'),
    fitModel(other, { name: 'Sample', csv: sampleCsv(), mapping: SAMPLE_MAPPING }, 'Sample business'),
  ]);
}, 400_000);

afterAll(async () => {
  await user.remove();
  await other.remove();
});

describe('marketing mix → optimizer hand-off', () => {
  let handed: StoredRecommendation;

  it('refuses what cannot be handed off: another user’s model, a channel the model lacks, a malformed body', async () => {
    const stranger = await post(other, handoffPath(), { modelId, channel: 'meta' });
    expect(stranger.status).toBe(404);
    expect((await stranger.json()).error.code).toBe('NOT_FOUND');
    const unknown = await post(user, handoffPath(), { modelId, channel: 'tv' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toMatch(/not a paid channel/);
    for (const body of [
      { modelId, channel: 'meta', extra: true },
      { modelId: 'nope', channel: 'meta' },
      { modelId, channel: 'meta', targetRoi: -1 },
      { modelId },
    ]) {
      const reply = await post(user, handoffPath(), body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect((await reply.json()).error.code).toBe('VALIDATION_ERROR');
    }
    const unreachable = await post(user, handoffPath(), { modelId, channel: 'meta', targetRoi: 1000 });
    expect(unreachable.status).toBe(400);
    expect((await unreachable.json()).error.message).toMatch(/ROI of 1000/);
  }, 120_000);

  it('refuses a model of another business for this account, naming the spends compared', async () => {
    const before = (await auditRows(userSub)).length;
    const reply = await post(other, handoffPath(), { modelId: sampleModelId, channel: 'facebook_spend' });
    expect(reply.status, await reply.clone().text()).toBe(400);
    const { error } = await reply.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    // The sample's 52 weeks of 2025 hold its own Facebook spend; this account spent nothing Meta reports then.
    expect(error.message).toMatch(/“facebook_spend” is not the spend of ad account act_\d+/);
    expect(error.message).toMatch(/it spent ¥[\d,]+ over the model's \d+ periods from 2025-/);
    expect(error.message).toMatch(/Meta reports no spend for this account then/);
    // Nothing stored for the optimizer, nothing sent to Meta.
    const list = RecommendationListSchema.parse(await readRecommendations(other, jpyAccount));
    expect(list.data.filter((r) => r.kind === 'mmm_allocation')).toEqual([]);
    expect((await auditRows(userSub)).length).toBe(before);
  }, 120_000);

  it('stores the Meta allocation as a recommendation with the model’s evidence; Meta is not touched', async () => {
    const before = (await auditRows(userSub)).length;
    const reply = await post(user, handoffPath(), { modelId, channel: 'meta' });
    expect(reply.status, await reply.clone().text()).toBe(201);
    handed = StoredRecommendationSchema.parse(await reply.json());
    expect(handed).toMatchObject({ kind: 'mmm_allocation', status: 'proposed', currency: 'JPY' });
    expect(handed.changes.length).toBeGreaterThan(0);
    for (const change of handed.changes) {
      // Whole yen, at least the account's ¥150 minimum, at the level the budget lives.
      expect(Number.isInteger(change.change.dailyBudget)).toBe(true);
      expect(change.change.dailyBudget).toBeGreaterThanOrEqual(150);
      expect(['campaign', 'adset']).toContain(change.level);
      expect(change.change.dailyBudget).not.toBe(change.before.dailyBudget);
    }
    const e = handed.evidence;
    expect(e.proposedDaily).toBeGreaterThan(0);
    expect(e.marginalRoiProposed).toBeGreaterThanOrEqual(0);
    expect(e.liftPerWeekLow).toBeLessThanOrEqual(e.liftPerWeek!);
    expect(e.liftPerWeekHigh).toBeGreaterThanOrEqual(e.liftPerWeek!);
    expect(handed.expectedEffect.expected).toBe(e.liftPerWeek);
    // Money in the account currency as the app writes it: whole yen with the sign.
    expect(handed.why).toContain(formatCurrency(e.proposedDaily!, 'JPY'));
    expect(handed.title).toMatch(/Meta to ¥[\d,]+ a day/);
    expect((await auditRows(userSub)).length).toBe(before);

    // /optimizer lists it, with the detectors' recommendations.
    const list = RecommendationListSchema.parse(await readRecommendations(user, jpyAccount));
    expect(list.data.find((r) => r.id === handed.id)).toMatchObject({ status: 'proposed', kind: 'mmm_allocation' });
    // Handing off again while it is open replaces it: one proposal per model and account.
    const again = StoredRecommendationSchema.parse(
      await (await post(user, handoffPath(), { modelId, channel: 'meta' })).json(),
    );
    expect(again.id).toBe(handed.id);
  }, 120_000);

  it('another user cannot approve it; approving one budget changes Meta (audited); undo restores it', async () => {
    const pick = handed.changes.find((c) => c.level === 'campaign') ?? handed.changes[0]!;
    const body = { changes: [{ level: pick.level, objectId: pick.objectId, change: pick.change }] };
    expect((await post(other, `/api/optimizer/recommendations/${handed.id}/approve`, body)).status).toBe(404);

    const reply = await post(user, `/api/optimizer/recommendations/${handed.id}/approve`, body);
    expect(reply.status, await reply.clone().text()).toBe(200);
    const applied = StoredRecommendationSchema.parse(await reply.json());
    expect(applied.status).toBe('applied');
    expect(applied.applied!.map((a) => [a.objectId, a.before.dailyBudget, a.after.dailyBudget])).toEqual([
      [pick.objectId, pick.before.dailyBudget, pick.change.dailyBudget],
    ]);
    const rows = (await auditRows(userSub)).filter((r) => r.source === `optimizer:${handed.id}`);
    expect(rows.filter((r) => r.status === 'completed' && r.after_source === 'meta')).toHaveLength(1);
    const campaignBudget = async () =>
      CampaignListSchema.parse(
        await (await user.call(`/api/meta/ad-accounts/${jpyAccount}/campaigns`)).json(),
      ).data.find((c) => c.id === pick.objectId)?.dailyBudget;
    if (pick.level === 'campaign') expect(await campaignBudget()).toBe(pick.change.dailyBudget);

    const undo = await post(user, `/api/optimizer/recommendations/${handed.id}/undo`, {});
    expect(undo.status, await undo.clone().text()).toBe(200);
    expect(StoredRecommendationSchema.parse(await undo.json()).status).toBe('undone');
    const undone = (await auditRows(userSub)).filter(
      (r) => r.source === `optimizer-undo:${handed.id}` && r.status === 'completed',
    );
    // A campaign's row names it as the campaign; an ad set's as the object.
    expect(undone.map((r) => [r.object_id ?? r.campaign_id, r.after.dailyBudget])).toEqual([
      [pick.objectId, pick.before.dailyBudget],
    ]);
    if (pick.level === 'campaign') expect(await campaignBudget()).toBe(pick.before.dailyBudget);
  }, 120_000);

  it('target-ROI mode hands off the caps as a new proposal once the last one was acted on', async () => {
    const reply = await post(user, handoffPath(), { modelId, channel: 'meta', targetRoi: 0.0001 });
    expect(reply.status, await reply.clone().text()).toBe(201);
    const capped = StoredRecommendationSchema.parse(await reply.json());
    expect(capped.id).not.toBe(handed.id);
    expect(capped.id.startsWith(handed.id)).toBe(true);
    expect(capped.evidence.targetRoi).toBe(0.0001);
    // The lowest target is met at the allocator's upper bounds: Meta at twice its spend.
    expect(capped.evidence.proposedDaily! / capped.evidence.currentDaily!).toBeCloseTo(2, 3);
    // Whole yen a day.
    expect(Number.isInteger(capped.evidence.proposedDaily)).toBe(true);
    expect(capped.title).toMatch(/^Raise Meta/);
  }, 120_000);
});

describe('the agent proposes the same allocation (issue 26)', () => {
  const putGuardrails = async (guardrails: AgentGuardrails) => {
    const reply = await user.call('/api/agent/guardrails', { method: 'PUT', body: JSON.stringify(guardrails) });
    expect(reply.status, await reply.clone().text()).toBe(200);
  };
  afterAll(() => putGuardrails(DEFAULT_AGENT_GUARDRAILS));

  it("reads the model's allocation with the report's own figures", async () => {
    const detail = ModelDetailSchema.parse(await (await user.call(`/api/mmm/models/${modelId}`)).json());
    const turn = await ask(user, 'What does my marketing-mix model allocate to each channel?', '127.0.0.6');
    expect(turn.tools.map((t) => [t.name, t.ok])).toEqual([['list_mmm_allocations', true]]);
    expect(turn.done.grounding.removed).toEqual([]);
    for (const channel of detail.report!.allocation.channels)
      expect(turn.text).toContain(
        `${channel.name} ${Math.round(channel.current * 100) / 100} → ${Math.round(channel.optimal * 100) / 100}`,
      );
  }, 120_000);

  it('refuses it over the guardrails, then proposes it pending: Meta unchanged until approved, audited as the conversation, undone', async () => {
    const question = `Apply the marketing-mix allocation of model ${modelId} to ${jpyAccount}`;
    const auditBefore = (await auditRows(userSub)).length;
    // ¥1 at most per change: every budget the allocation moves is over it.
    await putGuardrails({
      ...DEFAULT_AGENT_GUARDRAILS,
      maxBudgetChangePercent: 100,
      moneyLimits: [{ currency: 'JPY', maxBudgetChangeAmount: 1, dailyIncreaseCap: 1e9 }],
    });
    const refused = await ask(user, question, '127.0.0.6');
    expect(refused.tools.map((t) => [t.name, t.ok])).toEqual([
      ['list_mmm_allocations', true],
      ['propose_mmm_allocation', false],
    ]);
    expect(refused.tools[1]!.summary).toMatch(
      /^Refused by this workspace's guardrails \(.+\): The change is ¥[\d,]+ a day; this workspace allows at most ¥1 per proposal\.$/,
    );
    expect(refused.proposals).toEqual([]);

    await putGuardrails({
      ...DEFAULT_AGENT_GUARDRAILS,
      maxBudgetChangePercent: 100,
      moneyLimits: [{ currency: 'JPY', maxBudgetChangeAmount: 1e9, dailyIncreaseCap: 1e9 }],
    });
    const turn = await ask(user, question, '127.0.0.6');
    expect(
      turn.tools.map((t) => [t.name, t.ok]),
      turn.tools[1]?.summary,
    ).toEqual([
      ['list_mmm_allocations', true],
      ['propose_mmm_allocation', true],
    ]);
    const proposal = turn.proposals[0]!;
    expect(proposal).toMatchObject({ adAccountId: jpyAccount, dryRun: false });
    const list = RecommendationListSchema.parse(await readRecommendations(user, jpyAccount));
    const pending = list.data.find((r) => r.id === proposal.recommendationId) as StoredRecommendation;
    expect(pending).toMatchObject({ kind: 'mmm_allocation', status: 'proposed', currency: 'JPY' });
    expect(pending.proposedBy?.conversationId).toBeTruthy();
    expect(pending.changes.length).toBeGreaterThan(0);
    // Nothing reached Meta.
    expect((await auditRows(userSub)).length).toBe(auditBefore);

    const pick = pending.changes.find((c) => c.level === 'campaign') ?? pending.changes[0]!;
    const body = { changes: [{ level: pick.level, objectId: pick.objectId, change: pick.change }] };
    expect((await post(other, `/api/optimizer/recommendations/${pending.id}/approve`, body)).status).toBe(404);
    const approved = await post(user, `/api/optimizer/recommendations/${pending.id}/approve`, body);
    expect(approved.status, await approved.clone().text()).toBe(200);
    const source = `agent:${pending.proposedBy!.conversationId}:${pending.id}`;
    const rows = (await auditRows(userSub)).filter((r) => r.source === source && r.status === 'completed');
    expect(rows.map((r) => r.after.dailyBudget)).toEqual([pick.change.dailyBudget]);

    const undo = await post(user, `/api/optimizer/recommendations/${pending.id}/undo`, {});
    expect(undo.status, await undo.clone().text()).toBe(200);
    const undone = (await auditRows(userSub)).filter(
      (r) => r.source === `optimizer-undo:${pending.id}` && r.status === 'completed',
    );
    expect(undone.map((r) => r.after.dailyBudget)).toEqual([pick.before.dailyBudget]);
  }, 180_000);

  it('week by week: a week plan hands off the coming week’s Meta budget as its own proposal', async () => {
    const before = (await auditRows(userSub)).length;
    // What the plan can not honour is a 400 naming the field; both modes at once are refused.
    const short = await post(user, handoffPath(), { modelId, channel: 'meta', weekPlan: { weeks: 2 } });
    expect(short.status).toBe(400);
    expect((await short.json()).error.message).toMatch(/at least 4 weeks/);
    const both = await post(user, handoffPath(), { modelId, channel: 'meta', targetRoi: 1, weekPlan: { weeks: 4 } });
    expect(both.status).toBe(400);
    expect((await both.json()).error.message).toMatch(/either a target ROI or a week plan/);

    const request = { weeks: 4, seasonSensitivity: 0 };
    const planned = await post(user, `/api/mmm/models/${modelId}/week-plans`, request);
    expect(planned.status, await planned.clone().text()).toBe(200);
    const weekPlan = WeekPlanSchema.parse(await planned.json());
    const metaIndex = weekPlan.channels.findIndex((c) => c.name === 'meta');
    const first = weekPlan.weeks[0]!;

    const reply = await post(user, handoffPath(), { modelId, channel: 'meta', weekPlan: request });
    expect(reply.status, await reply.clone().text()).toBe(201);
    const weekly = StoredRecommendationSchema.parse(await reply.json());
    expect(weekly).toMatchObject({ kind: 'mmm_allocation', status: 'proposed', currency: 'JPY' });
    // Its own proposal, named by the week, beside the allocation's.
    expect(weekly.id).toContain(`-week-${first.date}`);
    expect(weekly.title).toMatch(new RegExp(`^Week of ${first.date}: (raise|lower) Meta to ¥[\\d,]+ a day`));
    // The plan's first week, in whole yen a day, with the KPI the plan expects that week.
    expect(weekly.evidence.planWeeks).toBe(4);
    expect(weekly.evidence.weekSpend).toBe(Math.round(first.spend[metaIndex]!));
    expect(weekly.evidence.proposedDaily).toBe(Math.round(first.spend[metaIndex]! / 7));
    expect(weekly.evidence.weekKpi).toBeCloseTo(first.kpi.estimate, 1);
    expect(weekly.evidence.weekKpiLow).toBeLessThanOrEqual(weekly.evidence.weekKpi!);
    expect(weekly.evidence.weekKpiHigh).toBeGreaterThanOrEqual(weekly.evidence.weekKpi!);
    expect(weekly.expectedEffect.low).toBeLessThanOrEqual(weekly.expectedEffect.expected);
    expect(weekly.expectedEffect.expected).toBeLessThanOrEqual(weekly.expectedEffect.high);
    for (const change of weekly.changes) expect(change.change.dailyBudget).toBeGreaterThanOrEqual(150);
    // Nothing reached Meta; /optimizer lists it for the same drawer and approval.
    expect((await auditRows(userSub)).length).toBe(before);
    const list = RecommendationListSchema.parse(await readRecommendations(user, jpyAccount));
    expect(list.data.find((r) => r.id === weekly.id)).toMatchObject({ status: 'proposed' });
  }, 120_000);
});
