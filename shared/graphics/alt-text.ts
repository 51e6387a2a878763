import { type Design } from './design-schema';
import { placementSizes, type PlacementSizeId } from './placement-sizes';
import { templates } from './templates/template-registry';
import { ALT_TEXT_MAX_CHARS } from '../schemas/graphics';

/**
 * Alt text for an exported image, written from the design's own words (what a screen reader user would otherwise
 * miss): the kind of ad, the texts it shows in reading order, and the button. Meta has no alt field for ad images,
 * but the export stores it beside each file, and the editor's previews use it.
 */
export function altText(design: Design, sizeId?: PlacementSizeId): string {
  const template = templates[design.templateId];
  const t = design.texts;
  const parts: string[] = [];
  for (const field of template.texts) {
    if (field === 'cta') continue;
    if (field === 'features') {
      const features = t.features.map((f) => f.trim()).filter(Boolean);
      if (features.length > 0) parts.push(`Features: ${features.join('; ')}`);
      continue;
    }
    const value = t[field].trim();
    if (value === '') continue;
    if (field === 'quote') parts.push(`“${value}”`);
    else if (field === 'attribution') parts.push(`— ${value}`);
    else parts.push(value);
  }
  const what = design.images.product
    ? 'with a product photo'
    : design.images.background
      ? 'over a photo'
      : 'on brand colours';
  const size = sizeId ? ` (${placementSizes[sizeId].ratio})` : '';
  const button = t.cta.trim() !== '' ? ` Button: ${t.cta.trim()}.` : '';
  const sentence = (s: string) => (/[.!?…”]$/.test(s) ? s : `${s}.`);
  return `${template.label} ad${size} ${what}. ${parts.map(sentence).join(' ')}${button}`.replace(/\s+/g, ' ').trim();
}

/** Why a candidate is not acceptable alt text, or null when it is. */
export function altTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length < 10) return 'shorter than 10 characters';
  if ([...trimmed].length > ALT_TEXT_MAX_CHARS) return `longer than ${ALT_TEXT_MAX_CHARS} characters`;
  if (/[\r\n]/.test(trimmed)) return 'more than one line';
  if (/^(an?\s+)?(image|picture|photo|graphic)\s+(of|showing)\b/i.test(trimmed)) return 'starts with "image of"';
  if (/[<>]/.test(trimmed)) return 'contains markup';
  return null;
}

/** Cuts at a word boundary to fit `max` characters, with an ellipsis when anything was cut. */
function clip(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** The visible texts in reading order, by role (what the template shows). */
export function visibleTexts(design: Design): Record<string, string> {
  const template = templates[design.templateId];
  const out: Record<string, string> = {};
  for (const field of template.texts) {
    if (field === 'features') {
      const features = design.texts.features.map((f) => f.trim()).filter(Boolean);
      if (features.length > 0) out.features = features.join('; ');
      continue;
    }
    const value = design.texts[field].trim();
    if (value !== '') out[field] = value;
  }
  return out;
}

const sentenceOf = (s: string) => (/[.!?…]$/.test(s) ? s : `${s}.`);

/**
 * The deterministic alt text: "Ad: <headline or quote>. <offer, date, body…>. Button: <cta>.", clipped so the lead
 * and the button survive within the limit.
 */
export function designAltText(design: Design): string {
  const texts = visibleTexts(design);
  const lead =
    texts.headline ?? (texts.quote ? `“${texts.quote}”` : (texts.caption ?? templates[design.templateId].label));
  const parts = [`Ad: ${sentenceOf(lead)}`];
  for (const field of ['badge', 'eventDate', 'eventPlace', 'attribution', 'body', 'features', 'caption'] as const) {
    const value = texts[field];
    if (value && !lead.includes(value)) parts.push(sentenceOf(field === 'attribution' ? `By ${value}` : value));
  }
  const button = texts.cta ? ` Button: ${sentenceOf(clip(texts.cta, 30))}` : '';
  let text = parts.join(' ').replace(/\s+/g, ' ');
  const room = ALT_TEXT_MAX_CHARS - [...button].length;
  if ([...text].length > room) text = clip(text, room);
  return clip(`${text}${button}`, ALT_TEXT_MAX_CHARS);
}
