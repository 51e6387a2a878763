import * as z from 'zod';
import { AdVideoSchema } from '@shared/ad-video';
import type { VideoReply } from '@shared/schemas/graphics-video';

/**
 * The video of a video brief as the form holds it: what the plan's ads name (`adVideo`: the MP4 and thumbnail in
 * the user's part of the assets bucket, uploaded to the ad account when the plan is published) and, for the form
 * only, its poster and what it was made from.
 */
export const BriefVideoSchema = z.object({
  adVideo: AdVideoSchema,
  videoId: z.string(),
  /** Shown on the form only; never sent. */
  posterUrl: z.string().optional(),
  /** "10 s 9:16 video of Spring mugs". */
  label: z.string(),
});
export type BriefVideo = z.infer<typeof BriefVideoSchema>;

export function briefVideoOf(reply: VideoReply, designName?: string): BriefVideo {
  return {
    adVideo: reply.adVideo,
    videoId: reply.videoId,
    posterUrl: reply.thumbnail.url,
    label: `${reply.seconds} s ${reply.ratio} video${designName ? ` of ${designName}` : ''}`,
  };
}

const VideoIdSchema = z.string().regex(/^[0-9a-f-]{36}$/);

/** `/campaign-generator?videoId=…` (the graphics editor's "Use in an ad"): the video's id, when it looks like one. */
export function videoIdFromLink(search: URLSearchParams): string | undefined {
  const id = search.get('videoId') ?? '';
  return VideoIdSchema.safeParse(id).success ? id : undefined;
}
