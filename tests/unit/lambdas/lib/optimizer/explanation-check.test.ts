import { describe, expect, it } from 'vitest';
import { checkExplanation, numbersIn, sentencesOf } from '@lambdas/lib/optimizer/explanation-check';

const evidence = {
  winnerCostPerResult: 12.34,
  loserCostPerResult: 30.5,
  costRatio: 2.47,
  winnerResults: 40,
  loserResults: 9,
  movedPerDay: 12,
  days: 7,
};
const facts = { evidence, extraNumbers: [3.1, 6.8, 10.25], names: ['Lookalike 1% | app installs'] };

describe('the number check of AI explanations', () => {
  it('reads numbers as prose writes them', () => {
    expect(
      numbersIn('Spent $1,234.50 at 12% over 7 days, down -3; v2 and act_12 are names.').map((n) => n.value),
    ).toEqual([1234.5, 12, 7, -3]);
  });

  it('splits sentences but not decimals', () => {
    expect(sentencesOf('It paid 12.34 per result. Move 12 a day!')).toEqual([
      'It paid 12.34 per result.',
      'Move 12 a day!',
    ]);
  });

  it.each([
    'Over the last 7 days it paid 12.34 per result against 30.5, 2.47 times as much. Moving 12 a day should add about 6.8 results a week.',
    // Written at a coarser precision: 12.3 stands for 12.34, 30.50 for 30.5.
    'It paid 12.3 per result and the other 30.50 over 7 days. Expect between 3.1 and 10.25 more results a week.',
    // A number inside a quoted name is the name, not a claim.
    '“Lookalike 1% | app installs” got 40 results in 7 days. Give it 12 more a day.',
  ])('accepts two sentences whose numbers are all in the evidence: %s', (text) => {
    expect(checkExplanation(text, facts)).toEqual({ ok: true });
  });

  it.each([
    ['an invented number', 'It paid 12.34 per result, 41% less than the other. Move 12 a day.', /41/],
    ['a miscopied number', 'It paid 12.43 per result over 7 days. Move 12 a day.', /12\.43/],
    ['a rounding the evidence does not give', 'It paid 13 per result over 7 days. Move 12 a day.', /13/],
    ['a computed total', 'Together they got 49 results in 7 days. Move 12 a day.', /49/],
    ['one sentence', 'It paid 12.34 per result over 7 days, so move 12 a day.', /sentence/],
    ['three sentences', 'It paid 12.34. The other paid 30.5. Move 12 a day.', /sentence/],
    ['nothing', '   ', /empty/],
    ['a paragraph', `${'It paid 12.34 per result over 7 days and '.repeat(12)}more. Move 12 a day.`, /longer/],
  ])('refuses %s', (_, text, problem) => {
    const check = checkExplanation(text, facts);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.problem).toMatch(problem);
  });

  it('handles zero evidence and yen amounts (no decimals)', () => {
    const yen = { evidence: { spend: 15000, results: 0, medianCostPerResult: 1200, days: 7 } };
    expect(
      checkExplanation('It spent 15,000 over 7 days with 0 results. Similar ad sets pay 1,200 per result.', yen),
    ).toEqual({
      ok: true,
    });
    expect(checkExplanation('It spent 15,000 over 7 days with 0 results. That is 12.5 times the median.', yen).ok).toBe(
      false,
    );
  });
});
