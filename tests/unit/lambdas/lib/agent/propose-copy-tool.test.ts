import { describe, expect, it } from 'vitest';
import type { AdTest } from '@shared/schemas/ad-optimizer';
import { publishableVariants, rewritePath } from '@lambdas/lib/agent/propose-copy-tool';

const variant = (headline: string, primaryText: string) => ({
  angle: 'benefit' as const,
  headline,
  primaryText,
  description: '',
  callToAction: 'SHOP_NOW' as const,
});

const test: AdTest = {
  id: 'rw-1',
  adAccountId: 'act_111',
  adId: '555',
  adName: 'Trail shoes | US | v2',
  adsetId: '444',
  adsetName: 'Lookalike 3% hikers',
  status: 'proposed',
  reason: 'CTR fell from 1.2% to 0.6%.',
  original: { headline: 'Trail shoes', primaryText: 'Grip on every rock.', description: '' },
  variants: [
    variant('Trail shoes that grip', 'Stay sure-footed on wet rock.'),
    variant('Lookalike 3% hikers love these', 'Made for Lookalike 3% hikers.'),
    variant('New {{product}}', 'Template text left in.'),
  ],
  model: 'offline',
  offline: true,
  createdAt: '2026-03-10T12:00:00Z',
};

describe('the copy rewrite the agent may propose', () => {
  it('keeps only copy that passes the publish-safety check: no ad set name, no template text', () => {
    expect(publishableVariants(test).map((v) => v.headline)).toEqual(['Trail shoes that grip']);
  });

  it('keeps the words of the ad’s own current copy', () => {
    const own = { ...test, variants: [variant('Trail shoes', 'Grip on every rock, now lighter.')] };
    expect(publishableVariants(own)).toHaveLength(1);
  });

  it('links to the ad optimizer on the ad’s account, its drawer open on the rewrite', () => {
    expect(rewritePath(test)).toBe('/ad-optimizer?account=act_111&ad=555&rewrite=rw-1');
  });
});
