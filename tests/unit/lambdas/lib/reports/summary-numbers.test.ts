import { describe, expect, it } from 'vitest';
import { checkSummaryNumbers, numbersInText } from '@lambdas/lib/reports/summary-numbers';

describe('numbersInText', () => {
  it('reads money, separators, decimals, percentages and k/million suffixes', () => {
    const found = numbersInText('Spend was $1,234.50 (up 12%), 3.4k clicks and 2 million impressions; ROAS 2.75.');
    expect(found.map((n) => [n.text, n.value, n.decimals])).toEqual([
      ['1,234.50', 1234.5, 2],
      ['12', 12, 0],
      ['3.4k', 3400, 1],
      ['2 million', 2_000_000, 0],
      ['2.75', 2.75, 2],
    ]);
  });

  it('does not read the digits inside words or ids', () => {
    expect(numbersInText('Campaign A1 and act_123 did well')).toEqual([]);
  });
});

describe('checkSummaryNumbers', () => {
  const facts = [1234.5, 12.04, 3412, 2.748, 14, 2026];

  it('accepts a text whose every number is a figure as rounded in the text', () => {
    const text =
      'You spent $1,234.50, 12% more than the period before, for 3.4k results at a ROAS of 2.75 over 14 days.';
    expect(checkSummaryNumbers(text, facts)).toEqual({ ok: true, unknown: [] });
  });

  it('refuses a text with one number the data does not hold, naming it', () => {
    const text = 'You spent $1,234.50 and ROAS rose 19% to 2.75.';
    expect(checkSummaryNumbers(text, facts)).toEqual({ ok: false, unknown: ['19'] });
  });

  it('refuses a figure written more precisely than it is (no rounding the other way)', () => {
    expect(checkSummaryNumbers('ROAS was 2.7', facts).ok).toBe(true);
    expect(checkSummaryNumbers('ROAS was 2.74', facts).ok).toBe(false);
  });

  it('accepts a fall stated without its sign', () => {
    expect(checkSummaryNumbers('Cost per result fell 8.5%', [-8.46]).ok).toBe(true);
  });

  it('accepts a text with no numbers at all', () => {
    expect(checkSummaryNumbers('A steady week.', []).ok).toBe(true);
  });
});
