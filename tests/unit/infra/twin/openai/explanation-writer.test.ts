import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@infra/twin/openai/chat-request';
import { isMoneyName, writeExplanations } from '@infra/twin/openai/explanation-writer';
import { checkExplanation } from '@lambdas/lib/optimizer/explanation-check';
import {
  recommendationExplanationsPrompt,
  type ExplanationInput,
} from '@lambdas/lib/ai/prompts/recommendation-explanations';

const shift = {
  id: 'rec-1',
  title: 'Move $12.00 a day from “Camping” to “Lookalike 1%”',
  evidence: { winnerCostPerResult: 4.2, loserCostPerResult: 9.85, movedPerDay: 12, costRatio: 2.35 },
  expectedEffect: { metric: 'results_per_week' as const, low: 9, expected: 14, high: 19 },
};
const cut = {
  id: 'rec-2',
  title: 'Cut “Camping” from ¥6,000 to ¥4,200 a day',
  evidence: { spend: 41_337.5, dailyBudget: 6000, spentSharePercent: 98, newDailyBudget: 4200 },
  expectedEffect: { metric: 'spend_per_week' as const, low: -12_600, expected: -12_600, high: -12_600 },
};

/** What the optimizer sends the model, through the real prompt (its messages are plain text). */
function explain(input: ExplanationInput) {
  const messages = recommendationExplanationsPrompt
    .build(input)
    .map((m): ChatMessage => ({ role: m.role === 'system' ? 'system' : 'user', content: String(m.content) }));
  return writeExplanations(messages).explanations;
}

describe('the offline model’s recommendation explanations', () => {
  it('writes money with the account currency and other numbers as they are', () => {
    const [text] = explain({ currency: 'USD', recommendations: [shift] });
    expect(text?.text).toContain('winner cost per result $4.20');
    expect(text?.text).toContain('loser cost per result $9.85');
    expect(text?.text).toContain('expect about 14 more results a week, between 9 and 19');
  });

  it('writes yen without minor units, spend effects included', () => {
    const [text] = explain({ currency: 'JPY', recommendations: [cut] });
    expect(text?.text).toContain('spend ¥41,338');
    expect(text?.text).toContain('daily budget ¥6,000');
    expect(text?.text).toContain('spent share (%) 98');
    expect(text?.text).toContain('expect about -¥12,600 a week in spend');
  });

  it('passes the optimizer’s own check: two sentences, every number one of the detector’s', () => {
    for (const [currency, item] of [
      ['USD', shift],
      ['JPY', cut],
    ] as const) {
      const [text] = explain({ currency, recommendations: [item] });
      const effect = item.expectedEffect;
      expect(
        checkExplanation(text!.text, {
          evidence: item.evidence,
          extraNumbers: [effect.low, effect.expected, effect.high],
          names: ['Camping', 'Lookalike 1%'],
        }),
      ).toEqual({ ok: true });
    }
  });

  it('holds an advice-only recommendation instead of telling the marketer to make its change', () => {
    const advice = {
      ...cut,
      adviceOnly: true,
      expectedEffect: { metric: 'spend_per_week' as const, low: 0, expected: 0, high: 0 },
    };
    const [text] = explain({ currency: 'JPY', recommendations: [advice] });
    expect(text?.text).toMatch(/Another recommendation already changes it, so hold this one/);
    expect(text?.text).not.toContain('Cut “Camping”');
  });

  it('tells money from shares and ratios of money by name', () => {
    expect(['costPerResult', 'spend', 'dailyBudget', 'cpm', 'baselineCpm', 'movedPerDay'].every(isMoneyName)).toBe(
      true,
    );
    expect(['spentSharePercent', 'costRatio', 'results', 'ctrDropPercent', 'days'].some(isMoneyName)).toBe(false);
  });
});

// Issue 25, requirement 12: an explanation adds the why (the mechanism behind the numbers), not the title again.
describe('the offline model explains why, not only what', () => {
  const fatigue = {
    id: 'rec-3',
    title: 'Refresh the creative of “Trail boots”',
    evidence: {
      firstWeekCtrPercent: 1.9,
      lastWeekCtrPercent: 1.1,
      ctrDropPercent: 42,
      firstWeekFrequency: 1.4,
      lastWeekFrequency: 3.6,
    },
    expectedEffect: { metric: 'ctr_percent' as const, low: 0, expected: 0.4, high: 0.8 },
  };
  const overspending = {
    id: 'rec-4',
    title: 'Cut “Camping” from $60.00 to $40.00 a day',
    evidence: {
      costPerResult: 31.2,
      medianCostPerResult: 18.4,
      results: 9,
      spend: 280.8,
      days: 14,
      dailyBudget: 60,
      newDailyBudget: 40,
    },
    expectedEffect: { metric: 'spend_per_week' as const, low: -112, expected: -140, high: -140 },
  };

  it.each([
    ['a budget shift', shift, /cheaper|more cheaply/],
    ['creative fatigue', fatigue, /same people/],
    ['an overspending ad set', overspending, /elsewhere|similar ad sets/],
  ])('%s: says why the numbers call for the change, within the optimizer’s check', (_kind, item, why) => {
    const [text] = explain({ currency: 'USD', recommendations: [item] });
    expect(text!.text).toMatch(/\bbecause\b/);
    expect(text!.text).toMatch(why);
    const effect = item.expectedEffect;
    expect(
      checkExplanation(text!.text, {
        evidence: item.evidence,
        extraNumbers: [effect.low, effect.expected, effect.high],
        names: ['Camping', 'Lookalike 1%', 'Trail boots'],
      }),
    ).toEqual({ ok: true });
  });

  it('gives different kinds of recommendation different reasons', () => {
    const texts = explain({ currency: 'USD', recommendations: [shift, fatigue, overspending] }).map((e) =>
      e.text.replace(/^[^.]*\./, ''),
    );
    expect(new Set(texts).size).toBe(3);
  });
});
