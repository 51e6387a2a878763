import * as z from 'zod';
import { META_VIDEO_MIN_BYTES, META_VIDEO_SOURCE_MAX_BYTES } from '@shared/ad-video';
import { upstreamError, validationError } from '../errors';
import { categorise, GraphError } from './graph-errors';
import type { GraphClient } from './graph-client';

/**
 * Video ads through the Marketing API (issue 29 requirement 2): the MP4 goes to the ad account's video library
 * (`POST /act_{id}/advideos`, the file as multipart `source`: Meta's non-resumable upload, up to 1 GB), Meta
 * processes it (`GET /{video-id}?fields=status` → `status.video_status` `processing`, then `ready`, or `error`),
 * and only then can an ad use it; the creative names it in `object_story_spec.video_data` with a thumbnail from
 * the image library. Every reply is checked with zod.
 */

const VideoIdSchema = z.object({ id: z.string().regex(/^\d+$/) });

/** Meta's VideoStatus: `ready`, `processing`, `error`, `expired`; other values are read as "not ready yet". */
export const VideoStatusReplySchema = z.object({
  id: z.string(),
  status: z.looseObject({
    video_status: z.string(),
    processing_progress: z.number().optional(),
    processing_phase: z
      .looseObject({
        status: z.string().optional(),
        errors: z.array(z.looseObject({ code: z.number().optional(), message: z.string() })).optional(),
      })
      .optional(),
  }),
});
export type VideoStatusReply = z.infer<typeof VideoStatusReplySchema>;

export async function uploadAdVideo(
  graph: GraphClient,
  adAccountId: string,
  video: { bytes: Uint8Array; fileName: string; title: string },
): Promise<string> {
  // Meta's limits, said before sending: the request would only be refused.
  if (video.bytes.length < META_VIDEO_MIN_BYTES) throw validationError(`${video.fileName} is under Meta's 1 KB.`);
  if (video.bytes.length > META_VIDEO_SOURCE_MAX_BYTES) {
    throw validationError(`${video.fileName} is over the 1 GB Meta takes in one upload.`);
  }
  const reply = await graph.postFile(
    `/${adAccountId}/advideos`,
    { title: video.title.slice(0, 250) },
    { field: 'source', fileName: video.fileName, contentType: 'video/mp4', bytes: video.bytes },
    VideoIdSchema,
  );
  return reply.id;
}

/**
 * Whether a video this ad account's library took earlier can still be named in an ad: Meta still has it and did not
 * give up on it. A video deleted from the library answers like any missing object (100, subcode 33), and one that
 * failed processing or expired says `error` or `expired`: either way it must be uploaded again.
 */
export async function libraryVideoUsable(graph: GraphClient, videoId: string): Promise<boolean> {
  try {
    const reply = await graph.get(`/${videoId}`, { fields: 'id,status' }, VideoStatusReplySchema);
    return !UNUSABLE_STATUSES.has(reply.status.video_status);
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined;
    if (cause instanceof GraphError && categorise(cause) === 'not-found') return false;
    throw error;
  }
}

const UNUSABLE_STATUSES = new Set(['error', 'expired']);

export interface WaitOptions {
  /** The longest wait in all (a Lambda behind API Gateway has under 29 s). */
  maxWaitMs: number;
  /** The first pause; each next one is half as long again, up to `maxPauseMs`. */
  firstPauseMs?: number;
  maxPauseMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls the video's status until Meta says `ready`, with growing pauses, for at most `maxWaitMs`. A video Meta
 * could not process (`error`, `expired`) fails at once with Meta's words; one still processing at the end fails
 * saying so, with how far Meta had got.
 */
export async function waitUntilVideoReady(
  graph: GraphClient,
  videoId: string,
  options: WaitOptions,
): Promise<VideoStatusReply> {
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const started = now();
  let pause = options.firstPauseMs ?? 1000;
  for (;;) {
    const reply = await graph.get(`/${videoId}`, { fields: 'id,status' }, VideoStatusReplySchema);
    const status = reply.status.video_status;
    if (status === 'ready') return reply;
    if (status === 'error' || status === 'expired') {
      const why = reply.status.processing_phase?.errors?.[0]?.message;
      throw upstreamError(`Meta could not process the video ${videoId}${why ? `: ${why}` : ` (${status})`}.`);
    }
    const left = options.maxWaitMs - (now() - started);
    if (left <= 0) {
      const progress = reply.status.processing_progress;
      throw upstreamError(
        `Meta is still processing the video ${videoId}${progress !== undefined ? ` (${progress} %)` : ''}; publish again in a minute.`,
      );
    }
    await sleep(Math.min(pause, left));
    pause = Math.min(pause * 1.5, options.maxPauseMs ?? 4000);
  }
}

/** What `object_story_spec.video_data` carries for a video ad (Ad Creative Video Data reference). */
export interface VideoAdSpec {
  videoId: string;
  /** The thumbnail, an image of the account's library: Meta refuses a video creative without one. */
  imageHash: string;
  title: string;
  message: string;
  linkDescription?: string;
  callToAction: { type: string; link: string };
}

export function videoData(spec: VideoAdSpec): Record<string, unknown> {
  return {
    video_id: spec.videoId,
    image_hash: spec.imageHash,
    title: spec.title,
    message: spec.message,
    ...(spec.linkDescription ? { link_description: spec.linkDescription } : {}),
    call_to_action: { type: spec.callToAction.type, value: { link: spec.callToAction.link } },
  };
}
