import * as z from 'zod';
import { AD_COPY_LIMITS, adCopyLanguageKeys, type AdCopyLanguage, type AdCopyTextField } from './ad-copy-rules';

/**
 * The languages a business writes its ads in (issue 29 requirement 3). Tags are BCP-47 (RFC 5646): a language
 * subtag, then optionally a script and a region ("es", "es-MX", "pt-BR", "zh-Hant-TW"). Copy is written per base
 * language; the region is kept for the marketer (and Meta's locale targeting) but does not change the words the
 * engine is asked for.
 */

/** language[-Script][-REGION]: 2–3 letter language, 4-letter script, 2-letter or 3-digit region (RFC 5646 §2.1). */
const BCP47 = /^([a-z]{2,3})(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?$/;

/** Normalises case as RFC 5646 §2.1.1 recommends (language lower, Script title, REGION upper) before checking. */
function canonicalTag(tag: string): string {
  return tag
    .trim()
    .replace(/_/g, '-')
    .split('-')
    .map((part, i) => {
      if (i === 0) return part.toLowerCase();
      if (part.length === 4) return part.charAt(0).toUpperCase() + part.slice(1).toLowerCase();
      return part.toUpperCase();
    })
    .join('-');
}

/** The base language of a well-formed tag ("es-MX" → "es"). */
export function baseLanguage(tag: string): string {
  return BCP47.exec(canonicalTag(tag))?.[1] ?? tag.toLowerCase();
}

export function isCopyLanguage(code: string): code is AdCopyLanguage {
  return (adCopyLanguageKeys as readonly string[]).includes(code);
}

// A constant of its own, so the schema below builds from zod's calls alone and Lambda builds drop it where unused
// (infra/cdk/lib/bundling/schema-declarations.ts).
const WRITTEN_LANGUAGES_MESSAGE = `Ad copy can be written in: ${adCopyLanguageKeys.join(', ')}.`;

/** A BCP-47 tag whose base language the engine writes; 400 names it otherwise. */
export const CopyLanguageTagSchema = z
  .string({ error: 'Give a language tag such as "en" or "es-MX".' })
  .max(35, 'A language tag is at most 35 characters.')
  .transform(canonicalTag)
  .refine((tag) => BCP47.test(tag), { message: 'Not a BCP-47 language tag (such as "en", "es-MX", "pt-BR").' })
  .refine((tag) => isCopyLanguage(baseLanguage(tag)), {
    message: WRITTEN_LANGUAGES_MESSAGE,
  });

export const MAX_BUSINESS_LANGUAGES = 6;

/** A business's languages: at least one, no base language twice (one version per language in a multi-language ad). */
export const BusinessLanguagesSchema = z
  .array(CopyLanguageTagSchema)
  .min(1, 'Choose at least one language.')
  .max(MAX_BUSINESS_LANGUAGES, `At most ${MAX_BUSINESS_LANGUAGES} languages.`)
  .refine((tags) => new Set(tags.map(baseLanguage)).size === tags.length, {
    message: 'Each language once (es and es-MX are both Spanish).',
  });

/**
 * Meta's text guidance per language version. Meta's Ads Guide (facebook.com/business/ads-guide, image and carousel
 * link ads) gives one set of recommended figures for every language: primary text 125 characters, headline 40 (27 in
 * the right-column and some Instagram placements) and description 30, counted in characters as a reader sees them,
 * longer text being cut behind "See more". The reference folder (/work/shared/reference/meta) has no text figures,
 * so these come from the Ads Guide; each language version is checked on its own against them.
 */
export const COPY_LIMITS_BY_LANGUAGE: Record<AdCopyLanguage, Record<AdCopyTextField, number>> = Object.fromEntries(
  adCopyLanguageKeys.map((language) => [language, { ...AD_COPY_LIMITS }]),
) as Record<AdCopyLanguage, Record<AdCopyTextField, number>>;

/** The tight headline figure for placements that show fewer characters (right column, some Instagram). */
export const TIGHT_HEADLINE_LIMIT = 27;

/**
 * Function words that mark a language in ad-length text. Used to tell whether a model answered in the language
 * asked: product and audience words come from the brief as the marketer wrote them (often English), so a reply is
 * only refused when the language asked is absent and another is plainly present.
 */
const MARKERS: Partial<Record<AdCopyLanguage, string[]>> = {
  en: ['the', 'and', 'you', 'your', 'with', 'what', 'why', 'made', 'our', 'get', 'is', 'are', 'this', 'from', 'today'],
  es: ['el', 'los', 'las', 'y', 'del', 'para', 'con', 'tu', 'tus', 'que', 'es', 'una', 'por', 'más', 'hoy', 'sin'],
  fr: ['le', 'les', 'et', 'des', 'pour', 'avec', 'vous', 'votre', 'vos', 'est', 'une', 'du', 'qui', 'plus', 'sans'],
  de: ['der', 'die', 'das', 'und', 'für', 'mit', 'sie', 'ihr', 'ist', 'ein', 'eine', 'zu', 'von', 'jetzt', 'ohne'],
};

export const DETECTABLE_LANGUAGES = Object.keys(MARKERS) as AdCopyLanguage[];

/** How many marker words of each detectable language the text holds. */
export function languageScores(text: string): Record<string, number> {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  return Object.fromEntries(
    Object.entries(MARKERS).map(([language, markers]) => [language, words.filter((w) => markers.includes(w)).length]),
  );
}

/** The detectable language the text most plainly is, or undefined when none stands out. */
export function likelyLanguage(text: string): AdCopyLanguage | undefined {
  const ranked = Object.entries(languageScores(text)).sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] < 2 || (second && second[1] === first[1])) return undefined;
  return first[0] as AdCopyLanguage;
}

/**
 * Whether text is plausibly in `language`: false only when that language (if detectable) has no marker word and
 * another detectable language has two or more. Languages without a marker list are not judged.
 */
export function writtenIn(text: string, language: AdCopyLanguage): boolean {
  if (!MARKERS[language]) return true;
  const scores = languageScores(text);
  if ((scores[language] ?? 0) > 0) return true;
  return !Object.entries(scores).some(([other, score]) => other !== language && score >= 2);
}

/**
 * Meta's locale keys for each language's "(All)" group (English (All) 1001, Spanish (All) 1002, French (All) 1003,
 * Portuguese (All) 1005) and German (5, one locale), as `GET /search?type=adlocale` lists them in public code that
 * calls it; the reference folder has no locale list. A multi-language ad's rule shows its version to these locales.
 * Italian and Dutch are left out until their keys are confirmed: the validator refuses a version in them.
 */
export const META_LOCALE_KEYS: Partial<Record<AdCopyLanguage, number[]>> = {
  en: [1001],
  es: [1002],
  fr: [1003],
  de: [5],
  pt: [1005],
};
