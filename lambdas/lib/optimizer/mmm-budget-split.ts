import type { AccountSnapshot } from './account-snapshot';
import { majorToBudget } from '@shared/currency-units';

/**
 * How a marketing-mix model's daily amount for Meta becomes budgets of the ad account's objects.
 *
 * - A budget lives at one level: a campaign with its own budget (Advantage campaign budget, CBO)
 *   gets the change on the campaign; otherwise each active ad set of it is changed. Meta refuses
 *   an ad set budget under CBO, so the level is never mixed up.
 * - Only daily budgets are changed. A lifetime budget is a promise over dates the model knows
 *   nothing of: it is left alone, and what it spends a day (its last 7 days) is taken off the total.
 * - The total is split in proportion to each object's spend over the last 7 days (what Meta
 *   actually delivers to it; its current budget when nothing spent), so the account's mix stays
 *   and only the level moves — the model says how much Meta should get, not which ad set.
 * - Every budget is at least the account's `min_daily_budget` (Meta answers "Your Budget Is Too
 *   Low" otherwise): objects whose share falls below it get the minimum and the rest is shared
 *   again among the others. A total that cannot give every object the minimum is refused.
 * - Amounts are whole minor units of the account currency (cents; whole yen for JPY), rounded by
 *   largest remainder so they add up to the total exactly.
 * - At most `maxObjects` (the approval's limit) are changed, the largest spenders; the others keep
 *   their budgets, which are taken off the total as well.
 */

export type BudgetLevel = 'campaign' | 'adset';

export interface BudgetHolder {
  level: BudgetLevel;
  id: string;
  name: string;
  campaignId: string;
  dailyBudget: number | null;
  lifetimeBudget: number | null;
  /** Spend over the last 7 days, major units. */
  recentSpend: number;
}

export interface BudgetChange {
  holder: BudgetHolder;
  /** Minor units a day. */
  before: number;
  after: number;
}

export type SplitResult =
  | {
      ok: true;
      /** Objects whose daily budget changes (the ones already at their share are left out). */
      changes: BudgetChange[];
      /** Every adjustable object's new daily budget, changed or not. */
      allocated: BudgetChange[];
      /** Minor units a day taken off the total for objects left as they are (lifetime budgets, beyond maxObjects). */
      fixedDaily: number;
      /** Objects left as they are. */
      fixed: BudgetHolder[];
    }
  | { ok: false; reason: 'no_budgets' | 'below_minimum'; neededDaily: number };

const RECENT_DAYS = 7;

/** The objects that hold the budget of each active campaign, with what they spent in the last 7 days. */
export function budgetHolders(snapshot: AccountSnapshot): BudgetHolder[] {
  const since = new Date(Date.parse(`${snapshot.today}T00:00:00Z`) - RECENT_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const recent = (days: AccountSnapshot['adsets'][number]['days']) =>
    days.filter((d) => d.date >= since && d.date < snapshot.today).reduce((sum, d) => sum + d.spend, 0);
  const holders: BudgetHolder[] = [];
  for (const campaign of snapshot.campaigns) {
    if (campaign.status !== 'ACTIVE') continue;
    const adsets = snapshot.adsets.filter((a) => a.campaignId === campaign.id);
    if (campaign.dailyBudget !== null || campaign.lifetimeBudget !== null) {
      holders.push({
        level: 'campaign',
        id: campaign.id,
        name: campaign.name,
        campaignId: campaign.id,
        dailyBudget: campaign.dailyBudget,
        lifetimeBudget: campaign.lifetimeBudget,
        recentSpend: adsets.reduce((sum, a) => sum + recent(a.days), 0),
      });
      continue;
    }
    for (const adset of adsets) {
      if (adset.status !== 'ACTIVE' || (adset.dailyBudget === null && adset.lifetimeBudget === null)) continue;
      holders.push({
        level: 'adset',
        id: adset.id,
        name: adset.name,
        campaignId: campaign.id,
        dailyBudget: adset.dailyBudget,
        lifetimeBudget: adset.lifetimeBudget,
        recentSpend: recent(adset.days),
      });
    }
  }
  return holders;
}

/** Floors shares to whole units and hands the units left over to the largest remainders. */
export function roundToTotal(shares: readonly number[], total: number): number[] {
  const floors = shares.map((s) => Math.floor(s));
  let left = total - floors.reduce((a, b) => a + b, 0);
  const order = shares.map((s, i) => ({ i, rest: s - Math.floor(s) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; left > 0 && order.length > 0; k = (k + 1) % order.length, left -= 1) floors[order[k]!.i]! += 1;
  return floors;
}

export function splitDailyBudget(
  holders: readonly BudgetHolder[],
  options: { dailyTotal: number; minDailyBudget: number; currency: string; maxObjects: number },
): SplitResult {
  const { dailyTotal, minDailyBudget, currency, maxObjects } = options;
  const daily = holders
    .filter((h) => h.dailyBudget !== null)
    .sort(
      (a, b) =>
        b.recentSpend - a.recentSpend || (b.dailyBudget ?? 0) - (a.dailyBudget ?? 0) || a.id.localeCompare(b.id),
    );
  const adjustable = daily.slice(0, maxObjects);
  const beyond = daily.slice(maxObjects);
  const lifetime = holders.filter((h) => h.dailyBudget === null);
  const fixedDaily =
    beyond.reduce((sum, h) => sum + h.dailyBudget!, 0) +
    lifetime.reduce((sum, h) => sum + majorToBudget(h.recentSpend / RECENT_DAYS, currency), 0);
  if (adjustable.length === 0) return { ok: false, reason: 'no_budgets', neededDaily: 0 };
  const available = Math.floor(dailyTotal) - fixedDaily;
  const neededDaily = adjustable.length * minDailyBudget + fixedDaily;
  if (available < adjustable.length * minDailyBudget) return { ok: false, reason: 'below_minimum', neededDaily };

  const spent = adjustable.reduce((sum, h) => sum + h.recentSpend, 0);
  const weights = adjustable.map((h) => (spent > 0 ? h.recentSpend : h.dailyBudget!));
  // Water-filling: whoever's share is under the minimum gets the minimum; the rest is shared again.
  const atMinimum = new Set<number>();
  let shares: number[] = [];
  for (;;) {
    const free = adjustable.map((_, i) => i).filter((i) => !atMinimum.has(i));
    const rest = available - atMinimum.size * minDailyBudget;
    const weightSum = free.reduce((sum, i) => sum + weights[i]!, 0);
    shares = adjustable.map((_, i) =>
      atMinimum.has(i) ? minDailyBudget : weightSum > 0 ? (rest * weights[i]!) / weightSum : rest / free.length,
    );
    const under = free.filter((i) => shares[i]! < minDailyBudget);
    if (under.length === 0) break;
    for (const i of under) atMinimum.add(i);
  }
  const rounded = roundToTotal(shares, available);
  const allocated = adjustable.map((holder, i) => ({ holder, before: holder.dailyBudget!, after: rounded[i]! }));
  return {
    ok: true,
    changes: allocated.filter((c) => c.after !== c.before),
    allocated,
    fixedDaily,
    fixed: [...beyond, ...lifetime],
  };
}
