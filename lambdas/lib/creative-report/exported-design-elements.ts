import { getAsset, type GraphicsStore } from '../graphics/graphics-store';
import { getVideoRecord } from '../graphics-video/video-records';
import { storedDesignElements, type DesignElementsOf } from './plan-elements';

/**
 * The design elements recorded on the user's exported images and rendered videos, read once per publish for the
 * ads' images and videos. One that is gone, not an export, or unreadable just has none: the ad is still published
 * and recorded with what its plan says.
 */
export async function exportedDesignElements(
  store: GraphicsStore,
  userId: string,
  assetIds: readonly string[],
  log: (message: string, facts: Record<string, unknown>) => void,
  videoIds: readonly string[] = [],
): Promise<DesignElementsOf> {
  const images = [...new Set(assetIds)];
  const videos = [...new Set(videoIds)];
  const ids = [...images, ...videos];
  const reads = await Promise.allSettled([
    ...images.map((id) => getAsset(store, userId, id)),
    ...videos.map((id) => getVideoRecord(store, userId, id)),
  ]);
  const byId = new Map(
    reads.flatMap((read, i) => {
      const elements = read.status === 'fulfilled' ? storedDesignElements(read.value.elements) : undefined;
      return elements ? [[ids[i]!, elements] as const] : [];
    }),
  );
  const failed = reads.filter((read) => read.status === 'rejected').length;
  if (failed > 0) log('Design elements of some images or videos not read', { failed, of: ids.length });
  return (id) => byId.get(id);
}
