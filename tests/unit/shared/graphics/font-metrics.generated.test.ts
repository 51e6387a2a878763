import { describe, expect, it } from 'vitest';
import { generatedFontMetrics } from '@shared/graphics/font-metrics.generated';
import { computeFontMetrics } from '@tests/support/graphics/font-metrics-source';

describe('font metrics table', () => {
  it('matches the bundled font files the renderer draws with (regenerate with tests/support/graphics/write-font-metrics.ts)', () => {
    const fresh = computeFontMetrics();
    expect(Object.keys(generatedFontMetrics).sort()).toEqual(Object.keys(fresh).sort());
    for (const [key, metrics] of Object.entries(fresh)) {
      expect(generatedFontMetrics[key], key).toEqual({
        unitsPerEm: metrics.unitsPerEm,
        ascender: metrics.ascender,
        descender: metrics.descender,
        fallback: metrics.fallback,
        widths: metrics.widths.join(','),
      });
    }
  });
});
