import { describe, expect, it } from 'vitest';
import { checkAdLanguages } from '@shared/campaign-plan-validator';
import { PlanAdSchema, type PlanAd } from '@shared/schemas/campaign-plan';

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

const errors = (a: PlanAd) => checkAdLanguages(a, 'ad', false).filter((i) => i.severity === 'error');

describe('the pre-publish checks of a multi-language ad', () => {
  it('passes versions in their languages, within Meta’s lengths', () => {
    expect(checkAdLanguages(ad(), 'ad', false)).toEqual([]);
  });

  it('checks each version’s length on its own', () => {
    const long = ad({
      translations: [
        { language: 'fr', headline: 'T'.repeat(300), primaryText: 'Des tasses pour vous.', description: '' },
      ],
    });
    expect(errors(long)).toEqual([
      { path: 'ad.translations.0.headline', severity: 'error', message: expect.stringMatching(/at most 255/) },
    ]);
    const wordy = ad({
      translations: [
        {
          language: 'fr',
          headline: 'Des tasses',
          primaryText: `${'Pour vous et les matins. '.repeat(6)}`,
          description: '',
        },
      ],
    });
    expect(checkAdLanguages(wordy, 'ad', false)).toContainEqual(
      expect.objectContaining({
        path: 'ad.translations.0.primaryText',
        severity: 'warning',
        message: expect.stringMatching(/125/),
      }),
    );
  });

  it('runs the policy list of each version’s language', () => {
    const risky = ad({
      translations: [
        { language: 'es', headline: 'Tazas', primaryText: '¿Estás deprimido? Las tazas para ti.', description: '' },
      ],
    });
    expect(checkAdLanguages(risky, 'ad', false)).toContainEqual(
      expect.objectContaining({
        path: 'ad.translations.0.primaryText',
        severity: 'warning',
        message: expect.stringMatching(/Estás deprimido/),
      }),
    );
  });

  it('refuses a version not written in its language, a language twice, a carousel, and no image', () => {
    expect(
      errors(
        ad({
          translations: [
            {
              language: 'de',
              headline: 'Mugs',
              primaryText: 'Meet the mugs you need for your mornings.',
              description: '',
            },
          ],
        }),
      ),
    ).toEqual([
      expect.objectContaining({
        path: 'ad.translations.0.primaryText',
        message: expect.stringMatching(/meant to be in de/),
      }),
    ]);
    expect(
      errors(
        ad({
          language: 'es-MX',
          headline: 'Tazas para ti',
          primaryText: 'Las tazas para tus mañanas.',
          description: '',
        }),
      ).map((i) => i.path),
    ).toEqual(['ad.translations.0.language']);
    expect(errors(ad({ image: undefined })).map((i) => i.path)).toEqual(['ad.image']);
    expect(errors(ad({ format: 'carousel' })).map((i) => i.path)).toContain('ad.translations');
  });

  it('refuses a translation tag that is not BCP-47 at the schema (400 naming the field)', () => {
    const parsed = PlanAdSchema.safeParse({
      ...ad(),
      translations: [{ ...ad().translations![0], language: 'Spanish' }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['translations', 0, 'language']);
  });
});
