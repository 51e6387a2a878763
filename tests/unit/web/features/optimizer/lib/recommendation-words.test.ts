import { describe, expect, it } from 'vitest';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import { effectText } from '@web/features/optimizer/lib/recommendation-words';

const rec = (expectedEffect: StoredRecommendation['expectedEffect']): StoredRecommendation => ({
  id: 'act_111.agent-1',
  kind: 'agent_proposal',
  level: 'campaign',
  objectId: '222',
  objectName: 'Retargeting',
  campaignId: '222',
  title: 'Pause Retargeting',
  why: 'Asked in the agent.',
  evidence: {},
  expectedEffect,
  valuePerWeek: 0,
  confidence: 0,
  changes: [],
  adAccountId: 'act_111',
  currency: 'USD',
  status: 'proposed',
  generatedAt: '2026-03-10T12:00:00Z',
});

describe('the expected effect in words', () => {
  it('says what a pause saves, never "$0.00 a week"', () => {
    expect(effectText(rec({ metric: 'spend_per_week', low: 90, expected: 90, high: 90 }))).toBe(
      '$90.00 less spend a week',
    );
  });

  it('says a raise adds spend rather than showing a minus sign', () => {
    expect(effectText(rec({ metric: 'spend_per_week', low: -105, expected: -105, high: -105 }))).toBe(
      '$105.00 more spend a week',
    );
  });

  it('keeps the range of an estimate', () => {
    expect(effectText(rec({ metric: 'spend_per_week', low: 50, expected: 70, high: 90 }))).toBe(
      '$70.00 less spend a week ($50.00 less spend a week to $90.00 less spend a week)',
    );
  });

  it('gives no money figure when there is none to give', () => {
    const text = 'no money figure: what it spends once resumed depends on delivery and its budget';
    expect(effectText(rec({ metric: 'spend_per_week', low: 0, expected: 0, high: 0, noFigure: text }))).toBe(text);
  });
});
