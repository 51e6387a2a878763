/**
 * The check an AI explanation of a recommendation must pass before a marketer sees it: exactly
 * two sentences, and every number in them one the detector produced (its evidence, its expected
 * effect, or a number in the name of an object it changes). A model that invents or miscopies a
 * figure fails the check, and the recommendation keeps its template text instead.
 */

export interface ExplanationFacts {
  evidence: Record<string, number>;
  /** Numbers the text may quote besides the evidence (the expected effect's low, expected, high). */
  extraNumbers?: readonly number[];
  /** Names of the objects it is about: "Lookalike 1%" may be quoted as it is. */
  names?: readonly string[];
}

export type ExplanationCheck = { ok: true } | { ok: false; problem: string };

/** Longest explanation kept: two plain sentences, not a paragraph. */
export const MAX_EXPLANATION_CHARS = 420;

/** Numbers as written in prose: 1,234.5 / 12% / $40 / -3 / 0.85; ordinal suffixes and ids are ignored. */
const NUMBER = /(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.])-?\d+(?:\.\d+)?(?![\w])/g;

export interface WrittenNumber {
  value: number;
  /** Decimals as written: "12" → 0, "12.5" → 1 (the precision the writer rounded to). */
  decimals: number;
  text: string;
}

export function numbersIn(text: string): WrittenNumber[] {
  return [...text.matchAll(NUMBER)].map((match) => {
    const raw = match[0].replace(/,/g, '');
    const dot = raw.indexOf('.');
    return { value: Number(raw), decimals: dot < 0 ? 0 : raw.length - dot - 1, text: match[0] };
  });
}

/** A number written at some precision stands for a fact when the fact rounds to it at that precision. */
export function standsFor(written: WrittenNumber, fact: number): boolean {
  const scale = 10 ** written.decimals;
  const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  return close(Math.round(fact * scale) / scale, written.value) || close(Math.abs(fact), Math.abs(written.value));
}

/** Sentences end at . ! or ? followed by a space or the end (a decimal point is followed by a digit). */
export function sentencesOf(text: string): string[] {
  return text
    .trim()
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function checkExplanation(text: string, facts: ExplanationFacts): ExplanationCheck {
  const trimmed = text.trim();
  if (trimmed.length === 0) return { ok: false, problem: 'it is empty' };
  if (trimmed.length > MAX_EXPLANATION_CHARS) return { ok: false, problem: 'it is longer than two plain sentences' };
  const sentences = sentencesOf(trimmed);
  if (sentences.length !== 2 || !/[.!?]$/.test(trimmed)) {
    return { ok: false, problem: `it has ${sentences.length} sentence(s), not two` };
  }
  const allowedInNames = new Set((facts.names ?? []).flatMap((name) => numbersIn(name).map((n) => n.text)));
  const facts_ = [...Object.values(facts.evidence), ...(facts.extraNumbers ?? [])];
  for (const written of numbersIn(trimmed)) {
    if (allowedInNames.has(written.text)) continue;
    if (!facts_.some((fact) => standsFor(written, fact))) {
      return { ok: false, problem: `the number ${written.text} is not in the evidence` };
    }
  }
  return { ok: true };
}
