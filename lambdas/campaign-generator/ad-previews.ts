import * as z from 'zod';
import type { PlanAd, PreviewList, PREVIEW_FORMATS } from '@shared/schemas/campaign-plan';
import type { GraphClient } from '../lib/meta/graph-client';
import type { MetaSession } from '../lib/meta-session/session';
import { adInLanguage } from './language-ad-sets';
import { accountFacts, creativeParams, storySpec } from './meta-targeting';
import { uploadVideoOnce, type PublishMedia, type UploadedVideo } from './publish-plan';

/**
 * Meta's own previews of a plan's ad (`GET /act_{id}/generatepreviews`, one per placement format), drawn from the
 * creative publish will send. A video ad is previewed as the video ad: its video goes to the ad account first (or is
 * named again by its content hash, as publish does, so publishing later uploads nothing), and the creative's
 * `object_story_spec.video_data` names it — Meta's preview of a video ad needs the library video's id.
 */

type PreviewFormat = (typeof PREVIEW_FORMATS)[number];

const PreviewReplySchema = z.object({ data: z.array(z.object({ body: z.string() })).min(1) });

/**
 * The ad as each language's people see it: an ad with versions in further languages is one ad per language (as
 * publish sends carousel and video ads, one ad set per language; a single-image ad's multi-language creative shows
 * each locale its own version), each previewed in its words.
 */
export function previewVersions(ad: PlanAd): PlanAd[] {
  if (!ad.translations?.length) return [ad];
  return [ad.language ?? 'en', ...ad.translations.map((version) => version.language)].map((language) =>
    adInLanguage(ad, language),
  );
}

/**
 * The `creative` generatepreviews is given: for a video ad the very `object_story_spec.video_data` publish sends
 * (creativeParams: video id, thumbnail, title, message, description, button and link); else the ad's link or
 * carousel story.
 */
export function previewCreative(ad: PlanAd, pageId: string, video?: UploadedVideo): Record<string, unknown> {
  if (ad.format === 'video') return creativeParams(ad, pageId, video);
  return { object_story_spec: storySpec(ad, pageId) };
}

export async function previews(
  session: MetaSession,
  adAccountId: string,
  ad: PlanAd,
  formats: readonly PreviewFormat[],
  media?: PublishMedia,
): Promise<PreviewList> {
  const facts = await accountFacts(session, adAccountId);
  if (!facts.pageId) return { previews: [] };
  return previewAd(session.graph, { adAccountId, pageId: facts.pageId }, ad, formats, media);
}

/** The previews of one ad in an account with a Page: its video sent (or named again) first, then one per format. */
export async function previewAd(
  graph: GraphClient,
  account: { adAccountId: string; pageId: string },
  ad: PlanAd,
  formats: readonly PreviewFormat[],
  media?: PublishMedia,
): Promise<PreviewList> {
  let video: UploadedVideo | undefined;
  if (ad.format === 'video' && ad.video) {
    if (!media) throw new Error('Video ads need the assets bucket to preview.');
    video = await uploadVideoOnce(graph, account.adAccountId, ad.video, ad.headline || ad.name, media);
  }
  const versions = previewVersions(ad);
  const list = await Promise.all(
    versions.flatMap((version) =>
      formats.map(async (format) => {
        const reply = await graph.get(
          `/${account.adAccountId}/generatepreviews`,
          { ad_format: format, creative: previewCreative(version, account.pageId, video) },
          PreviewReplySchema,
        );
        return {
          format,
          html: reply.data[0]!.body,
          ...(versions.length > 1 && version.language !== undefined ? { language: version.language } : {}),
        };
      }),
    ),
  );
  return { previews: list };
}
