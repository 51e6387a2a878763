import { Demuxer } from 'node-av/api';
import { Codec } from 'node-av';
import {
  META_VIDEO_MIN_BYTES,
  META_VIDEO_RATIO_BOUNDS,
  META_VIDEO_SOURCE_MAX_BYTES,
  VIDEO_SECONDS,
} from '@shared/ad-video';
import { GraphError, invalidParameter, nonexistingField } from './graph-error.js';
import { numericId, randomFor } from './prng.js';
import { UPLOADED_FILE_FIELD, UPLOADED_FILE_NAME } from './request-input.js';
import type { AdAccount, World } from './world.js';

/**
 * The ad account's video library (`POST /act_{id}/advideos`, `GET /{video-id}`), judged as Meta judges an upload
 * (shared/ad-video.ts has the sources):
 * - the bytes are probed with FFmpeg's demuxer (node-av), not a parser of ours: something that is not a video
 *   (a PNG named .mp4) is "No Video Detected" (6000 / 1363031), a container or codec ads do not take is 352;
 * - under 1 KB is 1363022, over the 1 GB non-resumable limit 1363023; a ratio outside 9:16–16:9, a video under
 *   1 s or over the non-resumable 20 minutes is refused;
 * - `file_url` is fetched like Meta fetches it, but only from this machine (the sandbox has no network);
 * - the resumable protocol (`upload_phase`) is not supported here and says so.
 * An accepted video is `processing` for a while (2 s + 0.3 s per second of video, by the sandbox's clock), then
 * `ready`; an ad whose creative uses it is refused until then (graph-create.ts).
 */

export interface AdVideoObject {
  id: string;
  accountId: string;
  title: string;
  /** Seconds, as Meta's `length` field. */
  length: number;
  width: number;
  height: number;
  bytes: number;
  container: string;
  codec: string;
  createdTime: Date;
  /** When processing ends: `status.video_status` is `processing` before, `ready` from then on. */
  readyAt: Date;
}

/** What the demuxer found, or `undefined` when it found no video at all. */
export interface VideoProbe {
  container: string;
  codec: string;
  width: number;
  height: number;
  seconds: number;
}

/** The parameter the probe of an upload travels under from the HTTP layer (never a Graph parameter). */
export const VIDEO_PROBE_PARAM = '__video_probe';
/** The body limit of an upload here: the sandbox keeps no 1 GB in memory (Meta's limit is checked on the size). */
export const MAX_VIDEO_UPLOAD_BODY_BYTES = 300 * 1024 * 1024;

/** Demuxer names of the containers Meta lists (Graph API video uploads: mp4, mov, 3gp, avi, mkv, flv, mpeg, …). */
const CONTAINERS = ['mov,mp4,m4a,3gp,3g2,mj2', 'avi', 'matroska,webm', 'flv', 'mpeg', 'mpegts', 'asf'];
/** The codecs Meta's video ad specs name (H.264, H.265, VP9, AV1). */
const AD_CODECS = ['h264', 'hevc', 'vp9', 'av1'];
const NON_RESUMABLE_MAX_SECONDS = 20 * 60;

export async function probeVideo(bytes: Buffer): Promise<VideoProbe | undefined> {
  // A Buffer, never a string: a string would be opened as a path or URL.
  let input: Demuxer;
  try {
    input = await Demuxer.open(Buffer.from(bytes));
  } catch {
    return undefined;
  }
  try {
    const video = input.video();
    // Still images come through as one-frame "videos" of an image pipe: Meta does not take them as video.
    if (!video || /_pipe$|^image2/.test(input.formatName)) return undefined;
    const codec = Codec.findDecoder(video.codecpar.codecId)?.name ?? `codec ${video.codecpar.codecId}`;
    return {
      container: input.formatName,
      codec,
      width: video.codecpar.width,
      height: video.codecpar.height,
      seconds: input.duration,
    };
  } finally {
    await input.close();
  }
}

function videoError(title: string, message: string, subcode?: number, code = 6000): GraphError {
  return new GraphError(400, {
    message: 'There was a problem uploading your video file. Please try again with another file.',
    type: 'OAuthException',
    code,
    ...(subcode !== undefined && { error_subcode: subcode }),
    is_transient: false,
    error_user_title: title,
    error_user_msg: message,
  });
}

export function processingMs(seconds: number): number {
  return 2000 + Math.round(300 * seconds);
}

/** Checks an upload as Meta does and adds it to the library; answers `{id}`. */
export function createAdVideo(
  world: World,
  account: AdAccount,
  params: Record<string, string | undefined>,
  now: Date,
): { id: string } {
  if (params.upload_phase !== undefined) {
    throw invalidParameter(
      '(#100) The Adsmith Meta sandbox does not support resumable uploads (upload_phase); send the file as source (up to 1 GB)',
    );
  }
  if (params.source === undefined && params.file_url === undefined) {
    throw videoError('No Video Selected', 'Please select the video you want to upload.', 1363020);
  }
  const bytes = Buffer.from(params.source ?? '', 'base64');
  if (params.source !== undefined && bytes.length < META_VIDEO_MIN_BYTES) {
    throw videoError(
      'Video Too Small',
      'The video you tried to upload is too small. The minimum size for a video is 1 KB.',
      1363022,
    );
  }
  if (bytes.length > META_VIDEO_SOURCE_MAX_BYTES) {
    throw videoError(
      'Video Too Large',
      'The video you tried to upload is too large. The maximum size is 1 GB.',
      1363023,
    );
  }
  const probe = params[VIDEO_PROBE_PARAM] ? (JSON.parse(params[VIDEO_PROBE_PARAM]) as VideoProbe | null) : null;
  if (!probe) {
    throw videoError(
      'No Video Detected',
      'It looks like you are uploading a file that is not a video. Please select a video file.',
      1363031,
    );
  }
  if (!CONTAINERS.includes(probe.container)) {
    throw videoError(
      'Unsupported Format',
      `Sorry, the video file you selected is in a format that we don't support (${probe.container}).`,
      undefined,
      352,
    );
  }
  if (!AD_CODECS.includes(probe.codec)) {
    throw videoError(
      'Unsupported Codec',
      `The video is encoded as ${probe.codec}; video ads take H.264, H.265, VP9 or AV1.`,
      undefined,
      352,
    );
  }
  const ratio = probe.width / probe.height;
  if (!(ratio >= META_VIDEO_RATIO_BOUNDS.min * 0.99 && ratio <= META_VIDEO_RATIO_BOUNDS.max * 1.01)) {
    throw videoError(
      'Unsupported Aspect Ratio',
      `The video is ${probe.width}×${probe.height}; its aspect ratio must be between 9:16 and 16:9.`,
    );
  }
  if (!(probe.seconds >= VIDEO_SECONDS.feed.min)) {
    throw videoError('Video Too Short', `The video is ${probe.seconds.toFixed(1)} s long; ads need at least 1 second.`);
  }
  if (probe.seconds > NON_RESUMABLE_MAX_SECONDS) {
    throw videoError('Video Too Long', 'Videos sent in one request can be at most 20 minutes long.');
  }
  const id = newVideoId(world, account);
  const video: AdVideoObject = {
    id,
    accountId: account.accountId,
    title: params.title ?? params.name ?? 'Untitled video',
    length: Math.round(probe.seconds * 1000) / 1000,
    width: probe.width,
    height: probe.height,
    bytes: bytes.length,
    container: probe.container,
    codec: probe.codec,
    createdTime: now,
    readyAt: new Date(now.getTime() + processingMs(probe.seconds)),
  };
  world.videos.set(id, video);
  world.revision += 1;
  return { id };
}

function newVideoId(world: World, account: AdAccount): string {
  for (let attempt = 0; ; attempt += 1) {
    const id = numericId(randomFor('video', account.accountId, world.revision, world.videos.size, attempt), '1207', 16);
    if (!world.videos.has(id)) return id;
  }
}

export function isVideoReady(video: AdVideoObject, now: Date): boolean {
  return now.getTime() >= video.readyAt.getTime();
}

/** Meta's VideoStatus while processing and once ready. */
function videoStatus(video: AdVideoObject, now: Date): Record<string, unknown> {
  if (isVideoReady(video, now)) {
    return {
      video_status: 'ready',
      uploading_phase: { status: 'complete', bytes_transferred: video.bytes },
      processing_phase: { status: 'complete' },
      publishing_phase: { status: 'complete' },
    };
  }
  const total = video.readyAt.getTime() - video.createdTime.getTime();
  const done = Math.max(0, Math.min(99, Math.floor((100 * (now.getTime() - video.createdTime.getTime())) / total)));
  return {
    video_status: 'processing',
    processing_progress: done,
    uploading_phase: { status: 'complete', bytes_transferred: video.bytes },
    processing_phase: { status: 'in_progress' },
    publishing_phase: { status: 'not_started' },
  };
}

const VIDEO_FIELDS = ['id', 'title', 'length', 'status', 'created_time', 'updated_time', 'format', 'picture'];

/** `GET /{video-id}?fields=…` (default `id`). */
export function readAdVideo(
  video: AdVideoObject,
  fields: readonly string[] | undefined,
  now: Date,
  origin: string,
): Record<string, unknown> {
  const wanted = fields ?? ['id'];
  for (const field of wanted) if (!VIDEO_FIELDS.includes(field)) throw nonexistingField(field, 'AdVideo');
  const time = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+0000');
  const values: Record<string, unknown> = {
    id: video.id,
    title: video.title,
    length: video.length,
    status: videoStatus(video, now),
    created_time: time(video.createdTime),
    updated_time: time(isVideoReady(video, now) ? video.readyAt : video.createdTime),
    format: [{ filter: 'native', width: video.width, height: video.height }],
    picture: `${origin}/__admin/avatar.svg`,
  };
  return Object.fromEntries(wanted.map((field) => [field, values[field]]));
}

/** The video an id names in this ad account, if any. */
export function findVideo(world: World, accountId: string, id: string): AdVideoObject | undefined {
  const video = world.videos.get(id);
  return video && video.accountId === accountId ? video : undefined;
}

/** A `file_url` is fetched only from this machine: the sandbox has no network, and says so. */
export async function fetchFileUrl(fileUrl: string): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(fileUrl);
  } catch {
    throw invalidParameter('(#100) Param file_url must be a valid URL');
  }
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) || !/^https?:$/.test(url.protocol)) {
    throw invalidParameter(
      `(#100) The Adsmith Meta sandbox fetches file_url only from this machine, not from ${url.hostname}`,
    );
  }
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) }).catch(() => undefined);
  if (!response?.ok) {
    throw videoError(
      'Video Not Downloaded',
      `The video at file_url could not be downloaded (${response?.status ?? 'no answer'}).`,
      1363019,
    );
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_VIDEO_UPLOAD_BODY_BYTES) {
    throw videoError('Video Too Large', 'The video you tried to upload is too large for the sandbox.', 1363023);
  }
  return bytes;
}

/**
 * The HTTP layer's part of an upload (the Graph handlers are synchronous): the file arrives as `source` (a
 * multipart file, or base64 text) or is fetched from `file_url`, and FFmpeg's demuxer reads it; the bytes and
 * what the demuxer found go on as parameters. A probe a client sent itself is dropped.
 */
export async function prepareVideoUpload(params: Record<string, string | undefined>): Promise<Record<string, string>> {
  const out = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  delete out[VIDEO_PROBE_PARAM];
  // A multipart file travels as `bytes` (request-input.ts); only one sent as `source` is the video.
  if (out.bytes !== undefined && out[UPLOADED_FILE_FIELD] === 'source') out.source = out.bytes;
  delete out.bytes;
  delete out[UPLOADED_FILE_FIELD];
  delete out[UPLOADED_FILE_NAME];
  if (out.upload_phase !== undefined) return out;
  let bytes: Buffer | undefined;
  if (out.source !== undefined) bytes = Buffer.from(out.source, 'base64');
  else if (out.file_url !== undefined) {
    bytes = await fetchFileUrl(out.file_url);
    out.source = bytes.toString('base64');
  }
  if (bytes === undefined || bytes.length < META_VIDEO_MIN_BYTES) return out;
  out[VIDEO_PROBE_PARAM] = JSON.stringify((await probeVideo(bytes)) ?? null);
  return out;
}
