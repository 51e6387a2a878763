/**
 * The check every written summary passes before it reaches a report: each number in the text must be one of the
 * report's own figures, as shown (rounded to the decimals the text uses). A model that invents "ROAS rose 12%"
 * when the data says 9.8% is caught here, and the report falls back to the template summary.
 */

export interface NumberInText {
  /** As written, e.g. "$1,234.50", "12%", "3.4k". */
  text: string;
  value: number;
  /** Decimals written after the point (after scaling by k/m), which says how far the writer rounded. */
  decimals: number;
  /** A suffix such as k or million: the writer rounded to that unit. */
  scale: number;
}

// A number with optional thousands separators and decimals, optionally followed by k / m / million / bn.
const NUMBER_PATTERN = /(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s?(k|m|bn|million|billion|thousand)?(?![\w])/gi;

const SCALES: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  million: 1e6,
  bn: 1e9,
  billion: 1e9,
};

export function numbersInText(text: string): NumberInText[] {
  const found: NumberInText[] = [];
  for (const match of text.matchAll(NUMBER_PATTERN)) {
    const whole = match[1]!.replace(/,/g, '');
    const fraction = match[2] ?? '';
    const scale = SCALES[(match[3] ?? '').toLowerCase()] ?? 1;
    found.push({
      text: match[0].trim(),
      value: Number(`${whole}${fraction ? `.${fraction}` : ''}`) * scale,
      decimals: fraction.length,
      scale,
    });
  }
  return found;
}

/** True when `fact` shown with the text's rounding reads as the number in the text (signs aside: "down 5%"). */
export function matchesFact(number: NumberInText, fact: number): boolean {
  if (!Number.isFinite(fact)) return false;
  const unit = number.scale / 10 ** number.decimals;
  const rounded = Math.round(Math.abs(fact) / unit) * unit;
  return Math.abs(rounded - number.value) < unit / 1e6 + 1e-9;
}

export interface SummaryCheck {
  ok: boolean;
  /** The numbers in the text that no figure of the report explains. */
  unknown: string[];
}

/** Every number of `text` must match one of `facts` (the report's figures, dates and counts). */
export function checkSummaryNumbers(text: string, facts: readonly number[]): SummaryCheck {
  const unknown = numbersInText(text)
    .filter((number) => !facts.some((fact) => matchesFact(number, fact)))
    .map((number) => number.text);
  return { ok: unknown.length === 0, unknown };
}
