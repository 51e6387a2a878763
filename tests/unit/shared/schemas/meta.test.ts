import { describe, expect, it } from 'vitest';
import { CampaignUpdateSchema, DateRangeQuerySchema, isRealCalendarDate } from '@shared/schemas/meta';

describe('Meta request contracts', () => {
  it('accepts a preset or a full custom range', () => {
    expect(DateRangeQuerySchema.safeParse({ datePreset: 'last_7d' }).success).toBe(true);
    expect(DateRangeQuerySchema.safeParse({ since: '2026-01-01', until: '2026-01-31' }).success).toBe(true);
    expect(DateRangeQuerySchema.safeParse({}).success).toBe(true);
  });

  it('rejects half ranges, reversed ranges, mixed forms, unknown presets and huge spans', () => {
    expect(DateRangeQuerySchema.safeParse({ since: '2026-01-01' }).success).toBe(false);
    expect(DateRangeQuerySchema.safeParse({ since: '2026-02-01', until: '2026-01-01' }).success).toBe(false);
    expect(
      DateRangeQuerySchema.safeParse({ datePreset: 'last_7d', since: '2026-01-01', until: '2026-01-02' }).success,
    ).toBe(false);
    expect(DateRangeQuerySchema.safeParse({ datePreset: 'last_3y' }).success).toBe(false);
    expect(DateRangeQuerySchema.safeParse({ since: '2020-01-01', until: '2026-01-01' }).success).toBe(false);
    expect(DateRangeQuerySchema.safeParse({ since: '2026-13-45', until: '2026-01-01' }).success).toBe(false);
  });

  it('takes a status or one kind of budget in whole minor units', () => {
    expect(CampaignUpdateSchema.safeParse({ status: 'PAUSED' }).success).toBe(true);
    expect(CampaignUpdateSchema.safeParse({ dailyBudget: 5000 }).success).toBe(true);
    expect(CampaignUpdateSchema.safeParse({}).success).toBe(false);
    expect(CampaignUpdateSchema.safeParse({ status: 'DELETED' }).success).toBe(false);
    expect(CampaignUpdateSchema.safeParse({ dailyBudget: 12.5 }).success).toBe(false);
    expect(CampaignUpdateSchema.safeParse({ dailyBudget: -1 }).success).toBe(false);
    expect(CampaignUpdateSchema.safeParse({ dailyBudget: 100, lifetimeBudget: 100 }).success).toBe(false);
    expect(CampaignUpdateSchema.safeParse({ status: 'PAUSED', owner: 'x' }).success).toBe(false);
  });
});

describe('calendar dates', () => {
  it.each(['2026-02-28', '2028-02-29', '2026-12-31', '2026-01-01'])('%s is a real date', (date) => {
    expect(isRealCalendarDate(date)).toBe(true);
  });

  it.each(['2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32'])(
    '%s is not',
    (date) => {
      expect(isRealCalendarDate(date)).toBe(false);
    },
  );

  it('a range with an impossible date is refused, naming the field', () => {
    const parsed = DateRangeQuerySchema.safeParse({ since: '2026-02-01', until: '2026-02-30' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['until', 'Not a real date']);
  });
});
