import { describe, expect, it } from 'vitest';
import { isCarouselRatio } from '@shared/carousel-rules';

describe('isCarouselRatio', () => {
  it('takes square and 4:5 cards within Meta’s 3% tolerance', () => {
    expect(isCarouselRatio(1080, 1080)).toBe(true);
    expect(isCarouselRatio(1080, 1350)).toBe(true);
    expect(isCarouselRatio(1080, 1100)).toBe(true);
  });

  it('refuses landscape and vertical 9:16 cards, which Meta crops', () => {
    expect(isCarouselRatio(1200, 628)).toBe(false);
    expect(isCarouselRatio(1080, 1920)).toBe(false);
    expect(isCarouselRatio(1080, 1200)).toBe(false);
  });
});
