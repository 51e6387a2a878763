import { useQuery } from '@tanstack/react-query';
import type { AdImage, Asset } from '@shared/schemas/graphics';
import { apiRequest } from '@web/lib/api';
import type { AdImageType, PickedImage } from '../lib/brief-images';

/**
 * Images for the brief through the graphics function's routes (one upload path in the product): a file goes up
 * with a presigned PUT and is confirmed from its bytes; a stored image goes to the ad account's library
 * (`POST /api/graphics/meta-images`, bytes to Meta's adimages) and comes back as the hash the plan uses.
 */

/** The user's stored images (uploads, AI images, exported designs), newest first as the server lists them. */
export function useImageAssets(uid: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['campaign-generator', uid, 'image-assets'] as const,
    queryFn: async () => (await apiRequest('graphicsAssets')).assets,
    enabled: Boolean(uid) && enabled,
    staleTime: 60_000,
  });
}

/** The images the user already sent to this ad account (hash, name, thumbnail), newest first. */
export function useAccountAdImages(uid: string | undefined, adAccountId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['campaign-generator', uid, 'ad-images', adAccountId] as const,
    queryFn: async () => (await apiRequest('graphicsAdImages', { query: { adAccountId: adAccountId! } })).images,
    enabled: Boolean(uid && adAccountId) && enabled,
    staleTime: 60_000,
  });
}

/** An image already in the account's library, as the brief holds it. */
export function pickedFromAccount(adAccountId: string, image: AdImage): PickedImage {
  return {
    hash: image.hash,
    name: image.name,
    assetId: image.assetId,
    adAccountId,
    thumbnailUrl: image.thumbnailUrl,
  };
}

export async function uploadImageFile(file: File, contentType: AdImageType): Promise<Asset> {
  const ticket = await apiRequest('graphicsStartUpload', {
    body: { purpose: 'product', fileName: file.name.slice(0, 200) || 'image', contentType, size: file.size },
  });
  let put: Response;
  try {
    put = await fetch(ticket.uploadUrl, { method: ticket.method, headers: ticket.headers, body: file });
  } catch {
    throw new Error(`${file.name} could not be uploaded: check your connection and try again.`);
  }
  if (!put.ok) throw new Error(`${file.name} could not be uploaded (storage answered ${put.status}). Try again.`);
  return apiRequest('graphicsConfirmUpload', { params: { id: ticket.uploadId } });
}

/** Sends stored images to the ad account's image library; answers them as picked images with their hashes. */
export async function sendToAdAccount(adAccountId: string, assets: readonly Asset[]): Promise<PickedImage[]> {
  const reply = await apiRequest('graphicsMetaImages', {
    body: { adAccountId, assetIds: assets.map((asset) => asset.id) },
  });
  return reply.images.map((image) => {
    const asset = assets.find((candidate) => candidate.id === image.assetId);
    return {
      hash: image.hash,
      name: asset?.fileName ?? image.name,
      assetId: image.assetId,
      adAccountId,
      ...(asset ? { thumbnailUrl: asset.url } : {}),
    };
  });
}
