import { describe, expect, it } from 'vitest';
import type { PlanAd } from '@shared/schemas/campaign-plan';
import { CreativeElementsSchema } from '@shared/schemas/creative-report';
import {
  planAdAssetIds,
  planAdElements,
  planAdVideoIds,
  storedDesignElements,
} from '@lambdas/lib/creative-report/plan-elements';

const ad: PlanAd = {
  name: 'Trail shoes — urgency',
  headline: 'Last pairs this week',
  primaryText: 'Our lightest trail shoe, while stocks last.',
  description: 'Free returns',
  callToAction: 'SHOP_NOW',
  angle: 'urgency',
  link: 'https://shop.example.com/trail',
};

describe('planAdElements', () => {
  it('records what the plan holds: angle, call to action, format (single image when absent), English by default', () => {
    const elements = planAdElements(ad);
    expect(elements).toEqual({
      angle: 'urgency',
      offer: 'No offer',
      callToAction: 'SHOP_NOW',
      format: 'single_image',
      language: 'en',
    });
    expect(CreativeElementsSchema.parse(elements)).toEqual(elements);
  });

  it('names a carousel, a written language and a multi-language ad by its languages, its own first', () => {
    const elements = planAdElements({
      ...ad,
      format: 'carousel',
      language: 'es',
      translations: [{ language: 'fr', headline: 'Derniers modèles', primaryText: 'Vite.', description: '' }],
    });
    expect(elements).toMatchObject({ format: 'carousel', language: 'es+fr' });
  });

  it('leaves the angle out when the plan has none, and never guesses the design elements of an image it did not make', () => {
    const { angle: _angle, ...withoutAngle } = ad;
    const elements = planAdElements({ ...withoutAngle, image: { hash: 'abc12345', name: 'photo.jpg' } });
    expect(elements).not.toHaveProperty('angle');
    for (const key of ['template', 'layout', 'colourScheme', 'imageKind']) {
      expect(elements).not.toHaveProperty(key);
    }
  });

  it("reads the offer from the ad's own copy when no design says one", () => {
    expect(planAdElements({ ...ad, description: 'Free shipping on every order' }).offer).toBe('Free shipping');
    expect(planAdElements({ ...ad, headline: '20% off trail shoes' }).offer).toBe('Percent off');
  });

  const exported = {
    template: 'offer-badge',
    layout: 'Centred, product shot',
    colourScheme: 'Dark, orange accent',
    imageKind: 'product' as const,
    offer: 'Percent off',
  };
  const asset = '0b0c8f5e-1f0a-4c53-9d7e-3b1a2c4d5e6f';

  it("takes the template, layout, colours, picture and offer from the exported design the ad's image came from", () => {
    const elements = planAdElements({ ...ad, image: { hash: 'abc12345', name: 'export.png', assetId: asset } }, (id) =>
      id === asset ? exported : undefined,
    );
    expect(elements).toMatchObject(exported);
    expect(elements).toMatchObject({ angle: 'urgency', callToAction: 'SHOP_NOW', format: 'single_image' });
    expect(CreativeElementsSchema.parse(elements)).toEqual(elements);
  });

  it("prefers the copy's offer when the design's words make none", () => {
    const elements = planAdElements(
      { ...ad, headline: 'Buy one, get one', image: { hash: 'abc12345', name: 'export.png', assetId: asset } },
      () => ({ ...exported, offer: 'No offer' }),
    );
    expect(elements.offer).toBe('Bundle deal');
  });

  it("reads a carousel's design from its first card that came from an export", () => {
    const card = (assetId?: string) => ({
      headline: 'Card',
      description: '',
      link: 'https://shop.example.com/a',
      image: { hash: 'abc12345', name: 'card.png', ...(assetId ? { assetId } : {}) },
    });
    const carousel: PlanAd = { ...ad, format: 'carousel', cards: [card(), card(asset), card(asset)] };
    expect(planAdAssetIds(carousel)).toEqual([asset, asset]);
    expect(planAdElements(carousel, (id) => (id === asset ? exported : undefined)).template).toBe('offer-badge');
  });

  it("takes a video ad's design elements from the design its video was rendered from, by the video's id", () => {
    const videoId = '7d9e1f20-3a4b-4c5d-8e6f-708192a3b4c5';
    const video: PlanAd = {
      ...ad,
      format: 'video',
      video: {
        kind: 'video',
        assetKey: `users/sub-1/videos/${videoId}/adsmith-spring-v2-1080x1920-10s.mp4`,
        thumbnailAssetKey: `users/sub-1/videos/${videoId}/thumbnail.png`,
        ratio: '9:16',
        seconds: 10,
        width: 1080,
        height: 1920,
      },
    };
    expect(planAdVideoIds(video)).toEqual([videoId]);
    expect(planAdVideoIds(ad)).toEqual([]);
    const elements = planAdElements(video, (id) => (id === videoId ? exported : undefined));
    expect(elements).toMatchObject({ ...exported, format: 'video', angle: 'urgency' });
    expect(CreativeElementsSchema.parse(elements)).toEqual(elements);
  });

  it('counts a stored row that does not parse as no design elements', () => {
    expect(storedDesignElements(undefined)).toBeUndefined();
    expect(storedDesignElements({ imageKind: 'sunset' })).toBeUndefined();
    expect(storedDesignElements(exported)).toEqual(exported);
  });
});
