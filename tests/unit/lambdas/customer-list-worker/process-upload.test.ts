import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { CustomerListUploadProgress } from '@shared/schemas/audiences';
import { failureOf, processCustomerListJob } from '@lambdas/customer-list-worker/process-upload';
import { GraphError, toAppError } from '@lambdas/lib/meta/graph-errors';
import { parseSnapshot } from '@lambdas/lib/customer-lists/customer-hash-snapshot';

const WORKSPACE = 'ws-1';
const UPLOAD = '00000000-0000-4000-8000-000000000001';
const FILE = `uploads/${WORKSPACE}/${UPLOAD}/file.csv`;
const STATE = `uploads/${WORKSPACE}/${UPLOAD}/state.json`;

interface Post {
  path: string;
  params: Record<string, unknown>;
}

/** An in-memory bucket answering the worker's S3 calls; the file is served in small pieces, counted as read. */
function fakeWorld(
  csv: string,
  options: { mapping?: Record<string, string>; failPost?: (post: Post) => unknown } = {},
) {
  const objects = new Map<string, Buffer>();
  objects.set(FILE, Buffer.from(csv));
  const progressWrites: CustomerListUploadProgress[] = [];
  const piecesRead = { count: 0 };
  const posts: Post[] = [];
  const piecesAtPost: number[] = [];
  const deleted: string[] = [];
  const audit: Record<string, unknown>[] = [];
  const state = {
    progress: {
      uploadId: UPLOAD,
      adAccountId: 'act_1',
      name: 'Big list',
      state: 'queued',
      percent: 0,
      rows: 0,
      sent: 0,
      invalid: 0,
      batches: 0,
      updatedAt: '2026-11-29T00:00:00.000Z',
    },
    settings: {
      mapping: options.mapping ?? { email: 'em' },
      size: Buffer.byteLength(csv),
      uploader: { id: 'owner', owner: true },
    },
  };
  objects.set(STATE, Buffer.from(JSON.stringify(state)));
  const s3 = {
    send: async (command: unknown) => {
      if (command instanceof GetObjectCommand) {
        const body = objects.get(command.input.Key!);
        if (!body) throw new NoSuchKey({ message: 'gone', $metadata: {} });
        if (command.input.Key === FILE) {
          return {
            Body: (async function* () {
              for (let at = 0; at < body.length; at += 4096) {
                piecesRead.count += 1;
                yield body.subarray(at, at + 4096);
              }
            })(),
          };
        }
        return { Body: { transformToString: async () => body.toString() } };
      }
      if (command instanceof PutObjectCommand) {
        const key = command.input.Key!;
        const body = command.input.Body as string | Buffer;
        objects.set(key, Buffer.from(body));
        if (key === STATE) progressWrites.push(JSON.parse(body.toString()).progress);
        return {};
      }
      if (command instanceof DeleteObjectCommand) {
        objects.delete(command.input.Key!);
        deleted.push(command.input.Key!);
        return {};
      }
      throw new Error(`unexpected ${String(command)}`);
    },
  } as unknown as S3Client;
  const graph = {
    post: async (path: string, params: Record<string, unknown>) => {
      const post = { path, params };
      posts.push(post);
      piecesAtPost.push(piecesRead.count);
      const failure = options.failPost?.(post);
      if (failure) throw failure;
      if (path.endsWith('/customaudiences')) return { id: '2385001' };
      const data = (params.payload as { data: unknown[] }).data;
      return { num_received: data.length, num_invalid_entries: 0 };
    },
    delete: async (path: string) => {
      deleted.push(path);
      return { success: true };
    },
  };
  const deps = {
    uploads: { s3, bucket: 'lists' },
    hashes: { s3, bucket: 'lists' },
    audit: {
      doc: { send: async (command: { input: { Item: Record<string, unknown> } }) => audit.push(command.input.Item) },
      table: 'audit',
    } as unknown as { doc: DynamoDBDocumentClient; table: string },
    graphFor: async () => graph as never,
    facebookBaseUrl: 'https://www.facebook.test',
    now: () => new Date('2026-11-29T01:00:00.000Z'),
  };
  return { deps, objects, progressWrites, posts, piecesAtPost, piecesRead, deleted, audit };
}

const emails = (count: number) =>
  `email\n${Array.from({ length: count }, (_, index) => `person${index}@example.com`).join('\n')}\n`;
const job = { workspaceId: WORKSPACE, uploadId: UPLOAD };

describe('processCustomerListJob', () => {
  it('streams 25,000 rows to Meta in three requests of one session while reading, keeps the hashes, deletes the file', async () => {
    const world = fakeWorld(emails(25_000));
    await processCustomerListJob(job, world.deps);

    const users = world.posts.filter((post) => post.path === '2385001/users');
    const sessions = users.map(
      (post) => post.params.session as { session_id: number; batch_seq: number; last_batch_flag: boolean },
    );
    expect(sessions.map((s) => [s.batch_seq, s.last_batch_flag])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(new Set(sessions.map((s) => s.session_id)).size).toBe(1);
    expect(users.map((post) => (post.params.payload as { data: unknown[] }).data.length)).toEqual([
      10_000, 10_000, 5_000,
    ]);
    // Streamed: the audience and the first request went out before the whole file was read.
    expect(world.piecesAtPost[0]).toBeLessThan(world.piecesRead.count);

    const last = world.progressWrites.at(-1)!;
    expect(last).toMatchObject({ state: 'done', percent: 100, rows: 25_000, sent: 25_000, batches: 3 });
    expect(last.audienceId).toBe('2385001');
    const percents = world.progressWrites.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(world.progressWrites.map((p) => p.state)).toEqual(['running', 'running', 'running', 'running', 'done']);

    expect(world.objects.has(FILE)).toBe(false);
    const hashes = parseSnapshot(world.objects.get(`hashes/${WORKSPACE}/2385001`)!);
    expect(hashes.count).toBe(25_000);
    expect(world.audit).toEqual([
      expect.objectContaining({ action: 'upload', outcome: 'completed', rows: 25_000, sent: 25_000 }),
    ]);
    // Nothing of the file in the clear left for Meta or the audit.
    expect(JSON.stringify(world.posts)).not.toContain('@example.com');
  });

  it('makes no audience for a column the file does not have, says which, and deletes the file', async () => {
    const world = fakeWorld(emails(10), { mapping: { Email: 'em' } });
    await processCustomerListJob(job, world.deps);
    expect(world.posts).toEqual([]);
    expect(world.progressWrites.at(-1)).toMatchObject({
      state: 'failed',
      error: { code: 'VALIDATION_ERROR', field: 'mapping', message: 'The file has no column named “Email”.' },
    });
    expect(world.objects.has(FILE)).toBe(false);
    expect(world.audit).toEqual([expect.objectContaining({ outcome: 'failed', error_code: 'VALIDATION_ERROR' })]);
  });

  it('shows Meta’s terms refusal with where to accept them', async () => {
    const terms = toAppError(
      new GraphError({
        kind: 'meta',
        message: 'terms',
        method: 'POST',
        path: 'act_1/customaudiences',
        status: 400,
        meta: {
          code: 2663,
          message: 'Terms of service has not been accepted. https://www.facebook.test/customaudiences/app/tos/?act=1',
        },
      }),
    );
    const world = fakeWorld(emails(10), { failPost: (post) => post.path.endsWith('/customaudiences') && terms });
    await processCustomerListJob(job, world.deps);
    const failed = world.progressWrites.at(-1)!;
    expect(failed.state).toBe('failed');
    expect(failed.error?.code).toBe('CUSTOM_AUDIENCE_TERMS');
    expect(failed.error?.message).toContain('https://www.facebook.test/customaudiences/app/tos/?act=1');
    expect(world.objects.has(FILE)).toBe(false);
  });

  it('deletes the half-made audience and the file when Meta refuses a request midway', async () => {
    const world = fakeWorld(emails(25_000), {
      failPost: (post) =>
        (post.params.session as { batch_seq?: number } | undefined)?.batch_seq === 2 &&
        toAppError(
          new GraphError({
            kind: 'meta',
            message: 'bad',
            method: 'POST',
            path: post.path,
            status: 400,
            meta: { code: 100, message: '(#100) Invalid session', error_user_msg: 'The upload session is invalid.' },
          }),
        ),
    });
    await processCustomerListJob(job, world.deps);
    expect(world.deleted).toEqual(expect.arrayContaining(['2385001', FILE]));
    expect(world.progressWrites.at(-1)).toMatchObject({
      state: 'failed',
      error: { message: 'The upload session is invalid.' },
    });
    expect(world.objects.has(`hashes/${WORKSPACE}/2385001`)).toBe(false);
  });

  it('leaves an upload alone that is not queued (processed already, or a redelivery)', async () => {
    const world = fakeWorld(emails(10));
    await processCustomerListJob(job, world.deps);
    const writes = world.progressWrites.length;
    world.objects.set(FILE, Buffer.from(emails(10)));
    await processCustomerListJob(job, world.deps);
    expect(world.progressWrites).toHaveLength(writes);
    expect(world.posts.filter((post) => post.path.endsWith('/customaudiences'))).toHaveLength(1);
  });
});

describe('failureOf', () => {
  it('hides what it does not know behind a plain sentence', () => {
    expect(failureOf(new Error('socket hang up'))).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'The upload failed; nothing was kept. Please upload the file again.',
    });
  });
});
