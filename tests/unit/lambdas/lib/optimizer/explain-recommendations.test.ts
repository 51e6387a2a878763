import { describe, expect, it } from 'vitest';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import type { ExplanationInput } from '@lambdas/lib/ai/prompts/recommendation-explanations';
import {
  explainRecommendations,
  MAX_EXPLAINED_PER_REQUEST,
  templateExplanation,
  type ExplainDeps,
} from '@lambdas/lib/optimizer/explain-recommendations';

function rec(id: string, overrides: Partial<StoredRecommendation> = {}): StoredRecommendation {
  return {
    id,
    kind: 'budget_limited_winner',
    level: 'adset',
    objectId: '1',
    objectName: 'Lookalike 1%',
    campaignId: '2',
    title: 'Raise “Lookalike 1%” from 60 to 72 a day',
    why: 'It spent 98% of its budget over 7 days at 4.1 per result, against 9.5 for similar ad sets (70 results).',
    evidence: {
      spentSharePercent: 98,
      days: 7,
      costPerResult: 4.1,
      medianCostPerResult: 9.5,
      results: 70,
      dailyBudget: 60,
      newDailyBudget: 72,
    },
    expectedEffect: { metric: 'results_per_week', low: 6, expected: 9.2, high: 12.4 },
    valuePerWeek: 87,
    confidence: 0.9,
    changes: [],
    adAccountId: 'act_1',
    currency: 'USD',
    status: 'proposed',
    generatedAt: '2026-11-22T00:00:00Z',
    ...overrides,
  };
}

function deps(answer: (input: ExplanationInput) => Array<{ id: string; text: string }>, quotaLeft = 1) {
  const seen: ExplanationInput[] = [];
  const taken = { count: 0, refunded: 0 };
  const d: ExplainDeps = {
    takeGeneration: async () => {
      if (quotaLeft <= 0) return null;
      quotaLeft -= 1;
      taken.count += 1;
      return { refund: async () => void (taken.refunded += 1) };
    },
    generate: async (input) => {
      seen.push(input);
      return { explanations: answer(input) };
    },
  };
  return { deps: d, seen, taken };
}

const good =
  'It spent 98% of its budget at 4.1 per result against 9.5 for similar ad sets. Raising it to 72 a day should bring about 9.2 more results a week.';

describe('AI explanations of recommendations', () => {
  it('explains every new proposal in one generation and keeps the ones that pass the number check', async () => {
    const {
      deps: d,
      seen,
      taken,
    } = deps((input) =>
      input.recommendations.map((r) => ({
        id: r.id,
        text: r.id === 'b' ? 'It spent 99% of its budget. Raise it.' : good,
      })),
    );
    const outcome = await explainRecommendations([rec('a'), rec('b'), rec('c', { status: 'applied' })], d);
    expect(seen).toHaveLength(1);
    expect(taken.count).toBe(1);
    expect(seen[0]!.recommendations.map((r) => r.id)).toEqual(['a', 'b']);
    const [a, b, c] = outcome.recommendations;
    expect(a).toMatchObject({ explanation: good, explanationSource: 'ai' });
    // 99 is not in the evidence: the template is used, and says so.
    expect(b).toMatchObject({ explanation: templateExplanation(rec('b')), explanationSource: 'template' });
    expect(c!.explanation).toBeUndefined();
    expect(outcome.status).toBe('generated');
    expect(outcome.toStore.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('uses no generation when every proposal is already explained', async () => {
    const { deps: d, taken } = deps(() => []);
    const outcome = await explainRecommendations([rec('a', { explanation: good, explanationSource: 'ai' })], d);
    expect(outcome.status).toBe('unchanged');
    expect(taken.count).toBe(0);
  });

  it(`explains at most ${MAX_EXPLAINED_PER_REQUEST} a request, the highest ranked first`, async () => {
    const { deps: d, seen } = deps((input) => input.recommendations.map((r) => ({ id: r.id, text: good })));
    const many = Array.from({ length: 30 }, (_, i) => rec(`r${i}`));
    const outcome = await explainRecommendations(many, d);
    expect(seen[0]!.recommendations).toHaveLength(MAX_EXPLAINED_PER_REQUEST);
    expect(outcome.recommendations.filter((r) => r.explanationSource === 'ai')).toHaveLength(MAX_EXPLAINED_PER_REQUEST);
    expect(outcome.recommendations[29]!.explanation).toBeUndefined();
  });

  it('shows the template without storing it when the quota is used up', async () => {
    const { deps: d, seen } = deps(() => [], 0);
    const outcome = await explainRecommendations([rec('a')], d);
    expect(seen).toHaveLength(0);
    expect(outcome).toMatchObject({ status: 'unavailable', toStore: [] });
    expect(outcome.reason).toMatch(/used up/);
    expect(outcome.recommendations[0]).toMatchObject({ explanationSource: 'template' });
  });

  it('gives the generation back when the AI engine fails', async () => {
    const { deps: d, taken } = deps(() => {
      throw new Error('timeout');
    });
    const outcome = await explainRecommendations([rec('a')], d);
    expect(taken).toEqual({ count: 1, refunded: 1 });
    expect(outcome.status).toBe('unavailable');
    expect(outcome.recommendations[0]!.explanation).toBe(templateExplanation(rec('a')));
  });

  it('does not start a generation without time for it', async () => {
    const { deps: d, taken } = deps(() => []);
    const outcome = await explainRecommendations([rec('a')], { ...d, enoughTime: () => false });
    expect(taken.count).toBe(0);
    expect(outcome.status).toBe('unavailable');
  });

  it('writes the template as two sentences from the detector', () => {
    expect(templateExplanation(rec('a'))).toBe(
      'It spent 98% of its budget over 7 days at 4.1 per result, against 9.5 for similar ad sets (70 results). Raise “Lookalike 1%” from 60 to 72 a day.',
    );
  });
});
