import { seededVideoId } from './node-fields.js';
import type { AdVideoObject } from './ad-videos.js';
import type { World } from './world.js';

/**
 * The videos the seeded ThruPlay ads play, put in their ad accounts' video libraries as Meta has them: an ad's
 * creative names a `video_id` of its account's library, so reading that id, or making a creative with it (an A/B
 * copy of a video ad), must find it. Seeded as 15-second 9:16 H.264 files, processed long before the ad started.
 */
const SEEDED_VIDEO = { length: 15, width: 1080, height: 1920, bytes: 6_400_000, codec: 'h264' } as const;

export function seedVideoLibrary(world: World): void {
  for (const ad of world.ads.values()) {
    const id = seededVideoId(ad, world);
    if (!id || world.videos.has(id)) continue;
    const createdTime = new Date(ad.createdTime.getTime() - 86_400_000);
    const video: AdVideoObject = {
      id,
      accountId: ad.accountId,
      title: `${ad.name.split(' | ')[0]!} video`,
      ...SEEDED_VIDEO,
      container: 'mov,mp4,m4a,3gp,3g2,mj2',
      createdTime,
      readyAt: new Date(createdTime.getTime() + 60_000),
    };
    world.videos.set(id, video);
  }
}
