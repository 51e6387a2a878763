import { describe, expect, it } from 'vitest';
import { adCopyReplySchema } from '@lambdas/lib/ai/ad-copy';

const variant = (headline: string, primaryText: string, description: string) => ({
  angle: 'benefit' as const,
  headline,
  primaryText,
  description,
  callToAction: 'SHOP_NOW' as const,
});

describe('the ad copy reply is checked in the language asked', () => {
  const spanish = variant(
    'Tazas para tus mañanas',
    'Descubre las tazas para tus mañanas, con envío gratis.',
    'Para ti',
  );
  const english = variant('Mugs for your mornings', 'Meet the mugs you need, made for your slow mornings.', 'For you');

  it('takes a reply in the language asked', () => {
    expect(adCopyReplySchema(1, 'es').safeParse({ variants: [spanish] }).success).toBe(true);
    expect(adCopyReplySchema(1, 'en').safeParse({ variants: [english] }).success).toBe(true);
  });

  it('refuses a reply in another language, saying which was expected', () => {
    const parsed = adCopyReplySchema(1, 'es').safeParse({ variants: [english] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['expected the copy in es']);
    expect(adCopyReplySchema(1, 'de').safeParse({ variants: [spanish] }).success).toBe(false);
  });

  it('still refuses a reply with the wrong number of variants', () => {
    expect(adCopyReplySchema(2, 'es').safeParse({ variants: [spanish] }).success).toBe(false);
  });
});
