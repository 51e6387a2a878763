import { describe, expect, it } from 'vitest';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import { fromItem, recordAttribute, recordOf } from '@lambdas/lib/optimizer/recommendation-rows';

/**
 * A row keeps its recommendation as one JSON string (cheaper for the SDK than nested maps when a large account
 * stores ~900 at once); rows written earlier as maps stay readable, so an upgrade loses no applied history.
 */

const record: StoredRecommendation = {
  id: '1.budget_limited_winner.1',
  kind: 'budget_limited_winner',
  level: 'adset',
  objectId: '1',
  objectName: 'Lookalike 1%',
  campaignId: '2',
  title: 'Raise “Lookalike 1%” from 60 to 72 a day',
  why: 'It spent 98% of its budget over 7 days at 4.1 per result.',
  evidence: { spentSharePercent: 98, days: 7, costPerResult: 4.1 },
  expectedEffect: { metric: 'results_per_week', low: 6, expected: 9.2, high: 12.4 },
  valuePerWeek: 87,
  confidence: 0.9,
  changes: [],
  adAccountId: 'act_1',
  currency: 'USD',
  status: 'proposed',
  generatedAt: '2026-11-22T00:00:00Z',
};

const row = (value: unknown) => ({ user_id: 'u', recommendation_id: record.id, expires_at: 1, record: value });

describe('recommendation rows', () => {
  it('stores the record as a JSON string and reads it back unchanged', () => {
    const attribute = recordAttribute(record);
    expect(typeof attribute).toBe('string');
    expect(fromItem(row(attribute))).toEqual(record);
  });

  it('still reads a row written as a map', () => {
    expect(fromItem(row(record))).toEqual(record);
  });

  it('refuses a row whose string is not a recommendation', () => {
    expect(recordOf(row('{not json'))).toBeUndefined();
    expect(() => fromItem(row('{not json'))).toThrow();
    expect(() => fromItem(row(JSON.stringify({ id: 'x' })))).toThrow();
  });
});
