import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { USER_ASSETS_PREFIX } from '@shared/buckets';
import type { DesignElements } from '@shared/graphics/design-elements';
import type { VideoSizeId } from '@shared/graphics/video-motion';
import { DOWNLOAD_URL_SECONDS } from '@shared/schemas/graphics-basics';
import { videoRatios, type VideoReply } from '@shared/schemas/graphics-video';
import { keyCondition, tableKey } from '@shared/table-keys';
import { queryAll } from '../aws/query-all';
import { notFound } from '../errors';
import { presignDownload, type AssetBucket } from '../graphics/asset-objects';
import type { GraphicsStore } from '../graphics/graphics-store';

/**
 * A rendered video ad, kept beside the workspace's designs (`video#<id>`, under its partition, so another
 * workspace's id is simply not found): the MP4 and its thumbnail under `users/{sub}/videos/{id}/`.
 */
export interface VideoRecord {
  videoId: string;
  designId: string;
  version: number;
  sizeId: VideoSizeId;
  seconds: number;
  width: number;
  height: number;
  createdAt: string;
  videoKey: string;
  videoBytes: number;
  videoFileName: string;
  thumbnailKey: string;
  thumbnailBytes: number;
  renderMs: number;
  /** The design's elements (template, layout, colours, picture, offer), for the creative report of its ads. */
  elements?: DesignElements;
}

const VIDEO = 'video#';

export const videoItemKey = (videoId: string) => `${VIDEO}${videoId}`;

export function videoObjectKey(userId: string, videoId: string, fileName: string): string {
  return `${USER_ASSETS_PREFIX}${userId}/videos/${videoId}/${fileName}`;
}

export async function putVideoRecord(store: GraphicsStore, userId: string, record: VideoRecord): Promise<void> {
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: { user_id: userId, item_key: videoItemKey(record.videoId), ...record },
      ConditionExpression: 'attribute_not_exists(item_key)',
    }),
  );
}

export async function getVideoRecord(store: GraphicsStore, userId: string, videoId: string): Promise<VideoRecord> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('graphicsItems', userId, videoItemKey(videoId)) }),
  );
  if (!reply.Item) throw notFound('That video does not exist.');
  const { user_id: _user, item_key: _key, ...record } = reply.Item;
  return record as VideoRecord;
}

/** The record as the API answers it, with fresh presigned URLs (the download saves under the file's name). */
export async function videoView(bucket: AssetBucket, record: VideoRecord, now: Date): Promise<VideoReply> {
  const thumbnailName = record.videoFileName.replace(/\.mp4$/, '-thumbnail.png');
  const [videoUrl, downloadUrl, thumbnailUrl] = await Promise.all([
    presignDownload(bucket, record.videoKey),
    presignDownload(bucket, record.videoKey, record.videoFileName),
    presignDownload(bucket, record.thumbnailKey),
  ]);
  return {
    videoId: record.videoId,
    designId: record.designId,
    version: record.version,
    sizeId: record.sizeId,
    ratio: videoRatios[record.sizeId],
    seconds: record.seconds,
    width: record.width,
    height: record.height,
    createdAt: record.createdAt,
    urlsExpireAt: new Date(now.getTime() + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
    video: {
      key: record.videoKey,
      url: videoUrl,
      downloadUrl,
      bytes: record.videoBytes,
      fileName: record.videoFileName,
      mimeType: 'video/mp4',
    },
    adVideo: {
      kind: 'video',
      assetKey: record.videoKey,
      thumbnailAssetKey: record.thumbnailKey,
      ratio: videoRatios[record.sizeId],
      seconds: record.seconds,
      width: record.width,
      height: record.height,
    },
    thumbnail: {
      key: record.thumbnailKey,
      url: thumbnailUrl,
      bytes: record.thumbnailBytes,
      fileName: thumbnailName,
      mimeType: 'image/png',
      width: record.width,
      height: record.height,
    },
  };
}

/** `GET /api/graphics/videos/{id}`: a video of the caller's workspace, presigned again. */
export async function readVideo(
  deps: { store: GraphicsStore; bucket: AssetBucket; now: () => Date },
  userId: string,
  videoId: string,
): Promise<VideoReply> {
  return videoView(deps.bucket, await getVideoRecord(deps.store, userId, videoId), deps.now());
}

/** How many videos the list answers: the newest, enough to pick from in the plan editor. */
export const VIDEO_LIST_LIMIT = 50;

/** `GET /api/graphics/videos`: the workspace's rendered videos, newest first, presigned again. */
export async function listVideos(
  deps: { store: GraphicsStore; bucket: AssetBucket; now: () => Date },
  userId: string,
): Promise<{ videos: VideoReply[] }> {
  const rows = await queryAll(deps.store.doc, {
    TableName: deps.store.table,
    KeyConditionExpression: keyCondition('graphicsItems', ':user', { beginsWith: ':prefix' }),
    ExpressionAttributeValues: { ':user': userId, ':prefix': VIDEO },
  });
  const records = rows
    .map(({ user_id: _user, item_key: _key, ...record }) => record as unknown as VideoRecord)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, VIDEO_LIST_LIMIT);
  const now = deps.now();
  return { videos: await Promise.all(records.map((record) => videoView(deps.bucket, record, now))) };
}
