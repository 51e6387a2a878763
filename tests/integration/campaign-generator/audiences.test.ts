import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audience, AudienceList, CustomerListUpload } from '@shared/schemas/audiences';
import { CampaignDraftSchema, type CampaignDraft, type PlanAudience } from '@shared/schemas/campaign-plan';
import { sandbox, type FreshUser } from '../meta-api/meta-user';
import { optimizerUsers, type OptimizerUsers } from '../optimizer/optimizer-setup';

/**
 * The campaign generator with custom audiences (issue 30, req 3) on the twin: an acquisition plan leaves the
 * account's customer list out of every ad set on its own (a suggestion the marketer can remove), an ad set made to
 * target a lookalike of that list publishes (paused) with both in Meta's targeting, and the validator stops a plan
 * whose audience Meta says is too small before anything is created.
 */
const DEMO_CSV = readFileSync(path.join(__dirname, '../../fixtures/customers/demo-customers.csv'), 'utf8');
const MAPPING = { Email: 'em', Phone: 'ph', Country: 'country', 'Customer ID': 'external_id' };

let users: OptimizerUsers;
let customers: Audience;
let lookalike: Audience;
let tiny: Audience;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const base = (account: string) => `/api/audiences/ad-accounts/${account}`;
const post = (user: FreshUser, url: string, body: unknown) =>
  user.call(url, { method: 'POST', body: JSON.stringify(body) });

function planAudience(audience: Audience, account: string): PlanAudience {
  return {
    id: audience.id,
    name: audience.name,
    kind: audience.kind,
    adAccountId: account,
    sizeLower: audience.sizeLower,
    sizeUpper: audience.sizeUpper,
    deliveryCode: audience.delivery.code,
    ...(audience.lookalike && { source: { id: audience.lookalike.sourceId, adAccountId: account } }),
  };
}

async function generate(goal: string): Promise<CampaignDraft> {
  const reply = await post(users.user, '/api/campaign-generator/drafts', {
    adAccountId: users.usdAccount,
    product: 'Lightweight trail running shoes',
    goal,
    landingUrl: 'https://shop.example.com/trail',
    budgetType: 'daily',
    budgetAmount: 40,
    startDate: tomorrow(),
    countries: ['US'],
    audience: 'Trail runners',
  });
  expect(reply.status).toBe(201);
  return CampaignDraftSchema.parse(await reply.json());
}

async function save(draft: CampaignDraft): Promise<CampaignDraft> {
  const reply = await users.user.call(`/api/campaign-generator/drafts/${draft.id}`, {
    method: 'PUT',
    body: JSON.stringify({ plan: draft.plan }),
  });
  expect(reply.status).toBe(200);
  return CampaignDraftSchema.parse(await reply.json());
}

beforeAll(async () => {
  users = await optimizerUsers('cg-audiences');
  const list = (await (await users.user.call(base(users.usdAccount))).json()) as AudienceList;
  await fetch(list.customerListTerms.url, { method: 'POST' });
  const upload = async (name: string, csv: string) => {
    const reply = await post(users.user, `${base(users.usdAccount)}/customer-lists`, { name, csv, mapping: MAPPING });
    expect(reply.status).toBe(201);
    return ((await reply.json()) as CustomerListUpload).audience;
  };
  customers = await upload('Generator customers', DEMO_CSV);
  tiny = await upload('Generator: five customers', DEMO_CSV.split('\n').slice(0, 6).join('\n'));
  const made = await post(users.user, `${base(users.usdAccount)}/lookalikes`, {
    name: 'Generator lookalike (US, 3 %)',
    sourceId: customers.id,
    country: 'US',
    percent: 3,
  });
  expect(made.status).toBe(201);
  lookalike = ((await made.json()) as { audience: Audience }).audience;
}, 120_000);
afterAll(() => users.remove());

describe('the campaign generator with custom audiences', () => {
  it('leaves existing customers out of an acquisition plan, not of a traffic one', async () => {
    const sales = await generate('sales');
    for (const set of sales.plan.adSets) {
      expect(set.targeting.excludedAudiences).toContainEqual(
        expect.objectContaining({ id: customers.id, kind: 'customer-list', suggested: true, deliveryCode: 200 }),
      );
      // A list Meta can't use yet is not suggested.
      expect(set.targeting.excludedAudiences?.map((audience) => audience.id)).not.toContain(tiny.id);
    }
    const traffic = await generate('traffic');
    for (const set of traffic.plan.adSets) expect(set.targeting.excludedAudiences).toBeUndefined();
  }, 60_000);

  it('publishes an ad set that targets the lookalike and excludes the customers', async () => {
    let draft = await generate('sales');
    draft.plan.adSets = draft.plan.adSets.slice(0, 1);
    const set = draft.plan.adSets[0]!;
    set.targeting.interests = [];
    set.targeting.audiences = [planAudience(lookalike, users.usdAccount)];
    draft = await save(draft);
    expect(draft.issues.filter((issue) => issue.severity === 'error')).toEqual([]);

    const before = ((await (await fetch(`${sandbox()}/__admin/calls`)).json()) as { count: number }).count;
    const published = await users.user.call(`/api/campaign-generator/drafts/${draft.id}/publish`, {
      method: 'POST',
      body: JSON.stringify({ publishKey: 'audiences-publish-0001' }),
    });
    expect(published.status).toBe(200);
    expect(CampaignDraftSchema.parse(await published.json()).publish?.status).toBe('published');
    const log = (await (await fetch(`${sandbox()}/__admin/calls`)).json()) as {
      calls: Array<{ seq: number; method: string; path: string; params: Record<string, string>; status: number }>;
    };
    const adSets = log.calls.filter(
      (call) => call.seq > before && call.method === 'POST' && call.path.endsWith(`/${users.usdAccount}/adsets`),
    );
    expect(adSets.map((call) => call.status)).toEqual([200]);
    const targeting = JSON.parse(adSets[0]!.params.targeting!) as Record<string, unknown>;
    expect(targeting.custom_audiences).toEqual([{ id: lookalike.id }]);
    expect(targeting.excluded_custom_audiences).toContainEqual({ id: customers.id });
  }, 90_000);

  it('stops a plan that targets a list Meta says is too small, before Meta is asked to create anything', async () => {
    let draft = await generate('traffic');
    for (const set of draft.plan.adSets) set.targeting.audiences = [planAudience(tiny, users.usdAccount)];
    draft = await save(draft);
    expect(draft.issues).toContainEqual(
      expect.objectContaining({ path: 'adSets.0.targeting.audiences.0', severity: 'error' }),
    );
    const refused = await users.user.call(`/api/campaign-generator/drafts/${draft.id}/publish`, {
      method: 'POST',
      body: JSON.stringify({ publishKey: 'audiences-publish-0002' }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('too small');
  }, 60_000);
});
