import { type Design } from './design-schema';
import { placementSizes, type PlacementSizeId } from './placement-sizes';
import { templates } from './templates/template-registry';

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
