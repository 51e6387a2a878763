import * as z from 'zod';
import { AdVideoSchema } from '../ad-video';
import { MAX_VIDEO_SECONDS, MIN_VIDEO_SECONDS, videoSizeIds } from '../graphics/video-motion';
import { ExportUsageSchema } from './graphics';

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
