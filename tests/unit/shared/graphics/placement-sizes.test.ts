import { describe, expect, it } from 'vitest';
import { placementSizeIds, placementSizes, safeArea, unsafeZones } from '@shared/graphics/placement-sizes';

describe('placement sizes', () => {
  it("are Meta's four recommended sizes", () => {
    expect(placementSizeIds.map((id) => [placementSizes[id].width, placementSizes[id].height])).toEqual([
      [1080, 1080],
      [1080, 1350],
      [1080, 1920],
      [1200, 628],
    ]);
  });

  it('keep the top 14 % and bottom 35 % of 9:16 out of bounds', () => {
    expect(unsafeZones('story')).toEqual([
      { x: 0, y: 0, width: 1080, height: 269 },
      { x: 0, y: 1248, width: 1080, height: 672 },
    ]);
    expect(safeArea('story')).toEqual({ x: 0, y: 269, width: 1080, height: 979 });
  });

  it('have no safe zones in feed and link sizes', () => {
    for (const id of ['square', 'portrait', 'landscape'] as const) {
      expect(unsafeZones(id)).toEqual([]);
      expect(safeArea(id)).toEqual({ x: 0, y: 0, width: placementSizes[id].width, height: placementSizes[id].height });
    }
  });
});
