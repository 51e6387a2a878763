import { S3Client } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDesign, type Design } from '@shared/graphics/design-schema';
import { plans } from '@shared/plans';
import { windowId } from '@shared/quotas';
import type { VideoRenderMessage } from '@shared/schemas/graphics-video';
import { localTableName } from '@infra/twin/function-environment';
import { type AppError } from '@lambdas/lib/errors';
import { saveDesign } from '@lambdas/lib/graphics/graphics-store';
import type { VideoRenderer } from '@lambdas/lib/graphics-video/render-video';
import {
  acknowledgeVideoRender,
  getVideoJob,
  listRecentVideoRenders,
  MAX_RENDER_ATTEMPTS,
  readVideoRender,
  runVideoRender,
  startVideoRender,
  videoJobItemKey,
  type RunVideoDeps,
  type StartVideoDeps,
  VIDEO_JOB_TTL_SECONDS,
  VIDEO_RENDER_ENDED_LISTED_FOR_MS,
  VIDEO_RENDER_LISTED_FOR_MS,
} from '@lambdas/lib/graphics-video/video-jobs';
import { videoItemKey } from '@lambdas/lib/graphics-video/video-records';
import { consumeQuota, QuotaExceededError, refundQuota } from '@lambdas/lib/quota/plan-quota';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

/**
 * The background video job against the real DynamoDB wire protocol (dynalite): the request's checks before counting,
 * the job recorded and queued, and the worker's claim, failure (the export given back once) and idempotence when SQS
 * delivers twice. S3 is never reached on these paths (a client that points nowhere proves it); the render and
 * storage the whole way, with the real encoder, are the integration test's.
 */
let aws: LocalAws;
let users = 0;
const clock = new Date('2026-11-22T23:00:00.000Z');

beforeAll(async () => {
  aws = await startLocalAws();
}, 60_000);
afterAll(async () => aws?.stop());

function setup(render: VideoRenderer = never) {
  const userId = `video-user-${++users}-${Date.now()}`;
  const counters = { doc: aws.doc, table: localTableName('quotaUsage'), now: () => clock };
  const queued: VideoRenderMessage[] = [];
  const renders: string[] = [];
  const common = {
    store: { doc: aws.doc, table: localTableName('graphicsItems') },
    bucket: {
      s3: new S3Client({ endpoint: 'http://127.0.0.1:9', region: 'us-east-1', maxAttempts: 1 }),
      bucket: 'nowhere',
    },
    planOf: async () => 'free' as const,
    now: () => clock,
  };
  const start: StartVideoDeps = {
    ...common,
    quota: {
      consume: (user) => consumeQuota(counters, user, 'graphicsExportsPerMonth', 'free'),
      refund: (user, grant) => refundQuota(counters, user, grant),
    },
    enqueue: async (message) => {
      queued.push(message);
    },
  };
  const worker: RunVideoDeps = {
    ...common,
    refund: (user, grant) => refundQuota(counters, user, grant),
    render: async (design, assets, options) => {
      renders.push(`${options.sizeId} ${options.seconds}s`);
      return render(design, assets, options);
    },
    log: () => undefined,
    timeoutMs: 300_000,
  };
  const used = async () =>
    Number(
      (
        await aws.doc.send(
          new GetCommand({
            TableName: counters.table,
            Key: { user_id: userId, counter: `graphicsExportsPerMonth#${windowId('month', clock)}` },
          }),
        )
      ).Item?.used ?? 0,
    );
  return { userId, start, worker, queued, renders, used };
}

const saved = (deps: StartVideoDeps, userId: string, design: Design) =>
  saveDesign(deps.store, userId, { id: crypto.randomUUID(), name: 'Spring', design }, clock);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

const never: VideoRenderer = async () => {
  throw new Error('should not render');
};

describe('startVideoRender', () => {
  it('counts one export, records the job as rendering and queues it; the 202 carries the usage', async () => {
    const { userId, start, queued, used } = setup();
    const record = await saved(start, userId, defaultDesign());
    const job = await startVideoRender(start, userId, record.id, { version: 1, sizeId: 'story', seconds: 10 });
    expect(job).toMatchObject({
      designId: record.id,
      version: 1,
      sizeId: 'story',
      ratio: '9:16',
      seconds: 10,
      status: 'rendering',
      progress: 0,
      usage: { used: 1, limit: plans.free.limits.graphicsExportsPerMonth },
    });
    expect(queued).toEqual([{ userId, jobId: job.jobId }]);
    expect(await used()).toBe(1);
    // Kept only while it may be polled: DynamoDB's TTL removes the job a week on (the video's record stays).
    const item = await aws.doc.send(
      new GetCommand({ TableName: start.store.table, Key: { user_id: userId, item_key: videoJobItemKey(job.jobId) } }),
    );
    expect(item.Item?.expires_at).toBe(clock.getTime() / 1000 + VIDEO_JOB_TTL_SECONDS);
    expect(VIDEO_JOB_TTL_SECONDS).toBe(7 * 24 * 3600);
    const read = await readVideoRender(start, userId, job.jobId);
    expect(read).toMatchObject({ jobId: job.jobId, status: 'rendering', progress: 0 });
    expect(read.usage).toBeUndefined();
    // Another workspace's id is simply not found.
    const other = await rejection(readVideoRender(start, `${userId}-other`, job.jobId));
    expect((other as AppError).code).toBe('NOT_FOUND');
  });

  it('refuses a design whose checks fail at the video’s size, naming each, before counting or queueing', async () => {
    const { userId, start, queued, used } = setup();
    const unreadable = defaultDesign({
      colours: { background: '#ffffff', text: '#fafafa', accent: '#f97316', onAccent: '#111827' },
    });
    const record = await saved(start, userId, unreadable);
    const error = await rejection(
      startVideoRender(start, userId, record.id, { version: 1, sizeId: 'story', seconds: 6 }),
    );
    expect((error as AppError).code).toBe('VALIDATION_ERROR');
    expect(Object.keys((error as AppError).details ?? {}).some((k) => k.startsWith('story.contrast'))).toBe(true);
    expect(queued).toEqual([]);
    expect(await used()).toBe(0);
  });

  it('refuses a carousel, naming the design, before counting', async () => {
    const { userId, start, queued, used } = setup();
    const photo = {
      kind: 'asset' as const,
      key: `users/${userId}/p.png`,
      width: 1200,
      height: 1200,
      mimeType: 'image/png' as const,
    };
    const cards = [1, 2].map((n) => ({ headline: `Mug ${n}`, link: 'https://shop.example.com/', image: photo }));
    const record = await saved(start, userId, defaultDesign({ templateId: 'carousel-card', cards }));
    const error = await rejection(
      startVideoRender(start, userId, record.id, { version: 1, sizeId: 'square', seconds: 6 }),
    );
    expect((error as AppError).code).toBe('VALIDATION_ERROR');
    expect((error as AppError).details).toHaveProperty('id');
    expect(queued).toEqual([]);
    expect(await used()).toBe(0);
  });

  it('refuses once the month’s exports are used, before queueing', async () => {
    const { userId, start, queued, used } = setup();
    const record = await saved(start, userId, defaultDesign());
    const limit = plans.free.limits.graphicsExportsPerMonth;
    const counters = { doc: aws.doc, table: localTableName('quotaUsage'), now: () => clock };
    for (let i = 0; i < limit; i++) await consumeQuota(counters, userId, 'graphicsExportsPerMonth', 'free');
    const error = await rejection(
      startVideoRender(start, userId, record.id, { version: 1, sizeId: 'square', seconds: 6 }),
    );
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(queued).toEqual([]);
    expect(await used()).toBe(limit);
  });

  it('answers 409 for a version other than the saved one, and 404 for another workspace’s design', async () => {
    const { userId, start, used } = setup();
    const record = await saved(start, userId, defaultDesign());
    const stale = await rejection(
      startVideoRender(start, userId, record.id, { version: 2, sizeId: 'square', seconds: 6 }),
    );
    expect((stale as AppError).code).toBe('CONFLICT');
    const other = await rejection(
      startVideoRender(start, `${userId}-other`, record.id, { version: 1, sizeId: 'square', seconds: 6 }),
    );
    expect((other as AppError).code).toBe('NOT_FOUND');
    expect(await used()).toBe(0);
  });

  it('fails the job and gives the export back when the queue refuses it', async () => {
    const { userId, start, used } = setup();
    const record = await saved(start, userId, defaultDesign());
    const jobs: string[] = [];
    const error = await rejection(
      startVideoRender(
        {
          ...start,
          enqueue: async ({ jobId }) => {
            jobs.push(jobId);
            throw new Error('SQS is down');
          },
        },
        userId,
        record.id,
        { version: 1, sizeId: 'square', seconds: 6 },
      ),
    );
    expect((error as Error).message).toBe('SQS is down');
    expect(await used()).toBe(0);
    expect(await getVideoJob(start.store, userId, jobs[0]!)).toMatchObject({ status: 'failed' });
  });
});

describe('listRecentVideoRenders', () => {
  it('lists the workspace’s jobs still rendering, newest first, not another workspace’s', async () => {
    const { userId, start } = setup();
    const record = await saved(start, userId, defaultDesign());
    const queuedAt = (ago: number) => ({ ...start, now: () => new Date(clock.getTime() - ago) });
    const ask = { version: 1, sizeId: 'story', seconds: 6 } as const;
    const older = await startVideoRender(queuedAt(60_000), userId, record.id, ask);
    const newer = await startVideoRender(queuedAt(1_000), userId, record.id, { ...ask, sizeId: 'square' });
    const other = setup();
    await startVideoRender(
      other.start,
      other.userId,
      (await saved(other.start, other.userId, defaultDesign())).id,
      ask,
    );

    const { renders } = await listRecentVideoRenders(start, userId);
    expect(renders.map((render) => render.jobId)).toEqual([newer.jobId, older.jobId]);
    expect(renders[0]).toEqual({
      jobId: newer.jobId,
      designId: record.id,
      designName: 'Spring',
      version: 1,
      sizeId: 'square',
      ratio: '1:1',
      seconds: 6,
      status: 'rendering',
      progress: 0,
      createdAt: new Date(clock.getTime() - 1_000).toISOString(),
    });
    expect(await listRecentVideoRenders(start, `${userId}-nobody`)).toEqual({ renders: [] });
  });

  it('fails a render still rendering longer than any delivery lasts, gives its export back once, and a later delivery skips it', async () => {
    const { userId, start, worker, used, renders } = setup();
    const record = await saved(start, userId, defaultDesign());
    const ask = { version: 1, sizeId: 'story', seconds: 6 } as const;
    const queuedAt = (ago: number) => ({ ...start, now: () => new Date(clock.getTime() - ago) });
    // Its message dead-lettered (or waited too long in the queue): no worker will finish it.
    const lost = await startVideoRender(queuedAt(VIDEO_RENDER_LISTED_FOR_MS + 1_000), userId, record.id, ask);
    const underWay = await startVideoRender(queuedAt(VIDEO_RENDER_LISTED_FOR_MS - 60_000), userId, record.id, ask);
    expect(await used()).toBe(2);

    // The list and a read at once (two tabs): the export comes back once.
    const [{ renders: listed }, read] = await Promise.all([
      listRecentVideoRenders(start, userId),
      readVideoRender(start, userId, lost.jobId),
    ]);
    expect(listed.map((render) => [render.jobId, render.status])).toEqual([
      [underWay.jobId, 'rendering'],
      [lost.jobId, 'failed'],
    ]);
    expect(read).toMatchObject({ status: 'failed', finishedAt: clock.toISOString() });
    expect(read.error).toMatch(/did not finish within 30 minutes.*export was given back/);
    expect(await used()).toBe(1);
    expect((await listRecentVideoRenders(start, userId)).renders[1]).toEqual(read);
    expect(await used()).toBe(1);

    // Its message delivered after all: nothing rendered, nothing refunded again.
    expect(await runVideoRender(worker, { userId, jobId: lost.jobId })).toBe('skipped');
    expect(renders).toEqual([]);
    // Seen, it is no longer listed; the one under way stays.
    await acknowledgeVideoRender(start, userId, lost.jobId);
    expect((await listRecentVideoRenders(start, userId)).renders.map((render) => render.jobId)).toEqual([
      underWay.jobId,
    ]);
    expect(await used()).toBe(1);
  });

  it('lists renders that ended (failed or ready) and were not seen ending, until seen or a day after they ended', async () => {
    const { userId, start, worker } = setup(async () => {
      throw new Error('x264 ran out of memory');
    });
    const record = await saved(start, userId, defaultDesign());
    const ask = { version: 1, sizeId: 'story', seconds: 6 } as const;
    const at = <T extends object>(deps: T, ago: number): T => ({ ...deps, now: () => new Date(clock.getTime() - ago) });
    // Failed while the marketer was away: listed with its reason and when it ended.
    const failed = await startVideoRender(at(start, 120_000), userId, record.id, ask);
    expect(await runVideoRender(worker, { userId, jobId: failed.jobId })).toBe('failed');
    // Ready (a delivery found its video stored): listed too, so its result is shown once.
    const ready = await startVideoRender(at(start, 60_000), userId, record.id, ask);
    await aws.doc.send(
      new PutCommand({
        TableName: start.store.table,
        Item: { user_id: userId, item_key: videoItemKey(ready.jobId), videoId: ready.jobId },
      }),
    );
    expect(await runVideoRender(worker, { userId, jobId: ready.jobId })).toBe('ready');
    // Failed more than a day ago: no longer news.
    const stale = await startVideoRender(at(start, VIDEO_RENDER_ENDED_LISTED_FOR_MS + 60_000), userId, record.id, ask);
    expect(
      await runVideoRender(at(worker, VIDEO_RENDER_ENDED_LISTED_FOR_MS + 1_000), { userId, jobId: stale.jobId }),
    ).toBe('failed');

    const listed = async () => (await listRecentVideoRenders(start, userId)).renders;
    expect((await listed()).map((render) => [render.jobId, render.status])).toEqual([
      [ready.jobId, 'ready'],
      [failed.jobId, 'failed'],
    ]);
    expect((await listed())[1]).toMatchObject({
      error: expect.stringMatching(/could not be rendered/),
      finishedAt: clock.toISOString(),
    });

    // Seen (dismissed, or watched ending): no longer listed; saying so again keeps the first time.
    const seen = await acknowledgeVideoRender(at(start, -5_000), userId, failed.jobId);
    expect(seen).toMatchObject({ jobId: failed.jobId, status: 'failed' });
    expect((await listed()).map((render) => render.jobId)).toEqual([ready.jobId]);
    await acknowledgeVideoRender(at(start, -10_000), userId, failed.jobId);
    expect((await getVideoJob(start.store, userId, failed.jobId))?.seenAt).toBe(
      new Date(clock.getTime() + 5_000).toISOString(),
    );
    await acknowledgeVideoRender(start, userId, ready.jobId);
    expect(await listed()).toEqual([]);
  });

  it('refuses to mark seen a render still rendering (409) or another workspace’s (404), changing nothing', async () => {
    const { userId, start } = setup();
    const record = await saved(start, userId, defaultDesign());
    const job = await startVideoRender(start, userId, record.id, { version: 1, sizeId: 'square', seconds: 6 });
    expect(((await rejection(acknowledgeVideoRender(start, userId, job.jobId))) as AppError).code).toBe('CONFLICT');
    expect(((await rejection(acknowledgeVideoRender(start, `${userId}-other`, job.jobId))) as AppError).code).toBe(
      'NOT_FOUND',
    );
    expect(((await rejection(acknowledgeVideoRender(start, userId, crypto.randomUUID()))) as AppError).code).toBe(
      'NOT_FOUND',
    );
    expect((await getVideoJob(start.store, userId, job.jobId))?.seenAt).toBeUndefined();
    expect((await listRecentVideoRenders(start, userId)).renders.map((render) => render.jobId)).toEqual([job.jobId]);
  });
});

describe('runVideoRender', () => {
  async function queuedJob(render?: VideoRenderer) {
    const context = setup(render);
    const record = await saved(context.start, context.userId, defaultDesign());
    const job = await startVideoRender(context.start, context.userId, record.id, {
      version: 1,
      sizeId: 'story',
      seconds: 10,
    });
    return { ...context, record, message: context.queued[0]!, jobId: job.jobId };
  }

  it('marks the job failed in words and gives the export back when the encoder fails, once if delivered twice', async () => {
    const { worker, start, message, jobId, userId, renders, used } = await queuedJob(async () => {
      throw new Error('x264 ran out of memory');
    });
    expect(await used()).toBe(1);
    expect(await runVideoRender(worker, message)).toBe('failed');
    expect(renders).toEqual(['story 10s']);
    const job = await readVideoRender(start, userId, jobId);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/could not be rendered/);
    expect(job.error).not.toContain('x264');
    expect(await used()).toBe(0);
    // SQS hands the same message over again: nothing rendered, nothing refunded twice.
    expect(await runVideoRender(worker, message)).toBe('skipped');
    expect(renders).toHaveLength(1);
    expect(await used()).toBe(0);
  });

  it('says why when the design was saved again before the render started', async () => {
    const { worker, start, message, jobId, userId, record, renders, used } = await queuedJob();
    await saveDesign(
      start.store,
      userId,
      { id: record.id, name: 'Spring', design: defaultDesign(), expectedVersion: 1 },
      clock,
    );
    expect(await runVideoRender(worker, message)).toBe('failed');
    expect(renders).toEqual([]);
    expect((await readVideoRender(start, userId, jobId)).error).toMatch(/saved again since \(version 2/);
    expect(await used()).toBe(0);
  });

  it('leaves a job another delivery claimed a moment ago, and takes it up once that claim has surely ended', async () => {
    const { worker, message, jobId, userId, renders } = await queuedJob(async () => {
      throw new Error('boom');
    });
    const claim = async (claimedAt: number, attempts: number) => {
      const job = await getVideoJob(worker.store, userId, jobId);
      await aws.doc.send(
        new PutCommand({
          TableName: worker.store.table,
          Item: { ...job, user_id: userId, item_key: videoJobItemKey(jobId), claimedAt, attempts },
        }),
      );
    };
    await claim(clock.getTime() - 10_000, 1);
    expect(await runVideoRender(worker, message)).toBe('skipped');
    expect(renders).toEqual([]);
    expect((await getVideoJob(worker.store, userId, jobId))?.status).toBe('rendering');
    // That delivery died (a timeout): after the worker's timeout the message's next receive renders it.
    await claim(clock.getTime() - worker.timeoutMs - 1, 1);
    expect(await runVideoRender(worker, message)).toBe('failed');
    expect(renders).toHaveLength(1);
    expect((await getVideoJob(worker.store, userId, jobId))?.attempts).toBe(2);
  });

  it(`gives up after ${MAX_RENDER_ATTEMPTS} claims that never finished, giving the export back`, async () => {
    const { worker, start, message, jobId, userId, renders, used } = await queuedJob();
    const job = (await getVideoJob(worker.store, userId, jobId))!;
    await aws.doc.send(
      new PutCommand({
        TableName: worker.store.table,
        Item: {
          ...job,
          user_id: userId,
          item_key: videoJobItemKey(jobId),
          attempts: MAX_RENDER_ATTEMPTS,
          claimedAt: 1,
        },
      }),
    );
    expect(await runVideoRender(worker, message)).toBe('failed');
    expect(renders).toEqual([]);
    expect((await readVideoRender(start, userId, jobId)).error).toMatch(/stopped before finishing, twice/);
    expect(await used()).toBe(0);
  });

  it('marks the job ready without rendering when a delivery stored the video and died before saying so', async () => {
    const { worker, message, jobId, userId, renders, used } = await queuedJob();
    await aws.doc.send(
      new PutCommand({
        TableName: worker.store.table,
        Item: { user_id: userId, item_key: videoItemKey(jobId), videoId: jobId },
      }),
    );
    expect(await runVideoRender(worker, message)).toBe('ready');
    expect(renders).toEqual([]);
    expect(await getVideoJob(worker.store, userId, jobId)).toMatchObject({ status: 'ready', progress: 100 });
    expect(await used()).toBe(1);
  });

  it('drops a message for a job that does not exist', async () => {
    const { worker, userId } = setup();
    expect(await runVideoRender(worker, { userId, jobId: crypto.randomUUID() })).toBe('skipped');
  });
});
