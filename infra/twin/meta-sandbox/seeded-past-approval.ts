import { addDays, localMidnight, todayIn, type IsoDate } from './calendar.js';
import type { InsightsModel } from './insights-model.js';
import { attributed, resultSpecFor, settingShare } from './insights-results.js';
import { currencyOffset } from './reference.js';
import { SITUATION_OBJECTIVES } from './seeded-situations.js';
import { setFrom, valueOn, type AdSet, type Campaign, type World } from './world.js';

/**
 * For `npm run dev` only: a budget raise the demo marketer approved in Adsmith's optimizer some
 * days ago, so the Applied tab shows a measured outcome from the first start. On the USD
 * account, a campaign that is not one of the seeded situations (their numbers stay as they
 * are) has its budget raised by a fifth on that day: the insights model then delivers the days
 * since under the raised budget. The twin stores the matching applied recommendation for the
 * demo user (infra/twin/demo-past-approval.ts), from what this returns.
 */

export const PAST_APPROVAL_DAYS_AGO = 10;
/** The raise the recommendation made, as the budget-limited-winner detector proposes it. */
const RAISE = 1.2;

export interface PastApproval {
  adAccountId: string;
  currency: string;
  level: 'campaign' | 'adset';
  objectId: string;
  objectName: string;
  campaignId: string;
  /** Daily budgets in minor units. */
  budgetBefore: number;
  budgetAfter: number;
  appliedAt: Date;
  appliedOn: IsoDate;
  /** Meta's results and spend (major units) of the 7 days before: what the prediction was made from. */
  resultsWeekBefore: number;
  spendWeekBefore: number;
  status: string;
}

function runningThroughout(
  timeline: Array<{ from: IsoDate; value: string }>,
  from: IsoDate,
  to: IsoDate,
  days: number,
): boolean {
  for (let i = 0; i <= days; i += 1) {
    const date = addDays(from, i);
    if (date > to) break;
    if (valueOn(timeline, date) !== 'ACTIVE') return false;
  }
  return true;
}

export function seedPastApproval(world: World, model: InsightsModel, now: Date): PastApproval | undefined {
  const account = [...world.accounts.values()].find((a) => a.currency === 'USD');
  if (!account) return undefined;
  const today = todayIn(account.timezoneName, now);
  const appliedOn = addDays(today, -PAST_APPROVAL_DAYS_AGO);
  const weekBefore = addDays(appliedOn, -7);
  const situations = new Set<string>(Object.values(SITUATION_OBJECTIVES));
  const adsetsOf = (campaign: Campaign) => [...world.adsets.values()].filter((a) => a.campaignId === campaign.id);

  for (const campaign of world.campaigns.values()) {
    if (campaign.accountId !== account.accountId || situations.has(campaign.objective)) continue;
    if (campaign.startDate > weekBefore || campaign.stopDate) continue;
    if (!runningThroughout(campaign.statusHistory, weekBefore, today, 7 + PAST_APPROVAL_DAYS_AGO)) continue;
    const campaignBudget = valueOn(campaign.budgetHistory, appliedOn)?.daily;
    const adset: AdSet | undefined = campaignBudget
      ? undefined
      : adsetsOf(campaign).find(
          (a) =>
            valueOn(a.budgetHistory, appliedOn)?.daily &&
            runningThroughout(a.statusHistory, weekBefore, today, 7 + PAST_APPROVAL_DAYS_AGO),
        );
    const unit = campaignBudget ? campaign : adset;
    const before = campaignBudget ?? (adset ? valueOn(adset.budgetHistory, appliedOn)?.daily : undefined);
    if (!unit || !before) continue;

    const step = currencyOffset(account.currency);
    const after = Math.max(step, Math.round((before * RAISE) / step) * step);
    // The week before, as Meta counts results for each ad set's goal and attribution setting.
    let results = 0;
    let spendMinor = 0;
    const adsets = adset ? [adset] : adsetsOf(campaign);
    for (const set of adsets) {
      const spec = resultSpecFor(campaign.objective, set.optimizationGoal);
      const share = settingShare(set.attributionSetting);
      for (const ad of world.ads.values()) {
        if (ad.adsetId !== set.id) continue;
        for (let i = 0; i < 7; i += 1) {
          const day = model.day(ad, addDays(weekBefore, i));
          results += spec.count(attributed(day, share));
          spendMinor += day.spendMinor;
        }
      }
    }
    if (results < 10) continue;

    // From the day it was applied on: the budget history that day and after is the raised one.
    setFrom(unit.budgetHistory, appliedOn, { daily: after });
    // Applied mid-afternoon in the account's time zone; Meta's updated_time says so.
    const appliedAt = new Date(localMidnight(appliedOn, account.timezoneName).getTime() + 15 * 3_600_000);
    unit.updatedTime = appliedAt;
    world.campaignRevisions.set(campaign.id, (world.campaignRevisions.get(campaign.id) ?? 0) + 1);
    world.revision += 1;
    return {
      adAccountId: `act_${account.accountId}`,
      currency: account.currency,
      level: campaignBudget ? 'campaign' : 'adset',
      objectId: unit.id,
      objectName: unit.name,
      campaignId: campaign.id,
      budgetBefore: before,
      budgetAfter: after,
      appliedAt,
      appliedOn,
      resultsWeekBefore: Math.round(results),
      spendWeekBefore: Math.round(spendMinor) / step,
      status: 'ACTIVE',
    };
  }
  return undefined;
}
