import { describe, expect, it } from 'vitest';
import { changeIsGood, changeWords, meetsTarget, parseRecipients } from '@web/features/reports/lib/report-words';

const figure = (current: number | null, changePercent: number | null, target: number | null = null) => ({
  current,
  previous: null,
  target,
  changePercent,
});

describe('report words', () => {
  it('writes a change as the PDF does', () => {
    expect(changeWords(12.345)).toBe('+12.3%');
    expect(changeWords(-150.4)).toBe('-150%');
    expect(changeWords(null)).toBe('no comparison');
  });

  it('judges a lower cost per result and a higher ROAS good, spend neither', () => {
    expect(changeIsGood(figure(8, -20), true)).toBe(true);
    expect(changeIsGood(figure(3, -5), false)).toBe(false);
    expect(changeIsGood(figure(700, 40), null)).toBeNull();
    expect(meetsTarget(figure(10, null, 9), true)).toBe(false);
    expect(meetsTarget(figure(3.2, null, 3), false)).toBe(true);
    expect(meetsTarget(figure(3.2, null), false)).toBeNull();
  });

  it('reads recipients one a line or separated by commas', () => {
    expect(parseRecipients('a@x.com, b@x.com;c@x.com\n\n d@x.com ')).toEqual([
      'a@x.com',
      'b@x.com',
      'c@x.com',
      'd@x.com',
    ]);
  });
});
