import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryJob, SiteEventsRequest } from '@shared/schemas/signals-endpoint';
import { SiteEventsRequestSchema } from '@shared/schemas/signals-endpoint';
import { tableKey } from '@shared/table-keys';
import { localTableName } from '@infra/twin/function-environment';
import { AppError } from '@lambdas/lib/errors';
import { newSiteKey } from '@lambdas/lib/signals/site-key-secret';
import { revokeSiteKey } from '@lambdas/signals/site-keys';
import { acceptSiteEvents, CLAIM_LEASE_MS, type IntakeDeps } from '@lambdas/signals-intake/accept-site-events';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

/**
 * The first-party endpoint's intake against dynalite: the consent rule, hashing server-side with nothing raw kept,
 * per-site key isolation and revocation, an event accepted once per event id, and a queue outage that keeps nothing.
 */
let aws: LocalAws;
const keysTable = localTableName('signalSiteKeys');
const deliveriesTable = localTableName('signalDeliveries');
const sha = (value: string) => createHash('sha256').update(value).digest('hex');

beforeAll(async () => {
  aws = await startLocalAws();
}, 60_000);
afterAll(() => aws?.stop());

async function storedKey(workspaceId: string, pixelId: string): Promise<{ id: string; key: string }> {
  const created = newSiteKey();
  await aws.doc.send(
    new PutCommand({
      TableName: keysTable,
      Item: {
        ...tableKey('signalSiteKeys', workspaceId, created.id),
        key_hash: created.hash,
        key_start: created.start,
        label: 'Shop',
        ad_account_id: '1',
        pixel_id: pixelId,
        created_at: new Date().toISOString(),
      },
    }),
  );
  return { id: created.id, key: created.key };
}

function intake(jobs: DeliveryJob[], queue?: IntakeDeps['queue']): IntakeDeps {
  return {
    keys: { doc: aws.doc, table: keysTable },
    deliveries: { doc: aws.doc, table: deliveriesTable },
    queue:
      queue ??
      (async (job) => {
        jobs.push(job);
      }),
    now: () => new Date(),
  };
}

let eventNumber = 0;
function request(key: string, consent: boolean, count = 1, user: Record<string, unknown> = {}): SiteEventsRequest {
  const nowS = Math.floor(Date.now() / 1000);
  return SiteEventsRequestSchema.parse({
    key,
    consent,
    data: Array.from({ length: count }, () => ({
      event_name: 'Purchase',
      event_time: nowS - 5,
      event_id: `order-${++eventNumber}`,
      action_source: 'website',
      event_source_url: 'https://shop.example.com/thanks',
      user_data: { client_user_agent: 'Mozilla/5.0 (test)', ...user },
      custom_data: { value: 42.5, currency: 'EUR' },
    })),
  });
}

const visitor = { browserAddress: '203.0.113.9', userAgent: 'Mozilla/5.0 (header)' };
const rawCustomer = {
  em: '  Ana.Lopez@Example.COM ',
  ph: '+33 6 12 34 56 78',
  fn: 'Anaïs',
  client_ip_address: '198.51.100.4',
  fbp: 'fb.1.1700000000000.123',
};

describe('the first-party Conversions API intake', () => {
  it('with consent: hashes contact details server-side (Meta normalised), keeps the clear browser keys', async () => {
    const { key } = await storedKey('ws-consent', '111');
    const jobs: DeliveryJob[] = [];
    await acceptSiteEvents(request(key, true, 1, rawCustomer), visitor, intake(jobs));
    const userData = jobs[0]!.events[0]!.user_data;
    expect(userData).toEqual({
      em: [sha('ana.lopez@example.com')],
      ph: [sha('33612345678')],
      fn: [sha('anaïs')],
      client_ip_address: '198.51.100.4',
      fbp: 'fb.1.1700000000000.123',
      client_user_agent: 'Mozilla/5.0 (test)',
    });
  });

  it('without consent: no customer information at all, only the user agent Meta requires of a website event', async () => {
    const { key } = await storedKey('ws-no-consent', '112');
    const jobs: DeliveryJob[] = [];
    await acceptSiteEvents(request(key, false, 1, rawCustomer), visitor, intake(jobs));
    expect(jobs[0]!.events[0]!.user_data).toEqual({ client_user_agent: 'Mozilla/5.0 (test)' });
    // The browser's address is not added either.
    expect(JSON.stringify(jobs)).not.toContain('203.0.113.9');
  });

  it('stores no raw customer data: the table holds names, ids, statuses and counts only', async () => {
    const { key } = await storedKey('ws-raw', '113');
    await acceptSiteEvents(request(key, true, 3, rawCustomer), visitor, intake([]));
    const everything = JSON.stringify((await aws.doc.send(new ScanCommand({ TableName: deliveriesTable }))).Items);
    for (const raw of [
      'ana.lopez',
      'Ana.Lopez',
      '612345678',
      'Anaïs',
      '198.51.100.4',
      'fb.1.17',
      sha('ana.lopez@example.com'),
    ])
      expect(everything).not.toContain(raw);
  });

  it('scopes a key to its own pixel and workspace; another key, a revoked key or a made-up one sends nothing there', async () => {
    const a = await storedKey('ws-a', '201');
    const b = await storedKey('ws-b', '202');
    const jobs: DeliveryJob[] = [];
    await acceptSiteEvents(request(a.key, true), visitor, intake(jobs));
    await acceptSiteEvents(request(b.key, true), visitor, intake(jobs));
    expect(jobs.map((job) => [job.workspaceId, job.pixelId])).toEqual([
      ['ws-a', '201'],
      ['ws-b', '202'],
    ]);

    // Workspace B cannot revoke A's key by its id; A can.
    await expect(revokeSiteKey({ doc: aws.doc, table: keysTable }, 'ws-b', a.id, new Date())).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await acceptSiteEvents(request(a.key, true), visitor, intake(jobs));
    await revokeSiteKey({ doc: aws.doc, table: keysTable }, 'ws-a', a.id, new Date());
    for (const key of [a.key, `${a.key.slice(0, -2)}xx`, 'adsk_made-up']) {
      const refused = await acceptSiteEvents(request(key, true), visitor, intake(jobs)).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ statusCode: 401, message: 'The site key is not valid or was revoked.' });
    }
    expect(jobs).toHaveLength(3);
  });

  it('accepts each (event name, event id) of a pixel once: a resent event is a duplicate, not queued again', async () => {
    const { key } = await storedKey('ws-dup', '301');
    const jobs: DeliveryJob[] = [];
    const first = request(key, false, 3);
    expect(await acceptSiteEvents(first, visitor, intake(jobs))).toEqual({ accepted: 3, duplicates: 0 });
    expect(await acceptSiteEvents(first, visitor, intake(jobs))).toEqual({ accepted: 0, duplicates: 3 });
    expect(jobs).toHaveLength(1);
  });

  it('keeps nothing when the queue refuses the events, so the site can send them again', async () => {
    const { key } = await storedKey('ws-queue-down', '401');
    const body = request(key, false, 2);
    const refused = await acceptSiteEvents(
      body,
      visitor,
      intake([], async () => {
        throw new Error('SQS unavailable');
      }),
    ).catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 502 });
    const jobs: DeliveryJob[] = [];
    expect(await acceptSiteEvents(body, visitor, intake(jobs))).toEqual({ accepted: 2, duplicates: 0 });
    expect(jobs[0]!.events).toHaveLength(2);
  });

  it('takes over a claim nobody could give back once its lease ends, and until then keeps nothing', async () => {
    const { key } = await storedKey('ws-lease', '402');
    const body = request(key, false, 2);
    const started = Date.now();
    const at = (ms: number) => () => new Date(started + ms);
    // The queue refuses the message and giving the claims back fails too (a DynamoDB outage).
    const failingRelease = {
      send: (command: unknown) =>
        command instanceof DeleteCommand
          ? Promise.reject(new Error('DynamoDB unavailable'))
          : aws.doc.send(command as never),
    } as typeof aws.doc;
    const refused = await acceptSiteEvents(body, visitor, {
      ...intake([], async () => {
        throw new Error('SQS unavailable');
      }),
      deliveries: { doc: failingRelease, table: deliveriesTable },
      now: at(0),
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 502 });

    // Sent again within the lease: refused as in flight, not counted as duplicates that will never be delivered.
    const early: DeliveryJob[] = [];
    const held = await acceptSiteEvents(body, visitor, { ...intake(early), now: at(5_000) }).catch((e: unknown) => e);
    expect(held).toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/^2 of these events are being accepted by another request/),
    });
    expect(early).toHaveLength(0);

    // After the lease: taken over and queued once; once confirmed, never again.
    const jobs: DeliveryJob[] = [];
    expect(await acceptSiteEvents(body, visitor, { ...intake(jobs), now: at(CLAIM_LEASE_MS + 1_000) })).toEqual({
      accepted: 2,
      duplicates: 0,
    });
    expect(jobs[0]!.events).toHaveLength(2);
    expect(await acceptSiteEvents(body, visitor, { ...intake(jobs), now: at(3 * CLAIM_LEASE_MS) })).toEqual({
      accepted: 0,
      duplicates: 2,
    });
    expect(jobs).toHaveLength(1);
  });

  it('refuses, naming the field, an event Meta would refuse later', async () => {
    const { key } = await storedKey('ws-old', '501');
    const old = request(key, false);
    old.data[0]!.event_time = Math.floor(Date.now() / 1000) - 8 * 86_400;
    await expect(acceptSiteEvents(old, visitor, intake([]))).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('data.0.event_time'),
    });
    // The schema: a Purchase needs value and currency, a website event its URL; the event id is required.
    const parsed = SiteEventsRequestSchema.safeParse({
      key,
      consent: false,
      data: [{ event_name: 'Purchase', event_time: 1, action_source: 'website' }],
    });
    expect(parsed.success).toBe(false);
    const paths = parsed.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['data.0.event_id']));
  });
});
