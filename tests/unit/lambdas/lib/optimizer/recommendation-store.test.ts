import { describe, expect, it } from 'vitest';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Recommendation, StoredRecommendation } from '@shared/schemas/optimizer';
import { saveProposals } from '@lambdas/lib/optimizer/recommendation-store';

/**
 * Explanations are written once per recommendation and kept (issue 25, requirement 4): a proposal
 * recomputed on the next read with numbers its explanation does not quote keeps its explanation,
 * so it is not sent to the AI engine again; one whose quoted numbers moved is written anew.
 */

const proposal: Recommendation = {
  id: 'budget_limited_winner.1',
  kind: 'budget_limited_winner',
  level: 'adset',
  objectId: '1',
  objectName: 'Lookalike 1%',
  campaignId: '2',
  title: 'Raise “Lookalike 1%” from 60 to 72 a day',
  why: 'It spent 98% of its budget over 7 days at 4.1 per result, against 9.5 for similar ad sets (70 results).',
  evidence: { spentSharePercent: 98, days: 7, costPerResult: 4.1, medianCostPerResult: 9.5, results: 70 },
  expectedEffect: { metric: 'results_per_week', low: 6, expected: 9.2, high: 12.4 },
  valuePerWeek: 87,
  confidence: 0.9,
  changes: [],
};

const stored: StoredRecommendation = {
  ...proposal,
  id: '1.budget_limited_winner.1',
  adAccountId: 'act_1',
  currency: 'USD',
  status: 'proposed',
  generatedAt: '2026-11-22T00:00:00Z',
  explanation: 'It spent 98% of its budget at 4.1 per result, less than half of 9.5 elsewhere. More budget buys more.',
  explanationSource: 'ai',
};

function fakeStore() {
  const puts: StoredRecommendation[] = [];
  const doc = {
    send: async (command: { input: { Item?: { record: string } } }) => {
      if (command.input.Item) puts.push(JSON.parse(command.input.Item.record) as StoredRecommendation);
      return {};
    },
  } as unknown as DynamoDBDocumentClient;
  return { store: { doc, table: 'optimizer_recommendations' }, puts };
}

const context = { adAccountId: 'act_1', currency: 'USD', now: new Date('2026-11-23T00:00:00Z') };

describe('saveProposals', () => {
  it('keeps the explanation of a recomputed proposal whose quoted numbers still hold', async () => {
    const { store, puts } = fakeStore();
    const [saved] = await saveProposals(store, 'user-1', context, [{ ...proposal, valuePerWeek: 91 }], [stored]);
    expect(saved).toMatchObject({ valuePerWeek: 91, explanation: stored.explanation, explanationSource: 'ai' });
    expect(puts[0]?.explanation).toBe(stored.explanation);
  });

  it('drops it when a number it quotes has moved (the next read writes it anew)', async () => {
    const { store } = fakeStore();
    const moved = { ...proposal, evidence: { ...proposal.evidence, costPerResult: 5.3 } };
    const [saved] = await saveProposals(store, 'user-1', context, [moved], [stored]);
    expect(saved?.explanation).toBeUndefined();
  });
});
