import { type FontId, type FontWeight } from './font-catalogue';
import { measureText } from './text-measure';

/**
 * Auto-fit: the largest font size (from max down to min) at which the text, wrapped at word boundaries (words longer
 * than the width are broken between characters), fits the box in both directions. The lines are returned so the
 * renderer draws exactly these lines, without wrapping again. When even the minimum size does not fit, `fits` is
 * false and the lines at the minimum size are returned whole: the design checks report it, nothing is clipped.
 */
export interface FitRequest {
  text: string;
  font: FontId;
  weight: FontWeight;
  maxFontSize: number;
  minFontSize: number;
  /** Line height as a multiple of the font size. */
  lineHeight: number;
  width: number;
  height: number;
  /** At most this many lines, when a layout needs it (a CTA button holds one line). */
  maxLines?: number;
  uppercase?: boolean;
  letterSpacingEm?: number;
}

export interface FitResult {
  lines: string[];
  fontSize: number;
  lineHeightPx: number;
  /** Width of the widest line and total height of the block, in pixels. */
  width: number;
  height: number;
  fits: boolean;
}

function breakLongWord(word: string, fits: (candidate: string) => boolean): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const char of word) {
    if (current !== '' && !fits(current + char)) {
      pieces.push(current);
      current = char;
    } else current += char;
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/** Greedy word wrap at one font size. Explicit newlines start new lines. */
export function wrapText(
  text: string,
  width: number,
  measure: (s: string) => number,
  onBreak: () => void = () => undefined,
): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(/\s+/).filter((w) => w !== '');
    let line = '';
    for (const word of words) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (measure(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      if (measure(word) <= width) line = word;
      else {
        onBreak();
        const pieces = breakLongWord(word, (s) => measure(s) <= width);
        lines.push(...pieces.slice(0, -1));
        line = pieces.at(-1) ?? '';
      }
    }
    if (line !== '' || words.length === 0) lines.push(line);
  }
  // A trailing empty paragraph adds no visible line.
  while (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

export function fitText(request: FitRequest): FitResult {
  const text = request.uppercase ? request.text.toUpperCase() : request.text;
  const attempt = (fontSize: number, allowBreaks: boolean): FitResult => {
    const spacing = (request.letterSpacingEm ?? 0) * fontSize;
    const measure = (s: string) => measureText(s, request.font, request.weight, fontSize, spacing);
    let broke = false;
    const lines =
      text.trim() === ''
        ? []
        : wrapText(text.trim(), request.width, measure, () => {
            broke = true;
          });
    const lineHeightPx = Math.round(fontSize * request.lineHeight);
    const width = Math.max(0, ...lines.map(measure));
    const height = lines.length * lineHeightPx;
    const fits =
      (allowBreaks || !broke) &&
      width <= request.width &&
      height <= request.height &&
      (request.maxLines === undefined || lines.length <= request.maxLines);
    return { lines, fontSize, lineHeightPx, width, height, fits };
  };
  const max = Math.floor(request.maxFontSize);
  const min = Math.ceil(request.minFontSize);
  // Fit is monotonic enough in font size for a binary search. Words are broken between characters only when no
  // size fits them whole (a 40-letter word on a narrow card), never to keep a larger size.
  const search = (allowBreaks: boolean): FitResult | null => {
    let low = min;
    let high = max;
    let best: FitResult | null = null;
    while (low <= high) {
      const mid = Math.floor((low + high) / 2);
      const result = attempt(mid, allowBreaks);
      if (result.fits) {
        best = result;
        low = mid + 1;
      } else high = mid - 1;
    }
    return best;
  };
  return search(false) ?? search(true) ?? attempt(min, true);
}
