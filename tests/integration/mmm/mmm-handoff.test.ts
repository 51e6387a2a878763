import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCurrency } from '@shared/currency-units';
import { parseCsv, proposeMapping } from '@shared/mmm/csv-import';
import { DatasetSummarySchema, ModelDetailSchema, ModelSummarySchema } from '@shared/schemas/mmm';
import {
  RecommendationListSchema,
  StoredRecommendationSchema,
  type StoredRecommendation,
} from '@shared/schemas/optimizer';
import { CampaignListSchema } from '@shared/schemas/meta';
import { auditRows, connectMeta, freshUser, type FreshUser } from '../meta-api/meta-user';

/**
 * The marketing-mix → optimizer hand-off on the twin: a model fitted with a channel the marketer
 * marks as Meta is handed to the optimizer for the sandbox's JPY account; the recommendation
 * appears in /optimizer's list with its evidence, nothing changes at Meta until one budget is
 * approved, and undo restores it. Only one object is approved (and restored) so the seeded
 * account other suites read is changed as little and as briefly as possible.
 */

// The PyMC example's spend columns are fractions; ×1,000,000 makes them yen a week of a plausible account.
const SCALE = 1_000_000;
const raw = readFileSync(path.resolve(__dirname, '../../fixtures/mmm/pymc_marketing_mmm_example.csv'), 'utf8');
const CSV = raw
  .trim()
  .split('\n')
  .map((line, i) => {
    if (i === 0) return line;
    const cells = line.split(',');
    cells[2] = String(Math.round(Number(cells[2]) * SCALE));
    cells[3] = String(Math.round(Number(cells[3]) * SCALE));
    return cells.join(',');
  })
  .join('\n');

let user: FreshUser;
let other: FreshUser;
let userSub: string;
let jpyAccount: string;
let modelId: string;

const post = (who: FreshUser, p: string, body: unknown) => who.call(p, { method: 'POST', body: JSON.stringify(body) });
const handoffPath = () => `/api/optimizer/ad-accounts/${jpyAccount}/mmm-handoffs`;

beforeAll(async () => {
  user = await freshUser('mmm-handoff');
  other = await freshUser('mmm-handoff-other');
  await Promise.all([connectMeta(user), connectMeta(other)]);
  userSub = (await (await user.call('/api/me')).json()).uid;
  const accounts = (await (await user.call('/api/meta/ad-accounts')).json()).data as { id: string; currency: string }[];
  jpyAccount = accounts.find((a) => a.currency === 'JPY')!.id;

  const mapping = proposeMapping(parseCsv(CSV).header);
  const upload = await post(user, '/api/mmm/datasets', { name: 'Hand-off', csv: CSV, mapping });
  expect(upload.status, await upload.clone().text()).toBe(201);
  const dataset = DatasetSummarySchema.parse(await upload.json());
  const start = await post(user, '/api/mmm/models', { datasetId: dataset.id, name: 'Meta hand-off', quality: 'quick' });
  expect(start.status).toBe(202);
  modelId = ModelSummarySchema.parse(await start.json()).id;
  // Poll generously: the machine may be busy.
  for (let i = 0; i < 240; i += 1) {
    const detail = ModelDetailSchema.parse(await (await user.call(`/api/mmm/models/${modelId}`)).json());
    if (detail.model.status === 'done') return;
    expect(detail.model.status).not.toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The fit did not finish in 2 minutes');
}, 240_000);

afterAll(async () => {
  await user.remove();
  await other.remove();
});

describe('marketing mix → optimizer hand-off', () => {
  let handed: StoredRecommendation;

  it('refuses what cannot be handed off: another user’s model, a channel the model lacks, a malformed body', async () => {
    const stranger = await post(other, handoffPath(), { modelId, channel: 'x1' });
    expect(stranger.status).toBe(404);
    expect((await stranger.json()).error.code).toBe('NOT_FOUND');
    const unknown = await post(user, handoffPath(), { modelId, channel: 'tv' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toMatch(/not a paid channel/);
    for (const body of [
      { modelId, channel: 'x1', extra: true },
      { modelId: 'nope', channel: 'x1' },
      { modelId, channel: 'x1', targetRoi: -1 },
      { modelId },
    ]) {
      const reply = await post(user, handoffPath(), body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect((await reply.json()).error.code).toBe('VALIDATION_ERROR');
    }
    const unreachable = await post(user, handoffPath(), { modelId, channel: 'x1', targetRoi: 1000 });
    expect(unreachable.status).toBe(400);
    expect((await unreachable.json()).error.message).toMatch(/ROI of 1000/);
  }, 120_000);

  it('stores the Meta allocation as a recommendation with the model’s evidence; Meta is not touched', async () => {
    const before = (await auditRows(userSub)).length;
    const reply = await post(user, handoffPath(), { modelId, channel: 'x1' });
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
    const list = RecommendationListSchema.parse(
      await (await user.call(`/api/optimizer/ad-accounts/${jpyAccount}/recommendations`)).json(),
    );
    expect(list.data.find((r) => r.id === handed.id)).toMatchObject({ status: 'proposed', kind: 'mmm_allocation' });
    // Handing off again while it is open replaces it: one proposal per model and account.
    const again = StoredRecommendationSchema.parse(
      await (await post(user, handoffPath(), { modelId, channel: 'x1' })).json(),
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
    const reply = await post(user, handoffPath(), { modelId, channel: 'x1', targetRoi: 0.0001 });
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
