import { describe, expect, it } from 'vitest';
import { defaultDesign } from '@shared/graphics/design-schema';
import { checkDesign } from '@shared/graphics/design-checks';
import {
  DEFAULT_CLOSING_CTA,
  frameRecipe,
  MAX_VIDEO_SECONDS,
  MIN_VIDEO_SECONDS,
  videoLayers,
  videoTimeline,
} from '@shared/graphics/video-motion';

describe('videoTimeline', () => {
  it('counts 30 fps frames and ends on the closing card', () => {
    const t = videoTimeline(10);
    expect(t.totalFrames).toBe(300);
    expect(t.zoomFrames).toBe(45);
    expect(t.cardStart).toBe(240);
    expect(t.cardFadeStart).toBe(225);
  });

  it('refuses durations outside 6–15 s', () => {
    expect(() => videoTimeline(MIN_VIDEO_SECONDS - 0.5)).toThrow(RangeError);
    expect(() => videoTimeline(MAX_VIDEO_SECONDS + 1)).toThrow(RangeError);
    expect(() => videoTimeline(Number.NaN)).toThrow(RangeError);
    expect(videoTimeline(6).totalFrames).toBe(180);
    expect(videoTimeline(15).totalFrames).toBe(450);
  });

  it('gives every frame one recipe, in order: push-in, text reveal, hold, dissolve, closing card', () => {
    const t = videoTimeline(6);
    const kinds = Array.from({ length: t.totalFrames }, (_, i) => frameRecipe(i, t));
    expect(kinds[0]).toEqual({ kind: 'zoom', index: 0 });
    expect(kinds[44]).toEqual({ kind: 'zoom', index: 44 });
    expect(kinds[45]).toMatchObject({ kind: 'blend', from: 'picture', to: 'full' });
    // The reveal ends on the full design exactly.
    expect(kinds[62]).toEqual({ kind: 'blend', from: 'picture', to: 'full', t: 1 });
    expect(kinds[63]).toEqual({ kind: 'still', layer: 'full' });
    expect(kinds[105]).toMatchObject({ kind: 'blend', from: 'full', to: 'card' });
    expect(kinds[t.totalFrames - 1]).toEqual({ kind: 'still', layer: 'card' });
    const blends = kinds.filter((k) => k.kind === 'blend').map((k) => (k.kind === 'blend' ? k.t : 0));
    expect(blends.every((v) => v > 0 && v <= 1)).toBe(true);
  });
});

describe('videoLayers', () => {
  const design = defaultDesign({
    texts: { ...defaultDesign().texts, headline: 'Handmade mugs', body: 'Fired twice.', cta: 'Shop now' },
    images: { logo: { kind: 'asset', key: 'u/logo.png', width: 200, height: 200, mimeType: 'image/png' } },
  });

  it('draws the picture with its words hidden and no logo, the full design as it is, and a closing card with the CTA', () => {
    const layers = videoLayers(design);
    // Same words, so the same layout: the picture does not move when the words dissolve in.
    expect(layers.picture.texts).toEqual(design.texts);
    expect(layers.picture.templateId).toBe(design.templateId);
    expect(new Set(Object.values(layers.picture.colours))).toEqual(new Set([design.colours.background]));
    expect(layers.picture.images.logo).toBeUndefined();
    expect(layers.full).toBe(design);
    expect(layers.card.templateId).toBe('bold-headline');
    expect(layers.card.texts.cta).toBe('Shop now');
    expect(layers.card.texts.headline).toBe('Handmade mugs');
    expect(layers.card.images.logo).toEqual(design.images.logo);
  });

  it('falls back to a call to action when the design has none', () => {
    const layers = videoLayers({ ...design, texts: { ...design.texts, cta: ' ' } });
    expect(layers.card.texts.cta).toBe(DEFAULT_CLOSING_CTA);
  });

  it('keeps the words of every layer inside the 9:16 safe zones', () => {
    for (const layer of Object.values(videoLayers(design))) {
      expect(checkDesign(layer, 'story').filter((c) => c.id.startsWith('safe-zone'))).toEqual([]);
    }
  });
});
