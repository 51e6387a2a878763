import { describe, expect, it } from 'vitest';
import type { PlanAd } from '@shared/schemas/campaign-plan';
import { creativeParams } from '@lambdas/campaign-generator/meta-targeting';

function ad(change: Partial<PlanAd> = {}): PlanAd {
  return {
    name: 'Mugs',
    headline: 'Mugs for your mornings',
    primaryText: 'Meet the mugs you need, made for your slow mornings.',
    description: 'Free returns',
    callToAction: 'SHOP_NOW',
    link: 'https://shop.example.com/mugs',
    image: { hash: 'abcdef123456', name: 'mug.png' },
    translations: [
      {
        language: 'es',
        headline: 'Tazas para tus mañanas',
        primaryText: 'Descubre las tazas para tus mañanas tranquilas, con envío gratis.',
        description: 'Devoluciones gratis',
      },
      {
        language: 'de',
        headline: 'Tassen für deinen Morgen',
        primaryText: 'Entdecke die Tassen für deinen ruhigen Morgen, mit kostenlosem Versand.',
        description: 'Kostenlose Rücksendung',
      },
    ],
    ...change,
  };
}

describe('what the campaign generator sends for a multi-language ad', () => {
  it('sends the Page in object_story_spec and one labelled version per language in asset_feed_spec', () => {
    const params = creativeParams(ad(), '9001');
    expect(params.object_story_spec).toEqual({ page_id: '9001' });
    const feed = params.asset_feed_spec as Record<string, unknown>;
    expect(feed.ad_formats).toEqual(['SINGLE_IMAGE']);
    expect(feed.images).toEqual([{ hash: 'abcdef123456' }]);
    expect(feed.bodies).toEqual([
      { text: ad().primaryText, adlabels: [{ name: 'lang-en' }] },
      { text: ad().translations![0]!.primaryText, adlabels: [{ name: 'lang-es' }] },
      { text: ad().translations![1]!.primaryText, adlabels: [{ name: 'lang-de' }] },
    ]);
    expect(feed.asset_customization_rules).toEqual([
      expect.objectContaining({ is_default: true, body_label: { name: 'lang-en' } }),
      expect.objectContaining({ customization_spec: { locales: [1002] }, title_label: { name: 'lang-es' } }),
      expect.objectContaining({ customization_spec: { locales: [5] }, link_url_label: { name: 'lang-de' } }),
    ]);
  });

  it('sends an ad without translations as the link ad it always was', () => {
    const params = creativeParams(ad({ translations: undefined }), '9001');
    expect(params.asset_feed_spec).toBeUndefined();
    expect(params.object_story_spec).toMatchObject({ page_id: '9001', link_data: { message: ad().primaryText } });
  });
});
