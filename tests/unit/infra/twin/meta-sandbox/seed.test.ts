import { describe, expect, it } from 'vitest';
import { checkAdvantageAudienceAges } from '@infra/twin/meta-sandbox/v26-rules';
import { demoWorld } from './world-fixture';

describe('the seeded demo world', () => {
  // Issue 22 (leftover of finding 1): Meta reports targeting_automation.advantage_audience on every ad set, and
  // an ad set it reports as opted in (1) cannot have an age_max below 65 or an age_min above 25.
  it('gives every ad set the Advantage+ audience flag Meta would report for its ages', () => {
    const adsets = [...demoWorld().world.adsets.values()];

    for (const adset of adsets) {
      expect([0, 1]).toContain(adset.advantageAudience);
      expect(() => checkAdvantageAudienceAges(adset.advantageAudience, adset.ageMin, adset.ageMax)).not.toThrow();
    }
    expect(adsets.some((adset) => adset.advantageAudience === 1)).toBe(true);
    expect(adsets.some((adset) => adset.advantageAudience === 0)).toBe(true);
  });
});
