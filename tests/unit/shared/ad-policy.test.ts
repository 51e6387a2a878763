import { describe, expect, it } from 'vitest';
import { checkAdPolicy } from '@shared/ad-policy';

describe('checkAdPolicy', () => {
  it.each([
    ['Are you overweight? Try our plan.', 'personal_attributes', 'Are you overweight'],
    ['Struggling with your debt? We can help.', 'personal_attributes', 'Struggling with your debt'],
    ['Meet other Christian singles: you are single, right?', 'personal_attributes', 'you are single'],
    ['Lose 10 lbs in 7 days with our shake', 'unrealistic_promise', 'Lose 10 lbs in 7 days'],
    ['Guaranteed results or your money back', 'unrealistic_promise', 'Guaranteed results'],
    ['Make $500 a day from home', 'unrealistic_promise', 'Make $500 a day'],
    ['See our before and after photos', 'before_after', 'before and after'],
    ['Before/after: the difference is clear', 'before_after', 'Before/after'],
    ["You won't believe this price", 'sensational', "You won't believe"],
  ])('flags %j', (text, rule, phrase) => {
    const issues = checkAdPolicy(text);
    expect(issues).toContainEqual(expect.objectContaining({ rule, phrase }));
    expect(issues[0]!.reason.length).toBeGreaterThan(40);
  });

  it('passes copy that talks about the product rather than the reader', () => {
    expect(
      checkAdPolicy('Handmade ceramic mugs for slow mornings. Loved by remote workers. Shop the spring collection.'),
    ).toEqual([]);
    expect(checkAdPolicy('Ready for a calmer morning routine?')).toEqual([]);
  });

  it('reports issues in reading order, each phrase once', () => {
    const issues = checkAdPolicy('Guaranteed results! Are you overweight? Guaranteed results!');
    expect(issues.map((i) => i.rule)).toEqual(['unrealistic_promise', 'personal_attributes']);
  });
});
