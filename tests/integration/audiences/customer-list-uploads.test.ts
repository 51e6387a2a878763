import { HeadObjectCommand, NotFound, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_NAME_PREFIX } from '@infra/twin/function-environment';
import { localBucketName } from '@shared/buckets';
import type {
  AudienceList,
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

async function startUpload(user: FreshUser, account: string, csv: string, mapping: Record<string, string>) {
  const size = Buffer.byteLength(csv);
  const reply = await user.call(base(account), {
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
