import { describe, expect, it } from 'vitest';
import type { ConditionReading } from '@shared/schemas/rules';
import { reasonText } from '@web/features/optimizer/components/rules/rule-words';

const reading = (value: number | null, met: boolean): ConditionReading => ({
  metric: 'cost_per_result',
  window: 'last_3_days',
  comparator: 'gt',
  threshold: 5000,
  value,
  from: '2026-11-01',
  to: '2026-11-03',
  met,
});

describe('a rule reading in a table cell', () => {
  it('shows the value against the threshold', () => {
    expect(reasonText([reading(5565, true)], 'USD')).toBe('Cost per result $55.65 > $50 (2026-11-01 – 2026-11-03)');
  });

  it('says a cost per result with no results counted as above the threshold, not "no results > $50"', () => {
    expect(reasonText([reading(null, true)], 'USD')).toBe(
      'Cost per result: no results, counts as > $50 (2026-11-01 – 2026-11-03)',
    );
  });

  it('says when a value that could not be measured did not count', () => {
    expect(reasonText([{ ...reading(null, false), metric: 'ctr', threshold: 1 }], 'USD')).toMatch(
      /^CTR: not measurable, not > /,
    );
  });
});
