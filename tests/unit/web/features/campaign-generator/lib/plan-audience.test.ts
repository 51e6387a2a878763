import { describe, expect, it } from 'vitest';
import { audienceSizeWords } from '@web/features/campaign-generator/lib/plan-audience';

describe('audienceSizeWords', () => {
  it.each([
    [1300, 1400, '1,300–1,400 people'],
    [1200, 1200, 'about 1,200 people'],
    [0, 1000, 'below 1,000 people'],
  ])('%i to %i reads as %s', (sizeLower, sizeUpper, words) => {
    expect(audienceSizeWords({ sizeLower, sizeUpper })).toBe(words);
  });
});
