import { describe, expect, it } from 'vitest';
import { AdCopyRequestSchema } from '@shared/schemas/ai';
import { adCopyPrompt } from '@lambdas/lib/ai/prompts/ad-copy';

const brief = { product: 'Trail boots', audience: 'weekend hikers', variants: 2 };

describe('the ad copy prompt, rewriting a running ad', () => {
  it('gives the model the ad’s current copy and why it is rewritten', () => {
    const request = AdCopyRequestSchema.parse({
      ...brief,
      rewrite: {
        headline: 'Trail boots',
        primaryText: 'Gear up for the trail.',
        description: 'Free returns',
        reason: 'Its CTR fell from 2% in its first week to 0.8% last week.',
      },
    });
    const [system, user] = adCopyPrompt.build(request);
    expect(system!.content).toMatch(/currentAd/);
    const data = String(user!.content);
    expect(data).toContain('"rewriteBecause"');
    expect(data).toContain('Its CTR fell from 2% in its first week to 0.8% last week.');
    expect(data).toContain('Gear up for the trail.');
  });

  it('leaves a plain brief as it was', () => {
    const [, user] = adCopyPrompt.build(AdCopyRequestSchema.parse(brief));
    expect(String(user!.content)).not.toContain('currentAd');
  });

  it('validates the rewrite like the rest of the brief', () => {
    expect(
      AdCopyRequestSchema.safeParse({
        ...brief,
        rewrite: { headline: 'x', primaryText: 'y', description: '', reason: '' },
      }).success,
    ).toBe(false);
  });
});
