import * as z from 'zod';

/**
 * A video ad's video (issue 29 requirement 2): the MP4 the render function stored in the assets bucket and the
 * thumbnail image stored beside it. The campaign publisher sends both to the ad account (`advideos`, `adimages`)
 * and names them in the creative's `object_story_spec.video_data`; the pre-publish validator checks them against
 * Meta's video rules below. Sources (Meta's own pages):
 * - Graph API video uploads: non-resumable (`source` multipart or `file_url`) up to 1 GB and 20 minutes; aspect
 *   ratio between 9:16 and 16:9; MP4 and MOV among the accepted containers.
 * - Video API error codes: 6000 with subcodes 1363022 (under 1 KB), 1363023 (too large), 1363031 (not a video).
 * - Ad Creative Video Data reference: `video_id`, a thumbnail by `image_hash` or `image_url`, `call_to_action`,
 *   `title`, `message`, `link_description`; Meta refuses a video creative without a thumbnail (subcode 1443226).
 * - Reels and Stories: 9:16, at least 540×960, 3 to 90 seconds (Page Stories / Reels publishing specs); Stories ads
 *   at most 60 s; Feed: 1:1 or 4:5 (9:16 is cropped to 4:5 in feeds).
 */

export const AD_VIDEO_RATIOS = ['9:16', '1:1'] as const;
export type AdVideoRatio = (typeof AD_VIDEO_RATIOS)[number];

/** An object of the user's in the assets bucket (`users/{sub}/…`): the publisher reads only the user's own keys. */
const userAssetKey = (extensions: RegExp, what: string) =>
  z
    .string()
    .max(1024)
    .regex(/^users\/[^/]+\/[^\s]+$/, `The ${what} is not one of your stored files.`)
    .refine((key) => !key.split('/').includes('..'), `The ${what} is not one of your stored files.`)
    .refine((key) => extensions.test(key), `The ${what} has the wrong file type.`);

export const AdVideoSchema = z.object({
  kind: z.literal('video'),
  /** The MP4 in the assets bucket, e.g. `users/{sub}/videos/{id}/video.mp4`. */
  assetKey: userAssetKey(/\.mp4$/i, 'video'),
  /** The thumbnail Meta shows before the video plays (PNG or JPEG), same ratio as the video. */
  thumbnailAssetKey: userAssetKey(/\.(png|jpe?g)$/i, 'thumbnail'),
  ratio: z.enum(AD_VIDEO_RATIOS),
  /** What the render made, so the validator judges duration and size without reading the file. */
  seconds: z.number().positive().max(3600),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type AdVideo = z.infer<typeof AdVideoSchema>;

/** Meta's non-resumable upload limit (Graph API video uploads); larger files need the chunked protocol. */
export const META_VIDEO_SOURCE_MAX_BYTES = 1024 * 1024 * 1024;
/** Meta refuses a video under 1 KB (subcode 1363022). */
export const META_VIDEO_MIN_BYTES = 1024;
/** Ratio bounds of any uploaded video (Graph API video uploads: between 9:16 and 16:9). */
export const META_VIDEO_RATIO_BOUNDS = { min: 9 / 16, max: 16 / 9 } as const;

/** Seconds per placement family (Meta's specs above); feed videos may run far longer than Adsmith makes. */
export const VIDEO_SECONDS = {
  feed: { min: 1, max: 241 * 60 },
  stories: { min: 1, max: 60 },
  reels: { min: 3, max: 90 },
} as const;

/** The smallest 9:16 frame Reels and Stories take. */
export const VERTICAL_MIN_SIZE = { width: 540, height: 960 } as const;

/** Meta's tolerance for an aspect ratio (Ads Guide: 3 %). */
const RATIO_TOLERANCE = 0.03;

export function ratioOf(width: number, height: number): AdVideoRatio | undefined {
  const ratio = width / height;
  const shapes: [AdVideoRatio, number][] = [
    ['9:16', 9 / 16],
    ['1:1', 1],
  ];
  return shapes.find(([, value]) => Math.abs(ratio - value) / value <= RATIO_TOLERANCE)?.[0];
}

/** What a brief's words ask of a video ad ("a 10-second vertical video ad"); null when they ask for none. */
export interface VideoAsk {
  seconds?: number;
  ratio?: AdVideoRatio;
}

/**
 * Reads a video ad asked for in words: "video ad", "video ads" or a shape or length next to "video" ("vertical
 * video", "10-second video"). A product that merely is a video ("video course", "video games") is no ask.
 */
export function videoAskedIn(text: string): VideoAsk | null {
  const lower = text.toLowerCase();
  const ask =
    /\bvideo ads?\b/.test(lower) ||
    /\b(vertical|square|portrait|9:16|1:1|short|\d{1,2}[- ]?(s|sec|secs|second|seconds))\s+video\b/.test(lower);
  if (!ask) return null;
  const seconds = /\b(\d{1,2})[- ]?(?:s|sec|secs|second|seconds)\b/.exec(lower);
  const ratio = /\b(vertical|portrait|9:16|story|stories|reels?)\b/.test(lower)
    ? '9:16'
    : /\b(square|1:1)\b/.test(lower)
      ? '1:1'
      : undefined;
  return {
    ...(seconds ? { seconds: Number(seconds[1]) } : {}),
    ...(ratio ? { ratio } : {}),
  };
}
