import { describe, expect, it } from 'vitest';
import { completionLimits, isReasoningModel } from '@lambdas/lib/ai/completion-limits';

describe('isReasoningModel', () => {
  it.each(['o1', 'o3', 'o3-mini', 'o4-mini', 'o4-mini-2025-04-16', 'gpt-5', 'gpt-5-mini', 'gpt-5.1', 'gpt-5-nano'])(
    '%s reasons',
    (model) => expect(isReasoningModel(model)).toBe(true),
  );

  it.each(['gpt-4o-mini', 'gpt-4o', 'gpt-4.1', 'gpt-4.1-mini', 'omni-moderation-latest'])('%s does not', (model) =>
    expect(isReasoningModel(model)).toBe(false),
  );
});

describe('completionLimits', () => {
  it('sends max_completion_tokens and the temperature to a model that does not reason', () => {
    expect(completionLimits({ model: 'gpt-4o-mini', maxTokens: 1000, temperature: 0.7 })).toEqual({
      max_completion_tokens: 1000,
      temperature: 0.7,
    });
  });

  it('sends no temperature to a reasoning model (only its default, 1, is allowed)', () => {
    expect(completionLimits({ model: 'o4-mini', maxTokens: 4000, temperature: 0.7 })).toEqual({
      max_completion_tokens: 4000,
    });
  });
});
