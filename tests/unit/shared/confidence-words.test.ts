import { describe, expect, it } from 'vitest';
import { confidenceLine, confidenceWords, MAX_CONFIDENCE, shownConfidence } from '@shared/confidence-words';

describe('confidence in words', () => {
  it('reads a probability on the IPCC likelihood scale', () => {
    expect(confidenceWords(0.93)).toBe('very likely');
    expect(confidenceWords(0.9)).toBe('very likely');
    expect(confidenceWords(0.8)).toBe('likely');
    expect(confidenceWords(0.66)).toBe('likely');
    expect(confidenceWords(0.5)).toBe('about as likely as not');
    expect(confidenceWords(0.2)).toBe('unlikely');
  });

  it('never shows certainty: 1 (or a stored 0.999) is shown at the cap', () => {
    expect(shownConfidence(1)).toBe(MAX_CONFIDENCE);
    expect(MAX_CONFIDENCE).toBeLessThan(1);
    expect(confidenceLine(1)).toBe('Very likely to help (about 95 %)');
    expect(confidenceLine(0.999)).not.toMatch(/100/);
    expect(shownConfidence(Number.NaN)).toBe(0);
  });
});
