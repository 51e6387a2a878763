import * as z from 'zod';
import { AdVideoSchema } from '../ad-video';
import { MAX_VIDEO_SECONDS, MIN_VIDEO_SECONDS, videoSizeIds } from '../graphics/video-motion';
import { ExportUsageSchema } from './graphics-basics';

/** Requests and replies of the video ads made from a saved design (`graphics-video`, issue 29 req 2). */

export const VideoSizeIdSchema = z.enum(videoSizeIds);

/** Meta's names for the two shapes a video is made in. */
export const videoRatios = { story: '9:16', square: '1:1' } as const satisfies Record<
  z.infer<typeof VideoSizeIdSchema>,
  string
>;
export type VideoRatio = (typeof videoRatios)[keyof typeof videoRatios];

export const VideoRequestSchema = z.strictObject({
  /** The saved version the person looked at: a newer save answers 409, as an export does. */
  version: z.number().int().min(1),
  sizeId: VideoSizeIdSchema,
  seconds: z
    .number()
    .int('Whole seconds.')
    .min(MIN_VIDEO_SECONDS, `At least ${MIN_VIDEO_SECONDS} seconds.`)
    .max(MAX_VIDEO_SECONDS, `At most ${MAX_VIDEO_SECONDS} seconds.`),
});
export type VideoRequest = z.infer<typeof VideoRequestSchema>;

const VideoIdSchema = z.string().regex(/^[0-9a-f-]{36}$/, 'Unknown id.');
export const VideoIdParamsSchema = z.object({ id: VideoIdSchema });

/** A stored file of the video, presigned for DOWNLOAD_URL_SECONDS. `key` is its object in the assets bucket. */
const StoredFileSchema = z.object({
  key: z.string(),
  url: z.string().url(),
  bytes: z.number().int().positive(),
  fileName: z.string(),
});

/**
 * A rendered video ad: the MP4 and a PNG of its closing card (the thumbnail Meta asks for beside a video), both in
 * the workspace's part of the assets bucket, with what the ad's creative needs to name them.
 */
export const VideoReplySchema = z.object({
  videoId: VideoIdSchema,
  designId: VideoIdSchema,
  version: z.number().int(),
  sizeId: VideoSizeIdSchema,
  ratio: z.enum(['9:16', '1:1']),
  seconds: z.number().positive(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
  /** When the presigned URLs below stop working. */
  urlsExpireAt: z.string(),
  /** `url` plays inline (the preview); `downloadUrl` saves the file under its name. */
  video: StoredFileSchema.extend({ mimeType: z.literal('video/mp4'), downloadUrl: z.string().url() }),
  thumbnail: StoredFileSchema.extend({
    mimeType: z.literal('image/png'),
    width: z.number().int(),
    height: z.number().int(),
  }),
  /** The video as a plan's ad names it (`format: 'video'`): what the campaign publisher uploads to the ad account. */
  adVideo: AdVideoSchema,
  /** The plan's graphics exports after this one (a video counts as one export); absent when only reading it. */
  usage: ExportUsageSchema.optional(),
});
export type VideoReply = z.infer<typeof VideoReplySchema>;

/** The workspace's rendered videos, newest first (the plan editor picks a video ad's video from them). */
export const VideoListSchema = z.object({ videos: z.array(VideoReplySchema) });
export type VideoList = z.infer<typeof VideoListSchema>;

/**
 * A video being rendered in the background (`graphics-video-worker`): `POST …/videos` answers 202 with it and the web
 * polls `GET /api/graphics/video-renders/{id}` until it is `ready` (with the video, the same reply as
 * `GET /api/graphics/videos/{id}`) or `failed` (with the reason, in words; the export was given back).
 * The job's id is the video's id.
 */
export const videoRenderStatuses = ['rendering', 'ready', 'failed'] as const;
export type VideoRenderStatus = (typeof videoRenderStatuses)[number];

export const VideoRenderSchema = z.object({
  jobId: VideoIdSchema,
  designId: VideoIdSchema,
  version: z.number().int(),
  sizeId: VideoSizeIdSchema,
  ratio: z.enum(['9:16', '1:1']),
  seconds: z.number().int(),
  status: z.enum(videoRenderStatuses),
  /** Share of the frames encoded (0–100), written by the worker as it goes. */
  progress: z.number().min(0).max(100),
  createdAt: z.string(),
  /** The design's name when the render was queued (absent on renders queued before it was kept). */
  designName: z.string().optional(),
  /** When it became ready or failed. */
  finishedAt: z.string().optional(),
  /** Why it failed, to show as is. */
  error: z.string().optional(),
  video: VideoReplySchema.optional(),
  /** The plan's graphics exports after this one; only in the 202 that counted it. */
  usage: ExportUsageSchema.optional(),
});
export type VideoRender = z.infer<typeof VideoRenderSchema>;

/**
 * The workspace's renders still under way, and those that ended and were not yet seen ending
 * (`GET /api/graphics/video-renders`), newest first.
 */
export const VideoRenderListSchema = z.object({ renders: z.array(VideoRenderSchema) });
export type VideoRenderList = z.infer<typeof VideoRenderListSchema>;

/** The message `graphics-video` queues for the worker (`videoRenders`): whose job, which one. */
export const VideoRenderMessageSchema = z.strictObject({
  userId: z.string().min(1),
  jobId: VideoIdSchema,
});
export type VideoRenderMessage = z.infer<typeof VideoRenderMessageSchema>;

/**
 * Roughly how long a render takes, for the progress line (seconds): on one vCPU a second of 1080×1920 video takes
 * ~0.7 s and of 1080×1080 ~0.4 s (docs/benchmarks.md), plus the queue and a cold start. A guide, not a promise.
 */
export function expectedRenderSeconds(sizeId: z.infer<typeof VideoSizeIdSchema>, seconds: number): number {
  return Math.round(5 + seconds * (sizeId === 'story' ? 1 : 0.6));
}
