import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { parseCsv, proposeMapping } from '@shared/mmm/csv-import';
import {
  DatasetDeletedSchema,
  DatasetListSchema,
  DatasetSummarySchema,
  ModelDetailSchema,
  ModelListSchema,
  ModelSummarySchema,
} from '@shared/schemas/mmm';
import { SharedReportSchema, ShareLinkSchema, ShareListSchema } from '@shared/schemas/mmm-share';
import { ErrorBodySchema } from '@shared/errors';
import { api, cognitoClient, deleteUser, twin } from '../twin-client';
import { confirmedUser, postJson, twinDocumentClient } from '../ai/ai-user';

const FIXTURE = readFileSync(path.resolve(__dirname, '../../fixtures/mmm/pymc_marketing_mmm_example.csv'), 'utf8');
const mapping = proposeMapping(parseCsv(FIXTURE).header);
const client = cognitoClient();
const doc = twinDocumentClient();
let alice: Awaited<ReturnType<typeof confirmedUser>>;
let bob: Awaited<ReturnType<typeof confirmedUser>>;

beforeAll(async () => {
  [alice, bob] = await Promise.all([confirmedUser(client, 'mmm-alice'), confirmedUser(client, 'mmm-bob')]);
});

afterAll(async () => {
  await Promise.all([deleteUser(client, alice.email), deleteUser(client, bob.email)]);
  client.destroy();
  doc.destroy();
});

const get = (p: string, token: string) => api(p, { token });
const datasetRows = async (sub: string) =>
  (
    await doc.send(
      new QueryCommand({
        TableName: localTableName('mmmDatasets'),
        KeyConditionExpression: 'user_id = :u',
        ExpressionAttributeValues: { ':u': sub },
      }),
    )
  ).Items ?? [];

describe('marketing mix on the twin', () => {
  it('upload → fit on the queue worker → poll progress → report; another user cannot read it', async () => {
    const upload = await postJson('/api/mmm/datasets', alice.token, { name: 'PyMC example', csv: FIXTURE, mapping });
    expect(upload.status).toBe(201);
    const dataset = DatasetSummarySchema.parse(await upload.json());
    expect(dataset.periods).toBe(179);

    const start = await postJson('/api/mmm/models', alice.token, {
      datasetId: dataset.id,
      name: 'Quick look',
      quality: 'quick',
    });
    expect(start.status).toBe(202);
    const queued = ModelSummarySchema.parse(await start.json());
    expect(queued.status).toBe('queued');

    // Poll as the page does, generously: the machine may be busy.
    const seen = new Set<string>();
    let detail;
    for (let i = 0; i < 240; i += 1) {
      const reply = await get(`/api/mmm/models/${queued.id}`, alice.token);
      expect(reply.status).toBe(200);
      detail = ModelDetailSchema.parse(await reply.json());
      seen.add(detail.model.status);
      if (detail.model.status === 'done' || detail.model.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(detail?.model.status).toBe('done');
    expect(detail?.model.progress).toBe(100);
    expect(detail?.report?.channels.map((c) => c.name)).toEqual(['x1', 'x2']);
    expect(detail?.report?.metrics.rSquared).toBeGreaterThan(0.8);

    const list = ModelListSchema.parse(await (await get('/api/mmm/models', alice.token)).json());
    expect(list.items.map((m) => m.id)).toContain(queued.id);

    // The Free plan allows one fit a month: the next is refused before anything is queued.
    const again = await postJson('/api/mmm/models', alice.token, { datasetId: dataset.id, name: 'Again' });
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await again.json()).error).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { plan: 'free', upgradeTo: 'pro' },
    });
    const after = ModelListSchema.parse(await (await get('/api/mmm/models', alice.token)).json());
    expect(after.items).toHaveLength(list.items.length);

    // Isolation: Bob sees neither the model nor the dataset, and cannot fit or delete Alice's.
    const bobReads = await get(`/api/mmm/models/${queued.id}`, bob.token);
    expect(bobReads.status).toBe(404);
    expect(ErrorBodySchema.parse(await bobReads.json()).error.code).toBe('NOT_FOUND');
    expect(ModelListSchema.parse(await (await get('/api/mmm/models', bob.token)).json()).items).toEqual([]);
    expect((await postJson('/api/mmm/models', bob.token, { datasetId: dataset.id, name: 'x' })).status).toBe(404);
    expect((await api(`/api/mmm/models/${queued.id}`, { method: 'DELETE', token: bob.token })).status).toBe(404);

    // Sharing: a signed link opens the report, read-only and with no sign-in, until it is revoked.
    const made = await postJson(`/api/mmm/models/${queued.id}/shares`, alice.token, { expiresInDays: 7 });
    expect(made.status).toBe(201);
    const share = ShareLinkSchema.parse(await made.json());
    expect(Date.parse(share.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const opened = await api(`/api/mmm/shared/${share.token}`);
    expect(opened.status).toBe(200);
    const body = (await opened.json()) as Record<string, unknown>;
    // The model's name, when it was fitted, the link's expiry and the report: nothing of the owner's account.
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'fittedAt', 'name', 'report']);
    const shared = SharedReportSchema.parse(body);
    expect(shared.name).toBe('Quick look');
    expect(shared.report.fitted).toEqual(detail!.report!.fitted);
    expect(JSON.stringify(body)).not.toContain(alice.sub);
    expect(JSON.stringify(body)).not.toContain(alice.email);
    // Only the owner's choices of expiry; a stretched or cut token opens nothing.
    expect((await postJson(`/api/mmm/models/${queued.id}/shares`, alice.token, { expiresInDays: 365 })).status).toBe(
      400,
    );
    const stretched = share.token.replace(/\.(\d+)\./, (_, s: string) => `.${Number(s) + 86_400}.`);
    expect((await api(`/api/mmm/shared/${stretched}`)).status).toBe(404);
    expect((await api(`/api/mmm/shared/${share.token.slice(0, -2)}`)).status).toBe(404);
    // Bob can neither see, make nor revoke Alice's links.
    expect((await get(`/api/mmm/models/${queued.id}/shares`, bob.token)).status).toBe(404);
    expect((await postJson(`/api/mmm/models/${queued.id}/shares`, bob.token, { expiresInDays: 1 })).status).toBe(404);
    expect((await api(`/api/mmm/shares/${share.id}`, { method: 'DELETE', token: bob.token })).status).toBe(404);
    const listed = ShareListSchema.parse(await (await get(`/api/mmm/models/${queued.id}/shares`, alice.token)).json());
    expect(listed.items).toEqual([share]);
    const revoked = await api(`/api/mmm/shares/${share.id}`, { method: 'DELETE', token: alice.token });
    expect(revoked.status).toBe(200);
    expect((await api(`/api/mmm/shared/${share.token}`)).status).toBe(404);
    expect(
      ShareListSchema.parse(await (await get(`/api/mmm/models/${queued.id}/shares`, alice.token)).json()).items,
    ).toEqual([]);
    const second = ShareLinkSchema.parse(
      await (await postJson(`/api/mmm/models/${queued.id}/shares`, alice.token, { expiresInDays: 1 })).json(),
    );
    expect((await api(`/api/mmm/shared/${second.token}`)).status).toBe(200);

    // Deleting the dataset keeps the model fitted from it (its report holds what it shows).
    expect((await api(`/api/mmm/datasets/${dataset.id}`, { method: 'DELETE', token: bob.token })).status).toBe(404);
    const dropped = await api(`/api/mmm/datasets/${dataset.id}`, { method: 'DELETE', token: alice.token });
    expect(dropped.status).toBe(200);
    expect(DatasetDeletedSchema.parse(await dropped.json())).toEqual({ deleted: true, modelsKept: 1 });
    const datasetsLeft = DatasetListSchema.parse(await (await get('/api/mmm/datasets', alice.token)).json());
    expect(datasetsLeft.items.map((d) => d.id)).not.toContain(dataset.id);
    expect(await datasetRows(alice.sub)).toEqual([]);
    const kept = ModelDetailSchema.parse(await (await get(`/api/mmm/models/${queued.id}`, alice.token)).json());
    expect(kept.report?.fitted).toEqual(detail!.report!.fitted);
    expect((await api(`/api/mmm/datasets/${dataset.id}`, { method: 'DELETE', token: alice.token })).status).toBe(404);

    const deleted = await api(`/api/mmm/models/${queued.id}`, { method: 'DELETE', token: alice.token });
    expect(deleted.status).toBe(200);
    expect((await get(`/api/mmm/models/${queued.id}`, alice.token)).status).toBe(404);
    // A model's links go with it.
    expect((await api(`/api/mmm/shared/${second.token}`)).status).toBe(404);
  }, 180_000);

  it('refuses an invalid CSV with a message per row and stores nothing', async () => {
    const lines = FIXTURE.trim().split('\n');
    lines[2] = lines[2]!.replace(/^([^,]+,[^,]+,)[^,]+/, '$1-10');
    lines[5] = lines[5]!.replace(/^[^,]+/, '04/30/2018');
    const reply = await postJson('/api/mmm/datasets', bob.token, { name: 'Broken', csv: lines.join('\n'), mapping });
    expect(reply.status).toBe(400);
    const body = ErrorBodySchema.parse(await reply.json());
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toMatch(/Nothing was saved/);
    expect(body.error.details?.['line 3, x1']).toMatch(/cannot be negative/);
    expect(body.error.details?.['line 6, date_week']).toMatch(/not a date/);
    expect(await datasetRows(bob.sub)).toEqual([]);
  });

  it('needs a signed-in user and answers 400 to a body that is not an upload', async () => {
    expect((await api('/api/mmm/models')).status).toBe(401);
    const reply = await postJson('/api/mmm/datasets', bob.token, { name: '', csv: 'a,b' });
    expect(reply.status).toBe(400);
    expect(await datasetRows(bob.sub)).toEqual([]);
  });

  it('runs the worker from the twin’s local SQS, with nothing dead-lettered', async () => {
    const queues = (await (await fetch(`${twin().sqs}/queues`)).json()) as { name: string; deadLetters: number }[];
    // Other job queues (e.g. automation rules') share the local SQS; this suite's is the fits queue.
    const fits = queues.filter((q) => q.name === 'adsmith-local-mmm-fits');
    expect(fits).toEqual([expect.objectContaining({ consumer: 'marketing-mix-worker', deadLetters: 0 })]);
  });
});
