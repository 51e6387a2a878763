import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CampaignDraftSchema, DraftListSchema, type CampaignDraft } from '@shared/schemas/campaign-plan';
import {
  auditRows,
  connectMeta,
  creativeElementRows,
  freshUser,
  setFaults,
  type FreshUser,
} from '../meta-api/meta-user';

/**
 * The campaign generator against the twin: brief → plan (offline model) →
 * edit → publish into the Meta sandbox, with rollback on an injected failure,
 * idempotent retries, and drafts kept per user.
 */

let alice: FreshUser;
let bob: FreshUser;
let usdAccount: string;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function brief(adAccountId: string) {
  return {
    adAccountId,
    product: 'Lightweight trail running shoes',
    goal: 'traffic',
    landingUrl: 'https://shop.example.com/trail',
    budgetType: 'daily',
    budgetAmount: 40,
    startDate: tomorrow(),
    endDate: inDays(30),
    countries: ['US'],
    audience: 'Hiking and camping fans who run trails at weekends',
  };
}

async function json(reply: Response) {
  return { status: reply.status, body: await reply.json() };
}

async function campaignsNamed(user: FreshUser, name: string) {
  const reply = await json(await user.call(`/api/meta/ad-accounts/${usdAccount}/campaigns`));
  expect(reply.status).toBe(200);
  return (reply.body.data as Array<{ id: string; name: string; status: string }>).filter((c) => c.name === name);
}

beforeAll(async () => {
  [alice, bob] = await Promise.all([freshUser('cg-alice'), freshUser('cg-bob')]);
  await connectMeta(alice);
  const accounts = await json(await alice.call('/api/meta/ad-accounts'));
  usdAccount = (accounts.body.data as Array<{ id: string; currency: string }>).find((a) => a.currency === 'USD')!.id;
});

afterEach(async () => {
  await setFaults({ failWrite: null });
});

afterAll(async () => {
  await Promise.all([alice.remove(), bob.remove()]);
});

describe('campaign generator', () => {
  let draft: CampaignDraft;

  it('turns a brief into a draft plan in Meta’s structure, checked by the validator', async () => {
    const reply = await json(
      await alice.call('/api/campaign-generator/drafts', { method: 'POST', body: JSON.stringify(brief(usdAccount)) }),
    );
    expect(reply.status).toBe(201);
    draft = CampaignDraftSchema.parse(reply.body);
    expect(draft.offline).toBe(true);
    expect(draft.plan.campaign).toMatchObject({
      objective: 'OUTCOME_TRAFFIC',
      buyingType: 'AUCTION',
      budget: { type: 'daily', amountMinor: 4000 },
    });
    expect(draft.plan.adSets.length).toBeGreaterThanOrEqual(1);
    for (const set of draft.plan.adSets) {
      expect(set).toMatchObject({ optimizationGoal: 'LINK_CLICKS', billingEvent: 'IMPRESSIONS' });
      expect(set.ads.length).toBeGreaterThanOrEqual(2);
      expect(set.targeting.ageMin).toBeLessThanOrEqual(set.targeting.ageMax);
      // The brief's words became interests; the ones Meta knows carry its id.
      expect(set.targeting.interests.some((interest) => interest.id)).toBe(true);
    }
    const unresolved = draft.issues.filter((issue) => /targeting\.interests/.test(issue.path));
    const withoutId = draft.plan.adSets.flatMap((set) => set.targeting.interests.filter((i) => !i.id));
    expect(unresolved.length).toBe(withoutId.length);

    const list = DraftListSchema.parse((await json(await alice.call('/api/campaign-generator/drafts'))).body);
    expect(list.drafts[0]).toMatchObject({ id: draft.id, status: 'draft' });
  });

  it('rejects a bad brief with a clear 400 and keeps nothing', async () => {
    const reply = await json(
      await alice.call('/api/campaign-generator/drafts', {
        method: 'POST',
        body: JSON.stringify({ ...brief(usdAccount), budgetType: 'total', endDate: undefined }),
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('saves edits (budget, interests) and reports what the validator finds', async () => {
    const plan = structuredClone(draft.plan);
    plan.campaign.budget = { type: 'daily', amountMinor: 50 };
    const low = await json(
      await alice.call(`/api/campaign-generator/drafts/${draft.id}`, { method: 'PUT', body: JSON.stringify({ plan }) }),
    );
    expect(low.status).toBe(200);
    expect(low.body.issues).toContainEqual(
      expect.objectContaining({ path: 'campaign.budget.amountMinor', severity: 'error' }),
    );

    plan.campaign.budget = { type: 'daily', amountMinor: 7500 };
    const hiking = await json(await alice.call(`/api/campaign-generator/interests?adAccountId=${usdAccount}&q=hiking`));
    expect(hiking.body.data[0]).toMatchObject({ name: 'Hiking', id: expect.any(String) });
    for (const set of plan.adSets) {
      set.targeting.interests = [{ id: hiking.body.data[0].id, name: 'Hiking' }];
    }
    const saved = await json(
      await alice.call(`/api/campaign-generator/drafts/${draft.id}`, { method: 'PUT', body: JSON.stringify({ plan }) }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.issues.filter((issue: { severity: string }) => issue.severity === 'error')).toEqual([]);
    draft = CampaignDraftSchema.parse(saved.body);

    const estimate = await json(
      await alice.call('/api/campaign-generator/delivery-estimate', {
        method: 'POST',
        body: JSON.stringify({
          adAccountId: usdAccount,
          optimizationGoal: 'LINK_CLICKS',
          targeting: plan.adSets[0]!.targeting,
        }),
      }),
    );
    expect(estimate.status).toBe(200);
    expect(estimate.body.lower).toBeGreaterThan(0);
    expect(estimate.body.upper).toBeGreaterThan(estimate.body.lower);

    const previews = await json(
      await alice.call('/api/campaign-generator/previews', {
        method: 'POST',
        body: JSON.stringify({
          adAccountId: usdAccount,
          ad: plan.adSets[0]!.ads[0],
          formats: ['MOBILE_FEED_STANDARD', 'INSTAGRAM_STORY'],
        }),
      }),
    );
    expect(previews.status).toBe(200);
    expect(previews.body.previews.map((p: { format: string }) => p.format)).toEqual([
      'MOBILE_FEED_STANDARD',
      'INSTAGRAM_STORY',
    ]);
    expect(previews.body.previews[0].html).toMatch(/^<iframe src="http/);
  });

  it('rolls everything back when Meta refuses an ad, and says what Meta said', async () => {
    await setFaults({ failWrite: 'ads' });
    const reply = await json(
      await alice.call(`/api/campaign-generator/drafts/${draft.id}/publish`, {
        method: 'POST',
        body: JSON.stringify({ publishKey: 'first-try-0001' }),
      }),
    );
    expect(reply.status).toBe(502);
    expect(reply.body.error.message).toMatch(
      /^Meta refused Ad ".*": Couldn't Create Ad: The sandbox's failWrite fault rejected POST/,
    );
    expect(reply.body.error.message).toMatch(/Everything created so far was deleted again\.$/);

    const after = CampaignDraftSchema.parse(
      (await json(await alice.call(`/api/campaign-generator/drafts/${draft.id}`))).body,
    );
    expect(after.publish?.status).toBe('failed');
    const kinds = after.publish!.steps.map((step) => `${step.kind}:${step.status}`);
    expect(kinds[0]).toBe('campaign:rolled_back');
    expect(kinds.at(-1)).toBe('ad:failed');
    expect(kinds.filter((kind) => kind.endsWith('created'))).toEqual([]);
    expect(await campaignsNamed(alice, draft.plan.campaign.name)).toEqual([]);

    // Every object that existed at Meta for a moment is in the audit: created, then deleted.
    const me = await json(await alice.call('/api/me'));
    const campaignId = after.publish!.steps[0]!.id!;
    const rows = (await auditRows(me.body.uid)).filter(
      (row) => row.campaign_id === campaignId && row.status === 'completed',
    );
    const rolledBack = after.publish!.steps.filter((step) => step.status === 'rolled_back');
    for (const step of rolledBack) {
      // Rows written in the same millisecond sort by their random id: compare as sets.
      const actions = rows.filter((row) => row.requested.id === step.id).map((row) => String(row.action));
      expect(actions.sort()).toEqual([`create_${step.kind}`, `delete_${step.kind}`]);
    }
    expect(rows.filter((row) => row.action === 'delete_campaign')).toEqual([
      expect.objectContaining({
        after: expect.objectContaining({ status: 'DELETED' }),
        requested: expect.objectContaining({ reason: 'rollback' }),
      }),
    ]);
  });

  it('publishes the campaign paused (nothing delivers until it is resumed), once, however often it is retried', async () => {
    const publish = () =>
      alice.call(`/api/campaign-generator/drafts/${draft.id}/publish`, {
        method: 'POST',
        body: JSON.stringify({ publishKey: 'second-try-0002' }),
      });
    const first = await json(await publish());
    expect(first.status).toBe(200);
    const published = CampaignDraftSchema.parse(first.body);
    expect(published.publish).toMatchObject({ status: 'published', campaignId: expect.any(String) });
    const ads = draft.plan.adSets.reduce((sum, set) => sum + set.ads.length, 0);
    expect(published.publish!.steps.filter((step) => step.kind === 'ad')).toHaveLength(ads);
    expect(published.publish!.steps.filter((step) => step.kind === 'creative')).toHaveLength(ads);

    const again = await Promise.all([publish(), publish()]);
    for (const reply of again) {
      const body = await json(reply);
      expect(body.status).toBe(200);
      expect(body.body.publish.campaignId).toBe(published.publish!.campaignId);
    }
    const listed = await campaignsNamed(alice, draft.plan.campaign.name);
    expect(listed).toEqual([expect.objectContaining({ id: published.publish!.campaignId, status: 'PAUSED' })]);

    const me = await json(await alice.call('/api/me'));
    const actions = (await auditRows(me.body.uid))
      .filter((row) => row.campaign_id === published.publish!.campaignId && row.status === 'completed')
      .map((row) => row.action);
    expect(actions.filter((action) => action === 'create_campaign')).toHaveLength(1);
    expect(actions.filter((action) => action === 'create_ad')).toHaveLength(ads);

    // Each published ad's elements are recorded for the creative report, by its Meta ad id, exactly as planned.
    const adIds = published.publish!.steps.filter((step) => step.kind === 'ad').map((step) => step.id!);
    const rows = (await creativeElementRows(usdAccount)).filter((row) => adIds.includes(row.ad_id as string));
    expect(rows).toHaveLength(ads);
    const planned = draft.plan.adSets.flatMap((set) => set.ads);
    expect(rows.map((row) => row.record.elements.callToAction).sort()).toEqual(
      planned.map((ad) => ad.callToAction).sort(),
    );
    for (const row of rows) {
      expect(row.record).toMatchObject({ source: 'adsmith', adAccountId: usdAccount, elements: { language: 'en' } });
    }

    const edit = await alice.call(`/api/campaign-generator/drafts/${draft.id}`, {
      method: 'PUT',
      body: JSON.stringify({ plan: draft.plan }),
    });
    expect(edit.status).toBe(409);
  });

  it('carries regions and cities into targeting with Meta’s keys, and publishes an app promotion', async () => {
    const unknown = await json(
      await alice.call('/api/campaign-generator/drafts', {
        method: 'POST',
        body: JSON.stringify({ ...brief(usdAccount), cities: ['Atlantis'] }),
      }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/Meta knows no city "Atlantis" in US/);

    const appBrief = {
      ...brief(usdAccount),
      product: 'Trail map app for hikers',
      goal: 'app_promotion',
      appId: '1234567890123456',
      appStoreUrl: 'https://apps.apple.com/us/app/outdoor-example/id1234567890',
      regions: ['California'],
      cities: ['Austin'],
    };
    const made = await json(
      await alice.call('/api/campaign-generator/drafts', { method: 'POST', body: JSON.stringify(appBrief) }),
    );
    expect(made.status).toBe(201);
    const appDraft = CampaignDraftSchema.parse(made.body);
    const set = appDraft.plan.adSets[0]!;
    expect(set.targeting.regions).toEqual([
      expect.objectContaining({ name: 'California', countryCode: 'US', key: expect.stringMatching(/^\d+$/) }),
    ]);
    expect(set.targeting.cities).toEqual([
      expect.objectContaining({ name: 'Austin', regionName: 'Texas', radius: 25, distanceUnit: 'mile' }),
    ]);
    expect(set.promotedObject).toEqual({ applicationId: appBrief.appId, objectStoreUrl: appBrief.appStoreUrl });
    expect(set.ads[0]!.link).toBe(appBrief.appStoreUrl);
    // Interests the model made up may be unknown to Meta; keep only resolved ones to publish.
    const plan = structuredClone(appDraft.plan);
    for (const adSet of plan.adSets) adSet.targeting.interests = adSet.targeting.interests.filter((i) => i.id);
    await alice.call(`/api/campaign-generator/drafts/${appDraft.id}`, {
      method: 'PUT',
      body: JSON.stringify({ plan }),
    });

    const published = await json(
      await alice.call(`/api/campaign-generator/drafts/${appDraft.id}/publish`, {
        method: 'POST',
        body: JSON.stringify({ publishKey: 'app-promo-0004' }),
      }),
    );
    expect(published.status).toBe(200);
    expect(published.body.publish).toMatchObject({ status: 'published', campaignId: expect.any(String) });
  });

  it('keeps drafts to their owner: another user can neither read nor publish them', async () => {
    await connectMeta(bob);
    const read = await bob.call(`/api/campaign-generator/drafts/${draft.id}`);
    expect(read.status).toBe(404);
    const publish = await bob.call(`/api/campaign-generator/drafts/${draft.id}/publish`, {
      method: 'POST',
      body: JSON.stringify({ publishKey: 'bob-tries-0003' }),
    });
    expect(publish.status).toBe(404);
    const list = DraftListSchema.parse((await json(await bob.call('/api/campaign-generator/drafts'))).body);
    expect(list.drafts).toEqual([]);
    const foreign = await bob.call('/api/campaign-generator/drafts', {
      method: 'POST',
      body: JSON.stringify(brief('act_999999999999999')),
    });
    expect(foreign.status).toBe(404);
  });
});
