import { describe, expect, it } from 'vitest';
import { elementTestLanguage } from '@lambdas/ad-optimizer/element-tests';

const ad = (headline: string, primaryText: string) => ({ headline, primaryText, description: '' });

describe('elementTestLanguage', () => {
  it('writes in the business’s primary language when neither a record nor the words say the ad’s language', () => {
    // Two words that are no language's markers: the old fallback wrote this Spanish business's test in English.
    expect(elementTestLanguage(undefined, ad('Trail 2026', 'Vibram'), 'es')).toBe('es');
    expect(elementTestLanguage(undefined, ad('Trail 2026', 'Vibram'), 'de')).toBe('de');
  });

  it('keeps the recorded language (a multi-language ad’s first), then the language its words show', () => {
    expect(elementTestLanguage('fr-FR', ad('Trail 2026', 'Vibram'), 'es')).toBe('fr');
    expect(elementTestLanguage('en+es', ad('Trail 2026', 'Vibram'), 'es')).toBe('en');
    expect(
      elementTestLanguage(undefined, ad('Zapatillas para la montaña', 'Corre con las mejores de la temporada'), 'en'),
    ).toBe('es');
  });
});
