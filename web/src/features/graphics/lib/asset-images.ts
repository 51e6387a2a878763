import { type Design, type DesignImageSlot } from '@shared/graphics/design-schema';
import { type ResolvedImages } from '@shared/graphics/render-svg';

/**
 * Stored images as the preview draws them. A design refers to an uploaded image by its object key; the server hands
 * out presigned GET URLs (valid 15 minutes) with every asset list and brand kit. The renderer needs the bytes as a
 * data: URL, fetched once per key: an object never changes under its key, so the cache outlives the URL.
 */
const urls = new Map<string, string>();
const dataUrls = new Map<string, Promise<string>>();

/** Called with each presigned URL the server sends (asset lists, the brand kit's logo, uploads). */
export function rememberAssetUrl(key: string, url: string): void {
  urls.set(key, url);
}

/** True when the preview can draw this stored image (its URL is known). */
export function canDrawAsset(key: string): boolean {
  return urls.has(key) || dataUrls.has(key);
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(blob);
  });
}

function assetDataUrl(key: string): Promise<string> | undefined {
  const cached = dataUrls.get(key);
  if (cached) return cached;
  const url = urls.get(key);
  if (!url) return undefined;
  const loading = fetch(url).then(async (response) => {
    if (!response.ok) throw new Error(`A stored image could not be loaded (${response.status}).`);
    return readAsDataUrl(await response.blob());
  });
  // A failed fetch (an expired URL) is retried with the next URL rather than cached.
  loading.catch(() => dataUrls.delete(key));
  dataUrls.set(key, loading);
  return loading;
}

/** Every image of a design as a data: URL: local picks as they are, stored ones fetched. Unknown keys draw as placeholders. */
export async function resolveDesignImages(design: Design): Promise<ResolvedImages> {
  const images: ResolvedImages = {};
  await Promise.all(
    (Object.keys(design.images) as DesignImageSlot[]).map(async (slot) => {
      const ref = design.images[slot];
      if (!ref) return;
      if (ref.kind === 'data') {
        images[slot] = ref.url;
        return;
      }
      const url = await assetDataUrl(ref.key);
      if (url) images[slot] = url;
    }),
  );
  return images;
}
