import { describe, expect, it } from 'vitest';
import {
  AD_COPY_LIMITS,
  anglesFor,
  callToActionFromText,
  callToActionLabels,
  callToActionTypes,
  characterCount,
  checkLength,
} from '@shared/ad-copy-rules';
import { CALL_TO_ACTION_VALUES } from '@infra/twin/meta-sandbox/reference';

describe('call-to-action types', () => {
  it('are all values of Meta’s CallToAction.type enum (Marketing API v26)', () => {
    for (const type of callToActionTypes) expect(CALL_TO_ACTION_VALUES).toContain(type);
  });

  it('each have a human label', () => {
    for (const type of callToActionTypes) expect(callToActionLabels[type]).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
  });

  it.each([
    ['Shop Now!', 'SHOP_NOW'],
    ['shop now', 'SHOP_NOW'],
    ['SIGN_UP', 'SIGN_UP'],
    ['Sign up today', 'SIGN_UP'],
    ['Book your table', 'BOOK_NOW'],
    ['Claim your discount', 'GET_OFFER'],
    ['Install now', 'INSTALL_MOBILE_APP'],
    ['Get a free quote', 'GET_QUOTE'],
    ['Discover the collection', 'LEARN_MORE'],
    ['', 'LEARN_MORE'],
  ])('maps free text %j to %s', (text, type) => {
    expect(callToActionFromText(text)).toBe(type);
  });
});

describe('character limits', () => {
  it('are Meta’s recommended lengths', () => {
    expect(AD_COPY_LIMITS).toEqual({ headline: 40, primaryText: 125, description: 30 });
  });

  it('count an emoji as one character, as a person (and Meta) would', () => {
    expect(characterCount('Coffee ☕️')).toBe(8);
    expect(characterCount('🎉')).toBe(1);
  });

  it('flag text over the limit and not text at it', () => {
    expect(checkLength('headline', 'x'.repeat(40))).toEqual({ field: 'headline', count: 40, limit: 40, over: false });
    expect(checkLength('headline', 'x'.repeat(41)).over).toBe(true);
    expect(checkLength('description', 'y'.repeat(31))).toMatchObject({ limit: 30, over: true });
  });
});

describe('angles to write', () => {
  it('starts from the winning angle when asked, the others after it, and each take moves on', () => {
    expect(anglesFor({ variants: 3, variation: 0 })).toEqual(['benefit', 'social_proof', 'urgency']);
    expect(anglesFor({ variants: 3, variation: 0, startFrom: { angle: 'question' } })).toEqual([
      'question',
      'benefit',
      'social_proof',
    ]);
    expect(anglesFor({ variants: 2, variation: 1, startFrom: { angle: 'question' } })).toEqual([
      'benefit',
      'social_proof',
    ]);
    // Regenerating one variant keeps its own angle.
    expect(anglesFor({ angle: 'urgency', variants: 1, variation: 0, startFrom: { angle: 'question' } })).toEqual([
      'urgency',
    ]);
  });
});
