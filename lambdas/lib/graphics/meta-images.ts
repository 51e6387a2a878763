import * as z from 'zod';
import type { GraphClient } from '../meta/graph-client';
import { validationError } from '../errors';
import { readObject, type AssetBucket } from './asset-objects';
import { getAsset, type GraphicsStore } from './graphics-store';

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
  deps: { store: GraphicsStore; bucket: AssetBucket },
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
    images.push({
      assetId,
      hash: uploaded.hash,
      name,
      ...(uploaded.width ? { width: uploaded.width } : {}),
      ...(uploaded.height ? { height: uploaded.height } : {}),
    });
  }
  return { adAccountId, images };
}
