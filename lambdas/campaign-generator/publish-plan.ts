import { createHash } from 'node:crypto';
import * as z from 'zod';
import type { AdVideo } from '@shared/ad-video';
import type { CampaignPlan, PlanAd, PlanAdSet, PlanBudget, PublishStep } from '@shared/schemas/campaign-plan';
import type { GraphClient } from '../lib/meta/graph-client';
import { GraphError, metaWordsForPeople } from '../lib/meta/graph-errors';
import { libraryVideoUsable, uploadAdVideo, waitUntilVideoReady, type WaitOptions } from '../lib/meta/ad-videos';
import type { AccountFacts } from './build-plan';
import { creativeParams, targetingSpec } from './meta-targeting';

/**
 * Publishes a plan to Meta in Meta's order — campaign, ad sets, creatives, ads —
 * with the campaign PAUSED, so nothing delivers or spends, and its ad sets and ads
 * ACTIVE beneath it, so the one switch the product offers (resume the campaign on
 * /campaigns, "paused until you turn it on") starts it: with everything paused,
 * resuming the campaign delivered nothing and nothing in the product could start
 * its ad sets and ads. Images are in the ad account's library already (their bytes
 * went to `adimages` when they were chosen), so creatives name them by hash and a
 * rollback leaves the library alone. Creates are never retried (a retried
 * create could make a second object); if any step fails, what was created is
 * deleted again in reverse order and the failure carries what Meta said.
 */

export interface CreatedObject {
  kind: PublishStep['kind'];
  label: string;
  id: string;
}

/** A created ad with the plan ad it was made from: its elements are recorded for the creative report. */
export interface PublishedAd {
  id: string;
  ad: PlanAd;
}

export class PublishFailedError extends Error {
  override name = 'PublishFailedError';
  constructor(
    message: string,
    readonly steps: PublishStep[],
    readonly failedStep: string,
  ) {
    super(message);
  }
}

/**
 * Where a video ad's files come from: the user's objects in the assets bucket (the render function's MP4 and
 * thumbnail), and how long publishing may wait for Meta to process the videos.
 */
export interface PublishMedia {
  readAsset(key: string): Promise<Uint8Array>;
  wait: Omit<WaitOptions, 'maxWaitMs'> & { maxWaitMs: number };
  /** Videos already in an ad account's library, by the SHA-256 of their bytes (absent: every publish uploads). */
  uploads?: UploadedVideos;
}

/** A video ad's video and thumbnail in the ad account's libraries. */
export interface UploadedVideo {
  videoId: string;
  imageHash: string;
}

/**
 * What was uploaded to which ad account, keyed by the video's content hash: a publish that failed after its upload
 * (a refused ad, a rollback) sends nothing again on retry, as Meta's video ids stay valid in the account's library.
 */
export interface UploadedVideos {
  get(adAccountId: string, sha256: string): Promise<UploadedVideo | undefined>;
  put(adAccountId: string, sha256: string, uploaded: UploadedVideo): Promise<void>;
}

const IdSchema = z.object({ id: z.string() });
const AdImagesReplySchema = z.object({
  images: z.record(z.string(), z.object({ hash: z.string().min(1) })),
});

/**
 * One video and its thumbnail in the ad account's libraries: named again when this account's library holds its bytes
 * already (`media.uploads`, by content hash, checked with Meta first), else the thumbnail goes to `adimages` and the
 * MP4 to `advideos`, and the pair is remembered. Publishing and previewing both come here, so a previewed video is
 * not uploaded again when the plan is published.
 */
export async function uploadVideoOnce(
  graph: GraphClient,
  adAccountId: string,
  video: AdVideo,
  title: string,
  media: PublishMedia,
): Promise<UploadedVideo> {
  const bytes = await media.readAsset(video.assetKey);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const known = await media.uploads?.get(adAccountId, sha256);
  // Someone may have deleted it from the library since (Ads Manager, or Meta expiring it): then upload again.
  if (known && (await libraryVideoUsable(graph, known.videoId))) return known;
  const thumbnail = await media.readAsset(video.thumbnailAssetKey);
  const name = video.thumbnailAssetKey.split('/').pop()!;
  const images = await graph.post(
    `/${adAccountId}/adimages`,
    { bytes: Buffer.from(thumbnail).toString('base64'), name },
    AdImagesReplySchema,
  );
  const imageHash = Object.values(images.images)[0]?.hash;
  if (!imageHash) throw new Error('Meta did not take the video thumbnail.');
  const videoId = await uploadAdVideo(graph, adAccountId, {
    bytes,
    fileName: video.assetKey.split('/').pop()!,
    title,
  });
  // Remembered at once, before anything later can fail; a lost row only means the next attempt uploads again.
  await media.uploads?.put(adAccountId, sha256, { videoId, imageHash }).catch(() => undefined);
  return { videoId, imageHash };
}

/**
 * Sends every video ad's thumbnail and video to the ad account, once per distinct video (uploadVideoOnce). Library
 * items, like images, are not rolled back.
 */
export async function uploadPlanVideos(
  graph: GraphClient,
  plan: CampaignPlan,
  media: PublishMedia | undefined,
): Promise<Map<string, UploadedVideo>> {
  const uploaded = new Map<string, UploadedVideo>();
  for (const ad of plan.adSets.flatMap((set) => set.ads)) {
    const video = ad.format === 'video' ? ad.video : undefined;
    if (!video || uploaded.has(video.assetKey)) continue;
    if (!media) throw new Error('Video ads need the assets bucket to publish.');
    uploaded.set(video.assetKey, await uploadVideoOnce(graph, plan.adAccountId, video, ad.headline || ad.name, media));
  }
  return uploaded;
}
const SuccessSchema = z.object({ success: z.boolean() });

function budgetParams(budget: PlanBudget | null): Record<string, number> {
  if (!budget) return {};
  return budget.type === 'daily' ? { daily_budget: budget.amountMinor } : { lifetime_budget: budget.amountMinor };
}

function promotedObject(set: PlanAdSet): Record<string, string> | undefined {
  const object = set.promotedObject;
  if (!object) return undefined;
  const out: Record<string, string> = {};
  if (object.pixelId) out.pixel_id = object.pixelId;
  if (object.customEventType) out.custom_event_type = object.customEventType;
  if (object.pageId) out.page_id = object.pageId;
  if (object.applicationId) out.application_id = object.applicationId;
  if (object.objectStoreUrl) out.object_store_url = object.objectStoreUrl;
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * Where a special-ad-category campaign runs: every country its ad sets target (a country narrowed to
 * regions or cities still counts). Meta refuses such a campaign without `special_ad_category_country`.
 */
export function specialAdCategoryCountries(plan: CampaignPlan): string[] {
  if (plan.campaign.specialAdCategories.length === 0) return [];
  return [...new Set(plan.adSets.flatMap((set) => set.targeting.countries))].sort();
}

/** What Meta said, in the words it meant for people when it gave any. */
export function metaMessage(error: unknown): string {
  // The Graph client throws our AppError with Meta's GraphError as its cause.
  const graphError = error instanceof GraphError ? error : (error as { cause?: unknown } | null)?.cause;
  if (graphError instanceof GraphError && graphError.meta) {
    return metaWordsForPeople(graphError.meta) ?? graphError.meta.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Deletes created objects newest first; returns the steps with their rollback outcome. */
export async function rollBack(
  graph: GraphClient,
  adAccountId: string,
  created: readonly CreatedObject[],
): Promise<PublishStep[]> {
  const steps: PublishStep[] = [];
  for (const object of [...created].reverse()) {
    try {
      await graph.delete(`/${object.id}`, undefined, SuccessSchema);
      steps.unshift({ kind: object.kind, label: object.label, id: object.id, status: 'rolled_back' });
    } catch {
      // Left behind: reported as created so the user can see what remains at Meta.
      steps.unshift({ kind: object.kind, label: object.label, id: object.id, status: 'created' });
    }
  }
  return steps;
}

export async function publishPlan(
  graph: GraphClient,
  plan: CampaignPlan,
  facts: AccountFacts,
  onProgress: (steps: PublishStep[]) => Promise<void> = async () => {},
  media?: PublishMedia,
): Promise<{ campaignId: string; created: CreatedObject[]; ads: PublishedAd[] }> {
  const account = plan.adAccountId;
  const created: CreatedObject[] = [];
  const publishedAds: PublishedAd[] = [];
  const progress = () =>
    onProgress(created.map((object) => ({ kind: object.kind, label: object.label, id: object.id, status: 'created' })));
  let current = '';
  const step = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
    current = label;
    return run();
  };

  try {
    // Videos first: Meta processes them while the campaign and ad sets are made.
    current = 'Videos';
    const videos = await uploadPlanVideos(graph, plan, media);
    const campaign = plan.campaign;
    const campaignId = await step(`Campaign "${campaign.name}"`, async () => {
      const { id } = await graph.post(
        `/${account}/campaigns`,
        {
          name: campaign.name,
          objective: campaign.objective,
          buying_type: campaign.buyingType,
          status: 'PAUSED',
          special_ad_categories: campaign.specialAdCategories,
          ...(campaign.specialAdCategories.length > 0 && {
            special_ad_category_country: specialAdCategoryCountries(plan),
          }),
          ...budgetParams(campaign.budget),
          ...(campaign.budget
            ? { bid_strategy: campaign.bidStrategy }
            : { is_adset_budget_sharing_enabled: campaign.isAdsetBudgetSharingEnabled ?? false }),
        },
        IdSchema,
      );
      created.push({ kind: 'campaign', label: current, id });
      await progress();
      return id;
    });

    const adSetIds: string[] = [];
    for (const set of plan.adSets) {
      const id = await step(`Ad set "${set.name}"`, async () => {
        const promoted = promotedObject(set);
        const reply = await graph.post(
          `/${account}/adsets`,
          {
            name: set.name,
            campaign_id: campaignId,
            optimization_goal: set.optimizationGoal,
            billing_event: set.billingEvent,
            destination_type: set.destinationType,
            ...(promoted && { promoted_object: promoted }),
            targeting: targetingSpec(set.targeting),
            ...budgetParams(set.budget),
            ...(set.bidStrategy && { bid_strategy: set.bidStrategy }),
            ...(set.bidAmountMinor !== undefined && { bid_amount: set.bidAmountMinor }),
            start_time: set.startTime,
            end_time: set.endTime,
            status: 'ACTIVE',
          },
          IdSchema,
        );
        return reply.id;
      });
      created.push({ kind: 'adset', label: current, id });
      adSetIds.push(id);
      await progress();
    }

    if (videos.size > 0 && media) {
      current = 'Videos';
      const started = (media.wait.now ?? Date.now)();
      for (const { videoId } of videos.values()) {
        const spent = (media.wait.now ?? Date.now)() - started;
        await waitUntilVideoReady(graph, videoId, {
          ...media.wait,
          maxWaitMs: Math.max(0, media.wait.maxWaitMs - spent),
        });
      }
    }

    const creativeIds: string[][] = [];
    for (const set of plan.adSets) {
      const ids: string[] = [];
      for (const ad of set.ads) {
        const id = await step(`Creative for "${ad.name}"`, async () => {
          const reply = await graph.post(
            `/${account}/adcreatives`,
            {
              name: `${ad.name} creative`,
              ...creativeParams(ad, facts.pageId ?? '', ad.video ? videos.get(ad.video.assetKey) : undefined),
            },
            IdSchema,
          );
          return reply.id;
        });
        created.push({ kind: 'creative', label: current, id });
        ids.push(id);
        await progress();
      }
      creativeIds.push(ids);
    }

    for (const [setIndex, set] of plan.adSets.entries()) {
      for (const [adIndex, ad] of set.ads.entries()) {
        const id = await step(`Ad "${ad.name}"`, async () => {
          const reply = await graph.post(
            `/${account}/ads`,
            {
              name: ad.name,
              adset_id: adSetIds[setIndex],
              creative: { creative_id: creativeIds[setIndex]![adIndex] },
              status: 'ACTIVE',
            },
            IdSchema,
          );
          return reply.id;
        });
        created.push({ kind: 'ad', label: current, id });
        publishedAds.push({ id, ad });
        await progress();
      }
    }
    return { campaignId, created, ads: publishedAds };
  } catch (error) {
    const steps = await rollBack(graph, account, created);
    steps.push({ kind: kindOf(current), label: current, status: 'failed' });
    throw new PublishFailedError(metaMessage(error), steps, current);
  }
}

function kindOf(label: string): PublishStep['kind'] {
  if (label.startsWith('Campaign')) return 'campaign';
  if (label.startsWith('Videos')) return 'video';
  if (label.startsWith('Ad set')) return 'adset';
  if (label.startsWith('Creative')) return 'creative';
  return 'ad';
}
