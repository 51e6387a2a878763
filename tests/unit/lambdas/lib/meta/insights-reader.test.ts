import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createGraphClient } from '@lambdas/lib/meta/graph-client';
import { readInsights, REPORT_FAILED_MESSAGE } from '@lambdas/lib/meta/insights-reader';
import { fakeFetch, fakeSleep, metaError, type ScriptedReply } from './fake-graph';

const Row = z.looseObject({ spend: z.string() });
const reduceData = {
  status: 500,
  json: metaError(1, {
    message: "Please reduce the amount of data you're asking for, then retry your request",
    error_subcode: 99,
  }),
};

function graphWith(script: readonly ScriptedReply[]) {
  const fake = fakeFetch(script);
  const sleeper = fakeSleep();
  const graph = createGraphClient({
    appSecret: 'secret',
    accessToken: 'token',
    fetch: fake.fetch,
    sleep: sleeper.sleep,
    random: () => 0.5,
  });
  return { graph, requests: fake.requests, remaining: fake.remaining };
}

const plenty = () => 20_000;

describe('reading insights', () => {
  it('reads synchronously when Meta answers', async () => {
    const { graph, requests } = graphWith([{ json: { data: [{ spend: '1.00' }] } }]);
    const result = await readInsights(graph, 'act_1', { level: 'campaign' }, Row, { remainingMs: plenty });
    expect(result).toEqual({ rows: [{ spend: '1.00' }], partial: false, path: 'sync' });
    expect(requests).toHaveLength(1);
  });

  it('switches to a report job on code 1 instead of retrying the same read, and reads its rows', async () => {
    const progress: number[] = [];
    const waits: number[] = [];
    const { graph, requests } = graphWith([
      reduceData,
      { json: { report_run_id: '777' } },
      { json: { id: '777', async_status: 'Job Running', async_percent_completion: 40 } },
      { json: { id: '777', async_status: 'Job Completed', async_percent_completion: 100 } },
      { json: { data: [{ spend: '2.00' }, { spend: '3.00' }] } },
    ]);
    const result = await readInsights(graph, 'act_1', { level: 'campaign', fields: 'spend' }, Row, {
      remainingMs: plenty,
      pollIntervalMs: 500,
      sleep: async (ms) => void waits.push(ms),
      onProgress: (percent) => progress.push(percent),
    });

    expect(result).toEqual({ rows: [{ spend: '2.00' }, { spend: '3.00' }], partial: false, path: 'async' });
    // One sync attempt only: code 1 on an insights read is not retried.
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'GET /v26.0/act_1/insights',
      'POST /v26.0/act_1/insights',
      'GET /v26.0/777',
      'GET /v26.0/777',
      'GET /v26.0/777/insights',
    ]);
    // The job is created with the same report parameters.
    expect(requests[1]!.body!.get('level')).toBe('campaign');
    expect(progress).toEqual([40, 100]);
    expect(waits).toEqual([500]);
  });

  it("reads a finished run's rows with the limit the report asked for (its edge pages at 25 otherwise)", async () => {
    const { graph, requests } = graphWith([
      reduceData,
      { json: { report_run_id: '780' } },
      { json: { id: '780', async_status: 'Job Completed', async_percent_completion: 100 } },
      { json: { data: [{ spend: '2.00' }] } },
    ]);
    await readInsights(graph, 'act_1', { level: 'campaign', limit: 500 }, Row, { remainingMs: plenty });
    expect(requests.at(-1)!.url.pathname).toBe('/v26.0/780/insights');
    expect(requests.at(-1)!.url.searchParams.get('limit')).toBe('500');
  });

  it('reads a one-page report directly even when a report job is allowed', async () => {
    const { graph, requests } = graphWith([{ json: { data: [{ spend: '1.00' }] } }]);
    const result = await readInsights(graph, 'act_1', { level: 'ad', limit: 500 }, Row, {
      remainingMs: plenty,
      asyncWhenPaged: true,
    });
    expect(result).toEqual({ rows: [{ spend: '1.00' }], partial: false, path: 'sync' });
    expect(requests).toHaveLength(1);
  });

  it('reads a report of several pages through a report job, paging at the size asked for', async () => {
    const { graph, requests } = graphWith([
      {
        json: {
          data: [{ spend: '1.00' }],
          paging: { cursors: { after: 'x' }, next: 'https://graph.facebook.com/v26.0/act_1/insights?after=x' },
        },
      },
      { json: { report_run_id: '778' } },
      { json: { id: '778', async_status: 'Job Completed', async_percent_completion: 100 } },
      { json: { data: [{ spend: '1.00' }, { spend: '4.00' }] } },
    ]);
    const result = await readInsights(graph, 'act_1', { level: 'ad', limit: 500 }, Row, {
      remainingMs: plenty,
      asyncWhenPaged: true,
    });
    expect(result).toEqual({ rows: [{ spend: '1.00' }, { spend: '4.00' }], partial: false, path: 'async' });
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'GET /v26.0/act_1/insights',
      'POST /v26.0/act_1/insights',
      'GET /v26.0/778',
      'GET /v26.0/778/insights',
    ]);
    // Without it the run's rows come 25 a page (Meta's default): 16,000 rows would take 640 calls.
    expect(requests[3]!.url.searchParams.get('limit')).toBe('500');
  });

  it('answers a clear error when the report job fails', async () => {
    const { graph } = graphWith([
      reduceData,
      { json: { report_run_id: '778' } },
      { json: { id: '778', async_status: 'Job Failed', async_percent_completion: 0 } },
    ]);
    await expect(readInsights(graph, 'act_1', {}, Row, { remainingMs: plenty })).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      message: REPORT_FAILED_MESSAGE,
    });
  });

  it('stops waiting for a job when the function runs out of time, saying how far it got', async () => {
    let left = 5_000;
    const { graph } = graphWith([
      reduceData,
      { json: { report_run_id: '779' } },
      { json: { id: '779', async_status: 'Job Running', async_percent_completion: 35 } },
    ]);
    const reading = readInsights(graph, 'act_1', {}, Row, {
      remainingMs: () => (left -= 2_000),
      reserveMs: 2_000,
      pollIntervalMs: 1_000,
      sleep: async () => undefined,
    });
    await expect(reading).rejects.toMatchObject({ code: 'UPSTREAM_ERROR', message: expect.stringMatching(/35% done/) });
  });

  it('stops paging when time runs short and says the list is partial', async () => {
    let left = 10_000;
    const page = (n: number, next: boolean) => ({
      json: {
        data: [{ spend: `${n}.00` }],
        ...(next ? { paging: { next: `https://graph.facebook.com/v26.0/act_1/insights?after=${n}` } } : {}),
      },
    });
    const { graph, remaining } = graphWith([page(1, true), page(2, true), page(3, false)]);
    const result = await readInsights(graph, 'act_1', {}, Row, {
      remainingMs: () => (left -= 5_000),
      reserveMs: 1_000,
    });
    expect(result.rows).toHaveLength(2);
    expect(result.partial).toBe(true);
    expect(remaining()).toBe(1);
  });
});
