import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryJob, QueuedServerEvent } from '@shared/schemas/signals-endpoint';
import { localTableName } from '@infra/twin/function-environment';
import type { MetaSandbox } from '@infra/twin/meta-sandbox/server';
import { createGraphClient, type GraphClient } from '@lambdas/lib/meta/graph-client';
import { pixelScope } from '@lambdas/lib/signals/delivery-records';
import { sendToConversionsApi } from '@lambdas/signals-delivery/conversions-api-sender';
import { deliverJobs, type DeliveryDeps, type QueuedJob } from '@lambdas/signals-delivery/deliver-events';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';
import {
  APP_SECRET,
  graph,
  login,
  startTestSandbox,
  type LooseJson,
} from '@tests/integration/meta-sandbox/sandbox-client';

/**
 * The delivery worker against dynalite and the Meta sandbox (its real Conversions API validation and de-duplication):
 * requests of at most 1,000 events, Meta's faults (429, 5xx, timeouts) retried until every event is in, none counted
 * twice by Meta, a redelivered message not sent again, one refused event set aside with Meta's reason.
 */
let aws: LocalAws;
let sandbox: MetaSandbox;
let token: string;
let pixelId: string;
const table = localTableName('signalDeliveries');
let workspace = 0;

beforeAll(async () => {
  [aws, sandbox] = await Promise.all([startLocalAws(), startTestSandbox()]);
  token = await login(sandbox);
  const accounts = (await graph(sandbox, '/v26.0/me/adaccounts', { access_token: token })).body.data as LooseJson[];
  pixelId = (await graph(sandbox, `/v26.0/${accounts[0]!.id}/adspixels`, { access_token: token })).body.data[0].id;
}, 60_000);
afterAll(async () => {
  await Promise.all([aws?.stop(), sandbox?.stop()]);
});
beforeEach(async () => {
  workspace += 1;
  await fetch(`${sandbox.url}/__admin/faults`, { method: 'POST', body: JSON.stringify({ latencyMs: 0 }) });
});

/** Retries without waiting: the sandbox's faults, not the clock, decide what fails. */
const graphClient = (timeoutMs = 2_000): GraphClient =>
  createGraphClient({
    baseUrl: sandbox.url,
    version: 'v26.0',
    appSecret: APP_SECRET,
    accessToken: token,
    timeoutMs,
    deadlineMs: 4 * timeoutMs + 1_000,
    backoffBaseMs: 1,
    backoffMaxMs: 5,
    maxRateLimitWaitSeconds: 0,
    sleep: async () => {},
  });

let runId = 0;
function jobsOf(count: number, perJob = 100): QueuedJob[] {
  runId += 1;
  const nowS = Math.floor(Date.now() / 1000);
  const events: QueuedServerEvent[] = Array.from({ length: count }, (_, i) => ({
    event_name: 'Lead',
    event_time: nowS - 30,
    event_id: `run${runId}-lead-${i}`,
    action_source: 'website',
    event_source_url: 'https://shop.example.com/thanks',
    user_data: { client_user_agent: 'Mozilla/5.0' },
  }));
  return Array.from({ length: Math.ceil(count / perJob) }, (_, j) => ({
    messageId: `run${runId}-message-${j}`,
    job: {
      workspaceId: `workspace-${workspace}`,
      pixelId,
      acceptedAt: Date.now(),
      events: events.slice(j * perJob, (j + 1) * perJob),
    } satisfies DeliveryJob,
  }));
}

function deps(client: GraphClient, requests: number[] = []): DeliveryDeps {
  return {
    deliveries: { doc: aws.doc, table },
    send: async (_workspace, pixel, events, testEventCode) => {
      requests.push(events.length);
      await sendToConversionsApi(client, pixel, events, testEventCode);
    },
    now: () => new Date(),
    log: () => {},
  };
}

/** What SQS does: hands the failed messages over again, until none is left (bounded, so a bug cannot loop). */
async function drain(jobs: QueuedJob[], makeDeps: (round: number) => DeliveryDeps): Promise<number> {
  let pending = jobs;
  for (let round = 0; round < 10; round++) {
    const failed = new Set(await deliverJobs(pending, makeDeps(round)));
    if (failed.size === 0) return round + 1;
    pending = pending.filter((job) => failed.has(job.messageId));
  }
  throw new Error('still failing after 10 deliveries');
}

/** How many times Meta counts each event id (de-duplicated receipts do not count). */
async function countedByMeta(prefix: string, received?: { total: number }): Promise<Map<string, number>> {
  const reply = (await (await fetch(`${sandbox.url}/__admin/pixels/${pixelId}/events`)).json()) as {
    data: { eventId?: string; deduplicated: boolean; channel: string }[];
  };
  const counted = new Map<string, number>();
  if (received) received.total = reply.data.filter((event) => event.eventId?.startsWith(prefix)).length;
  for (const event of reply.data)
    if (event.eventId?.startsWith(prefix) && !event.deduplicated)
      counted.set(event.eventId, (counted.get(event.eventId) ?? 0) + 1);
  return counted;
}

async function statuses(): Promise<Map<string, string>> {
  const reply = await aws.doc.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'pixel_scope = :scope AND begins_with(item_key, :event)',
      ExpressionAttributeValues: { ':scope': pixelScope(`workspace-${workspace}`, pixelId), ':event': 'event#' },
    }),
  );
  return new Map((reply.Items ?? []).map((item) => [String(item.item_key).split('#')[2]!, String(item.status)]));
}

describe('signals delivery worker', () => {
  it('regroups a batch into Conversions API requests of at most 1,000 events, each counted once by Meta', async () => {
    const jobs = jobsOf(2_500);
    const requests: number[] = [];
    await drain(jobs, () => deps(graphClient(), requests));
    expect(requests).toEqual([1_000, 1_000, 500]);
    const counted = await countedByMeta(`run${runId}-`);
    expect(counted.size).toBe(2_500);
    expect([...counted.values()].every((times) => times === 1)).toBe(true);
    const rows = await statuses();
    expect(rows.size).toBe(2_500);
    expect([...rows.values()].every((status) => status === 'delivered')).toBe(true);
  });

  it('counts how old each event was when Meta got it (its freshness), beside the delay Adsmith added', async () => {
    // The events happened 30 s before they were accepted (jobsOf): their age at Meta includes those 30 s.
    await drain(jobsOf(40), () => deps(graphClient()));
    const reply = await aws.doc.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pixel_scope = :scope AND begins_with(item_key, :hour)',
        ExpressionAttributeValues: { ':scope': pixelScope(`workspace-${workspace}`, pixelId), ':hour': 'hour#' },
      }),
    );
    const rows = reply.Items ?? [];
    const sum = (name: string) => rows.reduce((total, row) => total + Number(row[name] ?? 0), 0);
    expect(sum('delivered')).toBe(40);
    const meanAge = sum('ageSumMs') / 40;
    expect(meanAge).toBeGreaterThanOrEqual(30_000);
    expect(meanAge).toBeLessThan(30_000 + 60_000);
    expect(Math.max(...rows.map((row) => Number(row.ageMaxMs ?? 0)))).toBeGreaterThanOrEqual(meanAge);
    expect(sum('delaySumMs') / 40).toBeLessThan(meanAge - 29_000);
  });

  it('does not send again an event already delivered (SQS hands a message over twice)', async () => {
    const jobs = jobsOf(10);
    await drain(jobs, () => deps(graphClient()));
    const requests: number[] = [];
    expect(await deliverJobs(jobs, deps(graphClient(), requests))).toEqual([]);
    expect(requests).toEqual([]);
    // The same event in two messages of one batch is sent once.
    const twice = jobsOf(3);
    const copy = { ...twice[0]!, messageId: `${twice[0]!.messageId}-again` };
    const sent: number[] = [];
    await deliverJobs([twice[0]!, copy], deps(graphClient(), sent));
    expect(sent).toEqual([3]);
  });

  it.each([
    ['429 rate limits', { rateLimit: 3 }],
    ['5xx errors', { serverError: 5 }],
  ])('retries through %s, losing and doubling nothing', async (_name, faults) => {
    await fetch(`${sandbox.url}/__admin/faults`, { method: 'POST', body: JSON.stringify(faults) });
    const jobs = jobsOf(250);
    const rounds = await drain(jobs, () => deps(graphClient()));
    expect(rounds).toBeGreaterThanOrEqual(1);
    const counted = await countedByMeta(`run${runId}-`);
    expect(counted.size).toBe(250);
    expect([...counted.values()].every((times) => times === 1)).toBe(true);
    expect([...(await statuses()).values()].every((status) => status === 'delivered')).toBe(true);
  });

  it('survives a Meta outage and timeouts whose requests Meta did apply: delayed, none lost, none counted twice', async () => {
    // Meta answers after 1.5 s while the client gives up after 0.2 s: Meta records each request, the worker never
    // learns it did, and the messages come back.
    await fetch(`${sandbox.url}/__admin/faults`, { method: 'POST', body: JSON.stringify({ latencyMs: 1_500 }) });
    const jobs = jobsOf(150);
    const failed = await deliverJobs(jobs, deps(graphClient(200)));
    expect(failed.sort()).toEqual(jobs.map((job) => job.messageId).sort());
    expect([...(await statuses()).values()].every((status) => status === 'queued' || status === undefined)).toBe(true);

    // Meta applies the requests it was slow to answer (awaited, not slept on)...
    await vi.waitFor(async () => expect((await countedByMeta(`run${runId}-`)).size).toBe(150), {
      timeout: 20_000,
      interval: 100,
    });
    // ...then it is back: the redelivered messages go through; Meta drops the resent event ids it had recorded.
    await fetch(`${sandbox.url}/__admin/faults`, { method: 'POST', body: JSON.stringify({ latencyMs: 0 }) });
    await drain(jobs, () => deps(graphClient()));
    const received = { total: 0 };
    const counted = await countedByMeta(`run${runId}-`, received);
    // Meta did receive them more than once (the timed-out requests it applied, then the resends)...
    expect(received.total).toBeGreaterThan(150);
    // ...and counts each once.
    expect(counted.size).toBe(150);
    expect([...counted.values()].every((times) => times === 1)).toBe(true);
    expect([...(await statuses()).values()].every((status) => status === 'delivered')).toBe(true);
  });

  it('sets aside the one event Meta refuses, with its reason, and delivers the others', async () => {
    const [job] = jobsOf(5);
    // Queued for more than 7 days (a long outage): Meta refuses it; the other four still go.
    job!.job.events[2]!.event_time = Math.floor(Date.now() / 1000) - 8 * 86_400;
    await drain([job!], () => deps(graphClient()));
    const rows = await statuses();
    expect(rows.get(`run${runId}-lead-2`)).toBe('rejected');
    expect([...rows.values()].filter((status) => status === 'delivered')).toHaveLength(4);
    const rejections = await aws.doc.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pixel_scope = :scope AND begins_with(item_key, :prefix)',
        ExpressionAttributeValues: { ':scope': pixelScope(`workspace-${workspace}`, pixelId), ':prefix': 'rejection#' },
      }),
    );
    expect(rejections.Items?.[0]?.reason).toMatch(/\$\['data'\]\[2\]\['event_time'\] is more than 7 days in the past/);
  });
});
