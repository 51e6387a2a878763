import { describe, expect, it } from 'vitest';
import { audiencesOverlap, checkAudienceOverlap, validatePlan } from '@shared/campaign-plan-validator';
import type { CampaignPlan, PlanTargeting } from '@shared/schemas/campaign-plan';

const hiking = { id: '6003000000001', name: 'Hiking' };
const running = { id: '6003000000002', name: 'Trail running' };
const camping = { id: '6003000000003', name: 'Camping' };

function targeting(change: Partial<PlanTargeting> = {}): PlanTargeting {
  return {
    countries: ['US'],
    regions: [],
    cities: [],
    ageMin: 18,
    ageMax: 65,
    genders: [],
    interests: [hiking],
    placements: 'advantage',
    ...change,
  };
}

const california = { key: '3847', name: 'California', countryCode: 'US' };
const texas = { key: '3886', name: 'Texas', countryCode: 'US' };
const city = (key: string, name: string, regionKey?: string) => ({
  key,
  name,
  countryCode: 'US',
  radius: 25,
  distanceUnit: 'mile' as const,
  ...(regionKey ? { regionKey } : {}),
});

describe('audiencesOverlap: two ad sets of one campaign reaching the same people', () => {
  it.each([
    // name, a, b, overlap
    ['the same audience', {}, {}, true],
    ['18–65 and 25–44 (nested ages)', {}, { ageMin: 25, ageMax: 44 }, true],
    ['18–29 and 30–44 (disjoint bands)', { ageMin: 18, ageMax: 29 }, { ageMin: 30, ageMax: 44 }, false],
    ['18–30 and 30–44 (one shared year)', { ageMin: 18, ageMax: 30 }, { ageMin: 30, ageMax: 44 }, true],
    ['women and men', { genders: ['female'] }, { genders: ['male'] }, false],
    ['women and all genders', { genders: ['female'] }, { genders: [] }, true],
    ['different interests', { interests: [hiking] }, { interests: [running, camping] }, false],
    ['interests sharing one', { interests: [hiking, running] }, { interests: [running] }, true],
    ['interests and broad (none)', { interests: [hiking] }, { interests: [] }, true],
    ['both broad', { interests: [] }, { interests: [] }, true],
    [
      'an interest named alike before Meta resolves it',
      { interests: [{ name: 'Hiking ' }] },
      { interests: [{ name: 'hiking' }] },
      true,
    ],
    ['different countries', { countries: ['US'] }, { countries: ['CA'] }, false],
    ['countries sharing one', { countries: ['US', 'CA'] }, { countries: ['CA'] }, true],
    ['a country and one of its regions', {}, { regions: [california] }, true],
    ['two regions of one country', { regions: [california] }, { regions: [texas] }, false],
    [
      'a region and a city inside it',
      { regions: [california] },
      { cities: [city('2420379', 'Los Angeles', '3847')] },
      true,
    ],
    [
      'a region and a city elsewhere',
      { regions: [california] },
      { cities: [city('2490299', 'Austin', '3886')] },
      false,
    ],
    [
      'two different cities',
      { cities: [city('2420379', 'Los Angeles')] },
      { cities: [city('2490299', 'Austin')] },
      false,
    ],
  ] as [string, Partial<PlanTargeting>, Partial<PlanTargeting>, boolean][])('%s → %s', (_name, a, b, overlap) => {
    expect(audiencesOverlap(targeting(a), targeting(b))).toBe(overlap);
    // The rule is symmetric: which ad set comes first does not matter.
    expect(audiencesOverlap(targeting(b), targeting(a))).toBe(overlap);
  });
});

describe('checkAudienceOverlap in the plan check', () => {
  const adSet = (name: string, t: Partial<PlanTargeting>) =>
    ({
      name,
      optimizationGoal: 'LINK_CLICKS',
      billingEvent: 'IMPRESSIONS',
      destinationType: 'WEBSITE',
      budget: null,
      startTime: '2026-11-21T00:00:00Z',
      endTime: '2026-12-21T00:00:00Z',
      targeting: targeting(t),
      ads: [],
    }) as CampaignPlan['adSets'][number];
  const plan = (sets: CampaignPlan['adSets']): CampaignPlan => ({
    adAccountId: 'act_100',
    currency: 'USD',
    campaign: {
      name: 'Trail shoes',
      objective: 'OUTCOME_TRAFFIC',
      buyingType: 'AUCTION',
      budget: { type: 'daily', amountMinor: 5000 },
      bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
      specialAdCategories: [],
    },
    adSets: sets,
  });

  it('warns on each of the two ad sets, naming the other, and never blocks publishing', () => {
    const issues = checkAudienceOverlap(
      plan([
        adSet('Hikers 18–65', {}),
        adSet('Hikers 25–44', { ageMin: 25, ageMax: 44 }),
        adSet('Runners', { interests: [running] }),
      ]),
    );
    expect(issues.map((i) => [i.path, i.severity])).toEqual([
      ['adSets.0.targeting.audience', 'warning'],
      ['adSets.1.targeting.audience', 'warning'],
    ]);
    expect(issues[0]!.message).toMatch(/^Overlaps ad set 2 \(“Hikers 25–44”\)/);
    expect(issues[1]!.message).toMatch(/^Overlaps ad set 1 \(“Hikers 18–65”\)/);
    expect(issues[0]!.message).toMatch(/same auctions/);
  });

  it('is part of validatePlan, and silent for a plan whose audiences are apart', () => {
    const apart = plan([
      adSet('Hiking | 18–29', { ageMin: 18, ageMax: 29 }),
      adSet('Hiking | 30–44', { ageMin: 30, ageMax: 44 }),
    ]);
    const context = { minDailyBudgetMinor: 100, now: new Date('2026-11-20T12:00:00Z') };
    expect(validatePlan(apart, context).filter((i) => i.path.endsWith('.audience'))).toEqual([]);
    const nested = plan([adSet('A', {}), adSet('B', { ageMin: 25, ageMax: 44 })]);
    expect(validatePlan(nested, context).filter((i) => i.path.endsWith('.audience'))).toHaveLength(2);
  });
});
