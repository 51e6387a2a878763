import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { CustomerListUploadProgress } from '@shared/schemas/audiences';
import { customerListUploadProgress } from '@lambdas/audiences/customer-list-async';
import { GraphError } from '@lambdas/lib/meta/graph-errors';
import type { RequestUser } from '@lambdas/lib/http/request-user';
import { WORKER_SILENCE_LIMIT_MS } from '@lambdas/lib/customer-lists/upload-staleness';

const WORKSPACE = 'ws-1';
const UPLOAD = '00000000-0000-4000-8000-000000000001';
const FILE = `uploads/${WORKSPACE}/${UPLOAD}/file.csv`;
const STATE = `uploads/${WORKSPACE}/${UPLOAD}/state.json`;
const HEARTBEAT = '2026-11-29T08:00:00.000Z';
const user = { sub: WORKSPACE } as RequestUser;

/** A worker killed mid-upload: its state says running, its file is still there, and nothing else happens. */
function killedWorker(options: { refreshOf?: string; deleteFails?: unknown } = {}) {
  const objects = new Map<string, string>();
  objects.set(FILE, 'email\na@example.com\n');
  const progress: CustomerListUploadProgress = {
    uploadId: UPLOAD,
    adAccountId: 'act_1',
    name: 'Big list',
    state: 'running',
    percent: 40,
    rows: 40_000,
    sent: 40_000,
    invalid: 0,
    batches: 4,
    audienceId: options.refreshOf ?? '2385001',
    updatedAt: HEARTBEAT,
  };
  const settings = {
    mapping: { email: 'em' },
    size: 100,
    uploader: { id: 'owner', owner: true },
    ...(options.refreshOf ? { refreshOf: options.refreshOf } : {}),
  };
  objects.set(STATE, JSON.stringify({ progress, settings }));
  const metaDeleted: string[] = [];
  const audit: Record<string, unknown>[] = [];
  const s3 = {
    send: async (command: unknown) => {
      const key = (command as { input: { Key: string } }).input.Key;
      if (command instanceof GetObjectCommand) {
        const body = objects.get(key);
        if (body === undefined) throw new NoSuchKey({ message: 'gone', $metadata: {} });
        return { Body: { transformToString: async () => body } };
      }
      if (command instanceof PutObjectCommand) objects.set(key, String(command.input.Body));
      else if (command instanceof DeleteObjectCommand) objects.delete(key);
      return {};
    },
  } as unknown as S3Client;
  const deps = {
    uploads: { s3, bucket: 'lists' },
    audit: {
      doc: { send: async (command: { input: { Item: Record<string, unknown> } }) => audit.push(command.input.Item) },
      table: 'audit',
    } as unknown as { doc: DynamoDBDocumentClient; table: string },
    graphFor: async () => ({
      delete: async (id: string) => {
        if (options.deleteFails) throw options.deleteFails;
        metaDeleted.push(id);
        return { success: true };
      },
    }),
    now: () => new Date(Date.parse(HEARTBEAT) + WORKER_SILENCE_LIMIT_MS + 1_000),
  };
  const stored = () => JSON.parse(objects.get(STATE)!).progress as CustomerListUploadProgress;
  return { deps, objects, metaDeleted, audit, stored };
}

describe('customerListUploadProgress after the worker was killed', () => {
  it('answers running while the worker may still be alive, and changes nothing', async () => {
    const world = killedWorker();
    world.deps.now = () => new Date(Date.parse(HEARTBEAT) + WORKER_SILENCE_LIMIT_MS);
    expect((await customerListUploadProgress(user, 'act_1', UPLOAD, world.deps)).state).toBe('running');
    expect(world.objects.has(FILE)).toBe(true);
    expect(world.metaDeleted).toEqual([]);
  });

  it('fails a silent upload clearly, deletes its file and its half-made audience, and audits it', async () => {
    const world = killedWorker();
    const progress = await customerListUploadProgress(user, 'act_1', UPLOAD, world.deps);
    expect(progress).toMatchObject({
      state: 'failed',
      error: { code: 'UPLOAD_STOPPED', message: 'The upload stopped before it finished; upload the file again.' },
    });
    expect(world.stored()).toEqual(progress);
    expect(world.objects.has(FILE)).toBe(false);
    expect(world.metaDeleted).toEqual(['2385001']);
    expect(world.audit).toEqual([
      expect.objectContaining({ action: 'upload', outcome: 'failed', error_code: 'UPLOAD_STOPPED' }),
    ]);
    // Read again: already failed, nothing more is done.
    await customerListUploadProgress(user, 'act_1', UPLOAD, world.deps);
    expect(world.metaDeleted).toEqual(['2385001']);
    expect(world.audit).toHaveLength(1);
  });

  it('keeps a refreshed list (it still has its people and its last complete hashes)', async () => {
    const world = killedWorker({ refreshOf: '2385009' });
    expect((await customerListUploadProgress(user, 'act_1', UPLOAD, world.deps)).state).toBe('failed');
    expect(world.metaDeleted).toEqual([]);
    expect(world.audit).toEqual([
      expect.objectContaining({ action: 'refresh', outcome: 'failed', audience_id: '2385009' }),
    ]);
  });

  it('records nothing while Meta does not delete the half-made audience, so the next read tries again', async () => {
    const outage = new GraphError({ kind: 'network', message: 'down', method: 'DELETE', path: '2385001' });
    const world = killedWorker({ deleteFails: outage });
    await expect(customerListUploadProgress(user, 'act_1', UPLOAD, world.deps)).rejects.toBe(outage);
    expect(world.stored().state).toBe('running');
    expect(world.audit).toEqual([]);
  });

  it('treats an audience Meta no longer has as deleted', async () => {
    const gone = new GraphError({
      kind: 'meta',
      message: 'gone',
      method: 'DELETE',
      path: '2385001',
      status: 400,
      meta: { code: 100, error_subcode: 33, message: 'Unsupported delete request.' },
    });
    const world = killedWorker({ deleteFails: gone });
    expect((await customerListUploadProgress(user, 'act_1', UPLOAD, world.deps)).state).toBe('failed');
  });

  it('answers 404 to another ad account', async () => {
    const world = killedWorker();
    await expect(customerListUploadProgress(user, 'act_2', UPLOAD, world.deps)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
