import { adCopyAngleKeys, callToActionFromText } from '@shared/ad-copy-rules';
import { INTERESTS } from '../meta-sandbox/targeting-search';
import type { Brief } from './brief';
import { phraseLanguageOf } from './copy-phrases';
import { shortForm, writeAd, writeAnswer, type Random, type WrittenAd } from './copywriter';

/**
 * Builds a value valid against the requested JSON schema, with content from
 * the brief: objects that look like an ad (a `headline` property) get a
 * written ad for their angle, anything else gets text about the product.
 */
type Schema = Record<string, unknown>;

interface FillContext {
  root: Schema;
  brief: Brief;
  random: Random;
  depth: number;
  /** The index of the item this value sits in (an ad set's interests vary with the ad set). */
  outerIndex?: number;
  /** The angle of the ad a nested ad-like value (a language version of it) belongs to. */
  adAngle?: string;
}

export function fillSchema(schema: Schema, brief: Brief, random: Random): unknown {
  return fill(schema, { root: schema, brief, random, depth: 0 }, 0);
}

function resolve(schema: Schema, ctx: FillContext): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let node: unknown = ctx.root;
  for (const part of ref.slice(2).split('/')) node = (node as Record<string, unknown> | undefined)?.[part];
  return (node as Schema | undefined) ?? {};
}

function mainType(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return (schema.type as string[]).find((t) => t !== 'null');
  return schema.type as string | undefined;
}

function fill(raw: Schema, ctx: FillContext, index: number, name = ''): unknown {
  if (ctx.depth > 12) return null;
  const schema = resolve(raw, ctx);
  if (Array.isArray(schema.anyOf)) {
    const branch = (schema.anyOf as Schema[]).find((b) => resolve(b, ctx).type !== 'null') ?? {};
    return fill(branch, ctx, index, name);
  }
  if (Array.isArray(schema.enum)) return pickEnum(schema.enum as unknown[], name, ctx, index);
  if ('const' in schema) return schema.const;
  const deeper = { ...ctx, depth: ctx.depth + 1 };
  switch (mainType(schema)) {
    case 'object':
      return fillObject(schema, deeper, index);
    case 'array': {
      const items = (schema.items as Schema | undefined) ?? {};
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
      const wanted = isAdLike(resolve(items, ctx)) && ctx.brief.angles.length > 0 ? ctx.brief.angles.length : 3;
      const count = Math.max(min, Math.min(max, wanted));
      return Array.from({ length: count }, (_, i) => fill(items, { ...deeper, outerIndex: index }, i, name));
    }
    case 'integer':
    case 'number': {
      const age = ageFor(name, schema, ctx);
      if (age !== undefined) return age;
      const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const max = typeof schema.maximum === 'number' ? schema.maximum : min + 100;
      const value = min + (max - min) * ctx.random();
      return mainType(schema) === 'integer' ? Math.round(value) : Math.round(value * 100) / 100;
    }
    case 'boolean':
      return ctx.random() < 0.5;
    case 'null':
      return null;
    default:
      return fitString(textFor(name, ctx, index), schema);
  }
}

/**
 * Ages as a marketer would write them: a band that starts at 18, 25 or 35 and ends at 44, 54 or
 * 65. A uniform draw between the schema's bounds gave bands like 19–20.
 */
const AGE_STARTS = [18, 25, 35];
const AGE_ENDS = [44, 54, 65];

function ageFor(name: string, schema: Schema, ctx: FillContext): number | undefined {
  const lower = name.toLowerCase().replace(/[^a-z]/g, '');
  const options = lower === 'agemin' ? AGE_STARTS : lower === 'agemax' ? AGE_ENDS : undefined;
  if (!options) return undefined;
  const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  const allowed = options.filter((v) => v >= min && v <= max);
  return allowed.length > 0 ? allowed[Math.floor(ctx.random() * allowed.length)] : undefined;
}

function isAdLike(schema: Schema): boolean {
  const props = schema.properties as Record<string, unknown> | undefined;
  return !!props && 'headline' in props;
}

function fillObject(schema: Schema, ctx: FillContext, index: number): Record<string, unknown> {
  const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
  const out: Record<string, unknown> = {};
  if (isAdLike(schema)) {
    // A version of an ad in another language (the campaign plan's `versions`): the item at each position takes the
    // language listed there and is the same ad, its angle, written from the phrase tables of that language.
    const languageSchema = props.language ? resolve(props.language, ctx) : undefined;
    const languages = Array.isArray(languageSchema?.enum) ? (languageSchema.enum as string[]) : [];
    const language = languages.length > 0 ? languages[index % languages.length]! : undefined;
    const brief = language === undefined ? ctx.brief : { ...ctx.brief, language: phraseLanguageOf(language) };
    const angleSchema = props.angle ? resolve(props.angle, ctx) : undefined;
    const angle = language !== undefined && ctx.adAngle ? ctx.adAngle : angleFor(angleSchema, ctx, index);
    const ad = writeAd(brief, angle, ctx.random);
    const inner = { ...ctx, adAngle: angle };
    for (const [key, prop] of Object.entries(props)) {
      out[key] =
        key === 'angle' && angleSchema
          ? angle
          : key === 'language' && language !== undefined
            ? language
            : adField(key, resolve(prop, ctx), ad, inner, index);
    }
    return out;
  }
  for (const [key, prop] of Object.entries(props)) out[key] = fill(prop, ctx, index, key);
  return out;
}

function angleFor(schema: Schema | undefined, ctx: FillContext, index: number): string {
  const options = Array.isArray(schema?.enum) ? (schema.enum as string[]) : [];
  const asked = ctx.brief.angles[index];
  if (asked && (options.length === 0 || options.includes(asked))) return asked;
  // Starting from the account's winning angle: the first ad takes it, the others the remaining angles.
  const winner = ctx.brief.startFrom?.angle;
  if (winner && ctx.brief.angles.length === 0 && options.includes(winner)) {
    const rest = options.filter((option) => option !== winner);
    return index === 0 || rest.length === 0 ? winner : rest[(index - 1) % rest.length]!;
  }
  // Without a list to choose from, the ads of one array still take different angles: the same angle for the
  // same brief writes the same ad, and a plan once got three identical ones.
  return options.length > 0
    ? options[index % options.length]!
    : (asked ?? adCopyAngleKeys[index % adCopyAngleKeys.length]!);
}

function adField(key: string, schema: Schema, ad: WrittenAd, ctx: FillContext, index: number): unknown {
  const lower = key.toLowerCase();
  if (Array.isArray(schema.enum) && /call.?to.?action|cta/.test(lower))
    return ctaFromEnum(schema.enum as string[], ad, ctx.brief.startFrom?.callToAction);
  if (mainType(schema) !== 'string' || Array.isArray(schema.enum)) return fill(schema, ctx, index, key);
  if (lower.includes('headline') || lower === 'title') return fitString(ad.headline, schema);
  if (lower.includes('primary') || lower === 'body' || lower === 'text') return fitString(ad.primaryText, schema);
  if (lower.includes('description')) return fitString(ad.description, schema);
  if (/call.?to.?action|cta/.test(lower)) return fitString(ad.callToAction, schema);
  return fill(schema, ctx, index, key);
}

function ctaFromEnum(options: string[], ad: WrittenAd, winner?: string): string {
  if (winner && options.includes(winner)) return winner;
  const mapped = callToActionFromText(ad.callToAction);
  if (options.includes(mapped)) return mapped;
  return options.includes('LEARN_MORE') ? 'LEARN_MORE' : options[0]!;
}

function pickEnum(options: unknown[], name: string, ctx: FillContext, index: number): unknown {
  if (/angle/i.test(name)) return angleFor({ enum: options }, ctx, index);
  return options[Math.floor(ctx.random() * options.length)];
}

/** Words too common to name an interest. */
const NOT_INTERESTS = new Set([
  'with',
  'that',
  'this',
  'from',
  'their',
  'they',
  'your',
  'people',
  'who',
  'want',
  'need',
  'love',
  'like',
  'more',
  'than',
  'about',
  'into',
  'over',
  'under',
  'and',
  'for',
  'the',
]);

/** A word without the endings that separate "hikers" from "hiking" or "sustainability" from "sustainable". */
function stem(word: string): string {
  for (const ending of ['ability', 'able', 'ers', 'ing', 'er', 'es', 's']) {
    if (word.length - ending.length >= 3 && word.endsWith(ending)) return word.slice(0, -ending.length);
  }
  return word;
}

const sameStem = (a: string, b: string) =>
  a === b || (Math.min(a.length, b.length) >= 5 && (a.startsWith(b) || b.startsWith(a)));

/** Product words whose interest does not share their stem. */
const INTEREST_SYNONYMS: Record<string, string> = {
  boot: 'Footwear',
  sho: 'Footwear',
  sneak: 'Footwear',
  trainer: 'Footwear',
  mug: 'Coffee',
  app: 'Mobile apps',
  puppi: 'Dogs',
};

/**
 * Meta interests the brief is about, as a model that knows Meta's detailed targeting names them: the
 * sandbox's catalogue entries whose name (or its first word) shares a stem with a word of the audience or
 * product ("hikers" → Hiking, "sustainability" → Sustainable fashion, "boots" → Footwear), audience first.
 */
export function briefInterests(brief: Brief): string[] {
  const stems = `${brief.audience} ${brief.product}`
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 3 && !NOT_INTERESTS.has(word))
    .map(stem);
  const found: string[] = [];
  for (const word of stems) {
    const synonym = INTEREST_SYNONYMS[word];
    if (synonym) found.push(synonym);
    for (const interest of INTERESTS) {
      const words = interest.name
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter(Boolean);
      if (sameStem(stem(words.join('')), word) || sameStem(stem(words[0]!), word)) found.push(interest.name);
    }
  }
  return [...new Set(found)];
}

/**
 * An interest for item `index` of an interest list: one Meta knows when the brief names one, rotated by the
 * ad set so each starts from a different one; else the brief's content words (which the editor then flags).
 */
function interestFor(ctx: FillContext, index: number): string {
  const known = briefInterests(ctx.brief);
  if (known.length > 0) return known[((ctx.outerIndex ?? 0) + index) % known.length]!;
  const words = `${ctx.brief.audience} ${ctx.brief.product}`
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 4 && !NOT_INTERESTS.has(word));
  const unique = [...new Set(words)];
  if (unique.length === 0) return shortForm(ctx.brief.product);
  const word = unique[index % unique.length]!;
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function textFor(name: string, ctx: FillContext, index = 0): string {
  const product = shortForm(ctx.brief.product);
  const audience = shortForm(ctx.brief.audience, 3);
  const lower = name.toLowerCase();
  if (/^alt.?text$/.test(lower)) return altTextFor(ctx.brief);
  if (/interest|keyword/.test(lower)) return interestFor(ctx, index);
  if (/name|title|headline/.test(lower)) return `${product} for ${audience}`;
  if (/summary|reason|explanation|rationale|answer|text|message|content/.test(lower)) return writeAnswer(ctx.brief);
  return `${product} for ${audience}`;
}

function fitString(text: string, schema: Schema): string {
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  let out = [...text].slice(0, max).join('');
  while ([...out].length < min) out += '.';
  return out;
}

/**
 * Alt text for an ad image from the design data our alt-text prompt sends (layout, texts by role, image
 * descriptions): what the image says and shows, in one sentence under 125 characters, written differently from the
 * server's own fallback so a test can tell which one answered.
 */
function altTextFor(brief: Brief): string {
  const start = brief.question.indexOf('{');
  let data: { layout?: unknown; texts?: Record<string, unknown>; images?: unknown } = {};
  try {
    data = JSON.parse(brief.question.slice(start)) as typeof data;
  } catch {
    // Not our prompt: describe what was asked about.
  }
  const texts = data.texts ?? {};
  const said = (key: string) => (typeof texts[key] === 'string' ? texts[key].trim() : '');
  const layout = typeof data.layout === 'string' ? data.layout.toLowerCase() : 'ad';
  const main = said('headline') || said('quote') || said('caption') || shortForm(brief.product);
  const offer = said('badge') || said('eventDate');
  const photo = Array.isArray(data.images) && data.images.length > 0 ? ' with a photo' : '';
  const button = said('cta') ? `, button "${said('cta')}"` : '';
  const sentence = `${layout.charAt(0).toUpperCase()}${layout.slice(1)} ad${photo} reading "${main}"${offer ? ` (${offer})` : ''}${button}.`;
  return [...sentence].length <= 125 ? sentence : `${[...sentence].slice(0, 124).join('').trimEnd()}…`;
}
