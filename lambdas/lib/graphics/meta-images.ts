import * as z from 'zod';
import type { GraphClient } from '../meta/graph-client';
import { validationError } from '../errors';
import { presignDownload, readObject, type AssetBucket } from './asset-objects';
import { getAsset, listAdImages, listAssets, putAdImage, type GraphicsStore } from './graphics-store';

/**
 * "Use in a campaign": the chosen images go to the user's ad account as AdImages
 * (`POST /act_{id}/adimages` with the image bytes, base64, as Meta accepts them), and the
 * hashes Meta gives back are what an ad creative names. Only the user's own stored images
 * can be sent, and only types Meta takes (PNG, JPEG).
 */
const AdImagesReplySchema = z.object({
  images: z.record(
    z.string(),
    z.object({
      hash: z.string().min(1),
      url: z.string().optional(),
      width: z.number().optional(),
      height: z.number().optional(),
    }),
  ),
});

/** Meta's limit for an ad image. */
export const META_IMAGE_MAX_BYTES = 30 * 1024 * 1024;

export async function uploadToAdAccount(
  deps: { store: GraphicsStore; bucket: AssetBucket; now: () => Date },
  graph: GraphClient,
  userId: string,
  adAccountId: string,
  assetIds: readonly string[],
) {
  const images = [];
  for (const assetId of assetIds) {
    const asset = await getAsset(deps.store, userId, assetId);
    if (asset.mimeType !== 'image/png' && asset.mimeType !== 'image/jpeg') {
      throw validationError(`${asset.fileName} is ${asset.mimeType}: Meta takes PNG or JPEG ad images.`);
    }
    if (asset.bytes > META_IMAGE_MAX_BYTES) throw validationError(`${asset.fileName} is over Meta's 30 MB limit.`);
    const bytes = await readObject(deps.bucket, asset.key);
    const name = asset.fileName;
    const reply = await graph.post(
      `/${adAccountId}/adimages`,
      { bytes: bytes.toString('base64'), name },
      AdImagesReplySchema,
    );
    const uploaded = Object.values(reply.images)[0];
    if (!uploaded) throw validationError(`Meta did not accept ${asset.fileName}.`);
    const image = {
      assetId,
      hash: uploaded.hash,
      name,
      ...(uploaded.width ? { width: uploaded.width } : {}),
      ...(uploaded.height ? { height: uploaded.height } : {}),
    };
    // Remembered per ad account, so the campaign generator can offer what was sent (GET /api/graphics/ad-images).
    await putAdImage(deps.store, userId, { ...image, adAccountId, uploadedAt: deps.now().toISOString() });
    images.push(image);
  }
  return { adAccountId, images };
}

/**
 * The images this user sent to `adAccountId`, newest first, each with a presigned thumbnail of the stored image.
 * An image whose stored asset was deleted since is left out: its hash still works at Meta, but there is nothing
 * to show for it.
 */
export async function listAccountImages(
  deps: { store: GraphicsStore; bucket: AssetBucket },
  userId: string,
  adAccountId: string,
) {
  const [sent, assets] = await Promise.all([
    listAdImages(deps.store, userId, adAccountId),
    listAssets(deps.store, userId),
  ]);
  const byId = new Map(assets.map((asset) => [asset.id, asset]));
  const images = [];
  for (const image of sent) {
    const asset = byId.get(image.assetId);
    if (!asset) continue;
    images.push({
      hash: image.hash,
      name: image.name,
      assetId: image.assetId,
      ...(image.width ? { width: image.width } : {}),
      ...(image.height ? { height: image.height } : {}),
      thumbnailUrl: await presignDownload(deps.bucket, asset.key),
      uploadedAt: image.uploadedAt,
    });
  }
  return { adAccountId, images };
}
