import { describe, expect, it } from 'vitest';
import { creativeField, seededVideoId } from '@infra/twin/meta-sandbox/node-fields';
import { demoWorld } from './world-fixture';

/** Issue 29: seeded ads of ThruPlay ad sets read back as the video creatives their plays say they are. */

function seededAds() {
  const { world } = demoWorld();
  const goalOf = (adsetId: string) => world.adsets.get(adsetId)!.optimizationGoal;
  const ads = [...world.ads.values()];
  return {
    world,
    video: ads.filter((ad) => goalOf(ad.adsetId) === 'THRUPLAY'),
    link: ads.filter((ad) => goalOf(ad.adsetId) === 'LINK_CLICKS'),
  };
}

describe('seeded creatives', () => {
  it('a ThruPlay ad set’s ad is a video creative: object_type VIDEO, video_data with its video and thumbnail', () => {
    const { world, video } = seededAds();
    expect(video.length).toBeGreaterThan(0);
    const ids = new Set<string>();
    for (const ad of video) {
      const videoId = seededVideoId(ad, world)!;
      expect(videoId).toMatch(/^1207\d{12}$/);
      ids.add(videoId);
      expect(creativeField(ad, 'object_type', world)).toBe('VIDEO');
      expect(creativeField(ad, 'video_id', world)).toBe(videoId);
      const spec = creativeField(ad, 'object_story_spec', world) as Record<string, Record<string, unknown>>;
      expect(spec.link_data).toBeUndefined();
      expect(spec.video_data).toMatchObject({
        video_id: videoId,
        image_hash: creativeField(ad, 'image_hash', world),
        call_to_action: { type: ad.callToActionType, value: { link: expect.stringMatching(/^https:\/\//) } },
      });
    }
    expect(ids.size).toBe(video.length);
  });

  it('other seeded ads stay single-image link ads', () => {
    const { world, link } = seededAds();
    for (const ad of link) {
      expect(seededVideoId(ad, world)).toBeUndefined();
      expect(creativeField(ad, 'object_type', world)).toBe('SHARE');
      expect(creativeField(ad, 'video_id', world)).toBeUndefined();
      const spec = creativeField(ad, 'object_story_spec', world) as Record<string, Record<string, unknown>>;
      expect(spec.video_data).toBeUndefined();
      expect(spec.link_data).toMatchObject({ image_hash: creativeField(ad, 'image_hash', world) });
    }
  });
});
