import { describe, expect, it } from 'vitest';
import { demoRecommendation } from '@infra/twin/demo-past-approval';
import { addDays } from '@infra/twin/meta-sandbox/calendar';
import { PAST_APPROVAL_DAYS_AGO, seedPastApproval } from '@infra/twin/meta-sandbox/seeded-past-approval';
import { SITUATION_OBJECTIVES } from '@infra/twin/meta-sandbox/seeded-situations';
import { valueOn } from '@infra/twin/meta-sandbox/world';
import { accountByCurrency, demoWorld, FIXED_NOW } from './meta-sandbox/world-fixture';

describe('the demo user’s past approval (npm run dev)', () => {
  it('raises a budget days ago on a campaign that is none of the seeded situations', () => {
    const { world, model } = demoWorld();
    const approval = seedPastApproval(world, model, FIXED_NOW)!;
    expect(approval).toBeDefined();
    const account = accountByCurrency(world, 'USD');
    expect(approval.appliedOn).toBe(addDays(model.today(account), -PAST_APPROVAL_DAYS_AGO));
    const campaign = world.campaigns.get(approval.campaignId)!;
    expect(Object.values(SITUATION_OBJECTIVES)).not.toContain(campaign.objective);
    const unit = approval.level === 'campaign' ? campaign : world.adsets.get(approval.objectId)!;
    expect(valueOn(unit.budgetHistory, addDays(approval.appliedOn, -1))?.daily).toBe(approval.budgetBefore);
    expect(valueOn(unit.budgetHistory, approval.appliedOn)?.daily).toBe(approval.budgetAfter);
    expect(approval.budgetAfter / approval.budgetBefore).toBeCloseTo(1.2, 1);
    expect(approval.resultsWeekBefore).toBeGreaterThanOrEqual(10);
  });

  it('stores it as the optimizer stores an applied recommendation, predicted as the detector predicts a raise', () => {
    const { world, model } = demoWorld();
    const approval = seedPastApproval(world, model, FIXED_NOW)!;
    const record = demoRecommendation(approval);
    expect(record).toMatchObject({
      kind: 'budget_limited_winner',
      status: 'applied',
      adAccountId: approval.adAccountId,
      appliedAt: approval.appliedAt.toISOString(),
      applied: [{ objectId: approval.objectId, after: { dailyBudget: approval.budgetAfter } }],
    });
    const { low, expected, high } = record.expectedEffect;
    // About 20 % more budget (whole dollars): results grow as budget^0.7, with the baseline week's Poisson range.
    const factor = approval.budgetAfter / approval.budgetBefore;
    expect(expected).toBeCloseTo(approval.resultsWeekBefore * (factor ** 0.7 - 1), 1);
    expect(low).toBeLessThan(expected);
    expect(high).toBeGreaterThan(expected);
    expect(record.id).toMatch(/^[a-z0-9_.-]+$/);
  });
});
