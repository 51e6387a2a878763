import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_NAME_PREFIX } from '@infra/twin/function-environment';
import { localBucketName } from '@shared/buckets';
import type {
  AudienceList,
  CustomerListUpload,
  CustomerListUploadProgress,
  CustomerListUploadSlot,
  CustomerUploadAudit,
} from '@shared/schemas/audiences';
import { sandbox, type FreshUser } from '../meta-api/meta-user';
import { optimizerUsers, until, type OptimizerUsers } from '../optimizer/optimizer-setup';
import { twin } from '../twin-client';

/**
 * Large customer lists on the twin (issue 30, req 4 and 6): the browser asks for an upload slot, PUTs the CSV to the
 * customer-lists bucket with the presigned URL, and asks for it to be processed; customer-list-worker (SQS) streams
 * it, hashes it and uploads it to the Meta sandbox in requests of 10,000 sharing one session, records progress and
 * deletes the file. Another workspace can neither read the progress nor process the upload.
 */
let users: OptimizerUsers;
let s3: S3Client;

const base = (account: string) => `/api/audiences/ad-accounts/${account}/customer-list-uploads`;

async function startUpload(
  user: FreshUser,
  account: string,
  csv: string,
  mapping: Record<string, string>,
  refreshOf?: string,
) {
  const size = Buffer.byteLength(csv);
  // A refresh asks for its slot on the list; the rest of the path is the same.
  const reply = refreshOf
    ? await user.call(`/api/audiences/ad-accounts/${account}/customer-lists/${refreshOf}/uploads`, {
        method: 'POST',
        body: JSON.stringify({ mapping, size }),
      })
    : await user.call(base(account), {
        method: 'POST',
        body: JSON.stringify({ name: `Big list ${Date.now()}`, mapping, size }),
      });
  expect(reply.status).toBe(201);
  const slot = (await reply.json()) as CustomerListUploadSlot;
  const put = await fetch(slot.uploadUrl, { method: 'PUT', headers: slot.headers, body: csv });
  expect(put.status).toBe(200);
  return slot;
}

const progressOf = async (user: FreshUser, account: string, uploadId: string) =>
  user.call(`${base(account)}/${uploadId}`);

async function finished(user: FreshUser, account: string, uploadId: string): Promise<CustomerListUploadProgress[]> {
  const seen: CustomerListUploadProgress[] = [];
  await until(
    async () => {
      const progress = (await (await progressOf(user, account, uploadId)).json()) as CustomerListUploadProgress;
      seen.push(progress);
      return progress;
    },
    (progress) => progress.state === 'done' || progress.state === 'failed',
    90_000,
  );
  return seen;
}

async function fileIsGone(workspaceId: string, uploadId: string): Promise<boolean> {
  try {
    await s3.send(
      new HeadObjectCommand({
        Bucket: localBucketName(LOCAL_NAME_PREFIX, 'customerLists'),
        Key: `uploads/${workspaceId}/${uploadId}/file.csv`,
      }),
    );
    return false;
  } catch (error) {
    if (error instanceof NotFound) return true;
    throw error;
  }
}

beforeAll(async () => {
  users = await optimizerUsers('list-uploads');
  s3 = new S3Client({
    endpoint: twin().s3,
    region: twin().cognito.region,
    forcePathStyle: true,
    credentials: LOCAL_CREDENTIALS,
  });
  const list = (await (await users.user.call(`/api/audiences/ad-accounts/${users.usdAccount}`)).json()) as AudienceList;
  expect((await fetch(list.customerListTerms.url, { method: 'POST' })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  s3.destroy();
  await users.remove();
});

describe('large customer lists through the bucket', () => {
  it('streams 25,000 rows to Meta in three requests of one session, reaching 100 %, and deletes the file', async () => {
    const rows = Array.from({ length: 25_000 }, (_, index) => `bulk${index}@example.com,${index}`);
    const slot = await startUpload(users.user, users.usdAccount, `email,id\n${rows.join('\n')}\n`, {
      email: 'em',
      id: 'external_id',
    });
    const callsBefore = ((await (await fetch(`${sandbox()}/__admin/calls`)).json()) as { count: number }).count;

    // Another workspace finds neither the upload nor its progress.
    expect((await progressOf(users.other, users.usdAccount, slot.uploadId)).status).toBe(404);
    const foreign = await users.other.call(`${base(users.usdAccount)}/${slot.uploadId}/process`, { method: 'POST' });
    expect(foreign.status).toBe(404);

    const queued = await users.user.call(`${base(users.usdAccount)}/${slot.uploadId}/process`, { method: 'POST' });
    expect(queued.status).toBe(202);
    expect(await queued.json()).toMatchObject({ state: 'queued', percent: 0 });

    const seen = await finished(users.user, users.usdAccount, slot.uploadId);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ state: 'done', percent: 100, rows: 25_000, sent: 25_000, invalid: 0, batches: 3 });
    expect(last.audienceId).toMatch(/^\d+$/);
    // Progress only grows.
    const percents = seen.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(await fileIsGone(users.userSub, slot.uploadId)).toBe(true);

    // Meta got three requests to the audience's users: one session, numbered 1–3, the last one flagged.
    const { calls } = (await (await fetch(`${sandbox()}/__admin/calls`)).json()) as {
      calls: { seq: number; method: string; path: string; params: Record<string, unknown> }[];
    };
    const sessions = calls
      .filter((call) => call.seq > callsBefore && call.path.endsWith(`/${last.audienceId}/users`))
      .map((call) => {
        const session = call.params.session;
        return (typeof session === 'string' ? JSON.parse(session) : session) as {
          session_id: number;
          batch_seq: number;
          last_batch_flag: boolean;
        };
      });
    expect(sessions.map((s) => [s.batch_seq, s.last_batch_flag])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(new Set(sessions.map((s) => s.session_id)).size).toBe(1);

    // The upload is audited like any other, and the list is on Meta.
    const audit = (await (await users.user.call('/api/audiences/customer-uploads')).json()) as CustomerUploadAudit;
    expect(audit.items.find((item) => item.audienceId === last.audienceId)).toMatchObject({
      action: 'upload',
      outcome: 'completed',
      rows: 25_000,
      sent: 25_000,
    });
    const list = (await (
      await users.user.call(`/api/audiences/ad-accounts/${users.usdAccount}`)
    ).json()) as AudienceList;
    expect(list.items.map((audience) => audience.id)).toContain(last.audienceId);
  }, 150_000);

  it('fails clearly on a column the file does not have, makes no audience and deletes the file', async () => {
    const slot = await startUpload(users.user, users.usdAccount, 'mail\nsomeone@example.com\n', { Email: 'em' });
    const queued = await users.user.call(`${base(users.usdAccount)}/${slot.uploadId}/process`, { method: 'POST' });
    expect(queued.status).toBe(202);
    const last = (await finished(users.user, users.usdAccount, slot.uploadId)).at(-1)!;
    expect(last).toMatchObject({
      state: 'failed',
      error: { code: 'VALIDATION_ERROR', field: 'mapping', message: 'The file has no column named “Email”.' },
    });
    expect(last.audienceId).toBeUndefined();
    expect(await fileIsGone(users.userSub, slot.uploadId)).toBe(true);
  }, 120_000);

  it('refreshes a list through the bucket: Meta gets only who left and who joined, and its count moves', async () => {
    const emails = (from: number, to: number) =>
      `email\n${Array.from({ length: to - from }, (_, index) => `bucket-refresh${from + index}@example.com`).join('\n')}\n`;
    const made = await startUpload(users.user, users.usdAccount, emails(0, 12_000), { email: 'em' });
    await users.user.call(`${base(users.usdAccount)}/${made.uploadId}/process`, { method: 'POST' });
    const list = (await finished(users.user, users.usdAccount, made.uploadId)).at(-1)!;
    expect(list).toMatchObject({ state: 'done', sent: 12_000 });
    const audienceId = list.audienceId!;
    const sizeOf = async () =>
      (
        (await (await users.user.call(`/api/audiences/ad-accounts/${users.usdAccount}`)).json()) as AudienceList
      ).items.find((audience) => audience.id === audienceId)!;
    const before = await sizeOf();

    // People 0–1,999 leave, 12,000–12,999 join: 11,000 people.
    const slot = await startUpload(users.user, users.usdAccount, emails(2_000, 13_000), { email: 'em' }, audienceId);
    const callsBefore = ((await (await fetch(`${sandbox()}/__admin/calls`)).json()) as { count: number }).count;
    // Another workspace finds neither the refresh nor its progress.
    expect((await progressOf(users.other, users.usdAccount, slot.uploadId)).status).toBe(404);
    const foreign = await users.other.call(`${base(users.usdAccount)}/${slot.uploadId}/process`, { method: 'POST' });
    expect(foreign.status).toBe(404);

    const queued = await users.user.call(`${base(users.usdAccount)}/${slot.uploadId}/process`, { method: 'POST' });
    expect(queued.status).toBe(202);
    const seen = await finished(users.user, users.usdAccount, slot.uploadId);
    expect(seen.at(-1)).toMatchObject({
      state: 'done',
      percent: 100,
      audienceId,
      rows: 11_000,
      sent: 3_000,
      batches: 2,
      refresh: { added: 1_000, removed: 2_000, unchanged: 10_000, comparedWithLastUpload: true },
    });
    const percents = seen.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(await fileIsGone(users.userSub, slot.uploadId)).toBe(true);

    // Meta got one removal and one addition, each its own one-request session; no new audience.
    const { calls } = (await (await fetch(`${sandbox()}/__admin/calls`)).json()) as {
      calls: { seq: number; method: string; path: string; params: Record<string, unknown> }[];
    };
    const mine = calls.filter((call) => call.seq > callsBefore);
    expect(mine.some((call) => call.path.endsWith('/customaudiences') && call.method === 'POST')).toBe(false);
    const userCalls = mine
      .filter((call) => call.path.endsWith(`/${audienceId}/users`))
      .map((call) => {
        const payload = (
          typeof call.params.payload === 'string' ? JSON.parse(call.params.payload) : call.params.payload
        ) as {
          data: unknown[];
        };
        return [String(call.params.method ?? call.method).toUpperCase(), payload.data.length];
      });
    expect(userCalls).toEqual([
      ['DELETE', 2_000],
      ['POST', 1_000],
    ]);

    // 12,000 → 11,000 people: Meta's range moved down.
    const after = await sizeOf();
    expect(after.sizeUpper).toBeLessThan(before.sizeUpper);
    const audit = (await (await users.user.call('/api/audiences/customer-uploads')).json()) as CustomerUploadAudit;
    expect(audit.items.find((item) => item.audienceId === audienceId && item.action === 'refresh')).toMatchObject({
      outcome: 'completed',
      rows: 11_000,
      added: 1_000,
      removed: 2_000,
      unchanged: 10_000,
    });
    // Another workspace's audit shows none of it.
    const othersAudit = (await (
      await users.other.call('/api/audiences/customer-uploads')
    ).json()) as CustomerUploadAudit;
    expect(othersAudit.items.some((item) => item.audienceId === audienceId)).toBe(false);
  }, 180_000);

  it('fails an upload whose worker was killed, and deletes its half-made audience and file', async () => {
    // What a worker killed at its timeout leaves (it runs no catch or finally): its file, an audience with part of
    // the people, and progress saying "running", last written longer ago than any worker can live (16 minutes).
    const made = await users.user.call(`/api/audiences/ad-accounts/${users.usdAccount}/customer-lists`, {
      method: 'POST',
      body: JSON.stringify({
        name: `Half made ${Date.now()}`,
        csv: 'email\nhalf@example.com\n',
        mapping: { email: 'em' },
      }),
    });
    expect(made.status).toBe(201);
    const halfMade = ((await made.json()) as CustomerListUpload).audience.id;
    const uploadId = randomUUID();
    const folder = `uploads/${users.userSub}/${uploadId}/`;
    const bucket = localBucketName(LOCAL_NAME_PREFIX, 'customerLists');
    await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: `${folder}file.csv`, Body: 'email\nhalf@example.com\n' }),
    );
    const progress: CustomerListUploadProgress = {
      uploadId,
      adAccountId: users.usdAccount,
      name: 'Killed mid-upload',
      state: 'running',
      percent: 40,
      rows: 40_000,
      sent: 40_000,
      invalid: 0,
      batches: 4,
      audienceId: halfMade,
      updatedAt: new Date(Date.now() - 16 * 60_000).toISOString(),
    };
    const settings = { mapping: { email: 'em' }, size: 22, uploader: { id: users.userSub, owner: true } };
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `${folder}state.json`,
        Body: JSON.stringify({ progress, settings }),
      }),
    );

    // Another workspace cannot read it (nor make it fail).
    expect((await progressOf(users.other, users.usdAccount, uploadId)).status).toBe(404);
    const reply = await progressOf(users.user, users.usdAccount, uploadId);
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({
      state: 'failed',
      error: { code: 'UPLOAD_STOPPED', message: 'The upload stopped before it finished; upload the file again.' },
    });
    expect(await fileIsGone(users.userSub, uploadId)).toBe(true);
    const list = (await (
      await users.user.call(`/api/audiences/ad-accounts/${users.usdAccount}`)
    ).json()) as AudienceList;
    expect(list.items.map((audience) => audience.id)).not.toContain(halfMade);
    const audit = (await (await users.user.call('/api/audiences/customer-uploads')).json()) as CustomerUploadAudit;
    expect(audit.items.find((item) => item.audienceName === 'Killed mid-upload')).toMatchObject({
      action: 'upload',
      outcome: 'failed',
      errorCode: 'UPLOAD_STOPPED',
    });
    // Read again: it stays failed.
    expect(await (await progressOf(users.user, users.usdAccount, uploadId)).json()).toMatchObject({ state: 'failed' });
  }, 60_000);

  it('refuses to process before the file arrived, and a file of another size than announced', async () => {
    const reply = await users.user.call(base(users.usdAccount), {
      method: 'POST',
      body: JSON.stringify({ name: 'Never sent', mapping: { email: 'em' }, size: 100 }),
    });
    const slot = (await reply.json()) as CustomerListUploadSlot;
    const early = await users.user.call(`${base(users.usdAccount)}/${slot.uploadId}/process`, { method: 'POST' });
    expect(early.status).toBe(409);
    // S3 holds the browser to the signed length.
    const put = await fetch(slot.uploadUrl, { method: 'PUT', headers: slot.headers, body: 'email\na@example.com\n' });
    expect(put.ok).toBe(false);
  }, 60_000);
});
