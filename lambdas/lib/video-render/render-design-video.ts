import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Encoder, FilterAPI, Muxer } from 'node-av/api';
import {
  AV_PIX_FMT_RGBA,
  AV_PIX_FMT_YUV420P,
  AVCOL_PRI_BT709,
  AVCOL_RANGE_MPEG,
  AVCOL_SPC_BT709,
  AVCOL_TRC_BT709,
  FF_ENCODER_LIBX264,
} from 'node-av/constants';
import { Frame, getFFmpegInfo, Rational } from 'node-av/lib';
import { type Design } from '@shared/graphics/design-schema';
import { placementSizes } from '@shared/graphics/placement-sizes';
import { rasterise } from '@shared/graphics/rasterise';
import {
  DEFAULT_VIDEO_SECONDS,
  frameRecipe,
  START_ZOOM,
  type VideoLayerId,
  videoLayers,
  type VideoSizeId,
  videoTimeline,
} from '@shared/graphics/video-motion';
import { type AssetBytes, renderDesignSvgNode } from '../graphics-render/render-design-image';

/**
 * Design → a short MP4 video ad with FFmpeg (npm `node-av`: FFmpeg's libraries linked into a Node addon, so it runs
 * in Lambda's Node runtime without a layer). The three layers are drawn once with the app's one renderer (satori +
 * resvg); the push-in is FFmpeg's zoompan filter over the picture layer, the dissolves are mixed here (a few dozen
 * frames), and libx264 encodes.
 *
 * What Meta asks of a video ad (Meta Ads Guide, video specs for Feed, Stories and Reels; not in the reference folder):
 * MP4 or MOV, H.264 video, square pixels, fixed frame rate, progressive, 9:16 at 1080×1920 for Stories/Reels and 1:1
 * for Feed, at most 4 GB; sound optional (captions recommended). So: H.264 High profile, yuv420p (the 4:2:0 every
 * phone decodes), 30 fps constant, the index at the front (`+faststart`) so playback starts before the download
 * ends. The video has no audio stream: Meta accepts silent videos and most are watched muted.
 */

export interface VideoRenderOptions {
  sizeId?: VideoSizeId;
  seconds?: number;
  /** libx264 preset: speed against size at the same quality. */
  preset?: 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';
  /** Told the frames encoded so far, every second of video (the background job's progress). */
  onFrames?: (done: number, total: number) => Promise<void>;
}

export interface RenderedVideo {
  mp4: Uint8Array;
  width: number;
  height: number;
  seconds: number;
  frames: number;
  /** The closing card as a PNG (its last frame): the thumbnail Meta asks for beside a video. */
  thumbnailPng: Uint8Array;
}

/** Quality-targeted (CRF) with a ceiling, so a busy picture cannot produce a huge file. */
const CRF = 21;
const MAX_RATE_BITS = 8_000_000;
const BUFFER_BITS = 16_000_000;
/** A keyframe every 2 s: Meta re-encodes anyway; short GOPs keep seeking in the preview quick. */
const GOP_FRAMES = 60;

/** FFmpeg's build flags as the linked libraries report them (the licence check reads them). */
export function ffmpegBuild(): { version: string; configuration: string } {
  const info = getFFmpegInfo();
  return { version: info.version, configuration: info.configuration };
}

async function drawLayer(design: Design, sizeId: VideoSizeId, assets: AssetBytes) {
  const svg = await renderDesignSvgNode(design, sizeId, assets);
  return rasterise(svg, { wantPixels: true });
}

/**
 * `to` mixed over `from`, `t` of the way (0–1), into `out`: a dissolve of two RGBA frames, each byte
 * `(from·(256−k) + to·k) >> 8`. Done two bytes at a time in 32-bit words (red and blue, then green and alpha, each in
 * its own 16-bit lane, which cannot carry into the next): four times fewer steps than byte by byte, the same bytes.
 */
export function mixRgba(from: Uint8Array, to: Uint8Array, t: number, out: Uint8Array): Uint8Array {
  const k = Math.round(Math.min(1, Math.max(0, t)) * 256);
  const ik = 256 - k;
  const aligned = [from, to, out].every((bytes) => bytes.byteOffset % 4 === 0) && out.length % 4 === 0;
  if (!aligned) {
    for (let i = 0; i < out.length; i += 1) out[i] = (from[i]! * ik + to[i]! * k) >> 8;
    return out;
  }
  const words = out.length >> 2;
  const a = new Uint32Array(from.buffer, from.byteOffset, words);
  const b = new Uint32Array(to.buffer, to.byteOffset, words);
  const o = new Uint32Array(out.buffer, out.byteOffset, words);
  for (let i = 0; i < words; i += 1) {
    const x = a[i]!;
    const y = b[i]!;
    const evenBytes = (((x & 0x00ff00ff) * ik + (y & 0x00ff00ff) * k) >>> 8) & 0x00ff00ff;
    const oddBytes = (((x >>> 8) & 0x00ff00ff) * ik + ((y >>> 8) & 0x00ff00ff) * k) & 0xff00ff00;
    o[i] = evenBytes | oddBytes;
  }
  return out;
}

export async function renderDesignVideo(
  design: Design,
  assets: AssetBytes = {},
  options: VideoRenderOptions = {},
): Promise<RenderedVideo> {
  const sizeId = options.sizeId ?? 'story';
  const seconds = options.seconds ?? DEFAULT_VIDEO_SECONDS;
  const timeline = videoTimeline(seconds);
  const { width, height } = placementSizes[sizeId];
  const designs = videoLayers(design);
  const card = await drawLayer(designs.card, sizeId, assets);
  const layers: Record<VideoLayerId, Uint8Array> = {
    picture: (await drawLayer(designs.picture, sizeId, assets)).pixels,
    full: (await drawLayer(designs.full, sizeId, assets)).pixels,
    card: card.pixels,
  };

  const timeBase = { num: 1, den: timeline.fps };
  const frameOf = (pixels: Uint8Array, pts: number) =>
    Frame.fromVideoBuffer(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), {
      width,
      height,
      format: AV_PIX_FMT_RGBA,
      timeBase,
      pts: BigInt(pts),
    });

  const dir = await mkdtemp(path.join(tmpdir(), 'adsmith-video-'));
  const file = path.join(dir, 'video.mp4');
  try {
    // zoompan rounds its crop to whole pixels; drawing the picture at twice the size first halves the judder.
    const zoom = FilterAPI.create(
      `scale=${width * 2}:${height * 2},` +
        `zoompan=z='max(1,${START_ZOOM}-${START_ZOOM - 1}*on/${timeline.zoomFrames - 1})'` +
        `:x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=${timeline.zoomFrames}:s=${width}x${height}:fps=${timeline.fps},format=rgba`,
      { framerate: { num: timeline.fps, den: 1 } },
    );
    const encoder = await Encoder.create(FF_ENCODER_LIBX264, {
      context: {
        width,
        height,
        pixelFormat: AV_PIX_FMT_YUV420P,
        timeBase: new Rational(1, timeline.fps),
        framerate: new Rational(timeline.fps, 1),
        gopSize: GOP_FRAMES,
        colorRange: AVCOL_RANGE_MPEG,
        colorPrimaries: AVCOL_PRI_BT709,
        colorTrc: AVCOL_TRC_BT709,
        colorSpace: AVCOL_SPC_BT709,
      },
      options: {
        preset: options.preset ?? 'veryfast',
        profile: 'high',
        crf: CRF,
        maxrate: MAX_RATE_BITS,
        bufsize: BUFFER_BITS,
      },
    });
    const muxer = await Muxer.open(file, { format: 'mp4', options: { movflags: '+faststart' } });
    const stream = muxer.addStream(encoder);
    // node-av 6.1.1 as measured here: its synchronous encode corrupts the heap (a crash at exit) and its
    // multi-input filter graphs crash, so encoding and muxing are async and the only graph has one input.
    const encode = async (frame: Frame) => {
      for (const packet of await encoder.encodeAll(frame)) await muxer.writePacket(packet, stream);
    };

    zoom.processSync(frameOf(layers.picture, 0));
    zoom.flushSync();
    const zoomed = [...zoom.flushFramesSync()];
    zoom.close();

    // RGBA → limited-range BT.709 yuv420p, what players expect of H.264 (node-av's own conversion picks the
    // full-range yuvj420p, which phones show washed out).
    const toYuv = FilterAPI.create('scale=out_color_matrix=bt709:out_range=tv,format=yuv420p', {
      framerate: { num: timeline.fps, den: 1 },
    });
    const toYuvFrames = (frame: Frame): Frame[] => {
      toYuv.processSync(frame);
      const out: Frame[] = [];
      for (;;) {
        const yuv = toYuv.receiveSync();
        if (!(yuv instanceof Frame)) break;
        out.push(yuv);
      }
      return out;
    };
    const encodeYuv = async (frames: Frame[]) => {
      for (const yuv of frames) {
        await encode(yuv);
        yuv.free();
      }
    };
    // A held layer is the same picture frame after frame (most of the video): converted to YUV once, and each of
    // its frames is a reference to that one (clone shares the buffers) with its own timestamp.
    const stills = new Map<VideoLayerId, Frame>();
    const stillYuv = (layer: VideoLayerId, index: number): Frame => {
      let yuv = stills.get(layer);
      if (!yuv) {
        const rgba = frameOf(layers[layer], index);
        yuv = toYuvFrames(rgba)[0]!;
        rgba.free();
        stills.set(layer, yuv);
      }
      const frame = yuv.clone()!;
      frame.pts = BigInt(index);
      return frame;
    };

    const mixed = new Uint8Array(width * height * 4);
    for (let index = 0; index < timeline.totalFrames; index += 1) {
      if (options.onFrames && index > 0 && index % timeline.fps === 0)
        await options.onFrames(index, timeline.totalFrames);
      const recipe = frameRecipe(index, timeline);
      if (recipe.kind === 'still') {
        await encodeYuv([stillYuv(recipe.layer, index)]);
        continue;
      }
      let frame: Frame;
      if (recipe.kind === 'zoom') {
        frame = zoomed[Math.min(recipe.index, zoomed.length - 1)]!.clone()!;
        frame.pts = BigInt(index);
      } else frame = frameOf(mixRgba(layers[recipe.from], layers[recipe.to], recipe.t, mixed), index);
      await encodeYuv(toYuvFrames(frame));
      frame.free();
    }
    for (const frame of stills.values()) frame.free();
    toYuv.close();
    for await (const packet of encoder.flushPackets()) await muxer.writePacket(packet, stream);
    await muxer.close();
    encoder.close();
    for (const frame of zoomed) frame.free();
    const mp4 = new Uint8Array(await readFile(file));
    return {
      mp4,
      width,
      height,
      seconds: timeline.totalFrames / timeline.fps,
      frames: timeline.totalFrames,
      thumbnailPng: card.png,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
