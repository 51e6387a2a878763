import * as z from 'zod';
import { addDays, type IsoDate } from './calendar.js';
import type { Timeline, World } from './world.js';

/**
 * Days passing, for tests and demos (`POST /__admin/advance-days`): the world's whole history
 * (every start date, status and budget change, cpm shock, created and updated time, the data
 * start) moves `days` into the past. To every reader that is `days` passing at once: a budget
 * changed today has now been in force for `days` days, and the insights model fills those days
 * with delivery under it, deterministically like every other day. A day keeps the random draws
 * of its own date (the model adds the days advanced back), so a whole number of weeks leaves the
 * past exactly as it was; other numbers move only the weekday pattern under it. Tokens,
 * usage and report jobs stay on the real clock, so nothing signed in is logged out.
 *
 * A negative value moves the world forward again, at most by what was advanced (a test puts the
 * shared sandbox back as it found it); the history never reaches past today.
 */

/** More than two months at once is never what a test or a demo means. */
export const MAX_ADVANCE_DAYS = 60;

export const AdvanceDaysSchema = z
  .object({
    days: z
      .number()
      .int('days must be a whole number')
      .min(-MAX_ADVANCE_DAYS)
      .max(MAX_ADVANCE_DAYS)
      .refine((days) => days !== 0, 'days must not be 0'),
  })
  .strict();

const advanced = new WeakMap<World, number>();

/** Days the world has been advanced so far (what a negative value may give back). */
export function daysAdvanced(world: World): number {
  return advanced.get(world) ?? 0;
}

export function advanceDays(world: World, days: number): void {
  const total = daysAdvanced(world) + days;
  if (total < 0) {
    throw new Error(
      `The world was advanced ${daysAdvanced(world)} days: it can be moved back by at most that (asked ${-days}).`,
    );
  }
  const date = (value: IsoDate) => addDays(value, -days);
  const instant = (value: Date) => new Date(value.getTime() - days * 86_400_000);
  const timeline = <T>(entries: Timeline<T>) => {
    for (const entry of entries) entry.from = date(entry.from);
  };
  for (const account of world.accounts.values()) {
    account.dataStart = date(account.dataStart);
    account.createdTime = instant(account.createdTime);
  }
  for (const campaign of world.campaigns.values()) {
    campaign.startDate = date(campaign.startDate);
    if (campaign.stopDate) campaign.stopDate = date(campaign.stopDate);
    timeline(campaign.statusHistory);
    timeline(campaign.budgetHistory);
    campaign.createdTime = instant(campaign.createdTime);
    campaign.updatedTime = instant(campaign.updatedTime);
    // Every campaign's insights are rebuilt: their days moved.
    world.campaignRevisions.set(campaign.id, (world.campaignRevisions.get(campaign.id) ?? 0) + 1);
  }
  for (const adset of world.adsets.values()) {
    adset.startDate = date(adset.startDate);
    if (adset.endDate) adset.endDate = date(adset.endDate);
    timeline(adset.statusHistory);
    timeline(adset.budgetHistory);
    if (adset.cpmShock) adset.cpmShock = { ...adset.cpmShock, from: date(adset.cpmShock.from) };
    adset.createdTime = instant(adset.createdTime);
    adset.updatedTime = instant(adset.updatedTime);
    if (adset.budgetChangesAt) adset.budgetChangesAt = adset.budgetChangesAt.map((at) => at - days * 86_400_000);
  }
  for (const ad of world.ads.values()) {
    ad.startDate = date(ad.startDate);
    timeline(ad.statusHistory);
    ad.createdTime = instant(ad.createdTime);
    ad.updatedTime = instant(ad.updatedTime);
  }
  for (const image of world.images.values()) image.createdTime = instant(image.createdTime);
  for (const creative of world.creatives.values()) creative.createdTime = instant(creative.createdTime);
  world.revision += 1;
  advanced.set(world, total);
}
