import { describe, expect, it } from 'vitest';
import { multiLanguageAd } from '@tests/support/multi-language-ad';
import { creativeParams } from '@lambdas/campaign-generator/meta-targeting';

describe('what the campaign generator sends for a multi-language ad', () => {
  it('sends the Page in object_story_spec and one labelled version per language in asset_feed_spec', () => {
    const params = creativeParams(multiLanguageAd(), '9001');
    expect(params.object_story_spec).toEqual({ page_id: '9001' });
    const feed = params.asset_feed_spec as Record<string, unknown>;
    expect(feed.ad_formats).toEqual(['SINGLE_IMAGE']);
    expect(feed.images).toEqual([{ hash: 'abcdef123456' }]);
    expect(feed.bodies).toEqual([
      { text: multiLanguageAd().primaryText, adlabels: [{ name: 'lang-en' }] },
      { text: multiLanguageAd().translations![0]!.primaryText, adlabels: [{ name: 'lang-es' }] },
      { text: multiLanguageAd().translations![1]!.primaryText, adlabels: [{ name: 'lang-de' }] },
    ]);
    expect(feed.asset_customization_rules).toEqual([
      expect.objectContaining({ is_default: true, body_label: { name: 'lang-en' } }),
      expect.objectContaining({ customization_spec: { locales: [1002] }, title_label: { name: 'lang-es' } }),
      expect.objectContaining({ customization_spec: { locales: [5] }, link_url_label: { name: 'lang-de' } }),
    ]);
  });

  it('sends an ad without translations as the link ad it always was', () => {
    const params = creativeParams(multiLanguageAd({ translations: undefined }), '9001');
    expect(params.asset_feed_spec).toBeUndefined();
    expect(params.object_story_spec).toMatchObject({
      page_id: '9001',
      link_data: { message: multiLanguageAd().primaryText },
    });
  });
});
