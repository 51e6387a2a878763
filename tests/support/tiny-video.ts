import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Encoder, Muxer } from 'node-av/api';
import { AV_PIX_FMT_YUV420P, FF_ENCODER_LIBX264, FF_ENCODER_MPEG4 } from 'node-av/constants';
import { Frame, Rational } from 'node-av/lib';

/**
 * Small real videos for the Meta sandbox's upload checks, encoded with FFmpeg (node-av): noisy grey frames, so a test
 * can make one of any size, length, frame rate and codec in well under a second.
 */
export interface TinyVideoOptions {
  width?: number;
  height?: number;
  fps?: number;
  seconds?: number;
  codec?: 'h264' | 'mpeg4';
}

export async function tinyVideo(options: TinyVideoOptions = {}): Promise<Buffer> {
  const { width = 90, height = 160, fps = 10, seconds = 3, codec = 'h264' } = options;
  const frames = Math.max(1, Math.round(seconds * fps));
  const dir = await mkdtemp(path.join(tmpdir(), 'tiny-video-'));
  const file = path.join(dir, 'v.mp4');
  try {
    const encoder = await Encoder.create(codec === 'h264' ? FF_ENCODER_LIBX264 : FF_ENCODER_MPEG4, {
      context: {
        width,
        height,
        pixelFormat: AV_PIX_FMT_YUV420P,
        timeBase: new Rational(1, fps),
        framerate: new Rational(fps, 1),
      },
      options: codec === 'h264' ? { preset: 'ultrafast' } : {},
    });
    const muxer = await Muxer.open(file, { format: 'mp4' });
    const stream = muxer.addStream(encoder);
    const pixels = Buffer.alloc(Math.ceil((width * height * 3) / 2), 128);
    let state = 7;
    for (let index = 0; index < frames; index += 1) {
      // Some noise in the picture, so even a short video is more than Meta's 1 KB minimum.
      for (let i = 0; i < width * height; i += 7) pixels[i] = state = (state * 1103515245 + 12345) & 0xff;
      const frame = Frame.fromVideoBuffer(pixels, {
        width,
        height,
        format: AV_PIX_FMT_YUV420P,
        timeBase: { num: 1, den: fps },
        pts: BigInt(index),
      });
      for (const packet of await encoder.encodeAll(frame)) await muxer.writePacket(packet, stream);
      frame.free();
    }
    for await (const packet of encoder.flushPackets()) await muxer.writePacket(packet, stream);
    await muxer.close();
    encoder.close();
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
