import { likelyLanguage } from '@shared/copy-languages';
import { offerOf } from '@shared/creative-offer';
import type { AdCopyAngle } from '@shared/ad-copy-rules';
import { textOf, type ChatMessage } from './chat-request';

/**
 * The offline model's answer to the creative tags prompt (schema `creative_tags`): each ad of the data tagged from
 * its words by fixed rules, as a deterministic stand-in for a model's reading. Labelled for what it is: keyword rules
 * in English, Spanish, French and German, the angle by the first rule that matches, benefit otherwise; the offer by
 * the product's own patterns; the language by its marker words, English when none stands out.
 */
export const CREATIVE_TAGS_SCHEMA_NAME = 'creative_tags';

interface AdWords {
  adId: string;
  headline?: string;
  primaryText?: string;
  description?: string;
}

const ANGLE_RULES: ReadonlyArray<readonly [AdCopyAngle, RegExp]> = [
  [
    'urgency',
    /\b(today only|ends (?:today|tonight|soon|sunday)|last (?:chance|pairs|day)|limited|hurry|while stocks last|now or never|últim[oa]s?|termina|dernière chance|derniers jours|nur heute|letzte chance)\b/iu,
  ],
  [
    'social_proof',
    /(\b\d[\d,.]*\+?\s*(?:customers|reviews|runners|clientes|clients|kunden)\b|★|\brated\b|\bloved by\b|\btrusted by\b|\bbest[- ]seller)/iu,
  ],
  ['problem_solution', /\b(tired of|struggling|no more|say goodbye|cansad[oa] de|marre de|schluss mit)\b/iu],
];

function angleOf(words: string, headline: string): AdCopyAngle {
  const rule = ANGLE_RULES.find(([, pattern]) => pattern.test(words));
  if (rule) return rule[0];
  return headline.trim().endsWith('?') || headline.trim().startsWith('¿') ? 'question' : 'benefit';
}

function adsIn(messages: ChatMessage[]): AdWords[] {
  const user = [...messages].reverse().find((m) => m.role === 'user');
  const text = user ? textOf(user) : '';
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return [];
  try {
    const data = JSON.parse(text.slice(start, end + 1)) as { adsToTag?: unknown };
    return Array.isArray(data.adsToTag)
      ? (data.adsToTag as AdWords[]).filter((ad) => typeof ad?.adId === 'string')
      : [];
  } catch {
    return [];
  }
}

export function writeCreativeTags(messages: ChatMessage[]) {
  return {
    tags: adsIn(messages).map((ad) => {
      const headline = ad.headline ?? '';
      const words = [headline, ad.primaryText ?? '', ad.description ?? ''].join('\n');
      return {
        adId: ad.adId,
        angle: angleOf(words, headline),
        offer: offerOf(words),
        language: likelyLanguage(words) ?? 'en',
      };
    }),
  };
}
