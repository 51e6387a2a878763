import { numbersIn, standsFor, type WrittenNumber } from '../optimizer/explanation-check';

/**
 * Every figure the agent states must come from a tool result of the conversation: the optimizer's check of
 * its explanations (a written number stands for a fact when the fact rounds to it at the written precision)
 * applied to the whole answer against every number the tools returned. A sentence with a figure no tool gave
 * is taken out of the shown answer and the figure is reported; the answer names the tool results it quotes.
 */

export interface ToolEvidence {
  /** The tool call's id. */
  id: string;
  name: string;
  /** The result as the model read it (JSON). */
  content: string;
}

export interface GroundedAnswer {
  text: string;
  /** Figures no tool result holds, as written (their sentences were removed). */
  removed: string[];
  /** `<tool name> (<call id>)` of each result whose figures the answer quotes. */
  sources: string[];
}

/** Small counts and list markers read as words, not as figures ("2 campaigns", "step 1"). */
const PLAIN_COUNT_MAX = 10;

function numbersOfValue(value: unknown, into: number[]): void {
  if (typeof value === 'number' && Number.isFinite(value)) into.push(value);
  else if (typeof value === 'string') for (const n of numbersIn(value)) into.push(n.value);
  else if (Array.isArray(value)) for (const item of value) numbersOfValue(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) numbersOfValue(item, into);
}

/** Every number a tool result holds: its JSON values, and the numbers written inside its strings. */
export function factsOf(content: string): number[] {
  const facts: number[] = [];
  try {
    numbersOfValue(JSON.parse(content), facts);
  } catch {
    numbersOfValue(content, facts);
  }
  return facts;
}

function isPlainCount(written: WrittenNumber): boolean {
  return written.decimals === 0 && Number.isInteger(written.value) && Math.abs(written.value) <= PLAIN_COUNT_MAX;
}

/** Dates and times are named by the tool results too, but "2026-11-20" reads as three numbers: one token here. */
const DATE = /\b\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?\b/g;

export function groundAnswer(text: string, evidence: readonly ToolEvidence[]): GroundedAnswer {
  const perTool = evidence.map((tool) => ({ tool, facts: factsOf(tool.content), raw: tool.content }));
  const used = new Set<string>();
  const removed: string[] = [];
  // Paragraph and line breaks are kept: sentences are judged one by one within each line.
  const lines = text.split(/(\n+)/);
  const kept = lines.map((line) => {
    if (/^\n+$/.test(line)) return line;
    const sentences = line.split(/(?<=[.!?])\s+/);
    return sentences
      .filter((sentence) => {
        const dates = sentence.match(DATE) ?? [];
        const allDatesGiven = dates.every((date) => perTool.some(({ raw }) => raw.includes(date)));
        if (!allDatesGiven) {
          removed.push(...dates.filter((date) => !perTool.some(({ raw }) => raw.includes(date))));
          return false;
        }
        const numbers = numbersIn(sentence.replace(DATE, ' '));
        let grounded = true;
        for (const written of numbers) {
          const holders = perTool.filter(({ facts }) => facts.some((fact) => standsFor(written, fact)));
          if (holders.length === 0 && !isPlainCount(written)) {
            removed.push(written.text);
            grounded = false;
          }
          for (const { tool } of holders) used.add(`${tool.name} (${tool.id})`);
        }
        return grounded;
      })
      .join(' ');
  });
  return {
    text: kept
      .join('')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    removed,
    sources: [...used],
  };
}
