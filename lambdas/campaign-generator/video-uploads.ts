import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { tableKey } from '@shared/table-keys';
import type { UploadedVideo, UploadedVideos } from './publish-plan';

/**
 * The videos a user's publishes sent to each ad account, by content hash: items `meta-video#<act_id>#<sha256>` in
 * the user's partition of the graphics table, beside the videos they were made from. Meta keeps a library video's
 * id valid, so a retried publish (or another plan with the same video) names it instead of uploading it again.
 */

const PREFIX = 'meta-video#';

export const uploadedVideoKey = (adAccountId: string, sha256: string) => `${PREFIX}${adAccountId}#${sha256}`;

const UploadedSchema = z.object({ videoId: z.string().regex(/^\d+$/), imageHash: z.string().min(1) });

export function uploadedVideos(
  store: { doc: DynamoDBDocumentClient; table: string },
  userId: string,
  now: () => Date,
): UploadedVideos {
  return {
    async get(adAccountId, sha256) {
      const reply = await store.doc.send(
        new GetCommand({
          TableName: store.table,
          Key: tableKey('graphicsItems', userId, uploadedVideoKey(adAccountId, sha256)),
        }),
      );
      // A row that does not read as one is ignored: the video is uploaded again.
      const parsed = UploadedSchema.safeParse(reply.Item);
      return parsed.success ? parsed.data : undefined;
    },
    async put(adAccountId, sha256, uploaded: UploadedVideo) {
      await store.doc.send(
        new PutCommand({
          TableName: store.table,
          Item: {
            ...tableKey('graphicsItems', userId, uploadedVideoKey(adAccountId, sha256)),
            videoId: uploaded.videoId,
            imageHash: uploaded.imageHash,
            uploadedAt: now().toISOString(),
          },
        }),
      );
    },
  };
}
