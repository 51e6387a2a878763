import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceList, CustomerListUpload } from '@shared/schemas/audiences';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import { auditRows, sandbox } from '../meta-api/meta-user';
import { optimizerUsers, readRecommendations, sandboxToken, type OptimizerUsers } from '../optimizer/optimizer-setup';
import { ask } from '../agent/agent-turn';

/**
 * Issue 30, req 3 on the twin: once the account has a customer list Meta has ready, the optimizer proposes leaving it
 * out of the active ad sets of an acquisition campaign; approving it changes each ad set's targeting at Meta (the
 * sandbox) and audits it, and undo puts the exclusions back as they were.
 */
const DEMO_CSV = readFileSync(path.join(__dirname, '../../fixtures/customers/demo-customers.csv'), 'utf8');

let users: OptimizerUsers;
let token: string;
let listId: string;

const base = (account: string) => `/api/audiences/ad-accounts/${account}`;

/** The ad set's excluded custom audiences as Meta has them, read with the test's own token. */
async function metaExclusions(adSetId: string): Promise<string[]> {
  const url = new URL(`${sandbox()}/v26.0/${adSetId}`);
  url.search = new URLSearchParams({ fields: 'targeting', access_token: token }).toString();
  const { targeting } = (await (await fetch(url)).json()) as {
    targeting: { excluded_custom_audiences?: Array<{ id: string }> };
  };
  return (targeting.excluded_custom_audiences ?? []).map((a) => a.id).sort();
}

beforeAll(async () => {
  users = await optimizerUsers('exclusions');
  token = await sandboxToken(users.user);
  const list = (await (await users.user.call(base(users.usdAccount))).json()) as AudienceList;
  expect((await fetch(list.customerListTerms.url, { method: 'POST' })).status).toBe(200);
  const reply = await users.user.call(`${base(users.usdAccount)}/customer-lists`, {
    method: 'POST',
    body: JSON.stringify({
      name: 'Customers to leave out',
      csv: DEMO_CSV,
      mapping: { Email: 'em', Phone: 'ph', Country: 'country', 'Customer ID': 'external_id' },
    }),
  });
  expect(reply.status).toBe(201);
  listId = ((await reply.json()) as CustomerListUpload).audience.id;
}, 60_000);

afterAll(async () => {
  await users.user.call(`${base(users.usdAccount)}/audiences/${listId}`, { method: 'DELETE' });
  await users.remove();
});

describe('the optimizer’s customer exclusion', () => {
  it('is proposed for an acquisition campaign, applied on approval at Meta, audited, and undone', async () => {
    const list = await readRecommendations(users.user, users.usdAccount);
    const rec = list.data.find(
      (r): r is StoredRecommendation =>
        r.kind === 'audience_exclusion' && r.status === 'proposed' && r.id.endsWith(`.${listId}`),
    );
    expect(rec, JSON.stringify(list.data.map((r) => r.id))).toBeTruthy();
    expect(rec!.title).toContain('Customers to leave out');
    expect(rec!.changes.length).toBeGreaterThan(0);
    const [first] = rec!.changes;
    const before = await metaExclusions(first!.objectId);
    expect(before).not.toContain(listId);
    expect(first!.change.excludedAudienceIds).toEqual([...before, listId]);
    expect(first!.audienceNames?.[listId]).toBe('Customers to leave out');

    const approved = await users.user.call(`/api/optimizer/recommendations/${rec!.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({ changes: [{ level: 'adset', objectId: first!.objectId, change: first!.change }] }),
    });
    expect(approved.status).toBe(200);
    const done = (await approved.json()) as StoredRecommendation;
    expect(done.status).toBe('applied');
    expect(done.applied![0]).toMatchObject({
      objectId: first!.objectId,
      after: { excludedAudienceIds: [...before, listId].sort() },
    });
    expect(await metaExclusions(first!.objectId)).toEqual([...before, listId].sort());

    // Audited as every change: who asked, before → after of the exclusions.
    const rows = (await auditRows(users.userSub)).filter((row) => row.source === `optimizer:${rec!.id}`);
    expect(rows.find((row) => row.status === 'completed')).toMatchObject({
      action: 'audience_exclusion',
      object_id: first!.objectId,
      after: { excludedAudienceIds: [...before, listId].sort() },
    });

    const undone = await users.user.call(`/api/optimizer/recommendations/${rec!.id}/undo`, { method: 'POST' });
    expect(undone.status).toBe(200);
    expect(await metaExclusions(first!.objectId)).toEqual(before);
  }, 60_000);

  it('is proposed by the agent asked in words, reading the audiences to find the list', async () => {
    // A campaign of the account with ad sets, as someone outside Adsmith would look it up.
    const url = new URL(`${sandbox()}/v26.0/${users.usdAccount}/campaigns`);
    url.search = new URLSearchParams({ fields: 'id,adsets{id}', limit: '50', access_token: token }).toString();
    const campaigns = ((await (await fetch(url)).json()) as { data: { id: string; adsets?: { data: unknown[] } }[] })
      .data;
    const campaign = campaigns.find((c) => (c.adsets?.data.length ?? 0) > 0)!;
    expect(campaign).toBeTruthy();

    const turn = await ask(users.user, `Exclude customers to leave out from campaign ${campaign.id}`, '127.0.0.9');
    expect(turn.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['list_audiences', 'propose_audience_exclusion']),
    );
    expect(turn.proposals).toHaveLength(1);
    expect(JSON.stringify(turn.proposals[0])).toContain('Customers to leave out');
    // Proposed only: nothing changed at Meta until a person approves it.
    const adSets = (campaign.adsets!.data as { id: string }[]).map((a) => a.id);
    for (const id of adSets) expect(await metaExclusions(id)).not.toContain(listId);
  }, 120_000);
});
