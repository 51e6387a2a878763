import { describe, expect, it } from 'vitest';
import { checkAdPolicy } from '@shared/ad-policy';
import {
  BusinessLanguagesSchema,
  COPY_LIMITS_BY_LANGUAGE,
  CopyLanguageTagSchema,
  baseLanguage,
  likelyLanguage,
  writtenIn,
} from '@shared/copy-languages';

describe('business languages (BCP-47 tags)', () => {
  it('takes well-formed tags of languages the engine writes, in canonical case', () => {
    expect(CopyLanguageTagSchema.parse('es')).toBe('es');
    expect(CopyLanguageTagSchema.parse('ES_mx')).toBe('es-MX');
    expect(CopyLanguageTagSchema.parse('fr-CA')).toBe('fr-CA');
    expect(CopyLanguageTagSchema.parse('de-Latn-AT')).toBe('de-Latn-AT');
    expect(baseLanguage('pt-BR')).toBe('pt');
  });

  it('refuses malformed tags and languages it cannot write, naming why', () => {
    const malformed = CopyLanguageTagSchema.safeParse('spanish');
    expect(malformed.success).toBe(false);
    expect(malformed.error?.issues[0]?.message).toMatch(/BCP-47/);
    const unsupported = CopyLanguageTagSchema.safeParse('ja');
    expect(unsupported.success).toBe(false);
    expect(unsupported.error?.issues[0]?.message).toMatch(/en, es, fr, de/);
  });

  it('asks for at least one language and each base language once', () => {
    expect(BusinessLanguagesSchema.parse(['en', 'es-MX', 'fr', 'de'])).toEqual(['en', 'es-MX', 'fr', 'de']);
    expect(BusinessLanguagesSchema.safeParse([]).success).toBe(false);
    expect(BusinessLanguagesSchema.safeParse(['es', 'es-MX']).success).toBe(false);
  });

  it('checks every language against Meta’s feed figures (125 / 40 / 30)', () => {
    for (const language of ['en', 'es', 'fr', 'de'] as const) {
      expect(COPY_LIMITS_BY_LANGUAGE[language]).toEqual({ primaryText: 125, headline: 40, description: 30 });
    }
  });
});

describe('telling which language copy is in', () => {
  it('recognises each of en, es, fr, de from its function words', () => {
    expect(likelyLanguage('Meet the mugs you need, made for your mornings.')).toBe('en');
    expect(likelyLanguage('Descubre las tazas para tus mañanas, con envío gratis y más.')).toBe('es');
    expect(likelyLanguage('Découvrez les tasses pour vos matins, avec livraison offerte.')).toBe('fr');
    expect(likelyLanguage('Entdecke die Tassen für deinen Morgen, mit kostenlosem Versand und mehr.')).toBe('de');
  });

  it('accepts English brief words inside copy in another language, refuses copy plainly in another language', () => {
    expect(writtenIn('Descubre ceramic coffee mugs, para coffee lovers.', 'es')).toBe(true);
    expect(writtenIn('Meet the mugs you need, made for your mornings.', 'es')).toBe(false);
    expect(writtenIn('Découvrez les tasses pour vos matins.', 'de')).toBe(false);
  });
});

describe('ad policy checks per language', () => {
  const cases: [string, string, string[]][] = [
    [
      'es',
      '¿Estás deprimido? Resultados garantizados, antes y después.',
      ['personal_attributes', 'unrealistic_promise', 'before_after'],
    ],
    [
      'es-MX',
      'Pierde 10 kg con tu diabetes bajo control. ¡No vas a creer esto!',
      ['unrealistic_promise', 'personal_attributes', 'sensational'],
    ],
    [
      'fr',
      'Êtes-vous en surpoids ? Résultats garantis. Avant et après !',
      ['personal_attributes', 'unrealistic_promise', 'before_after'],
    ],
    [
      'fr-CA',
      'Souffrez-vous de la dépression ? Les médecins détestent ce produit.',
      ['personal_attributes', 'sensational'],
    ],
    [
      'de',
      'Sind Sie übergewichtig? Garantierte Ergebnisse, vorher und nachher.',
      ['personal_attributes', 'unrealistic_promise', 'before_after'],
    ],
    [
      'de',
      'Leidest du an Haarausfall? Verdoppeln Sie Ihr Geld. Schockierend!',
      ['personal_attributes', 'unrealistic_promise', 'sensational'],
    ],
  ];

  it.each(cases)('flags the %s wording Meta rejects', (language, text, rules) => {
    expect(checkAdPolicy(text, language).map((issue) => issue.rule)).toEqual(rules);
  });

  it('passes ordinary copy in each language, including words that merely contain a flagged stem', () => {
    expect(checkAdPolicy('Zapatillas para el monte, con devoluciones gratis.', 'es')).toEqual([]);
    expect(checkAdPolicy('Des tasses pour vos matins, livraison offerte.', 'fr')).toEqual([]);
    // "wunderbar" (wonderful) is not a miracle claim.
    expect(checkAdPolicy('Wunderbare Tassen für deinen Morgen.', 'de')).toEqual([]);
  });

  it('the English list always runs too (English slogans in other-language ads), the local lists only for their language', () => {
    expect(checkAdPolicy('Tazas con guaranteed results.', 'es').map((i) => i.rule)).toEqual(['unrealistic_promise']);
    expect(checkAdPolicy('Resultados garantizados.', 'en')).toEqual([]);
  });
});
