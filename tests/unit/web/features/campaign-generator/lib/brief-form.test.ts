import { describe, expect, it } from 'vitest';
import { BriefFormSchema, defaultBrief } from '@web/features/campaign-generator/lib/brief-form';

const filled = (overrides: Record<string, unknown> = {}) => ({
  ...defaultBrief('act_1234567890', new Date('2026-11-23T12:00:00Z')),
  product: 'Recycled waterproof hiking boots',
  landingUrl: 'https://shop.example.com/boots',
  audience: 'Weekend hikers',
  ...overrides,
});

describe('the campaign brief form', () => {
  it('starts a daily budget with no end date, so the campaign runs until paused as in Ads Manager', () => {
    expect(defaultBrief('act_1234567890', new Date('2026-11-23T12:00:00Z')).endDate).toBe('');
    const parsed = BriefFormSchema.safeParse(filled());
    expect(parsed.success).toBe(true);
    expect(parsed.data).not.toHaveProperty('endDate');
  });

  it('asks for an end date when the budget is a total', () => {
    const parsed = BriefFormSchema.safeParse(filled({ budgetType: 'total' }));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.path[0])).toContain('endDate');
  });
});
