import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
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
  const events: string[] = [];
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
        return {
          Body: {
            transformToString: async () => body.toString(),
            transformToByteArray: async () => new Uint8Array(body),
          },
        };
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
        events.push(`delete ${command.input.Key!}`);
        return {};
      }
      throw new Error(`unexpected ${String(command)}`);
    },
  } as unknown as S3Client;
  const graph = {
    post: async (path: string, params: Record<string, unknown>) => {
      const post = { path, params };
      posts.push(post);
      events.push(`post ${path}`);
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
  /** A new file for the list just made: the upload queued again as a refresh of `audienceId`. */
  const queueRefresh = (file: string, audienceId: string) => {
    objects.set(FILE, Buffer.from(file));
    const refresh = {
      progress: { ...state.progress, audienceId, refresh: {} },
      settings: { ...state.settings, size: Buffer.byteLength(file), refreshOf: audienceId },
    };
    objects.set(STATE, Buffer.from(JSON.stringify(refresh)));
    for (const list of [progressWrites, posts, deleted, audit, events]) list.length = 0;
  };
  return { deps, objects, progressWrites, posts, piecesAtPost, piecesRead, deleted, audit, events, queueRefresh };
}

const emails = (count: number, from = 0) =>
  `email\n${Array.from({ length: count }, (_, index) => `person${from + index}@example.com`).join('\n')}\n`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
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
    // Running, the audience's id as soon as it exists, after each request, then done.
    expect(world.progressWrites.map((p) => p.state)).toEqual([
      'running',
      'running',
      'running',
      'running',
      'running',
      'done',
    ]);
    expect(world.progressWrites[1]).toMatchObject({ audienceId: '2385001', sent: 0 });

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

describe('processCustomerListJob refreshing a list', () => {
  type Session = { session_id: number; batch_seq: number; last_batch_flag: boolean };
  const usersPosts = (world: ReturnType<typeof fakeWorld>) =>
    world.posts
      .filter((post) => post.path === '2385001/users')
      .map((post) => ({
        remove: post.params.method === 'DELETE',
        session: post.params.session as Session,
        data: (post.params.payload as { data: string[][] }).data,
      }));

  it('sends Meta only who left and who joined, in sessions of 10,000, and keeps the new hashes', async () => {
    const world = fakeWorld(emails(25_000));
    await processCustomerListJob(job, world.deps);
    // people 0–11,999 leave, 25,000–36,999 join, 12,000–24,999 stay
    world.queueRefresh(emails(25_000, 12_000), '2385001');
    await processCustomerListJob(job, world.deps);

    expect(world.posts.some((post) => post.path.endsWith('/customaudiences'))).toBe(false);
    const posts = usersPosts(world);
    expect(
      posts.map((post) => [post.remove, post.data.length, post.session.batch_seq, post.session.last_batch_flag]),
    ).toEqual([
      [true, 10_000, 1, false],
      [true, 2_000, 2, true],
      [false, 10_000, 1, false],
      [false, 2_000, 2, true],
    ]);
    const [removals, additions] = [posts.slice(0, 2), posts.slice(2)];
    expect(new Set(removals.map((post) => post.session.session_id)).size).toBe(1);
    expect(new Set(additions.map((post) => post.session.session_id)).size).toBe(1);
    expect(removals[0]!.session.session_id).not.toBe(additions[0]!.session.session_id);
    const removed = new Set(removals.flatMap((post) => post.data.map((row) => row[0])));
    const added = new Set(additions.flatMap((post) => post.data.map((row) => row[0])));
    expect(removed.has(sha256('person0@example.com'))).toBe(true);
    expect(removed.has(sha256('person11999@example.com'))).toBe(true);
    expect(removed.has(sha256('person12000@example.com'))).toBe(false);
    expect(added.has(sha256('person36999@example.com'))).toBe(true);
    expect(added.has(sha256('person24999@example.com'))).toBe(false);

    // The file went as soon as it was hashed, before Meta heard of the change.
    expect(world.events.indexOf(`delete ${FILE}`)).toBeLessThan(world.events.indexOf('post 2385001/users'));
    expect(world.objects.has(FILE)).toBe(false);
    expect(parseSnapshot(world.objects.get(`hashes/${WORKSPACE}/2385001`)!).count).toBe(25_000);

    const last = world.progressWrites.at(-1)!;
    expect(last).toMatchObject({
      state: 'done',
      percent: 100,
      audienceId: '2385001',
      rows: 25_000,
      sent: 24_000,
      batches: 4,
      refresh: { added: 12_000, removed: 12_000, unchanged: 13_000, comparedWithLastUpload: true },
    });
    const percents = world.progressWrites.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(world.audit).toEqual([
      expect.objectContaining({
        action: 'refresh',
        outcome: 'completed',
        audience_id: '2385001',
        rows: 25_000,
        added: 12_000,
        removed: 12_000,
        unchanged: 13_000,
      }),
    ]);
  });

  it('adds everyone and removes nobody when no hashes were kept, and says so', async () => {
    const world = fakeWorld(emails(10));
    world.queueRefresh(emails(3), '2385001');
    await processCustomerListJob(job, world.deps);
    expect(usersPosts(world).map((post) => [post.remove, post.data.length])).toEqual([[false, 3]]);
    expect(world.progressWrites.at(-1)).toMatchObject({
      state: 'done',
      refresh: { added: 3, removed: 0, unchanged: 0, comparedWithLastUpload: false },
    });
  });

  it('keeps the list and its old hashes when Meta refuses midway, so the file can simply be sent again', async () => {
    const world = fakeWorld(emails(25_000));
    await processCustomerListJob(job, world.deps);
    world.queueRefresh(emails(25_000, 12_000), '2385001');
    const refusal = toAppError(
      new GraphError({
        kind: 'meta',
        message: 'bad',
        method: 'POST',
        path: '2385001/users',
        status: 500,
        meta: { code: 2, message: 'Service temporarily unavailable' },
      }),
    );
    world.deps.graphFor = async () =>
      ({
        post: async (path: string, params: Record<string, unknown>) => {
          if (params.method !== 'DELETE') throw refusal;
          return { num_received: (params.payload as { data: unknown[] }).data.length, num_invalid_entries: 0 };
        },
        delete: async (path: string) => world.deleted.push(path),
      }) as never;
    await processCustomerListJob(job, world.deps);
    // The file, never the audience.
    expect(world.deleted).toContain(FILE);
    expect(world.deleted.filter((key) => key !== FILE)).toEqual([]);
    expect(world.progressWrites.at(-1)!.state).toBe('failed');
    expect(parseSnapshot(world.objects.get(`hashes/${WORKSPACE}/2385001`)!).count).toBe(25_000);
    // The old hashes are still the first upload's: person 0 is among them.
    const kept = parseSnapshot(world.objects.get(`hashes/${WORKSPACE}/2385001`)!);
    expect(kept.records.includes(Buffer.from(sha256('person0@example.com'), 'hex'))).toBe(true);
    expect(world.audit).toEqual([
      expect.objectContaining({ action: 'refresh', outcome: 'failed', audience_id: '2385001' }),
    ]);
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
