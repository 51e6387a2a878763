import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MetaSandbox } from '@infra/twin/meta-sandbox/server';
import { graph, login, startTestSandbox } from './sandbox-client';

let sandbox: MetaSandbox;
let token: string;
let accountId: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  token = await login(sandbox);
  accountId = (await graph(sandbox, '/v26.0/me/adaccounts', { access_token: token })).body.data[0].id;
});

beforeEach(() => {
  sandbox.reset();
});

afterAll(async () => {
  await sandbox.stop();
});

const QUERY = {
  level: 'campaign',
  fields: 'campaign_id,spend,results',
  date_preset: 'last_90d',
  time_increment: '1',
  use_unified_attribution_setting: 'true',
};

async function startRun(params: Record<string, string> = QUERY) {
  const reply = await graph(
    sandbox,
    `/v26.0/${accountId}/insights`,
    { ...params, access_token: token },
    {
      method: 'POST',
    },
  );
  return reply;
}

async function pollUntilDone(runId: string) {
  const seen: Array<{ async_status: string; async_percent_completion: number }> = [];
  for (let i = 0; i < 10; i += 1) {
    const status = await graph(sandbox, `/v26.0/${runId}`, { access_token: token });
    expect(status.status).toBe(200);
    seen.push(status.body as (typeof seen)[number]);
    if (['Job Completed', 'Job Failed'].includes(status.body.async_status)) break;
  }
  return seen;
}

describe('asynchronous insights report runs', () => {
  it('POST /act_{id}/insights → report run → polled status and percent → rows identical to the synchronous read', async () => {
    const started = await startRun();
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ report_run_id: expect.stringMatching(/^\d{16}$/) });
    const runId = started.body.report_run_id as string;

    const early = await graph(sandbox, `/v26.0/${runId}/insights`, { access_token: token });
    expect(early.status).toBe(400);
    expect(early.body.error.code).toBe(100);

    const seen = await pollUntilDone(runId);
    expect(seen.map((s) => s.async_status)).toEqual(['Job Started', 'Job Running', 'Job Completed']);
    expect(seen.map((s) => s.async_percent_completion)).toEqual([0, 50, 100]);
    expect(seen.at(-1)).toMatchObject({
      id: runId,
      account_id: accountId.replace(/^act_/, ''),
      is_running: false,
      time_completed_report_run: expect.any(Number),
    });

    const rows: unknown[] = [];
    let page = await graph(sandbox, `/v26.0/${runId}/insights`, { access_token: token, limit: '100' });
    for (;;) {
      expect(page.status).toBe(200);
      rows.push(...page.body.data);
      if (!page.body.paging?.next) break;
      page = await graph(sandbox, page.body.paging.next);
    }
    const direct = await graph(sandbox, `/v26.0/${accountId}/insights`, {
      ...QUERY,
      limit: '5000',
      access_token: token,
    });
    expect(rows.length).toBeGreaterThan(100);
    expect(rows).toEqual(direct.body.data);
  });

  it('reports only the status fields asked for, and refuses unknown ones', async () => {
    const runId = (await startRun()).body.report_run_id as string;
    const status = await graph(sandbox, `/v26.0/${runId}`, {
      fields: 'async_status,async_percent_completion',
      access_token: token,
    });
    expect(status.body).toEqual({ async_status: 'Job Started', async_percent_completion: 0, id: runId });

    const bad = await graph(sandbox, `/v26.0/${runId}`, { fields: 'nope', access_token: token });
    expect(bad.body.error.message).toBe('(#100) Tried accessing nonexisting field (nope) on node type (AdReportRun)');
  });

  it('ends in "Job Failed" with the asyncJobFail switch, and its rows cannot be read', async () => {
    sandbox.faults.set({ asyncJobFail: 1 });
    const runId = (await startRun()).body.report_run_id as string;

    const seen = await pollUntilDone(runId);
    expect(seen.at(-1)).toMatchObject({ async_status: 'Job Failed', is_running: false });
    const rows = await graph(sandbox, `/v26.0/${runId}/insights`, { access_token: token });
    expect(rows.status).toBe(500);
    expect(rows.body.error).toMatchObject({ code: 2, error_subcode: 2490547 });

    // The switch counts down: the next run completes.
    const next = (await startRun()).body.report_run_id as string;
    expect((await pollUntilDone(next)).at(-1)!.async_status).toBe('Job Completed');
  });

  it('checks the parameters when the run is created, as Meta does', async () => {
    const reply = await startRun({ ...QUERY, action_attribution_windows: '["28d_view"]' });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toMatch(/action_attribution_windows\[0\] must be one of/);
  });
});

describe('synchronous requests that are too big', () => {
  it('answer code 1 "reduce the amount of data" (HTTP 500) with the reduceData switch; a report run still works', async () => {
    sandbox.faults.set({ reduceData: 1 });
    const sync = await graph(sandbox, `/v26.0/${accountId}/insights`, { ...QUERY, access_token: token });

    expect(sync.status).toBe(500);
    expect(sync.body.error).toMatchObject({
      code: 1,
      error_subcode: 99,
      message: "Please reduce the amount of data you're asking for, then retry your request",
    });
    const runId = (await startRun()).body.report_run_id as string;
    expect((await pollUntilDone(runId)).at(-1)!.async_status).toBe('Job Completed');
  });
});
