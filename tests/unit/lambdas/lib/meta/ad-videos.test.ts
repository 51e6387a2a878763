import { describe, expect, it } from 'vitest';
import { uploadAdVideo, videoData, waitUntilVideoReady } from '@lambdas/lib/meta/ad-videos';
import { createGraphClient } from '@lambdas/lib/meta/graph-client';
import { fakeFetch, fakeSleep, type ScriptedReply } from './fake-graph';

function clientWith(script: readonly ScriptedReply[], baseUrl?: string) {
  const fake = fakeFetch(script);
  const sleeper = fakeSleep();
  const graph = createGraphClient({
    appSecret: 'secret',
    accessToken: 'EAAB-token',
    fetch: fake.fetch,
    sleep: sleeper.sleep,
    random: () => 0.5,
    ...(baseUrl ? { baseUrl } : {}),
  });
  return { graph, fake, sleeper };
}

const status = (videoStatus: string, extra: Record<string, unknown> = {}) => ({
  json: { id: '1207', status: { video_status: videoStatus, ...extra } },
});

describe('uploadAdVideo', () => {
  it('sends the MP4 as multipart source with the credentials, to graph-video on Meta, and returns the id', async () => {
    const { graph, fake } = clientWith([{ json: { id: '1207123' } }]);
    const bytes = new Uint8Array(4096).fill(7);
    const id = await uploadAdVideo(graph, 'act_1', { bytes, fileName: 'ad.mp4', title: 'Spring sale' });
    expect(id).toBe('1207123');
    const request = fake.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url.hostname).toBe('graph-video.facebook.com');
    expect(request.url.pathname).toMatch(/\/act_1\/advideos$/);
    const form = request.form!;
    expect(form.get('title')).toBe('Spring sale');
    expect(form.get('access_token')).toBe('EAAB-token');
    expect(form.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
    const source = form.get('source') as File;
    expect(source.name).toBe('ad.mp4');
    expect(source.type).toBe('video/mp4');
    expect(new Uint8Array(await source.arrayBuffer())).toEqual(bytes);
  });

  it('keeps another Graph host (the sandbox) as it is', async () => {
    const { graph, fake } = clientWith([{ json: { id: '1' } }], 'http://127.0.0.1:3005');
    await uploadAdVideo(graph, 'act_1', { bytes: new Uint8Array(2048), fileName: 'a.mp4', title: 'a' });
    expect(fake.requests[0]!.url.host).toBe('127.0.0.1:3005');
  });

  it('refuses under 1 KB before sending, and a reply without an id as unexpected', async () => {
    const tiny = clientWith([]);
    await expect(
      uploadAdVideo(tiny.graph, 'act_1', { bytes: new Uint8Array(10), fileName: 'a.mp4', title: 'a' }),
    ).rejects.toThrow(/1 KB/);
    expect(tiny.fake.requests).toHaveLength(0);
    const odd = clientWith([{ json: { success: true } }]);
    await expect(
      uploadAdVideo(odd.graph, 'act_1', { bytes: new Uint8Array(2048), fileName: 'a.mp4', title: 'a' }),
    ).rejects.toThrow(/unexpected response/);
  });
});

describe('waitUntilVideoReady', () => {
  it('polls with growing pauses until Meta says ready', async () => {
    const { graph, fake, sleeper } = clientWith([
      status('processing', { processing_progress: 10 }),
      status('processing', { processing_progress: 60 }),
      status('ready'),
    ]);
    let clock = 0;
    const reply = await waitUntilVideoReady(graph, '1207', {
      maxWaitMs: 20_000,
      sleep: async (ms) => {
        clock += ms;
        await sleeper.sleep(ms);
      },
      now: () => clock,
    });
    expect(reply.status.video_status).toBe('ready');
    expect(sleeper.waits).toEqual([1000, 1500]);
    expect(fake.requests[0]!.url.searchParams.get('fields')).toBe('id,status');
  });

  it('gives up after the bounded time, saying how far Meta got', async () => {
    const { graph } = clientWith(Array.from({ length: 20 }, () => status('processing', { processing_progress: 40 })));
    let clock = 0;
    await expect(
      waitUntilVideoReady(graph, '1207', {
        maxWaitMs: 5000,
        sleep: async (ms) => void (clock += ms),
        now: () => clock,
      }),
    ).rejects.toThrow(/still processing the video 1207 \(40 %\)/);
    expect(clock).toBe(5000);
  });

  it('fails at once on a video Meta could not process, with its words', async () => {
    const { graph } = clientWith([
      status('error', { processing_phase: { status: 'error', errors: [{ code: 1, message: 'Corrupt file' }] } }),
    ]);
    await expect(waitUntilVideoReady(graph, '1207', { maxWaitMs: 5000 })).rejects.toThrow(/Corrupt file/);
  });
});

it('videoData is the video_data Meta takes: video, thumbnail, texts and the call to action with its link', () => {
  expect(
    videoData({
      videoId: '1207',
      imageHash: 'abc123',
      title: 'Mugs',
      message: 'Handmade',
      callToAction: { type: 'SHOP_NOW', link: 'https://shop.example.com' },
    }),
  ).toEqual({
    video_id: '1207',
    image_hash: 'abc123',
    title: 'Mugs',
    message: 'Handmade',
    call_to_action: { type: 'SHOP_NOW', value: { link: 'https://shop.example.com' } },
  });
});
