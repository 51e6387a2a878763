import { describe, expect, it } from 'vitest';
import { holdRefusal } from '@lambdas/lib/optimizer/mmm-handoff';

const because = 'moving them cannot be shown to help on their own.';

describe('holdRefusal', () => {
  it('refuses when the allocator holds the whole mix, with its reason', () => {
    const refusal = holdRefusal('Q3 model', {
      channel: 'meta',
      decision: { action: 'hold', step: 0, reason: 'Today’s split is already the best the model finds.' },
    });
    expect(refusal).toBe(
      "The model “Q3 model” recommends keeping today's budgets, so there is nothing to hand off. Today’s split is already the best the model finds.",
    );
  });

  it('refuses when the mix moves but Meta is held at today’s spend, naming the channel', () => {
    const refusal = holdRefusal('Q3 model', {
      channel: 'meta',
      decision: { action: 'reallocate', step: 0.5, reason: because, held: ['meta', 'tv'] },
    });
    expect(refusal).toBe(
      `The model “Q3 model” keeps “meta” at today's spend, so there is nothing to hand off. ${because}`,
    );
  });

  it('hands off when Meta moves, even if another channel is held', () => {
    expect(
      holdRefusal('Q3 model', {
        channel: 'meta',
        decision: { action: 'reallocate', step: 1, reason: because, held: ['tv'] },
      }),
    ).toBeNull();
  });
});
