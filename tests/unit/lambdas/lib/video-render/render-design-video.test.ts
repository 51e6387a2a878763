import { beforeAll, describe, expect, it } from 'vitest';
import { Demuxer } from 'node-av/api';
import { AV_CODEC_ID_H264, AV_PIX_FMT_YUV420P, AV_PROFILE_H264_HIGH } from 'node-av/constants';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultDesign } from '@shared/graphics/design-schema';
import {
  ffmpegBuild,
  mixRgba,
  type RenderedVideo,
  renderDesignVideo,
} from '@lambdas/lib/video-render/render-design-video';

/** What FFmpeg's own demuxer says of the file (not a parser of ours); frames = its video packets (one per frame). */
async function probe(mp4: Uint8Array) {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'video-test-')), 'v.mp4');
  await writeFile(file, mp4);
  const input = await Demuxer.open(file);
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
  // Synchronous reads: node-av's async packet reader needs Promise.withResolvers (Node 22, as on Lambda).
  for (const packet of input.packetsSync(video.index)) {
    if (!packet) break;
    facts.frames += 1;
  }
  await input.close();
  return facts;
}

const design = defaultDesign({
  templateId: 'product-hero',
  texts: { ...defaultDesign().texts, headline: 'Handmade stoneware mugs', cta: 'Shop now' },
});

describe('renderDesignVideo (FFmpeg through node-av)', () => {
  let story: RenderedVideo;
  beforeAll(async () => {
    story = await renderDesignVideo(design, {}, { sizeId: 'story', seconds: 6, preset: 'superfast' });
  }, 120_000);

  it('makes a 9:16 1080×1920 MP4, H.264 High, yuv420p, 30 fps, of the asked length', async () => {
    const facts = await probe(story.mp4);
    expect(facts.container).toContain('mp4');
    expect(facts).toMatchObject({
      streams: 1,
      codecId: AV_CODEC_ID_H264,
      profile: AV_PROFILE_H264_HIGH,
      pixelFormat: AV_PIX_FMT_YUV420P,
      width: 1080,
      height: 1920,
      fps: 30,
      frames: 180,
    });
    expect(facts.seconds).toBeCloseTo(6, 1);
    // The index is written before the media data (+faststart): playback starts before the download ends.
    const text = Buffer.from(story.mp4.subarray(0, 64 * 1024)).toString('latin1');
    expect(text.indexOf('moov')).toBeGreaterThan(0);
    expect(text.indexOf('moov')).toBeLessThan(text.indexOf('mdat'));
  }, 60_000);

  it('hands back the closing card as a PNG of the video’s size (the thumbnail beside the video)', () => {
    expect([...story.thumbnailPng.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const view = new DataView(story.thumbnailPng.buffer, story.thumbnailPng.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1080, 1920]);
  });

  it('makes the 1:1 1080×1080 feed size', async () => {
    const square = await renderDesignVideo(design, {}, { sizeId: 'square', seconds: 6, preset: 'superfast' });
    const facts = await probe(square.mp4);
    expect(facts).toMatchObject({ width: 1080, height: 1080, codecId: AV_CODEC_ID_H264, frames: 180 });
  }, 120_000);

  it('refuses a length outside 6–15 s before drawing anything', async () => {
    await expect(renderDesignVideo(design, {}, { seconds: 30 })).rejects.toThrow(/6–15 s/);
  });
});

describe('mixRgba', () => {
  it('dissolves from one frame to the other', () => {
    const from = new Uint8Array([0, 100, 200, 255]);
    const to = new Uint8Array([200, 100, 0, 255]);
    const out = new Uint8Array(4);
    expect([...mixRgba(from, to, 0, out)]).toEqual([0, 100, 200, 255]);
    expect([...mixRgba(from, to, 0.5, out)]).toEqual([100, 100, 100, 255]);
    expect([...mixRgba(from, to, 1, out)]).toEqual([200, 100, 0, 255]);
  });

  it('gives every byte (from·(256−k) + to·k) >> 8, word by word as byte by byte (unaligned views too)', () => {
    const random = (n: number, seed: number) =>
      Uint8Array.from({ length: n }, (_, i) => (Math.imul(i + 1, 2654435761 + seed) >>> 13) & 255);
    const from = random(4 * 257, 1);
    const to = random(4 * 257, 2);
    for (const t of [0, 0.01, 0.33, 0.5, 0.97, 1]) {
      const k = Math.round(t * 256);
      const expected = from.map((value, i) => (value * (256 - k) + to[i]! * k) >> 8);
      expect([...mixRgba(from, to, t, new Uint8Array(from.length))]).toEqual([...expected]);
      // Views starting one byte in: mixed byte by byte.
      const shifted = mixRgba(from.subarray(1), to.subarray(1), t, new Uint8Array(from.length).subarray(1));
      expect([...shifted]).toEqual([...expected.subarray(1)]);
    }
  });
});

describe('the FFmpeg build node-av ships (docs/features/graphics.md, licence)', () => {
  it('is a GPL build (libx264), not one configured "nonfree"; it links libfdk_aac, which is not used', () => {
    const { configuration } = ffmpegBuild();
    expect(configuration).toContain('--enable-gpl');
    expect(configuration).toContain('--enable-libx264');
    expect(configuration).not.toContain('--enable-nonfree');
    // If a new node-av drops libfdk_aac, the docs' risk note can go: this line says when.
    expect(configuration).toContain('--enable-libfdk-aac');
  });
});
