/** WCAG 2.x relative luminance and contrast ratio, for the design checks and for picking readable text colours. */

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** `#rrggbb` → [r, g, b] in 0–255. */
export function parseHex(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [Number.parseInt(match[1]!, 16), Number.parseInt(match[2]!, 16), Number.parseInt(match[3]!, 16)];
}

export function toHex([r, g, b]: readonly [number, number, number]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function relativeLuminance(rgb: readonly [number, number, number]): number {
  return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
}

/** Contrast ratio (1–21) between two colours. */
export function contrastRatio(
  a: string | readonly [number, number, number],
  b: string | readonly [number, number, number],
): number {
  const la = relativeLuminance(typeof a === 'string' ? parseHex(a) : a);
  const lb = relativeLuminance(typeof b === 'string' ? parseHex(b) : b);
  const [light, dark] = la > lb ? [la, lb] : [lb, la];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA: 4.5:1 for normal text, 3:1 for large text (≥ 24 px regular or ≥ 18.66 px bold at 1x). */
export const WCAG_AA_NORMAL = 4.5;
export const WCAG_AA_LARGE = 3;

/** Large text by WCAG's definition, in CSS pixels of the rendered image (an ad is viewed scaled down; we stay strict). */
export function isLargeText(fontSizePx: number, bold: boolean): boolean {
  return fontSizePx >= 24 || (bold && fontSizePx >= 18.66);
}

/** The candidate with the best contrast against a background. */
export function mostReadable(background: string, candidates: readonly string[]): string {
  let best = candidates[0] ?? '#000000';
  for (const candidate of candidates) {
    if (contrastRatio(candidate, background) > contrastRatio(best, background)) best = candidate;
  }
  return best;
}

/** Blend a colour over another with an opacity (for scrims drawn over photos). */
export function blend(
  top: readonly [number, number, number],
  bottom: readonly [number, number, number],
  alpha: number,
): [number, number, number] {
  return [0, 1, 2].map((i) => top[i]! * alpha + bottom[i]! * (1 - alpha)) as [number, number, number];
}
