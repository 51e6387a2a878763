import { describe, expect, it } from 'vitest';
import { audiencesOverlap, blockingIssues, validatePlan } from '@shared/campaign-plan-validator';
import { checkAdSetAudiences } from '@shared/plan-audience-rules';
import { CampaignPlanSchema, type CampaignPlan, type PlanAudience } from '@shared/schemas/campaign-plan';
import { trailShoesPlan } from '@tests/support/trail-shoes-plan';

const NOW = new Date('2026-11-20T12:00:00Z');

const customers: PlanAudience = {
  id: '238500000000001',
  name: 'Customers',
  kind: 'customer-list',
  adAccountId: 'act_100',
  sizeLower: 1300,
  sizeUpper: 1400,
  deliveryCode: 200,
};
const lookalike: PlanAudience = {
  id: '238500000000002',
  name: '1% US lookalike',
  kind: 'lookalike',
  adAccountId: 'act_100',
  sizeLower: 2_400_000,
  sizeUpper: 2_600_000,
  deliveryCode: 200,
  source: { id: customers.id, adAccountId: 'act_100' },
};

function plan(change: (draft: CampaignPlan) => void = () => {}): CampaignPlan {
  const ad = (n: number) => ({
    name: `Ad ${n}`,
    headline: `Trail shoes ${n}`,
    primaryText: n === 1 ? 'Light, tough trail shoes.' : 'Hikers love them: 4.8 stars.',
    description: '',
    callToAction: 'SHOP_NOW' as const,
    link: 'https://shop.example.com/trail',
  });
  const set = (name: string) => ({
    name,
    optimizationGoal: 'LINK_CLICKS',
    billingEvent: 'IMPRESSIONS',
    destinationType: 'WEBSITE',
    budget: null,
    startTime: '2026-11-21T00:00:00Z',
    endTime: '2026-12-21T00:00:00Z',
    targeting: {
      countries: ['US'],
      regions: [],
      cities: [],
      ageMin: 18,
      ageMax: 65,
      genders: [],
      interests: [],
      placements: 'advantage' as const,
    },
    ads: [ad(1), ad(2)],
  });
  const draft = trailShoesPlan([set('Lookalike')]);
  change(draft);
  return CampaignPlanSchema.parse(draft);
}

const findings = (p: CampaignPlan) => checkAdSetAudiences(p, p.adSets[0]!, 'adSets.0');

describe('custom audiences in the pre-publish validator', () => {
  it('passes a ready lookalike of the same account that leaves the customers out', () => {
    const p = plan((d) => {
      d.adSets[0]!.targeting.audiences = [lookalike];
      d.adSets[0]!.targeting.excludedAudiences = [customers];
    });
    expect(findings(p)).toEqual([]);
    expect(blockingIssues(validatePlan(p, { minDailyBudgetMinor: 100, now: NOW }))).toEqual([]);
  });

  it('refuses an included audience Meta reports too small, and warns on such an exclusion', () => {
    const small = { ...customers, sizeLower: 0, sizeUpper: 1000, deliveryCode: 300, deliveryDescription: 'Too small' };
    const p = plan((d) => {
      d.adSets[0]!.targeting.audiences = [small];
    });
    expect(findings(p)).toEqual([
      expect.objectContaining({
        path: 'adSets.0.targeting.audiences.0',
        severity: 'error',
        message: expect.stringContaining('too small or not ready for ads (Meta: Too small)'),
      }),
    ]);
    const excluded = plan((d) => {
      d.adSets[0]!.targeting.excludedAudiences = [small];
    });
    expect(findings(excluded).map((issue) => issue.severity)).toEqual(['warning']);
  });

  it('refuses an audience of another ad account, and a lookalike whose source is elsewhere or unreadable', () => {
    const p = plan((d) => {
      d.adSets[0]!.targeting.audiences = [
        { ...customers, adAccountId: 'act_200' },
        { ...lookalike, source: { id: '1', adAccountId: 'act_200' } },
        { ...lookalike, id: '238500000000003', source: { id: '2' } },
      ];
    });
    const messages = findings(p).map((issue) => `${issue.path}: ${issue.message}`);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(/^adSets\.0\.targeting\.audiences\.0: .*belongs to another ad account \(act_200\)/);
    expect(messages[1]).toMatch(/audiences\.1: .*not in the same ad account \(the source is in act_200\)/);
    expect(messages[2]).toMatch(/audiences\.2: .*its source can’t be read/);
  });

  it('refuses lookalikes and any exclusion in housing, employment and financial campaigns', () => {
    const p = plan((d) => {
      d.campaign.specialAdCategories = ['HOUSING'];
      d.adSets[0]!.targeting.audiences = [lookalike, customers];
      d.adSets[0]!.targeting.excludedAudiences = [{ ...customers, id: '238500000000009' }];
    });
    expect(findings(p).map((issue) => [issue.path, issue.message])).toEqual([
      ['adSets.0.targeting.audiences.0', 'Ads in HOUSING can’t use lookalike audiences: remove “1% US lookalike”.'],
      [
        'adSets.0.targeting.excludedAudiences.0',
        'Ads in HOUSING can’t exclude audiences: remove the exclusion of “Customers”.',
      ],
    ]);
    // Political ads are a special category without these limits.
    const political = plan((d) => {
      d.campaign.specialAdCategories = ['ISSUES_ELECTIONS_POLITICS'];
      d.adSets[0]!.targeting.audiences = [lookalike];
      d.adSets[0]!.targeting.excludedAudiences = [customers];
    });
    expect(findings(political)).toEqual([]);
  });

  it('refuses one audience both included and excluded', () => {
    const p = plan((d) => {
      d.adSets[0]!.targeting.audiences = [customers];
      d.adSets[0]!.targeting.excludedAudiences = [customers];
    });
    expect(findings(p)).toEqual([
      expect.objectContaining({ path: 'adSets.0.targeting.excludedAudiences.0', severity: 'error' }),
    ]);
  });
});

describe('overlap between ad sets with custom audiences', () => {
  const targeting = plan().adSets[0]!.targeting;
  it('keeps broad ad sets overlapping, and separates one that leaves the other’s audience out', () => {
    expect(audiencesOverlap(targeting, targeting)).toBe(true);
    const lookalikes = { ...targeting, audiences: [lookalike] };
    expect(audiencesOverlap(lookalikes, targeting)).toBe(true);
    expect(audiencesOverlap(lookalikes, { ...targeting, excludedAudiences: [lookalike] })).toBe(false);
    expect(audiencesOverlap(lookalikes, { ...targeting, audiences: [customers] })).toBe(false);
    expect(audiencesOverlap(lookalikes, { ...targeting, audiences: [customers, lookalike] })).toBe(true);
  });
});
