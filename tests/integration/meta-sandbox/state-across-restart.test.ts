import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeSandboxState, encodeSandboxState } from '@infra/twin/meta-sandbox/persisted-state';
import { seedWorld } from '@infra/twin/meta-sandbox/seed';
import { startMetaSandboxService } from '@infra/twin/meta-sandbox-service';
import type { MetaSandbox } from '@infra/twin/meta-sandbox/server';
import { APP_ID, APP_SECRET, graph, login, startTestSandbox, type LooseJson } from './sandbox-client';

/**
 * The twin's Meta keeps what Meta would keep when the twin restarts: the tokens it issued, the
 * user's grants and what was written through the Graph API, kept in a state file (`.local/meta-sandbox.json`
 * in the twin). A reset of the world forgets them, and a damaged file starts the sandbox from its seed.
 */

let dir: string;
let stateFile: string;
let logged: string[];
const running = new Set<MetaSandbox>();

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'adsmith-meta-restart-'));
  stateFile = path.join(dir, 'meta-sandbox.json');
  logged = [];
});

afterEach(async () => {
  for (const sandbox of running) await sandbox.stop();
  running.clear();
  await rm(dir, { recursive: true, force: true });
});

/** The twin's sandbox: the demo history seeded, state kept in the file. */
async function start(): Promise<MetaSandbox> {
  const sandbox = await startTestSandbox({ stateFile, pastApproval: true, log: (line) => logged.push(line) });
  running.add(sandbox);
  return sandbox;
}

async function stop(sandbox: MetaSandbox): Promise<void> {
  running.delete(sandbox);
  await sandbox.stop();
}

async function admin(sandbox: MetaSandbox, adminPath: string, body: unknown) {
  const response = await fetch(`${sandbox.url}${adminPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as LooseJson };
}

async function longLivedToken(sandbox: MetaSandbox): Promise<string> {
  const exchanged = await graph(sandbox, '/v26.0/oauth/access_token', {
    grant_type: 'fb_exchange_token',
    client_id: APP_ID,
    client_secret: APP_SECRET,
    fb_exchange_token: await login(sandbox),
  });
  expect(exchanged.status).toBe(200);
  return exchanged.body.access_token as string;
}

/** The USD account and one of its active campaigns with a daily budget. */
async function activeCampaign(sandbox: MetaSandbox, token: string) {
  const accounts = await graph(sandbox, '/v26.0/me/adaccounts', { access_token: token, fields: 'id,currency' });
  const usd = (accounts.body.data as LooseJson[]).find((account) => account.currency === 'USD')!.id as string;
  const campaigns = await graph(sandbox, `/v26.0/${usd}/campaigns`, {
    access_token: token,
    fields: 'id,effective_status,daily_budget',
    limit: '50',
  });
  const campaign = (campaigns.body.data as LooseJson[]).find((c) => c.effective_status === 'ACTIVE' && c.daily_budget)!;
  return { usd, id: campaign.id as string, dailyBudget: Number(campaign.daily_budget) };
}

const budgetOf = async (sandbox: MetaSandbox, token: string, id: string) =>
  (await graph(sandbox, `/v26.0/${id}`, { access_token: token, fields: 'daily_budget' })).body;

describe('the Meta sandbox across a restart', () => {
  it('keeps the connected user, their grants, their edits and the days advanced', async () => {
    const first = await start();
    const token = await longLivedToken(first);
    const { usd, id, dailyBudget } = await activeCampaign(first, token);
    const raised = String(dailyBudget + 1_000);
    const write = await graph(first, `/v26.0/${id}`, { access_token: token, daily_budget: raised }, { method: 'POST' });
    expect(write.body).toEqual({ success: true });
    const created = await graph(
      first,
      `/v26.0/${usd}/campaigns`,
      {
        access_token: token,
        name: 'Kept across a restart',
        objective: 'OUTCOME_TRAFFIC',
        status: 'PAUSED',
        special_ad_categories: '[]',
        daily_budget: '5000',
      },
      { method: 'POST' },
    );
    expect(created.status).toBe(200);
    const declined = await graph(
      first,
      '/v26.0/me/permissions/business_management',
      { access_token: token },
      {
        method: 'DELETE',
      },
    );
    expect(declined.body).toEqual({ success: true });
    expect((await admin(first, '/__admin/advance-days', { days: 7 })).body).toMatchObject({ daysAdvanced: 7 });
    const insightsParams = {
      access_token: token,
      level: 'campaign',
      date_preset: 'last_28d',
      fields: 'campaign_id,spend,impressions,clicks',
    };
    const insightsBefore = (await graph(first, `/v26.0/${usd}/insights`, insightsParams)).body;
    const permissionsBefore = (await graph(first, '/v26.0/me/permissions', { access_token: token })).body;
    const approvalBefore = first.pastApproval();
    expect(approvalBefore).toBeDefined();
    expect(first.keptWorld).toBe(false);
    await stop(first);

    // What is kept is the seed's instant and what changed since, not a second copy of the seeded world.
    const saved = decodeSandboxState(await readFile(stateFile, 'utf8'));
    expect(saved.world.campaigns.changed.map(([key]) => key).sort()).toEqual([id, created.body.id].sort());
    expect(saved.world.ads.changed).toEqual([]);
    expect(saved.daysAdvanced).toBe(7);

    const second = await start();
    const debug = await graph(second, '/v26.0/debug_token', {
      input_token: token,
      access_token: `${APP_ID}|${APP_SECRET}`,
    });
    expect(debug.body.data).toMatchObject({ is_valid: true });
    expect((await graph(second, '/v26.0/me/permissions', { access_token: token })).body).toEqual(permissionsBefore);
    expect(permissionsBefore.data).toContainEqual({ permission: 'business_management', status: 'declined' });
    expect(await budgetOf(second, token, id)).toEqual({ daily_budget: raised, id });
    const kept = await graph(second, `/v26.0/${created.body.id as string}`, { access_token: token, fields: 'name' });
    expect(kept.body).toMatchObject({ name: 'Kept across a restart' });
    expect((await graph(second, `/v26.0/${usd}/insights`, insightsParams)).body).toEqual(insightsBefore);
    expect(second.pastApproval()).toEqual(approvalBefore);
    // The twin stores the demo approval only for a fresh world, so an undo made since is not overwritten.
    expect(second.keptWorld).toBe(true);
    // The days advanced are kept too: exactly those can be given back.
    expect((await admin(second, '/__admin/advance-days', { days: -7 })).body).toMatchObject({ daysAdvanced: 0 });
    expect(logged).toEqual([]);
  });

  it('forgets tokens and edits after a reset of the world, and keeps them after a reset of the switches', async () => {
    const first = await start();
    const token = await longLivedToken(first);
    const { id, dailyBudget } = await activeCampaign(first, token);
    await graph(
      first,
      `/v26.0/${id}`,
      { access_token: token, daily_budget: String(dailyBudget + 500) },
      { method: 'POST' },
    );
    expect((await admin(first, '/__admin/reset', { world: false })).status).toBe(200);
    await stop(first);

    const second = await start();
    expect(await budgetOf(second, token, id)).toEqual({ daily_budget: String(dailyBudget + 500), id });
    expect((await admin(second, '/__admin/reset', { world: true })).status).toBe(200);
    await stop(second);

    const third = await start();
    const unknown = await graph(third, '/v26.0/me', { access_token: token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 190, error_subcode: 467 });
    const again = await longLivedToken(third);
    expect(await budgetOf(third, again, id)).toEqual({ daily_budget: String(dailyBudget), id });
  });

  it('starts from the seed when the state file is damaged, keeping the damaged copy', async () => {
    await writeFile(stateFile, '{"version":1,"seededAt":');
    const sandbox = await start();

    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/meta-sandbox\.json was damaged .*kept it as meta-sandbox\.json\.damaged-/);
    const token = await longLivedToken(sandbox);
    expect((await activeCampaign(sandbox, token)).dailyBudget).toBeGreaterThan(0);
    await sandbox.saved();
    expect((await readdir(dir)).sort()).toEqual([
      'meta-sandbox.json',
      expect.stringMatching(/^meta-sandbox\.json\.damaged-\d{8}T\d{6}Z$/),
    ]);
  });

  it('sets aside a file whose changes do not fit the seeded world, and starts from the seed', async () => {
    const first = await start();
    await longLivedToken(first);
    await stop(first);
    const saved = decodeSandboxState(await readFile(stateFile, 'utf8'));
    const seededAdset = [...seedWorld({}, saved.seededAt).adsets.values()][0]!;
    // An ad set whose campaign is not in the world: readable, but not a world the sandbox can serve.
    saved.world.adsets.changed.push(['999', { ...seededAdset, id: '999', campaignId: '404' }]);
    await writeFile(stateFile, encodeSandboxState(saved));

    const second = await start();

    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/meta-sandbox\.json was damaged \(ad set 999 belongs to campaign 404, .*\)/);
    const token = await longLivedToken(second);
    expect((await activeCampaign(second, token)).dailyBudget).toBeGreaterThan(0);
  });

  it('starts the campaigns from a changed seed and keeps the connections', async () => {
    const first = await start();
    const token = await longLivedToken(first);
    const { id, dailyBudget } = await activeCampaign(first, token);
    await graph(
      first,
      `/v26.0/${id}`,
      { access_token: token, daily_budget: String(dailyBudget + 300) },
      { method: 'POST' },
    );
    await stop(first);
    // What a change to the seed code looks like from the file: another fingerprint.
    const saved = decodeSandboxState(await readFile(stateFile, 'utf8'));
    await writeFile(stateFile, encodeSandboxState({ ...saved, fingerprint: '0'.repeat(64) }));

    const second = await start();

    expect(logged).toEqual([expect.stringContaining("The sandbox's seed changed since")]);
    expect(second.keptWorld).toBe(false);
    expect(await budgetOf(second, token, id)).toEqual({ daily_budget: String(dailyBudget), id });
  });

  it("is the twin's Meta: its service keeps the state in the state folder's meta-sandbox.json", async () => {
    const options = { stateDir: dir, pastApproval: true, log: (line: string) => logged.push(line) };
    const first = await startMetaSandboxService(0, undefined, options);
    running.add(first);
    expect((await admin(first, '/__admin/advance-days', { days: 2 })).body).toMatchObject({ daysAdvanced: 2 });
    await stop(first);
    expect(decodeSandboxState(await readFile(path.join(dir, 'meta-sandbox.json'), 'utf8')).daysAdvanced).toBe(2);

    const second = await startMetaSandboxService(0, undefined, options);
    running.add(second);
    expect((await admin(second, '/__admin/advance-days', { days: -2 })).body).toMatchObject({ daysAdvanced: 0 });
    expect(logged).toEqual([]);
  });
});
