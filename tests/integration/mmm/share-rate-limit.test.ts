import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MMM_SHARE_LINK_BUCKET, MMM_SHARE_VIEWER_BUCKET } from '@shared/constants';
import { ErrorBodySchema } from '@shared/errors';
import { parseCsv, proposeMapping } from '@shared/mmm/csv-import';
import { DatasetSummarySchema, ModelDetailSchema, ModelSummarySchema } from '@shared/schemas/mmm';
import { ShareLinkSchema, type ShareLink } from '@shared/schemas/mmm-share';
import { confirmedUser, postJson } from '../ai/ai-user';
import { api, cognitoClient, deleteUser } from '../twin-client';

/**
 * The public share page's own rate limits on the twin: a burst from one viewer address is held
 * at the viewer bucket, and a link opened from many addresses at the link's bucket, each with a
 * 429 that says when to come back. Viewer addresses are the test's own (random documentation-range
 * addresses in X-Forwarded-For, which the gateway passes on as CloudFront would), and the links
 * are the test's own, so no other suite's share page is slowed by this one.
 */

const FIXTURE = readFileSync(path.resolve(__dirname, '../../fixtures/mmm/pymc_marketing_mmm_example.csv'), 'utf8');
const client = cognitoClient();
let owner: Awaited<ReturnType<typeof confirmedUser>>;
let modelId: string;

/** An address of 198.18.0.0/15 (benchmarking range), fresh for this run: its buckets start full. */
const freshAddress = () => `198.${18 + randomInt(2)}.${randomInt(256)}.${randomInt(1, 255)}`;
const open = (token: string, address: string) =>
  api(`/api/mmm/shared/${token}`, { headers: { 'x-forwarded-for': address } });

async function newLink(): Promise<ShareLink> {
  const made = await postJson(`/api/mmm/models/${modelId}/shares`, owner.token, { expiresInDays: 1 });
  expect(made.status).toBe(201);
  return ShareLinkSchema.parse(await made.json());
}

/** Opens until the first 429 (or `max` tries): the successes before it and that reply. */
async function burst(token: string, address: () => string, max: number) {
  let ok = 0;
  for (let i = 0; i < max; i += 1) {
    const reply = await open(token, address());
    if (reply.status === 429) return { ok, limited: reply };
    const text = await reply.text();
    expect(reply.status, text.slice(0, 300)).toBe(200);
    ok += 1;
  }
  return { ok, limited: null };
}

async function expectRetryAfter(reply: Response) {
  const retryAfter = reply.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(ErrorBodySchema.parse(await reply.json()).error.code).toBe('RATE_LIMITED');
}

beforeAll(async () => {
  owner = await confirmedUser(client, 'mmm-share-limit');
  const mapping = proposeMapping(parseCsv(FIXTURE).header);
  const upload = await postJson('/api/mmm/datasets', owner.token, { name: 'Share limits', csv: FIXTURE, mapping });
  expect(upload.status).toBe(201);
  const dataset = DatasetSummarySchema.parse(await upload.json());
  const start = await postJson('/api/mmm/models', owner.token, {
    datasetId: dataset.id,
    name: 'Shared under load',
    quality: 'quick',
  });
  expect(start.status).toBe(202);
  modelId = ModelSummarySchema.parse(await start.json()).id;
  // Poll generously: the machine may be busy.
  for (let i = 0; i < 240; i += 1) {
    const detail = ModelDetailSchema.parse(
      await (await api(`/api/mmm/models/${modelId}`, { token: owner.token })).json(),
    );
    if (detail.model.status === 'done') return;
    expect(detail.model.status).not.toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The fit did not finish in 2 minutes');
}, 180_000);

afterAll(async () => {
  await deleteUser(client, owner.email);
  client.destroy();
});

describe('the shared report’s rate limits on the twin', () => {
  it('holds a burst from one viewer address with 429 and Retry-After; another address still reads', async () => {
    const link = await newLink();
    const address = freshAddress();
    // The bucket refills one token every 6 s: on a slow machine a few more may pass, never fewer.
    const { ok, limited } = await burst(link.token, () => address, MMM_SHARE_VIEWER_BUCKET.capacity + 10);
    expect(limited, 'no 429 from a burst on one address').not.toBeNull();
    expect(ok).toBeGreaterThanOrEqual(MMM_SHARE_VIEWER_BUCKET.capacity);
    await expectRetryAfter(limited!);
    // The limit is that address's: the same link opens for someone else.
    expect((await open(link.token, freshAddress())).status).toBe(200);
  }, 120_000);

  it('holds one link opened from many addresses at the link’s own limit; a forged token never spends it', async () => {
    const link = await newLink();
    // Five opens per address: far below an address's own limit, so only the link's bucket can answer 429.
    let address = freshAddress();
    let sent = 0;
    const rotating = () => {
      if (sent++ % 5 === 0) address = freshAddress();
      return address;
    };
    const { ok, limited } = await burst(link.token, rotating, MMM_SHARE_LINK_BUCKET.capacity * 3);
    expect(limited, 'no 429 from a burst on one link').not.toBeNull();
    expect(ok).toBeGreaterThanOrEqual(MMM_SHARE_LINK_BUCKET.capacity);
    await expectRetryAfter(limited!);
    // A forged token is refused for what it is (404), not counted against the real link.
    const forged = `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}`;
    expect((await open(forged, freshAddress())).status).toBe(404);
    // Another link of the same report has its own allowance.
    const other = await newLink();
    expect((await open(other.token, freshAddress())).status).toBe(200);
  }, 180_000);
});
