import { checkDesign } from '@shared/graphics/design-checks';
import { designElements, type DesignElements } from '@shared/graphics/design-elements';
import type { Design } from '@shared/graphics/design-schema';
import { videoFileName } from '@shared/graphics/export-file-names';
import type { VideoSizeId } from '@shared/graphics/video-motion';
import { graphicsStorageBytes } from '@shared/plans';
import type { VideoRequest } from '@shared/schemas/graphics-video';
import { conflict, validationError } from '../errors';
import { storageFull, type GraphicsDeps } from '../graphics/asset-uploads';
import { getDesign, reserveStorage, StorageFullError, type DesignRecord } from '../graphics/graphics-store';
import { writeObjectsThenRecords } from '../graphics/pending-objects';
import { loadImages, refuseErrors } from '../graphics-export/export-design';
import type { AssetBytes } from '../graphics-render/render-design-image';
import { putVideoRecord, videoItemKey, videoObjectKey, type VideoRecord } from './video-records';

/** What the renderer hands back (lambdas/lib/video-render): the MP4 and its closing card as a PNG. */
export interface RenderedVideoFiles {
  mp4: Uint8Array;
  thumbnailPng: Uint8Array;
  width: number;
  height: number;
  seconds: number;
}

/** The render step: the renderer, and the frames it has done (the worker writes them as the job's progress). */
export type VideoRenderer = (
  design: Design,
  assets: AssetBytes,
  options: { sizeId: VideoSizeId; seconds: number; onFrames?: (done: number, total: number) => Promise<void> },
) => Promise<RenderedVideoFiles>;

export interface CheckedVideoRequest {
  record: DesignRecord;
  images: AssetBytes;
  elements: DesignElements;
}

export interface VideoDeps extends GraphicsDeps {
  render: VideoRenderer;
  log: (message: string, facts: Record<string, unknown>) => void;
}

/**
 * What must hold before a video is worth rendering, in the order an export keeps, so nothing is spent for a request
 * that cannot succeed: the design under the caller's own partition at the version they saw (409 otherwise), not a
 * carousel, the design checks of the video's size (the words must sit inside the 9:16 safe zones), and its images
 * in the workspace's prefix (their bytes, for the renderer; what they are, for the design's elements). Run when the render is asked for and again by the worker
 * (the design or an image may have changed in between).
 */
export async function checkVideoRequest(
  deps: GraphicsDeps,
  userId: string,
  designId: string,
  request: VideoRequest,
): Promise<CheckedVideoRequest> {
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
  // The creative report's elements of the design, as an export records them on its images.
  return { record, images: images.bytes, elements: designElements(design, images.placed) };
}

/**
 * Renders the checked design and stores the video under the given id: the storage reserved, the MP4 and its
 * thumbnail written before their record `video#<id>` (pending-objects.ts: a failure part-way leaves neither a
 * recordless object nor reserved bytes). Throws on any failure, with nothing kept.
 */
export async function renderAndStoreVideo(
  deps: VideoDeps,
  userId: string,
  videoId: string,
  checked: CheckedVideoRequest,
  request: VideoRequest,
  onFrames?: (done: number, total: number) => Promise<void>,
): Promise<VideoRecord> {
  const { record } = checked;
  const started = deps.now().getTime();
  const rendered = await deps.render(record.design, checked.images, {
    sizeId: request.sizeId,
    seconds: request.seconds,
    ...(onFrames && { onFrames }),
  });
  const renderMs = deps.now().getTime() - started;

  const total = rendered.mp4.length + rendered.thumbnailPng.length;
  try {
    await reserveStorage(deps.store, userId, total, graphicsStorageBytes[await deps.planOf(userId)]);
  } catch (error) {
    if (error instanceof StorageFullError) throw storageFull(error);
    throw error;
  }

  const fileName = videoFileName(record.name, record.version, request.sizeId, request.seconds);
  const video: VideoRecord = {
    videoId,
    designId: record.id,
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
    elements: checked.elements,
  };
  // From here the storage reservation is the marked write's to give back.
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
  deps.log('Video rendered', {
    videoId,
    sizeId: request.sizeId,
    seconds: request.seconds,
    renderMs,
    bytes: total,
  });
  return video;
}
