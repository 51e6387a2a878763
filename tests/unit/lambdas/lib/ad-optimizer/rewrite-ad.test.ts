import { describe, expect, it } from 'vitest';
import { cardHeadlinesFor, rewriteLanguage } from '@lambdas/lib/ad-optimizer/rewrite-ad';

describe('cardHeadlinesFor: a carousel variant’s card headlines', () => {
  it('gives every card a headline, the variant’s own first and the others in turn', () => {
    expect(cardHeadlinesFor(['A', 'B', 'C'], 1, 4)).toEqual(['B', 'C', 'A', 'B']);
    expect(cardHeadlinesFor(['Only'], 0, 2)).toEqual(['Only', 'Only']);
  });
});

describe('rewriteLanguage: new copy in the language the running ad is in', () => {
  it('reads es, fr and de ads as such and keeps English for English or unclear copy', () => {
    const ad = (headline: string, primaryText: string) => ({ headline, primaryText, description: '' });
    expect(rewriteLanguage(ad('Tazas para ti', 'Descubre las tazas para tus mañanas, con envío gratis.'))).toBe('es');
    expect(rewriteLanguage(ad('Des tasses', 'Découvrez les tasses pour vos matins, avec livraison offerte.'))).toBe(
      'fr',
    );
    expect(rewriteLanguage(ad('Tassen', 'Entdecke die Tassen für deinen Morgen, mit kostenlosem Versand.'))).toBe('de');
    expect(rewriteLanguage(ad('Mugs', 'Meet the mugs you need, made for your mornings.'))).toBe('en');
    expect(rewriteLanguage(ad('Mugs', 'Mugs.'))).toBe('en');
  });

  it('keeps an ad’s own language whatever the business’s, and falls back to the business’s primary one', () => {
    const ad = (headline: string, primaryText: string) => ({ headline, primaryText, description: '' });
    // Words that say nothing of their language: the business writes in Spanish first (issue 29 req 3).
    expect(rewriteLanguage(ad('Mugs', 'Mugs.'), 'es')).toBe('es');
    expect(rewriteLanguage(ad('Mugs', 'Meet the mugs you need, made for your mornings.'), 'es')).toBe('en');
    expect(rewriteLanguage(ad('Tassen', 'Entdecke die Tassen für deinen Morgen, mit Versand.'), 'es')).toBe('de');
  });
});
