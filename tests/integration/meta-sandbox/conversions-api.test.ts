import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetaSandbox } from '@infra/twin/meta-sandbox/server';
import { graph, login, startTestSandbox, type LooseJson } from './sandbox-client';

/**
 * Pixels and the Conversions API in the sandbox: Meta's validation of `POST /{pixel_id}/events` (one bad event
 * refuses the request and records nothing), de-duplication of pixel and server events, the pixel's fields and
 * stats, per-event quality, and the seeded problems the signals screen explains.
 */

let sandbox: MetaSandbox;
let token: string;
let pixelId: string;
const clock = new Date('2026-11-20T17:00:00Z');
const nowS = Math.floor(clock.getTime() / 1000);
const sha = (value: string) => createHash('sha256').update(value).digest('hex');

beforeAll(async () => {
  sandbox = await startTestSandbox({ now: () => clock });
  token = await login(sandbox);
  const accounts = (await graph(sandbox, '/v26.0/me/adaccounts', { access_token: token })).body.data as LooseJson[];
  const pixels = await graph(sandbox, `/v26.0/${accounts[0]!.id}/adspixels`, { access_token: token });
  pixelId = pixels.body.data[0].id;
});
afterAll(() => sandbox.stop());

const serverEvent = (extra: LooseJson = {}) => ({
  event_name: 'Lead',
  event_time: nowS - 60,
  action_source: 'website',
  event_source_url: 'https://shop.example.com/thanks',
  user_data: { em: [sha('ana@example.com')], client_user_agent: 'Mozilla/5.0', client_ip_address: '203.0.113.9' },
  ...extra,
});

function send(events: unknown[], extra: Record<string, string> = {}) {
  return graph(
    sandbox,
    `/v26.0/${pixelId}/events`,
    { access_token: token, data: JSON.stringify(events), ...extra },
    { method: 'POST' },
  );
}

async function quality(eventName: string): Promise<LooseJson | undefined> {
  const reply = await graph(sandbox, '/v26.0/dataset_quality', { access_token: token, dataset_id: pixelId });
  return (reply.body.web as LooseJson[]).find((entry) => entry.event_name === eventName);
}

describe('POST /{pixel_id}/events', () => {
  it('accepts valid events and says how many it received', async () => {
    const reply = await send([serverEvent({ event_id: 'lead-1' }), serverEvent({ event_id: 'lead-2' })]);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ events_received: 2, messages: [] });
    expect(reply.body.fbtrace_id).toMatch(/^A/);
  });

  it.each([
    ['a missing event_time', serverEvent({ event_time: undefined }), "$['data'][1]['event_time'] is required"],
    ['an event_time over 7 days old', serverEvent({ event_time: nowS - 8 * 86_400 }), 'more than 7 days in the past'],
    ['an event_time in the future', serverEvent({ event_time: nowS + 3600 }), 'in the future'],
    ['a missing action_source', serverEvent({ action_source: undefined }), "['action_source'] is required"],
    [
      'a website event without its URL',
      serverEvent({ event_source_url: undefined }),
      "['event_source_url'] is required",
    ],
    [
      'an email in the clear',
      serverEvent({ user_data: { em: ['ana@example.com'], client_user_agent: 'UA' } }),
      "['user_data']['em'] must be hashed",
    ],
    [
      'a website event without a user agent',
      serverEvent({ user_data: { em: [sha('ana@example.com')] } }),
      "['client_user_agent'] is required for website events",
    ],
    ['a Purchase without value', serverEvent({ event_name: 'Purchase' }), "['custom_data']['value'] is required"],
  ])('refuses %s with Meta’s error body, and records nothing', async (_, event, message) => {
    const before = (await graph(sandbox, `/v26.0/${pixelId}/stats`, { access_token: token })).body;
    const reply = await send([serverEvent({ event_id: 'fine' }), event]);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({
      code: 100,
      error_subcode: 2804019,
      is_transient: false,
      error_user_title: 'Server-side API parameter error',
    });
    expect(reply.body.error.error_user_msg).toContain(message);
    expect((await graph(sandbox, `/v26.0/${pixelId}/stats`, { access_token: token })).body).toEqual(before);
  });

  it('takes at most 1,000 events a request', async () => {
    const events = Array.from({ length: 1_001 }, (_, n) => serverEvent({ event_id: `bulk-${n}` }));
    const refused = await send(events);
    expect(refused.status).toBe(400);
    expect(refused.body.error.error_user_msg).toContain('at most 1000');
    expect((await send(events.slice(0, 1_000))).body.events_received).toBe(1_000);
  });

  it('keeps test events out of the counts', async () => {
    const before = await quality('Contact');
    const reply = await send([serverEvent({ event_name: 'Contact', event_id: 'c-1' })], { test_event_code: 'TEST123' });
    expect(reply.body.events_received).toBe(1);
    expect(await quality('Contact')).toEqual(before);
  });
});

describe('de-duplication and quality', () => {
  it('counts a browser and a server event with the same name and id once', async () => {
    const beacon = await fetch(`${sandbox.url}/tr?id=${pixelId}&ev=Subscribe&eid=sub-1&fbp=fb.1.1.1`);
    expect(beacon.status).toBe(200);
    await send([serverEvent({ event_name: 'Subscribe', event_id: 'sub-1' })]);
    await send([serverEvent({ event_name: 'Subscribe' })]);
    const entry = await quality('Subscribe');
    expect(entry?.dedupe_key_feedback[0]).toMatchObject({
      browser_events_with_dedupe_key: { percentage: 100 },
      server_events_with_dedupe_key: { percentage: 50 },
    });
  });

  it('raises match quality when email and phone are added', async () => {
    const thin = { client_user_agent: 'UA', client_ip_address: '203.0.113.9' };
    await send([serverEvent({ event_name: 'Schedule', user_data: thin })]);
    const before = (await quality('Schedule'))!.event_match_quality.composite_score as number;
    await send(
      Array.from({ length: 3 }, () =>
        serverEvent({
          event_name: 'Schedule',
          user_data: { ...thin, em: [sha('ana@example.com')], ph: [sha('16505551212')] },
        }),
      ),
    );
    const after = (await quality('Schedule'))!.event_match_quality;
    expect(after.composite_score).toBeGreaterThan(before + 4);
    expect(after.match_key_feedback).toContainEqual({ identifier: 'ph', coverage: { percentage: 75 } });
  });
});

describe('the seeded pixel', () => {
  it('reports its fields as Meta names them, and refuses fields AdsPixel does not have', async () => {
    const reply = await graph(sandbox, `/v26.0/${pixelId}`, {
      access_token: token,
      fields: 'id,name,last_fired_time,owner_ad_account,data_use_setting',
    });
    expect(reply.body).toMatchObject({ id: pixelId, data_use_setting: 'ADVERTISING_AND_ANALYTICS' });
    expect(reply.body.last_fired_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}$/);
    const wrong = await graph(sandbox, `/v26.0/${pixelId}`, { access_token: token, fields: 'budget' });
    expect(wrong.body.error.message).toBe('(#100) Tried accessing nonexisting field (budget) on node type (AdsPixel)');
  });

  it('shows the problems marketers meet: poor Purchase matching, missing event ids, late server events', async () => {
    const purchase = (await quality('Purchase'))!;
    const viewContent = (await quality('ViewContent'))!;
    expect(purchase.event_match_quality.composite_score).toBeLessThan(3);
    expect(viewContent.event_match_quality.composite_score).toBeGreaterThan(8);
    expect(purchase.dedupe_key_feedback[0].server_events_with_dedupe_key.percentage).toBeLessThan(50);
    expect(purchase.data_freshness.upload_frequency).toBe('hourly');
    expect(viewContent.data_freshness.upload_frequency).toBe('real_time');
  });

  it('has an event that stopped firing four days ago', async () => {
    const stats = await graph(sandbox, `/v26.0/${pixelId}/stats`, {
      access_token: token,
      aggregation: 'event',
      start_time: String(nowS - 3 * 86_400),
      end_time: String(nowS),
    });
    const names = new Set(
      (stats.body.data as LooseJson[]).flatMap((hour) => hour.data.map((row: LooseJson) => row.value)),
    );
    expect(names.has('ViewContent')).toBe(true);
    expect(names.has('AddToCart')).toBe(false);
    const week = await graph(sandbox, `/v26.0/${pixelId}/stats`, {
      access_token: token,
      aggregation: 'event_source',
      start_time: String(nowS - 7 * 86_400),
    });
    const sources = new Set(
      (week.body.data as LooseJson[]).flatMap((hour) => hour.data.map((row: LooseJson) => row.value)),
    );
    expect(sources).toEqual(new Set(['BROWSER', 'SERVER']));
  });

  const totals = async (params: Record<string, string>) => {
    const stats = await graph(sandbox, `/v26.0/${pixelId}/stats`, { access_token: token, ...params });
    expect(stats.status).toBe(200);
    const counts = new Map<string, number>();
    for (const hour of stats.body.data as LooseJson[])
      for (const row of hour.data as LooseJson[]) counts.set(row.value, (counts.get(row.value) ?? 0) + row.count);
    return counts;
  };

  it('filters the stats to web or server events and keeps to the last seven days, as Meta documents', async () => {
    const week = { aggregation: 'event', start_time: String(nowS - 14 * 86_400) };
    const all = await totals(week);
    const web = await totals({ ...week, event_source: 'WEB_ONLY' });
    const server = await totals({ ...week, event_source: 'SERVER_ONLY' });
    expect(web.get('PageView')).toBeGreaterThan(0);
    expect(server.has('PageView')).toBe(false);
    for (const [name, count] of all) expect((web.get(name) ?? 0) + (server.get(name) ?? 0)).toBe(count);
    // 14 days asked, 7 answered: the seed has 60 PageViews a day (a partial day at each end of the window).
    expect(all.get('PageView')).toBeLessThanOrEqual(8 * 60);
    const refused = await graph(sandbox, `/v26.0/${pixelId}/stats`, { access_token: token, event_source: 'BOTH' });
    expect(refused.status).toBe(400);
  });

  it("counts the server events Meta de-duplicated against the pixel's", async () => {
    const results = await totals({
      aggregation: 'event_processing_results',
      event_source: 'SERVER_ONLY',
      start_time: String(nowS - 7 * 86_400),
    });
    // Seeded: ViewContent's 30 server events a day always share the pixel's id; most server Purchases carry none.
    // (The earlier tests here sent server events of their own without a browser twin: processed.)
    expect(results.get('deduplicated')).toBeGreaterThanOrEqual(6 * 30);
    expect(results.get('processed')).toBeGreaterThan(0);
    expect([...results.keys()].sort()).toEqual(['deduplicated', 'processed']);
  });
});
