import { getAsset, type GraphicsStore } from '../graphics/graphics-store';
import { storedDesignElements, type DesignElementsOf } from './plan-elements';

/**
 * The design elements recorded on the user's exported images, read once per publish for the ads' images. An image
 * that is gone, not an export, or unreadable just has none: the ad is still published and recorded with what its
 * plan says.
 */
export async function exportedDesignElements(
  store: GraphicsStore,
  userId: string,
  assetIds: readonly string[],
  log: (message: string, facts: Record<string, unknown>) => void,
): Promise<DesignElementsOf> {
  const ids = [...new Set(assetIds)];
  const reads = await Promise.allSettled(ids.map((id) => getAsset(store, userId, id)));
  const byId = new Map(
    reads.flatMap((read, i) => {
      const elements = read.status === 'fulfilled' ? storedDesignElements(read.value.elements) : undefined;
      return elements ? [[ids[i]!, elements] as const] : [];
    }),
  );
  const failed = reads.filter((read) => read.status === 'rejected').length;
  if (failed > 0) log('Design elements of some images not read', { failed, of: ids.length });
  return (assetId) => byId.get(assetId);
}
