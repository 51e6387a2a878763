import { describe, expect, it } from 'vitest';
import { suggestedExclusions } from '@lambdas/campaign-generator/plan-audiences';
import { CampaignBriefSchema, type PlanAudience } from '@shared/schemas/campaign-plan';

const list = (id: string, deliveryCode: number, kind: PlanAudience['kind'] = 'customer-list'): PlanAudience => ({
  id,
  name: `Audience ${id}`,
  kind,
  adAccountId: 'act_1',
  sizeLower: 1000,
  sizeUpper: 1100,
  deliveryCode,
});

const brief = (goal: string, specialAdCategories: string[] = []) =>
  CampaignBriefSchema.parse({
    adAccountId: 'act_1',
    product: 'Trail shoes',
    goal,
    landingUrl: 'https://shop.example.com',
    budgetType: 'daily',
    budgetAmount: 20,
    startDate: '2026-12-01',
    countries: ['US'],
    audience: 'Runners',
    specialAdCategories,
    ...(goal === 'app_promotion' && { appId: '1234567890', appStoreUrl: 'https://apps.apple.com/app/id1' }),
  });

describe('the exclusions the generator suggests', () => {
  const audiences = [list('1', 200), list('2', 300), list('3', 200, 'lookalike'), list('4', 200, 'website')];

  it('leave the ready customer lists out of acquisition campaigns, marked as suggested', () => {
    for (const goal of ['sales', 'leads', 'app_promotion']) {
      expect(suggestedExclusions(brief(goal), audiences)).toEqual([{ ...list('1', 200), suggested: true }]);
    }
  });

  it('suggest nothing for other goals, nor where Meta allows no exclusion', () => {
    for (const goal of ['traffic', 'awareness', 'engagement'])
      expect(suggestedExclusions(brief(goal), audiences)).toEqual([]);
    expect(suggestedExclusions(brief('sales', ['EMPLOYMENT']), audiences)).toEqual([]);
    expect(suggestedExclusions(brief('sales', ['ISSUES_ELECTIONS_POLITICS']), audiences)).toHaveLength(1);
  });
});
