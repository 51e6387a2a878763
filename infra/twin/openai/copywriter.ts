import type { Brief } from './brief';
import { briefFacts, factLines, factSentences, type BriefFacts } from './brief-facts';
import { randomFor } from '../meta-sandbox/prng';
import { PHRASES, type PhraseLanguage } from './copy-phrases';

/**
 * The offline model's copywriting: real sentences about the product and the
 * audience in the brief, one idea per angle, fitted to Meta's recommended
 * lengths. Deterministic for a given random stream, varied by it.
 */
export type Random = () => number;

export interface WrittenAd {
  headline: string;
  primaryText: string;
  description: string;
  /** A human call to action ("Shop now"); mapped onto an enum where a schema asks for one. */
  callToAction: string;
}

const LIMITS = { headline: 40, primaryText: 125, description: 30 };

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const DANGLING = /\s+(?:and|or|the|of|in|with|a|an|to|for|who|that|&)$/i;

/** The head of a phrase, for tight spaces: up to the first comma, dash, "with", "for", "that" or "who". */
export function shortForm(text: string, maxWords = 4): string {
  // "Trail shoes made to move": what the product is for ends its name, or a headline reads "Trail shoes made made …".
  const head =
    text.split(
      /\s*(?:[,;:–—(]| - | with | for | that | who | which | (?:made|built|designed|crafted) (?:to|for) )\s*/i,
    )[0] ?? text;
  let out = head
    .split(/\s+/)
    .slice(0, maxWords)
    .join(' ')
    .replace(/[.!?]+$/, '');
  while (DANGLING.test(out)) out = out.replace(DANGLING, '');
  return out;
}

/** The last two words of the short form: usually the noun ("ceramic coffee mugs" → "coffee mugs"). */
export function tinyForm(text: string): string {
  return shortForm(text).split(' ').slice(-2).join(' ');
}

/** The first candidate that fits; else the last one cut at a word boundary. */
export function fit(candidates: string[], limit: number): string {
  for (const candidate of candidates) if ([...candidate].length <= limit) return candidate;
  const last = candidates[candidates.length - 1] ?? '';
  const words = last.split(' ');
  let out = '';
  for (const word of words) {
    const next = out ? `${out} ${word}` : word;
    if ([...next].length > limit) break;
    out = next;
  }
  return out || [...last].slice(0, limit).join('');
}

const CTA_BY_OBJECTIVE: Record<string, string[]> = {
  sales: ['Shop now', 'Buy now', 'Get offer', 'Order now'],
  leads: ['Sign up', 'Get quote', 'Apply now', 'Contact us'],
  traffic: ['Learn more', 'See more'],
  engagement: ['Learn more', 'Send message', 'See more'],
  awareness: ['Learn more', 'See more'],
  'app promotion': ['Install now', 'Download'],
};

export function callToActionFor(objective: string, random: Random): string {
  const key = objective
    .toLowerCase()
    .replace(/^outcome_/, '')
    .replace(/_/g, ' ');
  return pick(random, CTA_BY_OBJECTIVE[key] ?? ['Learn more', 'Shop now', 'Sign up', 'Get started']);
}

function toneWords(tone: string) {
  switch (tone) {
    case 'playful':
      return { open: 'Psst!', end: '!', verb: 'Treat yourself to' };
    case 'bold':
      return { open: 'No more compromises.', end: '.', verb: 'Demand' };
    case 'luxurious':
      return { open: 'Crafted to be savoured.', end: '.', verb: 'Discover' };
    case 'professional':
      return { open: 'Built for results.', end: '.', verb: 'Choose' };
    case 'empathetic':
      return { open: 'We get it.', end: '.', verb: 'Lean on' };
    default:
      return { open: 'Good news.', end: '!', verb: 'Try' };
  }
}

interface Forms {
  product: string;
  Product: string;
  audience: string;
  Audience: string;
}

/** "Trail runners" in mid-sentence is "trail runners"; "UX designers" and "iPhone owners" stay as written. */
function midSentence(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function formsOf(facts: BriefFacts, brief: Brief): { full: Forms; short: Forms; tiny: Forms } {
  // Mid-sentence words as a person writes them; the sentence-initial forms (Product, Audience) capitalise again.
  const product = midSentence(facts.name.replace(/[.!?]+$/, ''));
  const audience = midSentence(brief.audience.replace(/[.!?]+$/, ''));
  const make = (p: string, a: string): Forms => ({
    product: p,
    Product: capitalise(p),
    audience: a,
    Audience: capitalise(a),
  });
  return {
    full: make(product, audience),
    short: make(shortForm(product), shortForm(audience, 3)),
    tiny: make(tinyForm(product), shortForm(audience, 2)),
  };
}

function copyFor(angle: string, f: Forms, t: ReturnType<typeof toneWords>, cta: string) {
  switch (angle) {
    case 'social_proof':
      return {
        headlines: [`Why ${f.audience} pick ${f.product}`, `Loved by ${f.audience}`, `${f.Product}, a crowd favourite`],
        texts: [
          `${f.Audience} keep coming back to ${f.product}. See what they already know${t.end}`,
          `Ask ${f.audience} about ${f.product}: the reviews speak for themselves. ${cta} and see why${t.end}`,
          `Join ${f.audience} who made ${f.product} part of their week${t.end}`,
        ],
      };
    case 'urgency':
      return {
        headlines: [`${f.Product}: start today`, `Your ${f.product}, waiting for you`, `Don't wait on ${f.product}`],
        texts: [
          `${t.open} ${f.Product} for ${f.audience}, ready when you are. Why wait? ${cta} today${t.end}`,
          `Every week without ${f.product} is a week you could have had it. ${cta} today${t.end}`,
          `This season's ${f.product} for ${f.audience} won't wait. ${cta} while it's here${t.end}`,
        ],
      };
    case 'question':
      return {
        headlines: [`Ready for better ${f.product}?`, `Looking for ${f.product}?`, `Why not ${f.product}?`],
        texts: [
          `What would ${f.product} change in your week? ${f.Audience} are finding out${t.end}`,
          `Looking for ${f.product} that fits your life? Made with ${f.audience} in mind. ${cta}${t.end}`,
          `Want ${f.product} without the fuss? Made for ${f.audience}, ready when you are${t.end}`,
        ],
      };
    case 'problem_solution':
      return {
        headlines: [`${f.Product}, without the hassle`, `The easy way to ${f.product}`, `${f.Product} made simple`],
        texts: [
          `Tired of settling for less? ${f.Product}, made for ${f.audience} from the first day${t.end}`,
          `Too much hassle, too little time? With ${f.product}, ${f.audience} get that time back${t.end}`,
          `Stop making do. ${t.verb} ${f.product}, designed around ${f.audience}${t.end}`,
        ],
      };
    default:
      return {
        headlines: [
          `${f.Product} made for you`,
          `Meet ${f.product}`,
          `${f.Product}, made simple`,
          `Get more from ${f.product}`,
        ],
        texts: [
          `${t.open} ${f.Product}, made for ${f.audience}. ${t.verb} them and feel the difference${t.end}`,
          `Made for ${f.audience}: ${f.product} that fits the way you live. ${cta} and see for yourself${t.end}`,
          `${t.verb} ${f.product}: designed with ${f.audience} in mind, from the first day${t.end}`,
        ],
      };
  }
}

const ANGLE_ORDER = ['benefit', 'social_proof', 'urgency', 'question', 'problem_solution'];

/**
 * Each text with one sentence of the brief's facts after it, the richest that still fits; when none fits any text,
 * the texts as they are. So an ad quotes the price, the free returns or the material, as the marketer wrote them.
 */
function withFacts(texts: string[], facts: string[], limit: number): string[] {
  if (facts.length === 0) return texts;
  const factual = texts.flatMap((text) => {
    const fitting = facts.map((fact) => `${text} ${fact}`).find((candidate) => [...candidate].length <= limit);
    return fitting ? [fitting] : [];
  });
  return factual.length > 0 ? factual : texts;
}

export function writeAd(brief: Brief, angle: string, random: Random): WrittenAd {
  const facts = briefFacts(brief.product);
  const forms = formsOf(facts, brief);
  // Different angles lead with different facts, so a set of ads covers what the brief says.
  const sentences = factSentences(facts, Math.max(0, ANGLE_ORDER.indexOf(angle)));
  const t = toneWords(brief.tone);
  const cta = callToActionFor(brief.objective, random);
  if (brief.language) return writeLocalAd(brief, brief.language, angle, forms, cta);
  // The starts come from the brief and angle alone, and each later take moves one candidate on, so a
  // regenerated variant always differs from the one it replaces (as a real model asked to would).
  const pick = randomFor(
    'offline-copy',
    JSON.stringify([brief.product, brief.audience, brief.tone, brief.objective, angle]),
  );
  const shift = (brief.take ?? 1) - 1;
  const written = (form: keyof typeof forms) => copyFor(angle, forms[form], t, cta);
  const descriptions = (f: Forms) => [`Made for ${f.audience}`, `${f.Product} for ${f.audience}`, 'See what is new'];
  return {
    headline: choose([written('short').headlines, written('tiny').headlines], LIMITS.headline, pick(), shift),
    primaryText: choose(
      [written('full').texts, written('short').texts, written('tiny').texts].map((texts) =>
        withFacts(texts, sentences, LIMITS.primaryText),
      ),
      LIMITS.primaryText,
      pick(),
      shift,
    ),
    // The line under the headline states a fact when the brief gives one ("$24 with free returns").
    description:
      factLines(facts).length > 0
        ? choose([factLines(facts)], LIMITS.description, pick(), shift)
        : choose([descriptions(forms.short), descriptions(forms.tiny)], LIMITS.description, pick(), shift),
    callToAction: cta,
  };
}

/**
 * An ad in Spanish, French or German from the twin's phrase tables (copy-phrases.ts): the same forms and limits as
 * the English writer, without the brief's fact sentences (they are in the marketer's English and would mix
 * languages). The call to action stays the English label the schema maps onto Meta's enum: Meta shows the button
 * in each viewer's language.
 */
function writeLocalAd(
  brief: Brief,
  language: PhraseLanguage,
  angle: string,
  forms: ReturnType<typeof formsOf>,
  cta: string,
): WrittenAd {
  const phrases = PHRASES[language];
  const tone = phrases.tones[brief.tone] ?? phrases.tones.default;
  const ctaWords = phrases.cta[cta] ?? phrases.cta.default;
  const writer = phrases.angles[angle as keyof typeof phrases.angles] ?? phrases.angles.benefit;
  const pick = randomFor(
    'offline-copy',
    JSON.stringify([brief.product, brief.audience, brief.tone, brief.objective, angle, language]),
  );
  const shift = (brief.take ?? 1) - 1;
  const written = (form: keyof typeof forms) => writer(forms[form], tone, ctaWords);
  return {
    headline: choose([written('short').headlines, written('tiny').headlines], LIMITS.headline, pick(), shift),
    primaryText: choose(
      [written('full').texts, written('short').texts, written('tiny').texts],
      LIMITS.primaryText,
      pick(),
      shift,
    ),
    description: choose(
      [phrases.descriptions(forms.short), phrases.descriptions(forms.tiny)],
      LIMITS.description,
      pick(),
      shift,
    ),
    callToAction: cta,
  };
}

/**
 * One candidate within the limit: from the first form (fullest words first) in which two or more fit,
 * else from all that fit; `start` picks one and each later take moves one on, so takes differ.
 */
function choose(forms: string[][], limit: number, start: number, shift: number): string {
  const fitting = forms.map((list) => list.filter((candidate) => [...candidate].length <= limit));
  const pool = fitting.find((list) => list.length >= 2) ?? [...new Set(fitting.flat())];
  if (pool.length === 0) return fit(forms.flat(), limit);
  return pool[(Math.floor(start * pool.length) + shift) % pool.length]!;
}

/** A short plain answer for prompts that are not ad briefs (the chatbot's kind). */
export function writeAnswer(brief: Brief): string {
  const topic = brief.question.replace(/\s+/g, ' ').slice(0, 120);
  return `This is the offline demo model, so here is a structured starting point rather than a live answer. On “${topic}”: start from the outcome your audience wants, test two or three angles with small budgets, and keep the variant whose cost per result is lowest after a week.`;
}
