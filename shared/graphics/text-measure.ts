import { type FontId, type FontWeight } from './font-catalogue';
import { metricsCharset } from './font-charset';
import { generatedFontMetrics } from './font-metrics.generated';

/**
 * Text measurement with the advance widths of the very font files the renderer draws with (generated table), so
 * fitting here and drawing in satori agree. Kerning is ignored: it only ever narrows Latin text, so measuring without
 * it errs towards fitting less, never towards overflowing; WIDTH_SAFETY covers the rest.
 */
export const WIDTH_SAFETY = 1.03;

interface FontMetrics {
  unitsPerEm: number;
  ascender: number;
  descender: number;
  fallback: number;
  widths: Map<string, number>;
}

const charsetChars = [...metricsCharset];
const cache = new Map<string, FontMetrics>();

function metricsFor(font: FontId, weight: FontWeight): FontMetrics {
  const key = `${font}:${weight}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const raw = generatedFontMetrics[key];
  if (!raw) throw new Error(`No metrics for font ${key}`);
  const values = raw.widths.split(',').map(Number);
  const widths = new Map<string, number>();
  charsetChars.forEach((char, i) => {
    const width = values[i] ?? -1;
    if (width >= 0) widths.set(char, width);
  });
  const metrics = {
    unitsPerEm: raw.unitsPerEm,
    ascender: raw.ascender,
    descender: raw.descender,
    fallback: raw.fallback,
    widths,
  };
  cache.set(key, metrics);
  return metrics;
}

/** Width in pixels of a run of text at a font size, including the safety margin. */
export function measureText(
  text: string,
  font: FontId,
  weight: FontWeight,
  fontSize: number,
  letterSpacing = 0,
): number {
  const metrics = metricsFor(font, weight);
  let units = 0;
  let count = 0;
  for (const char of text) {
    units += metrics.widths.get(char) ?? metrics.fallback;
    count += 1;
  }
  return ((units / metrics.unitsPerEm) * fontSize + letterSpacing * count) * WIDTH_SAFETY;
}

/** True when every character of the text has a glyph in the font (otherwise satori falls back to a box). */
export function hasAllGlyphs(text: string, font: FontId, weight: FontWeight): boolean {
  const metrics = metricsFor(font, weight);
  for (const char of text) if (char !== '\n' && !metrics.widths.has(char)) return false;
  return true;
}
