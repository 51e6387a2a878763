import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PlacementSizeId } from '@shared/graphics/placement-sizes';
import type { ExportSummary } from '@shared/schemas/graphics';
import { keyCondition, tableKey } from '@shared/table-keys';
import { queryAll } from '../aws/query-all';
import { notFound } from '../errors';
import { presignDownload } from '../graphics/asset-objects';
import type { GraphicsDeps } from '../graphics/asset-uploads';
import { assetItemKey, getAsset, type GraphicsStore } from '../graphics/graphics-store';
import { deleteRecordsThenObjects, type PendingObjectsDeps } from '../graphics/pending-objects';
import type { ImageFormat } from '../graphics-render/render-design-image';
import type { AltText } from './alt-text';

/**
 * What was exported, kept beside the user's designs (`export#<id>`, under the workspace's partition, so another
 * user's id is simply not found): which images, the ZIP and the alt text. The exported images are asset records
 * (kind `export`, usable in a campaign by id, not shown in the image library); they go with the export.
 */
export interface ExportRecord {
  exportId: string;
  designId: string;
  version: number;
  format: ImageFormat;
  createdAt: string;
  assetIds: string[];
  sizes: PlacementSizeId[];
  zipKey: string;
  zipBytes: number;
  altText: string;
  altTextSource: AltText['source'];
}

const EXPORT = 'export#';

export const exportItemKey = (exportId: string) => `${EXPORT}${exportId}`;

export async function putExportRecord(store: GraphicsStore, userId: string, record: ExportRecord): Promise<void> {
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: { user_id: userId, item_key: exportItemKey(record.exportId), ...record },
      ConditionExpression: 'attribute_not_exists(item_key)',
    }),
  );
}

function recordFrom(item: Record<string, unknown>): ExportRecord {
  const { user_id: _user, item_key: _key, ...record } = item;
  return record as unknown as ExportRecord;
}

/** The ZIP's file name is the last part of its key (exportKey puts it there). */
const zipFileName = (record: ExportRecord) => record.zipKey.slice(record.zipKey.lastIndexOf('/') + 1);

/** The user's exports, newest first, each ZIP presigned again for download. */
export async function listExports(deps: GraphicsDeps, userId: string): Promise<{ exports: ExportSummary[] }> {
  const rows = await queryAll(deps.store.doc, {
    TableName: deps.store.table,
    KeyConditionExpression: keyCondition('graphicsItems', ':user', { beginsWith: ':prefix' }),
    ExpressionAttributeValues: { ':user': userId, ':prefix': EXPORT },
  });
  const records = rows.map(recordFrom).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    exports: await Promise.all(
      records.map(async (record) => {
        const fileName = zipFileName(record);
        return {
          exportId: record.exportId,
          designId: record.designId,
          version: record.version,
          format: record.format,
          sizes: record.sizes,
          createdAt: record.createdAt,
          zip: { url: await presignDownload(deps.bucket, record.zipKey, fileName), bytes: record.zipBytes, fileName },
        };
      }),
    ),
  };
}

/**
 * Deletes an export: its record, its ZIP and the images it made (their records and objects), and gives their bytes
 * back. Exported images are not shown among the user's images, so keeping them would keep storage the user can
 * neither see nor free; images already sent to an ad account stay at Meta under their hash. Only the workspace that
 * made the export can delete it: the record is looked up under the caller's own partition, so another user's export
 * answers 404 like one that never existed (and so does one deleted already).
 */
export async function deleteExport(
  deps: PendingObjectsDeps,
  userId: string,
  exportId: string,
): Promise<{ deleted: true }> {
  const reply = await deps.store.doc.send(
    new GetCommand({
      TableName: deps.store.table,
      Key: tableKey('graphicsItems', userId, exportItemKey(exportId)),
      ConsistentRead: true,
    }),
  );
  if (!reply.Item) throw notFound('That export does not exist.');
  const record = recordFrom(reply.Item);
  // An image deleted on its own already (DELETE /api/graphics/assets/{id}) is simply not there.
  const images = (
    await Promise.all(record.assetIds.map((id) => getAsset(deps.store, userId, id).catch(() => null)))
  ).filter((asset) => asset !== null);
  await deleteRecordsThenObjects(
    deps,
    userId,
    [
      { key: record.zipKey, record: exportItemKey(exportId), bytes: record.zipBytes },
      ...images.map((image) => ({ key: image.key, record: assetItemKey(image.id), bytes: image.bytes })),
    ],
    async () => {
      const deleted = await deps.store.doc.send(
        new DeleteCommand({
          TableName: deps.store.table,
          Key: tableKey('graphicsItems', userId, exportItemKey(exportId)),
          ReturnValues: 'ALL_OLD',
        }),
      );
      // Deleted meanwhile by another request: that one settles the objects.
      if (!deleted.Attributes) throw notFound('That export does not exist.');
      await Promise.all(
        images.map((image) =>
          deps.store.doc.send(
            new DeleteCommand({
              TableName: deps.store.table,
              Key: tableKey('graphicsItems', userId, assetItemKey(image.id)),
            }),
          ),
        ),
      );
    },
  );
  return { deleted: true };
}
