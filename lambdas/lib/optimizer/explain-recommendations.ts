import type { RecommendationExplanations, StoredRecommendation } from '@shared/schemas/optimizer';
import type { ExplanationInput } from '../ai/prompts/recommendation-explanations';
import { checkExplanation } from './explanation-check';

/**
 * Two plain sentences per recommendation from the AI engine, in ONE batched generation per
 * recommendations request, only for proposals that have no explanation yet (it is stored with the
 * proposal and kept while the proposal stays the same), at most 20 a request. Reading costs the
 * marketer nothing: the optimizer gives no `takeGeneration`, so no daily AI generation is taken
 * (issue 25, requirement 4); only what a person asks to be written counts. Every
 * sentence is checked against the detector's numbers; one that fails keeps the template text, and
 * `explanationSource` says which the marketer is reading. Without the AI (quota used up, outage,
 * too little time left) the template is shown and the proposals are tried again next time.
 */

export const MAX_EXPLAINED_PER_REQUEST = 20;

export interface ExplainDeps {
  /** An allowance a generation must take first (null when used up); none means the generation is free. */
  takeGeneration?: () => Promise<{ refund: () => Promise<void> } | null>;
  /** The batched structured generation; throws when the AI engine cannot answer. */
  generate: (input: ExplanationInput) => Promise<RecommendationExplanations>;
  /** False when the request has too little time left for a generation (the reply must not wait). */
  enoughTime?: () => boolean;
  log?: (message: string, facts: Record<string, unknown>) => void;
}

export interface ExplainOutcome {
  recommendations: StoredRecommendation[];
  /** Records whose explanation should be stored (AI text, or the template after a failed check). */
  toStore: StoredRecommendation[];
  /** 'generated': one generation was used; 'unchanged': nothing new to explain; 'unavailable': template shown. */
  status: 'generated' | 'unchanged' | 'unavailable';
  reason?: string;
}

/** The detector's own words: its "why" (the numbers) and its title (the change), as two sentences. */
export function templateExplanation(rec: Pick<StoredRecommendation, 'why' | 'title'>): string {
  const title = rec.title.trim();
  return `${rec.why.trim()} ${/[.!?]$/.test(title) ? title : `${title}.`}`;
}

function facts(rec: StoredRecommendation) {
  const { low, expected, high } = rec.expectedEffect;
  return {
    evidence: rec.evidence,
    extraNumbers: [low, expected, high],
    // Its title may name objects whose change another recommendation took: their names may be quoted too.
    names: [
      rec.objectName,
      ...rec.changes.map((c) => c.objectName),
      ...(rec.alreadyChanged ?? []).map((a) => a.objectName),
    ],
  };
}

/**
 * The explanation a recomputed proposal keeps from its stored version: the AI's text while every
 * number it quotes still holds for the new evidence (a read then writes nothing again); none when
 * one has moved, so the next read explains it anew.
 */
export function carriedExplanation(
  before: StoredRecommendation,
  next: StoredRecommendation,
): Pick<StoredRecommendation, 'explanation' | 'explanationSource'> {
  if (!before.explanation || before.explanationSource !== 'ai') return {};
  return checkExplanation(before.explanation, facts(next)).ok
    ? { explanation: before.explanation, explanationSource: 'ai' }
    : {};
}

const withTemplate = (rec: StoredRecommendation): StoredRecommendation => ({
  ...rec,
  explanation: templateExplanation(rec),
  explanationSource: 'template',
});

export async function explainRecommendations(
  recommendations: readonly StoredRecommendation[],
  deps: ExplainDeps,
): Promise<ExplainOutcome> {
  const pending = recommendations
    .filter((rec) => rec.status === 'proposed' && !rec.explanation)
    .slice(0, MAX_EXPLAINED_PER_REQUEST);
  if (pending.length === 0) return { recommendations: [...recommendations], toStore: [], status: 'unchanged' };

  const fallBack = (reason: string): ExplainOutcome => {
    const pendingIds = new Set(pending.map((rec) => rec.id));
    return {
      recommendations: recommendations.map((rec) => (pendingIds.has(rec.id) ? withTemplate(rec) : rec)),
      toStore: [],
      status: 'unavailable',
      reason,
    };
  };

  if (deps.enoughTime && !deps.enoughTime()) {
    return fallBack('Reading this account took most of the time a request has: the detector’s own words are shown.');
  }
  const grant = deps.takeGeneration
    ? await deps.takeGeneration().catch((error: unknown) => {
        deps.log?.('Explanations: quota check failed', { error: String(error) });
        return null;
      })
    : { refund: async () => undefined };
  if (!grant) return fallBack('Your AI generations for today are used up: the detector’s own words are shown.');

  let reply: RecommendationExplanations;
  try {
    reply = await deps.generate({
      currency: pending[0]!.currency,
      recommendations: pending.map((rec) => ({
        id: rec.id,
        title: rec.title,
        evidence: rec.evidence,
        expectedEffect: rec.expectedEffect,
        ...(rec.changes.length === 0 && rec.alreadyChanged?.length ? { adviceOnly: true } : {}),
      })),
    });
  } catch (error) {
    await grant.refund().catch(() => undefined);
    deps.log?.('Explanations: the AI engine did not answer', { error: String(error) });
    return fallBack('The AI engine did not answer in time: the detector’s own words are shown.');
  }

  const written = new Map(reply.explanations.map((item) => [item.id, item.text]));
  const explained = new Map<string, StoredRecommendation>();
  for (const rec of pending) {
    const text = written.get(rec.id)?.trim() ?? '';
    const check = checkExplanation(text, facts(rec));
    if (check.ok) {
      explained.set(rec.id, { ...rec, explanation: text, explanationSource: 'ai' });
    } else {
      deps.log?.('Explanation failed the number check', { id: rec.id, problem: check.problem });
      explained.set(rec.id, withTemplate(rec));
    }
  }
  return {
    recommendations: recommendations.map((rec) => explained.get(rec.id) ?? rec),
    toStore: [...explained.values()],
    status: 'generated',
  };
}
