import { describe, expect, it } from 'vitest';
import { cardHeadlinesFor } from '@lambdas/lib/ad-optimizer/rewrite-ad';

describe('cardHeadlinesFor: a carousel variant’s card headlines', () => {
  it('gives every card a headline, the variant’s own first and the others in turn', () => {
    expect(cardHeadlinesFor(['A', 'B', 'C'], 1, 4)).toEqual(['B', 'C', 'A', 'B']);
    expect(cardHeadlinesFor(['Only'], 0, 2)).toEqual(['Only', 'Only']);
  });
});
