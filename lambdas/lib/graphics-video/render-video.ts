import { randomUUID } from 'node:crypto';
import { checkDesign } from '@shared/graphics/design-checks';
import type { Design } from '@shared/graphics/design-schema';
import { videoFileName } from '@shared/graphics/export-file-names';
import type { VideoSizeId } from '@shared/graphics/video-motion';
import { graphicsStorageBytes } from '@shared/plans';
import type { VideoReply, VideoRequest } from '@shared/schemas/graphics-video';
import { conflict, validationError } from '../errors';
import { storageFull, type GraphicsDeps } from '../graphics/asset-uploads';
import { getDesign, releaseStorage, reserveStorage, StorageFullError } from '../graphics/graphics-store';
import { writeObjectsThenRecords } from '../graphics/pending-objects';
import { loadImages, refuseErrors } from '../graphics-export/export-design';
import type { AssetBytes } from '../graphics-render/render-design-image';
import type { QuotaGrant } from '../quota/plan-quota';
import { putVideoRecord, videoItemKey, videoObjectKey, videoView, type VideoRecord } from './video-records';

/** What the renderer hands back (lambdas/lib/video-render): the MP4 and its closing card as a PNG. */
export interface RenderedVideoFiles {
  mp4: Uint8Array;
  thumbnailPng: Uint8Array;
  width: number;
  height: number;
  seconds: number;
}

export interface VideoDeps extends GraphicsDeps {
  /** Counts one graphics export against the plan (throws QUOTA_EXCEEDED), and gives it back. */
  quota: {
    consume: (userId: string) => Promise<QuotaGrant>;
    refund: (userId: string, grant: QuotaGrant) => Promise<void>;
  };
  render: (
    design: Design,
    assets: AssetBytes,
    options: { sizeId: VideoSizeId; seconds: number },
  ) => Promise<RenderedVideoFiles>;
  log: (message: string, facts: Record<string, unknown>) => void;
}

/**
 * A video ad from a saved design, in the order an export keeps, so nothing is spent or written for a request that
 * cannot succeed: the design under the caller's own partition at the version they saw; the design checks of the
 * video's size (the words must sit inside the 9:16 safe zones); its images from the workspace's prefix; one graphics
 * export counted (429 before any work when used up); then the render, the storage reserved, the MP4 and its
 * thumbnail written before their record (pending-objects.ts), and presigned URLs back. A failure after counting
 * gives the export back.
 */
export async function renderVideo(
  deps: VideoDeps,
  userId: string,
  designId: string,
  request: VideoRequest,
): Promise<VideoReply> {
  const record = await getDesign(deps.store, userId, designId);
  if (record.version !== request.version) {
    throw conflict(
      `This design was saved again since (version ${record.version}, you have ${request.version}): reopen it, check it and make the video again.`,
    );
  }
  const design = record.design;
  if (design.cards) {
    throw validationError('A carousel cannot be made into a video: open a single design.', {
      id: 'This design is a carousel.',
    });
  }
  refuseErrors(checkDesign(design, request.sizeId));
  const images = await loadImages(deps, userId, [design]);

  const grant = await deps.quota.consume(userId);
  let reserved = 0;
  try {
    const started = deps.now().getTime();
    const rendered = await deps.render(design, images.bytes, { sizeId: request.sizeId, seconds: request.seconds });
    const renderMs = deps.now().getTime() - started;

    const total = rendered.mp4.length + rendered.thumbnailPng.length;
    try {
      await reserveStorage(deps.store, userId, total, graphicsStorageBytes[await deps.planOf(userId)]);
    } catch (error) {
      if (error instanceof StorageFullError) throw storageFull(error);
      throw error;
    }
    reserved = total;

    const videoId = randomUUID();
    const fileName = videoFileName(record.name, record.version, request.sizeId, request.seconds);
    const video: VideoRecord = {
      videoId,
      designId,
      version: record.version,
      sizeId: request.sizeId,
      seconds: rendered.seconds,
      width: rendered.width,
      height: rendered.height,
      createdAt: deps.now().toISOString(),
      videoKey: videoObjectKey(userId, videoId, fileName),
      videoBytes: rendered.mp4.length,
      videoFileName: fileName,
      thumbnailKey: videoObjectKey(userId, videoId, 'thumbnail.png'),
      thumbnailBytes: rendered.thumbnailPng.length,
      renderMs,
    };
    // From here the storage reservation is the marked write's to give back.
    reserved = 0;
    await writeObjectsThenRecords(
      deps,
      userId,
      [
        {
          key: video.videoKey,
          record: videoItemKey(videoId),
          bytes: video.videoBytes,
          body: Buffer.from(rendered.mp4),
          contentType: 'video/mp4',
        },
        {
          key: video.thumbnailKey,
          record: videoItemKey(videoId),
          bytes: video.thumbnailBytes,
          body: Buffer.from(rendered.thumbnailPng),
          contentType: 'image/png',
        },
      ],
      () => putVideoRecord(deps.store, userId, video),
    );
    deps.log('Video rendered', { videoId, sizeId: request.sizeId, seconds: request.seconds, renderMs, bytes: total });
    return {
      ...(await videoView(deps.bucket, video, deps.now())),
      usage: { used: grant.used, limit: grant.limit, resetsAt: grant.resetsAt },
    };
  } catch (error) {
    await deps.quota.refund(userId, grant);
    if (reserved > 0) await releaseStorage(deps.store, userId, reserved);
    throw error;
  }
}
