import { describe, expect, it } from 'vitest';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import { aiExplainDeps } from '@lambdas/optimizer/explain-deps';
import { explainRecommendations } from '@lambdas/lib/optimizer/explain-recommendations';

/**
 * Reading costs nothing (issue 25, requirement 4): the optimizer's explanations are written when
 * recommendations are read, so they never take one of the user's daily AI generations (those are
 * for what a person asks to be written: ad copy, rewrites).
 */

const rec: StoredRecommendation = {
  id: '1.budget_limited_winner.1',
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
  adAccountId: 'act_1',
  currency: 'USD',
  status: 'proposed',
  generatedAt: '2026-11-22T00:00:00Z',
};

describe('aiExplainDeps', () => {
  it('never counts a read against the daily AI generations, whatever the tables it is given', async () => {
    const sent: string[] = [];
    const doc = {
      send: async (command: { constructor: { name: string }; input: { TableName?: string } }) => {
        sent.push(`${command.constructor.name} ${command.input.TableName ?? ''}`);
        return {};
      },
    } as unknown as DynamoDBDocumentClient;
    // The quota tables the handler once passed: whatever is given, nothing may be counted in them.
    const options = {
      runtime: async () => {
        throw new Error('no AI engine in this test');
      },
      quota: {
        counters: { doc, table: 'quota_usage' },
        plans: { doc, table: 'user_plans' },
        tokens: { doc, table: 'ai_usage' },
      },
      userId: 'user-1',
      remainingMs: () => 60_000,
      log: () => undefined,
    } as unknown as Parameters<typeof aiExplainDeps>[0];
    for (let visit = 0; visit < 3; visit += 1) await explainRecommendations([rec], aiExplainDeps(options));
    expect(sent).toEqual([]);
  });
});
