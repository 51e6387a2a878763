import { describe, expect, it } from 'vitest';
import { addDays } from '@infra/twin/meta-sandbox/calendar';
import { ECONOMICS, expectedImpressions } from '@infra/twin/meta-sandbox/insights-model';
import { SITUATION_OBJECTIVES } from '@infra/twin/meta-sandbox/seeded-situations';
import { advanceDays, AdvanceDaysSchema, daysAdvanced } from '@infra/twin/meta-sandbox/time-travel';
import { setFrom, type AdSet } from '@infra/twin/meta-sandbox/world';
import { accountByCurrency, demoWorld } from './world-fixture';

function setup() {
  const { world, model } = demoWorld();
  const account = accountByCurrency(world, 'USD');
  const campaign = [...world.campaigns.values()].find(
    (c) => c.accountId === account.accountId && c.objective === SITUATION_OBJECTIVES.budget,
  )!;
  const winner = [...world.adsets.values()].find((a) => a.campaignId === campaign.id)!;
  const adsOf = (adset: AdSet) => [...world.ads.values()].filter((ad) => ad.adsetId === adset.id);
  /** The ad set's spend (minor units) and installs on one day, summed over its ads. */
  const dayOf = (adset: AdSet, date: string) =>
    adsOf(adset)
      .map((ad) => model.day(ad, date))
      .reduce((sum, d) => ({ spend: sum.spend + d.spendMinor, installs: sum.installs + d.appInstalls }), {
        spend: 0,
        installs: 0,
      });
  return { world, model, account, winner, dayOf };
}

describe('sandbox days passing (POST /__admin/advance-days)', () => {
  it('puts a budget changed today in force for the days that passed, and leaves the days before as they were', () => {
    const { world, model, account, winner, dayOf } = setup();
    const today = model.today(account);
    const weekBefore = Array.from({ length: 7 }, (_, i) => addDays(today, -7 + i));
    const before = weekBefore.map((date) => dayOf(winner, date));
    const budget = winner.budgetHistory.at(-1)!.value!.daily!;
    setFrom(winner.budgetHistory, today, { daily: Math.round(budget * 1.2) });

    advanceDays(world, 14);
    expect(daysAdvanced(world)).toBe(14);
    // The same days of delivery, now two weeks further back: unchanged to the unit.
    const moved = weekBefore.map((date) => dayOf(winner, addDays(date, -14)));
    expect(moved).toEqual(before);
    // The week after the change: spent under the raised budget, about 20 % more a day.
    const after = weekBefore.map((date) => dayOf(winner, addDays(date, -6)));
    const spend = (rows: typeof before) => rows.reduce((sum, r) => sum + r.spend, 0);
    expect(spend(after) / spend(before)).toBeGreaterThan(1.12);
    expect(spend(after) / spend(before)).toBeLessThan(1.28);
  });

  it('moves back exactly by what was advanced, and no further', () => {
    const { world, model, account, winner, dayOf } = setup();
    const yesterday = addDays(model.today(account), -1);
    const start = winner.startDate;
    const first = dayOf(winner, yesterday);
    advanceDays(world, 5);
    expect(winner.startDate).toBe(addDays(start, -5));
    expect(() => advanceDays(world, -6)).toThrow(/at most/);
    advanceDays(world, -5);
    expect(winner.startDate).toBe(start);
    expect(dayOf(winner, yesterday)).toEqual(first);
  });

  it('refuses anything but a whole number of days within two months', () => {
    for (const body of [{ days: 0 }, { days: 1.5 }, { days: 61 }, { days: '7' }, { days: 7, extra: 1 }, {}]) {
      expect(AdvanceDaysSchema.safeParse(body).success).toBe(false);
    }
    expect(AdvanceDaysSchema.parse({ days: -7 })).toEqual({ days: -7 });
  });

  it('buys more delivery with more budget, each extra result dearer than the last (diminishing returns)', () => {
    const cpm = ECONOMICS.OUTCOME_APP_PROMOTION!.cpmUsd;
    const at = (spend: number) => expectedImpressions(spend, cpm);
    expect(at(72)).toBeGreaterThan(at(60));
    // Marginal cost of the extra impressions is above the average cost at the old budget.
    const marginal = (72 - 60) / (at(72) - at(60));
    expect(marginal).toBeGreaterThan(60 / at(60));
  });
});
