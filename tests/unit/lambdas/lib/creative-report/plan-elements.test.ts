import { describe, expect, it } from 'vitest';
import type { PlanAd } from '@shared/schemas/campaign-plan';
import { CreativeElementsSchema } from '@shared/schemas/creative-report';
import { planAdElements } from '@lambdas/lib/creative-report/plan-elements';

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
    expect(elements).toEqual({ angle: 'urgency', callToAction: 'SHOP_NOW', format: 'single_image', language: 'en' });
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

  it('leaves the angle out when the plan has none, and never guesses the design elements', () => {
    const { angle: _angle, ...withoutAngle } = ad;
    const elements = planAdElements(withoutAngle);
    expect(elements).not.toHaveProperty('angle');
    for (const key of ['template', 'layout', 'offer', 'colourScheme', 'imageKind']) {
      expect(elements).not.toHaveProperty(key);
    }
  });
});
