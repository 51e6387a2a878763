import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Demuxer } from 'node-av/api';
import { AV_CODEC_ID_H264, AV_PIX_FMT_YUV420P, AV_PROFILE_H264_HIGH } from 'node-av/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDesign } from '@shared/graphics/design-schema';
import { graphicsStorageBytes } from '@shared/plans';
import { windowId } from '@shared/quotas';
import {
  VideoListSchema,
  VideoRenderListSchema,
  VideoRenderSchema,
  VideoReplySchema,
  type VideoRender,
  type VideoReply,
} from '@shared/schemas/graphics-video';
import { localTableName } from '@infra/twin/function-environment';
import { confirmedUser, twinDocumentClient } from '../ai/ai-user';
import { api, cognitoClient, deleteUser } from '../twin-client';
import { testPng, uploadProductImage } from './upload-image';

/**
 * Video ads on the twin, as a background job: `graphics-video` checks the request, counts the export and queues it
 * (202); `graphics-video-worker` (bundled with FFmpeg's addon beside it, as in Lambda, run in a worker thread from the
 * twin's SQS) renders a saved design to an MP4 and its thumbnail in the S3 stand-in, and the job is polled until
 * ready. The file is read back and probed with FFmpeg's own demuxer (node-av), not a parser of ours.
 */
const client = cognitoClient();
const doc = twinDocumentClient();
type User = Awaited<ReturnType<typeof confirmedUser>>;
let alice: User;
let bob: User;
let carol: User;

beforeAll(async () => {
  [alice, bob, carol] = await Promise.all([
    confirmedUser(client, 'video-alice'),
    confirmedUser(client, 'video-bob'),
    confirmedUser(client, 'video-carol'),
  ]);
});
afterAll(async () => {
  await Promise.all([deleteUser(client, alice.email), deleteUser(client, bob.email), deleteUser(client, carol.email)]);
  client.destroy();
  doc.destroy();
});

const call = (user: User, route: string, init: RequestInit = {}) =>
  api(route, { ...init, token: user.token, headers: { 'content-type': 'application/json' } });

async function json<T>(reply: Response, status: number): Promise<T> {
  const text = await reply.text();
  expect(reply.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const uploadProductPhoto = (user: User) =>
  uploadProductImage((route, init) => call(user, route, init), 'mug.png', testPng(1200, 1200));

const makeVideo = (user: User, designId: string, body: Record<string, unknown>) =>
  call(user, `/api/graphics/designs/${designId}/videos`, { method: 'POST', body: JSON.stringify(body) });

/** Polls the render until it is no longer rendering (the worker's progress is seen on the way). */
async function finished(user: User, job: VideoRender, seen: number[]): Promise<VideoRender> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const read = VideoRenderSchema.parse(await json(await call(user, `/api/graphics/video-renders/${job.jobId}`), 200));
    if (read.status !== 'rendering') return read;
    seen.push(read.progress);
    if (Date.now() > deadline) throw new Error(`still rendering after 150 s (${read.progress} %)`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function exportsUsed(sub: string): Promise<number> {
  const reply = await doc.send(
    new GetCommand({
      TableName: localTableName('quotaUsage'),
      Key: { user_id: sub, counter: `graphicsExportsPerMonth#${windowId('month', new Date())}` },
    }),
  );
  return Number(reply.Item?.used ?? 0);
}

/** What FFmpeg's demuxer says of the file; frames = its video packets (one per frame). */
async function probe(mp4: Uint8Array) {
  const dir = await mkdtemp(path.join(tmpdir(), 'video-it-'));
  const file = path.join(dir, 'v.mp4');
  await writeFile(file, mp4);
  const input = await Demuxer.open(file);
  try {
    const video = input.video()!;
    const facts = {
      container: input.formatName,
      streams: input.streams.length,
      seconds: input.duration,
      codecId: video.codecpar.codecId,
      profile: video.codecpar.profile,
      pixelFormat: video.codecpar.format,
      width: video.codecpar.width,
      height: video.codecpar.height,
      fps: video.avgFrameRate.num / video.avgFrameRate.den,
      frames: 0,
    };
    // Synchronous reads: node-av's async packet reader needs Promise.withResolvers (Node 22).
    for (const packet of input.packetsSync(video.index)) {
      if (!packet) break;
      facts.frames += 1;
    }
    return facts;
  } finally {
    await input.close();
    await rm(dir, { recursive: true, force: true });
  }
}

describe('POST /api/graphics/designs/{id}/videos (a background render)', () => {
  let saved: { id: string; version: number };
  let made: VideoReply;
  let jobId: string;

  beforeAll(async () => {
    const photo = await uploadProductPhoto(alice);
    const design = defaultDesign({
      templateId: 'product-hero',
      texts: { ...defaultDesign().texts, headline: 'Slow mornings, warm mugs', cta: 'Shop now' },
      images: { product: { kind: 'asset', key: photo.key, width: 1200, height: 1200, mimeType: 'image/png' } },
    });
    saved = await json<{ id: string; version: number }>(
      await call(alice, '/api/graphics/designs', {
        method: 'POST',
        body: JSON.stringify({ name: 'Warm mugs', design }),
      }),
      201,
    );
  });

  it('queues a 6 s 1:1 render (202), then renders it to Meta’s specs, stores it with a thumbnail and counts one export', async () => {
    const before = await exportsUsed(alice.sub);
    // 1:1 and 6 s, the cheapest render: files run two at a time on shared cores. The journey makes 10 s 9:16.
    const job = VideoRenderSchema.parse(
      await json(await makeVideo(alice, saved.id, { version: saved.version, sizeId: 'square', seconds: 6 }), 202),
    );
    jobId = job.jobId;
    expect(job).toMatchObject({ designId: saved.id, sizeId: 'square', ratio: '1:1', seconds: 6, status: 'rendering' });
    expect(job.usage?.used).toBe(before + 1);
    expect(await exportsUsed(alice.sub)).toBe(before + 1);
    // Listed as under way for its workspace (a screen opened again shows it), never for another.
    const underWay = async (user: User) =>
      VideoRenderListSchema.parse(await json(await call(user, '/api/graphics/video-renders'), 200)).renders.map(
        (render) => render.jobId,
      );
    expect(await underWay(alice)).toContain(job.jobId);
    expect(await underWay(bob)).not.toContain(job.jobId);
    const seen: number[] = [];
    const done = await finished(alice, job, seen);
    expect(done.status, done.error).toBe('ready');
    expect(done.progress).toBe(100);
    // Progress only moves forward.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    made = VideoReplySchema.parse(done.video);
    expect(made.videoId).toBe(job.jobId);
    // Done, and not yet seen ending: still listed as ready (a screen opened now shows the result), until marked seen.
    const listed = async (user: User) =>
      VideoRenderListSchema.parse(await json(await call(user, '/api/graphics/video-renders'), 200)).renders;
    expect((await listed(alice)).find((render) => render.jobId === job.jobId)?.status).toBe('ready');
    await json(await call(bob, `/api/graphics/video-renders/${job.jobId}/seen`, { method: 'POST' }), 404);
    const acknowledged = VideoRenderSchema.parse(
      await json(await call(alice, `/api/graphics/video-renders/${job.jobId}/seen`, { method: 'POST' }), 200),
    );
    expect(acknowledged).toMatchObject({ jobId: job.jobId, status: 'ready' });
    expect(await underWay(alice)).not.toContain(job.jobId);
    expect(made).toMatchObject({ designId: saved.id, sizeId: 'square', ratio: '1:1', width: 1080, height: 1080 });
    expect(made.video.fileName).toBe('adsmith-warm-mugs-v1-1080x1080-6s.mp4');
    expect(made.video.key).toMatch(new RegExp(`^users/${alice.sub}/videos/${made.videoId}/`));
    // What a plan's video ad names (shared/ad-video.ts), the publisher's input.
    expect(made.adVideo).toEqual({
      kind: 'video',
      assetKey: made.video.key,
      thumbnailAssetKey: made.thumbnail.key,
      ratio: '1:1',
      seconds: 6,
      width: 1080,
      height: 1080,
    });
    expect(await exportsUsed(alice.sub)).toBe(before + 1);

    const file = await fetch(made.video.url);
    expect(file.status).toBe(200);
    const mp4 = new Uint8Array(await file.arrayBuffer());
    expect(mp4.length).toBe(made.video.bytes);
    const facts = await probe(mp4);
    expect(facts.container).toContain('mp4');
    expect(facts).toMatchObject({
      streams: 1,
      codecId: AV_CODEC_ID_H264,
      profile: AV_PROFILE_H264_HIGH,
      pixelFormat: AV_PIX_FMT_YUV420P,
      width: 1080,
      height: 1080,
      fps: 30,
      frames: 180,
    });
    expect(facts.seconds).toBeCloseTo(6, 1);

    const download = await fetch(made.video.downloadUrl);
    expect(download.headers.get('content-disposition')).toContain(made.video.fileName);
    await download.arrayBuffer();
    const thumbnail = new Uint8Array(await (await fetch(made.thumbnail.url)).arrayBuffer());
    expect([...thumbnail.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const view = new DataView(thumbnail.buffer, thumbnail.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1080, 1080]);
  }, 200_000);

  it('reads the video and its render again for its workspace only; another workspace gets 404 for each and the design', async () => {
    const again = VideoReplySchema.parse(await json(await call(alice, `/api/graphics/videos/${made.videoId}`), 200));
    expect(again).toMatchObject({ videoId: made.videoId, video: { key: made.video.key, bytes: made.video.bytes } });
    expect(again.usage).toBeUndefined();
    // Listed among the workspace's videos (the plan editor swaps a video ad's video among them), not among another's.
    const listed = VideoListSchema.parse(await json(await call(alice, '/api/graphics/videos'), 200));
    expect(listed.videos.find((video) => video.videoId === made.videoId)?.adVideo).toEqual(made.adVideo);
    const othersList = VideoListSchema.parse(await json(await call(bob, '/api/graphics/videos'), 200));
    expect(othersList.videos.some((video) => video.videoId === made.videoId)).toBe(false);

    const usedBefore = await exportsUsed(bob.sub);
    await json(await call(bob, `/api/graphics/videos/${made.videoId}`), 404);
    await json(await call(bob, `/api/graphics/video-renders/${jobId}`), 404);
    await json(await makeVideo(bob, saved.id, { version: saved.version, sizeId: 'square', seconds: 6 }), 404);
    expect(await exportsUsed(bob.sub)).toBe(usedBefore);
  });

  it.each([
    [{ sizeId: 'square', seconds: 5 }, 'seconds'],
    [{ sizeId: 'square', seconds: 16 }, 'seconds'],
    [{ sizeId: 'square', seconds: 7.5 }, 'seconds'],
    [{ sizeId: 'landscape', seconds: 10 }, 'sizeId'],
    [{ sizeId: 'square' }, 'seconds'],
  ])('refuses %o with 400 naming %s, counting nothing', async (body, field) => {
    const before = await exportsUsed(alice.sub);
    const reply = await json<{ error: { code: string; details?: Record<string, unknown> } }>(
      await makeVideo(alice, saved.id, { version: saved.version, ...body }),
      400,
    );
    expect(reply.error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(reply.error.details ?? {})).toContain(`body.${field}`);
    expect(await exportsUsed(alice.sub)).toBe(before);
  });

  it('answers 409 for a version that is not the saved one, before queueing', async () => {
    const before = await exportsUsed(alice.sub);
    await json(await makeVideo(alice, saved.id, { version: saved.version + 1, sizeId: 'square', seconds: 6 }), 409);
    expect(await exportsUsed(alice.sub)).toBe(before);
  });
});

describe('a render that fails while the marketer is away', () => {
  it('is failed with its reason and the export given back, listed until marked seen, then no longer', async () => {
    const photo = await uploadProductPhoto(carol);
    const design = defaultDesign({
      templateId: 'product-hero',
      images: { product: { kind: 'asset', key: photo.key, width: 1200, height: 1200, mimeType: 'image/png' } },
    });
    const saved = await json<{ id: string; version: number }>(
      await call(carol, '/api/graphics/designs', { method: 'POST', body: JSON.stringify({ name: 'Full', design }) }),
      201,
    );
    // The storage fills up (another tab's uploads) after the request was checked: the worker cannot store the video.
    await doc.send(
      new UpdateCommand({
        TableName: localTableName('graphicsItems'),
        Key: { user_id: carol.sub, item_key: 'storage' },
        UpdateExpression: 'SET bytes_used = :full',
        ExpressionAttributeValues: { ':full': graphicsStorageBytes.free - 1_000 },
      }),
    );
    const before = await exportsUsed(carol.sub);
    const job = VideoRenderSchema.parse(
      await json(await makeVideo(carol, saved.id, { version: saved.version, sizeId: 'square', seconds: 6 }), 202),
    );
    expect(job.designName).toBe('Full');
    // Nothing to have seen while it renders.
    await json(await call(carol, `/api/graphics/video-renders/${job.jobId}/seen`, { method: 'POST' }), 409);
    const done = await finished(carol, job, []);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/storage|room/i);
    expect(await exportsUsed(carol.sub)).toBe(before);

    const listed = async () =>
      VideoRenderListSchema.parse(await json(await call(carol, '/api/graphics/video-renders'), 200)).renders;
    expect((await listed()).find((render) => render.jobId === job.jobId)).toMatchObject({
      status: 'failed',
      error: done.error,
      designName: 'Full',
      finishedAt: expect.any(String),
    });
    const others = VideoRenderListSchema.parse(await json(await call(bob, '/api/graphics/video-renders'), 200));
    expect(others.renders.some((render) => render.jobId === job.jobId)).toBe(false);
    await json(await call(bob, `/api/graphics/video-renders/${job.jobId}/seen`, { method: 'POST' }), 404);
    const bad = await json<{ error: { details?: Record<string, unknown> } }>(
      await call(carol, '/api/graphics/video-renders/not-an-id/seen', { method: 'POST' }),
      400,
    );
    expect(Object.keys(bad.error.details ?? {})).toContain('params.id');

    await json(await call(carol, `/api/graphics/video-renders/${job.jobId}/seen`, { method: 'POST' }), 200);
    expect((await listed()).some((render) => render.jobId === job.jobId)).toBe(false);
  }, 200_000);
});
