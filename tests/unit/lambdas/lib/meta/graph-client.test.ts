import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { AppError } from '@lambdas/lib/errors';
import { createGraphClient, type GraphCallInfo, type GraphClientOptions } from '@lambdas/lib/meta/graph-client';
import { GraphError, MetaRateLimitedError, MetaTokenInvalidError } from '@lambdas/lib/meta/graph-errors';
import { fakeFetch, fakeSleep, metaError, type ScriptedReply } from './fake-graph';

const accessToken = 'EAAB-user-token';
const appSecret = 'app-secret-xyz';
const expectedProof = createHmac('sha256', appSecret).update(accessToken).digest('hex');

function clientWith(script: readonly ScriptedReply[], options: Partial<GraphClientOptions> = {}) {
  const fake = fakeFetch(script);
  const sleeper = fakeSleep();
  const calls: GraphCallInfo[] = [];
  const client = createGraphClient({
    appSecret,
    accessToken,
    fetch: fake.fetch,
    sleep: sleeper.sleep,
    random: () => 0.5,
    onCall: (info) => calls.push(info),
    ...options,
  });
  return { client, requests: fake.requests, remaining: fake.remaining, waits: sleeper.waits, calls };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof AppError) return error;
  throw new Error(`expected an AppError, got ${String(error)}`);
}

const IdSchema = z.object({ id: z.string() });

describe('Graph client: requests', () => {
  it('signs every GET with the token and an independently computed appsecret_proof', async () => {
    const { client, requests } = clientWith([{ json: { id: '1' } }]);

    const reply = await client.get('/me', { fields: ['id', 'name'] }, IdSchema);

    expect(reply).toEqual({ id: '1' });
    const url = requests[0]!.url;
    expect(url.origin + url.pathname).toBe('https://graph.facebook.com/v26.0/me');
    expect(url.searchParams.get('access_token')).toBe(accessToken);
    expect(url.searchParams.get('appsecret_proof')).toBe(expectedProof);
    expect(url.searchParams.get('fields')).toBe('id,name');
    expect(requests[0]!.method).toBe('GET');
  });

  it('encodes parameters the way Meta reads them', async () => {
    const { client, requests } = clientWith([{ json: { data: [] } }]);

    await client.get('act_1/insights', {
      fields: ['spend', 'impressions'],
      breakdowns: ['age', 'gender'],
      time_range: { since: '2026-11-01', until: '2026-11-07' },
      filtering: [{ field: 'campaign.id', operator: 'IN', value: ['1', '2'] }],
      time_increment: 1,
      use_unified_attribution_setting: true,
      level: 'campaign',
      after: undefined,
      before: null,
    });

    const params = requests[0]!.url.searchParams;
    expect(params.get('fields')).toBe('spend,impressions');
    expect(params.get('breakdowns')).toBe('age,gender');
    expect(JSON.parse(params.get('time_range')!)).toEqual({ since: '2026-11-01', until: '2026-11-07' });
    expect(params.get('filtering')).toBe('[{"field":"campaign.id","operator":"IN","value":["1","2"]}]');
    expect(params.get('time_increment')).toBe('1');
    expect(params.get('use_unified_attribution_setting')).toBe('true');
    expect(params.has('after')).toBe(false);
    expect(params.has('before')).toBe(false);
  });

  it('POSTs a form body carrying the parameters and credentials, with no query', async () => {
    const { client, requests } = clientWith([{ json: { id: '120' } }]);

    await client.post(
      'act_1/campaigns',
      { name: 'Spring', objective: 'OUTCOME_SALES', special_ad_categories: ['NONE'], status: 'PAUSED' },
      IdSchema,
    );

    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url.search).toBe('');
    expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request.body!)).toEqual({
      name: 'Spring',
      objective: 'OUTCOME_SALES',
      special_ad_categories: '["NONE"]',
      status: 'PAUSED',
      access_token: accessToken,
      appsecret_proof: expectedProof,
    });
  });

  it('sends DELETE parameters in the query', async () => {
    const { client, requests } = clientWith([{ json: { success: true } }]);

    await client.delete('me/permissions');

    expect(requests[0]!.method).toBe('DELETE');
    expect(requests[0]!.url.pathname).toBe('/v26.0/me/permissions');
    expect(requests[0]!.url.searchParams.get('appsecret_proof')).toBe(expectedProof);
  });

  it('talks to another base URL and version (the local sandbox) the same way', async () => {
    const { client, requests } = clientWith([{ json: { id: '1' } }], {
      baseUrl: 'http://127.0.0.1:4010',
      version: 'v25.0',
    });

    await client.get('me', undefined, IdSchema);

    expect(requests[0]!.url.toString()).toMatch(/^http:\/\/127\.0\.0\.1:4010\/v25\.0\/me\?/);
  });

  it('refuses paths that are not plain Graph paths, before any request', async () => {
    const { client, requests } = clientWith([]);

    for (const path of ['act_1?fields=x', '../oauth/access_token', 'act_1/../../x', 'https://evil.example/x']) {
      expect(await failure(client.get(path))).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(requests).toHaveLength(0);
  });

  it('reports each call without the token, and with the usage Meta announced', async () => {
    const { client, calls } = clientWith([
      { json: { id: '1' }, headers: { 'x-app-usage': '{"call_count":12,"total_cputime":3,"total_time":4}' } },
    ]);

    await client.get('me', undefined, IdSchema);

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: '/v26.0/me',
      status: 200,
      attempt: 1,
      usage: { app: { callCount: 12, totalCputime: 3, totalTime: 4 } },
    });
    expect(JSON.stringify(calls)).not.toContain(accessToken);
    expect(JSON.stringify(calls)).not.toContain(expectedProof);
  });
});

describe('Graph client: retries', () => {
  it('retries a 5xx reply with backoff, then succeeds', async () => {
    const { client, requests, waits, calls } = clientWith([
      { status: 503, text: '<html>unavailable</html>' },
      { status: 500, json: metaError(1, { message: 'An unknown error occurred' }) },
      { json: { id: '1' } },
    ]);

    const reply = await client.get('me', undefined, IdSchema);

    expect(reply).toEqual({ id: '1' });
    expect(requests).toHaveLength(3);
    // base 200 ms doubling, equal jitter with random() = 0.5: 75 % of the ceiling.
    expect(waits).toEqual([150, 300]);
    expect(calls.map((call) => [call.attempt, call.status])).toEqual([
      [1, 503],
      [2, 500],
      [3, 200],
    ]);
  });

  it.each([
    ['code 2 (service unavailable)', metaError(2)],
    ['is_transient on another code', metaError(1487390, { is_transient: true })],
  ])('retries %s, then succeeds', async (_, errorBody) => {
    const { client, requests, waits } = clientWith([{ status: 400, json: errorBody }, { json: { id: '1' } }]);

    await expect(client.get('me', undefined, IdSchema)).resolves.toEqual({ id: '1' });

    expect(requests).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  // Issue 22, finding 4: Meta's is_transient says whether the same request can succeed later. Code 2 with
  // is_transient false is a failed async report (2/2490547): asking again gives the same answer.
  it.each([
    [
      'code 2 marked not transient (failed report run)',
      500,
      metaError(2, { error_subcode: 2490547, is_transient: false }),
    ],
    ['code 1 marked not transient', 500, metaError(1, { error_subcode: 99, is_transient: false })],
  ])('does not retry %s', async (_, status, errorBody) => {
    const { client, requests, waits } = clientWith([{ status, json: errorBody }, { json: { id: '1' } }]);

    const error = await failure(client.get('me', undefined, IdSchema));

    expect(error.code).toBe('UPSTREAM_ERROR');
    expect(requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it.each([
    [190, 'META_RECONNECT_REQUIRED'],
    [100, 'VALIDATION_ERROR'],
    [200, 'META_PERMISSION_MISSING'],
    [10, 'META_PERMISSION_MISSING'],
  ])('never retries code %i, even marked transient or with a 5xx status', async (code, appCode) => {
    const { client, requests, waits } = clientWith([
      { status: 500, json: metaError(code, { is_transient: true }) },
      { json: { id: '1' } },
    ]);

    const error = await failure(client.get('me', undefined, IdSchema));

    expect(error.code).toBe(appCode);
    expect(requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('gives up after maxRetries with UPSTREAM_ERROR carrying Meta’s error as cause', async () => {
    const { client, requests } = clientWith(
      Array.from({ length: 3 }, () => ({ status: 500, json: metaError(2, { fbtrace_id: 'trace-9' }) })),
      { maxRetries: 2 },
    );

    const error = await failure(client.get('me'));

    expect(requests).toHaveLength(3);
    expect(error.code).toBe('UPSTREAM_ERROR');
    expect(error.cause).toBeInstanceOf(GraphError);
    expect(error.cause).toMatchObject({ code: 2, fbtraceId: 'trace-9', status: 500 });
  });

  it('times out each attempt, retries, then answers UPSTREAM_ERROR', async () => {
    const { client, requests, calls } = clientWith(
      [{ hangUntilAborted: true }, { hangUntilAborted: true }, { hangUntilAborted: true }],
      { timeoutMs: 20, maxRetries: 2 },
    );

    const error = await failure(client.get('me'));

    expect(requests).toHaveLength(3);
    expect(error.code).toBe('UPSTREAM_ERROR');
    expect(error.cause).toMatchObject({ kind: 'timeout' });
    expect(calls.every((call) => call.status === undefined)).toBe(true);
  });

  it('does not repeat a POST that timed out: Meta may have applied it', async () => {
    const { client, requests } = clientWith([{ hangUntilAborted: true }, { json: { id: '1' } }], { timeoutMs: 20 });

    const error = await failure(client.post('act_1/campaigns', { name: 'x' }, IdSchema));

    expect(error.code).toBe('UPSTREAM_ERROR');
    expect(requests).toHaveLength(1);
  });

  it('repeats a POST that timed out when the caller says it is idempotent', async () => {
    const { client, requests } = clientWith([{ hangUntilAborted: true }, { json: { id: '1' } }], { timeoutMs: 20 });

    await expect(client.post('120', { status: 'PAUSED' }, IdSchema, { idempotent: true })).resolves.toEqual({
      id: '1',
    });
    expect(requests).toHaveLength(2);
  });

  it('repeats a POST whose connection was refused: it never reached Meta', async () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    const { client, requests } = clientWith([{ throws: refused }, { json: { id: '1' } }]);

    await expect(client.post('act_1/campaigns', { name: 'x' }, IdSchema)).resolves.toEqual({ id: '1' });
    expect(requests).toHaveLength(2);
  });
});

describe('Graph client: deadline', () => {
  it('cuts an attempt’s timeout to the deadline and does not retry past it', async () => {
    const { client, requests } = clientWith([{ hangUntilAborted: true }, { json: { id: '1' } }], {
      timeoutMs: 10_000,
      deadlineMs: 50,
    });

    const started = performance.now();
    const error = await failure(client.get('me', undefined, IdSchema));

    expect(performance.now() - started).toBeLessThan(2_000);
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR' });
    expect(requests).toHaveLength(1);
  });

  it('does not sleep through a wait that ends after the deadline', async () => {
    const { client, requests, waits } = clientWith(
      [
        {
          status: 400,
          json: metaError(80004),
          headers: { 'x-ad-account-usage': '{"acc_id_util_pct":100,"reset_time_duration":4}' },
        },
        { json: { id: '1' } },
      ],
      { deadlineMs: 3_000 },
    );

    expect(await failure(client.get('act_1'))).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 4 });
    expect(waits).toEqual([]);
    expect(requests).toHaveLength(1);
  });
});

describe('Graph client: rate limits', () => {
  it('waits as long as the ad-account header says when that is short, then succeeds', async () => {
    const { client, requests, waits } = clientWith([
      {
        status: 400,
        json: metaError(80004, { error_subcode: 2446079 }),
        headers: {
          'x-ad-account-usage':
            '{"acc_id_util_pct":100,"reset_time_duration":3,"ads_api_access_tier":"development_access"}',
        },
      },
      { json: { id: '1' } },
    ]);

    await expect(client.get('act_1', undefined, IdSchema)).resolves.toEqual({ id: '1' });

    expect(waits).toEqual([3000]);
    expect(requests).toHaveLength(2);
  });

  it('fails at once with RATE_LIMITED when Meta announces a long wait, without sleeping', async () => {
    const buc = {
      '123': [
        {
          type: 'ads_insights',
          call_count: 100,
          total_cputime: 40,
          total_time: 60,
          estimated_time_to_regain_access: 30,
        },
      ],
    };
    const { client, requests, waits } = clientWith([
      {
        status: 400,
        json: metaError(80000, { error_subcode: 2446079 }),
        headers: { 'x-business-use-case-usage': JSON.stringify(buc) },
      },
      { json: { id: '1' } },
    ]);

    const error = await failure(client.get('act_1/insights'));

    expect(error).toBeInstanceOf(MetaRateLimitedError);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429, retryAfterSeconds: 1800 });
    expect(error.message).toBe('Meta is limiting requests for this ad account. Please try again in 30 minutes.');
    expect(requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('backs off when a rate limit comes with no timing, and ends RATE_LIMITED if it persists', async () => {
    const limited = { status: 400, json: metaError(17, { error_subcode: 2446079 }) };
    const { client, requests, waits } = clientWith([limited, limited, limited, limited]);

    const error = await failure(client.get('me'));

    expect(requests).toHaveLength(4);
    expect(waits).toEqual([150, 300, 600]);
    expect(error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(error.message).toBe('Meta is limiting requests for this ad account. Please try again in a few minutes.');
  });

  it('honours a shorter budget for waiting', async () => {
    const { client, waits } = clientWith(
      [
        {
          status: 400,
          json: metaError(613),
          headers: { 'x-ad-account-usage': '{"acc_id_util_pct":100,"reset_time_duration":3}' },
        },
      ],
      { maxRateLimitWaitSeconds: 2 },
    );

    expect(await failure(client.get('act_1'))).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 3 });
    expect(waits).toEqual([]);
  });
});

describe('Graph client: replies', () => {
  it('answers UPSTREAM_ERROR when a reply does not fit its schema', async () => {
    const { client } = clientWith([{ json: { name: 'no id here' } }]);

    const error = await failure(client.get('me', undefined, IdSchema));

    expect(error).toMatchObject({
      code: 'UPSTREAM_ERROR',
      statusCode: 502,
      message: 'Meta returned an unexpected response.',
    });
  });

  it('answers UPSTREAM_ERROR when a 200 reply is not JSON, without retrying', async () => {
    const { client, requests } = clientWith([{ text: '<html>captive portal</html>' }, { json: { id: '1' } }]);

    expect(await failure(client.get('me', undefined, IdSchema))).toMatchObject({
      code: 'UPSTREAM_ERROR',
      message: 'Meta returned an unexpected response.',
    });
    expect(requests).toHaveLength(1);
  });

  it('marks an invalid token distinctly so callers can flag the connection', async () => {
    const { client } = clientWith([{ status: 400, json: metaError(190, { error_subcode: 463 }) }]);

    const error = await failure(client.get('me'));

    expect(error).toBeInstanceOf(MetaTokenInvalidError);
    expect(error).toMatchObject({
      code: 'META_RECONNECT_REQUIRED',
      message: 'Your Meta connection has expired. Please reconnect Meta.',
    });
  });
});

describe('Graph client: paging', () => {
  const CampaignSchema = z.object({ id: z.string(), name: z.string() });
  const nextUrl = (after: string) =>
    `https://graph.facebook.com/v26.0/act_1/campaigns?fields=id%2Cname&limit=2&access_token=META-COPY&after=${after}`;

  it('follows paging.next across pages, with our credentials in place of Meta’s copy', async () => {
    const { client, requests } = clientWith([
      {
        json: {
          data: [
            { id: '1', name: 'a' },
            { id: '2', name: 'b' },
          ],
          paging: { cursors: { after: 'c1' }, next: nextUrl('c1') },
        },
      },
      {
        json: {
          data: [
            { id: '3', name: 'c' },
            { id: '4', name: 'd' },
          ],
          paging: { next: nextUrl('c2') },
        },
      },
      { json: { data: [{ id: '5', name: 'e' }], paging: { cursors: { before: 'c2' } } } },
    ]);

    const result = await client.paginate('act_1/campaigns', { fields: ['id', 'name'], limit: 2 }, CampaignSchema, {
      maxPages: 10,
    });

    expect(result.items.map((item) => item.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(result).toMatchObject({ pages: 3, hasMore: false });
    expect(requests).toHaveLength(3);
    for (const request of requests.slice(1)) {
      expect(request.url.searchParams.getAll('access_token')).toEqual([accessToken]);
      expect(request.url.searchParams.get('appsecret_proof')).toBe(expectedProof);
    }
    expect(requests[2]!.url.searchParams.get('after')).toBe('c2');
  });

  it('stops at maxPages and says more was available', async () => {
    const { client, requests } = clientWith([
      { json: { data: [{ id: '1', name: 'a' }], paging: { next: nextUrl('c1') } } },
      { json: { data: [{ id: '2', name: 'b' }], paging: { next: nextUrl('c2') } } },
    ]);

    const result = await client.paginate('act_1/campaigns', {}, CampaignSchema, { maxPages: 2 });

    expect(result).toEqual({
      items: [
        { id: '1', name: 'a' },
        { id: '2', name: 'b' },
      ],
      pages: 2,
      hasMore: true,
    });
    expect(requests).toHaveLength(2);
  });

  it('refuses a next URL on another origin rather than send it our token', async () => {
    const { client, requests } = clientWith([
      {
        json: {
          data: [{ id: '1', name: 'a' }],
          paging: { next: 'https://graph.evil.example/v26.0/act_1/campaigns?after=x' },
        },
      },
      { json: { data: [] } },
    ]);

    const error = await failure(client.paginate('act_1/campaigns', {}, CampaignSchema));

    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR', message: 'Meta returned an unexpected response.' });
    expect(requests).toHaveLength(1);
  });

  it('answers UPSTREAM_ERROR when an item does not fit its schema', async () => {
    const { client } = clientWith([{ json: { data: [{ id: 1 }] } }]);
    expect(await failure(client.paginate('act_1/campaigns', {}, CampaignSchema))).toMatchObject({
      code: 'UPSTREAM_ERROR',
    });
  });
});

describe('Graph client: batch', () => {
  const okItem = (id: string) => ({ code: 200, body: JSON.stringify({ id }) });

  it('splits requests into calls of at most 50 and keeps the order of results', async () => {
    const requestsIn = Array.from({ length: 120 }, (_, index) => ({
      method: 'GET' as const,
      path: `${1000 + index}`,
      params: { fields: ['id'] },
    }));
    const replyFor = (from: number, count: number) => ({
      json: Array.from({ length: count }, (_, offset) => okItem(String(1000 + from + offset))),
    });
    const { client, requests, calls } = clientWith([replyFor(0, 50), replyFor(50, 50), replyFor(100, 20)]);

    const results = await client.batch(requestsIn, IdSchema);

    expect(requests).toHaveLength(3);
    const sizes = requests.map((request) => (JSON.parse(request.body!.get('batch')!) as unknown[]).length);
    expect(sizes).toEqual([50, 50, 20]);
    expect(calls.map((call) => call.batchSize)).toEqual([50, 50, 20]);
    expect(requests[0]!.url.pathname).toBe('/');
    expect(requests[0]!.body!.get('access_token')).toBe(accessToken);
    expect(requests[0]!.body!.get('appsecret_proof')).toBe(expectedProof);
    expect(JSON.parse(requests[0]!.body!.get('batch')!)[0]).toEqual({
      method: 'GET',
      relative_url: 'v26.0/1000?fields=id',
    });
    expect(results).toHaveLength(120);
    expect(results.map((result) => (result.ok ? result.body.id : null))).toEqual(
      requestsIn.map((request) => request.path),
    );
  });

  it('returns a GraphError per failed item and keeps the successes', async () => {
    const { client, requests } = clientWith([
      {
        json: [
          okItem('1'),
          { code: 400, body: JSON.stringify(metaError(100, { message: 'Invalid parameter', error_subcode: 1885621 })) },
          null,
          { code: 200, body: JSON.stringify({ unexpected: true }) },
        ],
      },
    ]);

    const results = await client.batch(
      [
        { method: 'POST', path: '1', params: { status: 'PAUSED' } },
        { method: 'POST', path: '2', params: { daily_budget: 500 } },
        { method: 'GET', path: '3' },
        { method: 'GET', path: '4' },
      ],
      IdSchema,
    );

    expect(JSON.parse(requests[0]!.body!.get('batch')!)).toEqual([
      { method: 'POST', relative_url: 'v26.0/1', body: 'status=PAUSED' },
      { method: 'POST', relative_url: 'v26.0/2', body: 'daily_budget=500' },
      { method: 'GET', relative_url: 'v26.0/3' },
      { method: 'GET', relative_url: 'v26.0/4' },
    ]);
    expect(results[0]).toEqual({ ok: true, status: 200, body: { id: '1' } });
    const [, second, third, fourth] = results;
    expect(second).toMatchObject({ ok: false, status: 400 });
    expect(!second!.ok && second!.error).toMatchObject({ kind: 'meta', code: 100, subcode: 1885621, path: '/v26.0/2' });
    expect(!third!.ok && third!.error).toMatchObject({ kind: 'timeout' });
    expect(!fourth!.ok && fourth!.error).toMatchObject({ kind: 'invalid-response' });
  });

  it('answers UPSTREAM_ERROR when the batch reply has the wrong number of items', async () => {
    const { client } = clientWith([{ json: [okItem('1')] }]);
    const error = await failure(
      client.batch([
        { method: 'GET', path: '1' },
        { method: 'GET', path: '2' },
      ]),
    );
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR' });
  });
});

describe('Graph client: observers', () => {
  it('does not fail a call because its onCall observer throws', async () => {
    const { client } = clientWith([{ json: { id: '1' } }], {
      onCall: () => {
        throw new Error('logger broke');
      },
    });

    await expect(client.get('me', undefined, IdSchema)).resolves.toEqual({ id: '1' });
  });
});
