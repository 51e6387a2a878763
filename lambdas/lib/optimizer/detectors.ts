import { currencyOffset, formatCurrency } from '@shared/currency-units';
import type { ObjectLevel } from '@shared/schemas/object-change';
import type { ExpectedEffect, ProposedChange, Recommendation, RecommendationKind } from '@shared/schemas/optimizer';
import type { AccountSnapshot, AdSnapshot, DayFigures, Figures } from './account-snapshot';
import { addFigures } from './account-snapshot';
import { probabilityBest } from './beta-binomial';
import { helpProbability } from './confidence';
import { OPTIMIZER_CONFIG, type OptimizerConfig } from './optimizer-config';

/**
 * The optimizer's detectors: plain functions from an account snapshot to recommendations, each
 * with the numbers behind it (evidence), an expected effect with a range, a confidence and the
 * exact changes approving it would make. Thresholds come from optimizer-config.ts.
 */

/** Results scale with spend^α (diminishing returns): the elasticity Meta's auctions show in practice. */
export const SPEND_ELASTICITY = 0.7;
/** Two-sided 95 % normal quantile, for ranges. */
const Z95 = 1.96;

type Draft = Omit<Recommendation, 'id' | 'explanation' | 'explanationSource'> & {
  /**
   * The expected effect and value of only the `kept` changes, when a higher-ranked recommendation of the
   * list already changes the other objects. Absent: keeping none leaves no effect (the detectors whose
   * recommendations change several objects say how to restate a part).
   */
  restate?: (kept: readonly ProposedChange[]) => Pick<Draft, 'expectedEffect' | 'valuePerWeek'>;
};

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 through erf), for confidences from z scores. */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Rows of the `n` complete days before today (today is partial, so it is left out). */
export function lastDays(days: readonly DayFigures[], today: string, n: number, skip = 0): Figures {
  const from = addDays(today, -(n + skip));
  const to = addDays(today, -(skip + 1));
  return addFigures(days.filter((d) => d.date >= from && d.date <= to));
}

const costPerResult = (f: Figures) => (f.results > 0 ? f.spend / f.results : null);

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A budget in minor units rounded to whole major units (whole yen, whole dollars), never below one. */
function roundBudget(minor: number, currency: string): number {
  const step = currencyOffset(currency);
  return Math.max(step, Math.round(minor / step) * step);
}

/** Results a week after moving spend from `spend` to `spend × factor`, by the elasticity. */
export function resultsAt(results: number, factor: number): number {
  return results * (factor ** SPEND_ELASTICITY - 1);
}

/** A Poisson count's 95 % range. */
export function countRange(count: number): [number, number] {
  const spread = Z95 * Math.sqrt(count);
  return [Math.max(0, count - spread), count + spread];
}

function effect(metric: ExpectedEffect['metric'], low: number, expected: number, high: number): ExpectedEffect {
  const [a, b] = low <= high ? [low, high] : [high, low];
  return { metric, low: round(a), expected: round(expected), high: round(b) };
}

/** Where budgets live: campaigns with a campaign budget, and ad sets holding their own. */
interface BudgetUnit {
  level: ObjectLevel;
  id: string;
  name: string;
  campaignId: string;
  objective: string;
  goal: string;
  bidStrategy?: string;
  learningStatus?: string;
  dailyBudget: number;
  active: boolean;
  days: DayFigures[];
}

function budgetUnits(snapshot: AccountSnapshot): BudgetUnit[] {
  const units: BudgetUnit[] = [];
  const adsetsOf = (campaignId: string) => snapshot.adsets.filter((a) => a.campaignId === campaignId);
  for (const campaign of snapshot.campaigns) {
    const adsets = adsetsOf(campaign.id);
    if (campaign.dailyBudget) {
      const goals = [...new Set(adsets.map((a) => a.optimizationGoal))];
      units.push({
        level: 'campaign',
        id: campaign.id,
        name: campaign.name,
        campaignId: campaign.id,
        objective: campaign.objective,
        goal: goals.length === 1 ? goals[0]! : 'MIXED',
        dailyBudget: campaign.dailyBudget,
        active: campaign.status === 'ACTIVE',
        days: adsets.flatMap((a) => a.days),
      });
      continue;
    }
    for (const adset of adsets) {
      if (!adset.dailyBudget) continue;
      units.push({
        level: 'adset',
        id: adset.id,
        name: adset.name,
        campaignId: campaign.id,
        objective: campaign.objective,
        goal: adset.optimizationGoal,
        ...(adset.bidStrategy ? { bidStrategy: adset.bidStrategy } : {}),
        ...(adset.learningStatus ? { learningStatus: adset.learningStatus } : {}),
        dailyBudget: adset.dailyBudget,
        active: campaign.status === 'ACTIVE' && adset.status === 'ACTIVE',
        days: adset.days,
      });
    }
  }
  return units;
}

function budgetChange(unit: BudgetUnit, dailyBudget: number): ProposedChange {
  return {
    level: unit.level,
    objectId: unit.id,
    objectName: unit.name,
    change: { dailyBudget },
    before: { dailyBudget: unit.dailyBudget },
  };
}

/** What a budget raise adds to spend a week (major units): the unit spends its share of the new budget. */
function extraSpendPerWeek(ctx: Context, budget: number, raised: number, spendShare: number): number {
  return ((raised - budget) / ctx.offset) * ctx.config.recentDays * Math.min(1, spendShare);
}

interface Context {
  snapshot: AccountSnapshot;
  config: OptimizerConfig;
  offset: number;
  /** Money in the account currency for the titles and reasons: "$12.00", "¥1,200". */
  money: (major: number) => string;
  /**
   * The median cost per result of the other active units with the same objective and goal and
   * enough results ("similar ad sets"), by unit id; absent when there is none to compare with.
   */
  medianCost: Map<string, number>;
}

function context(snapshot: AccountSnapshot, config: OptimizerConfig): Context {
  const groups = new Map<string, Array<{ id: string; cost: number }>>();
  const keyOf = new Map<string, string>();
  for (const unit of budgetUnits(snapshot)) {
    const key = `${unit.objective}|${unit.goal}`;
    keyOf.set(unit.id, key);
    const recent = lastDays(unit.days, snapshot.today, config.recentDays);
    const cost = costPerResult(recent);
    if (!unit.active || cost === null || recent.results < config.minResultsForCost) continue;
    groups.set(key, [...(groups.get(key) ?? []), { id: unit.id, cost }]);
  }
  const medianCost = new Map<string, number>();
  for (const [id, key] of keyOf) {
    const others = (groups.get(key) ?? []).filter((member) => member.id !== id).map((member) => member.cost);
    const value = median(others);
    if (value !== null) medianCost.set(id, value);
  }
  return {
    snapshot,
    config,
    offset: currencyOffset(snapshot.currency),
    money: (major) => formatCurrency(major, snapshot.currency),
    medianCost,
  };
}

/** Moves budget from the costliest unit to the cheapest within each objective and optimization goal. */
export function detectBudgetShifts(ctx: Context): Draft[] {
  const { snapshot, config, offset, money } = ctx;
  const rules = config.budgetShift;
  const groups = new Map<string, Array<{ unit: BudgetUnit; recent: Figures; cost: number }>>();
  for (const unit of budgetUnits(snapshot)) {
    if (!unit.active || unit.goal === 'MIXED') continue;
    const recent = lastDays(unit.days, snapshot.today, config.recentDays);
    const cost = costPerResult(recent);
    if (cost === null || recent.results < config.minResultsForCost) continue;
    const key = `${unit.objective}|${unit.goal}`;
    groups.set(key, [...(groups.get(key) ?? []), { unit, recent, cost }]);
  }
  const drafts: Draft[] = [];
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const sorted = [...members].sort((a, b) => a.cost - b.cost);
    const winner = sorted.find((m) => m.recent.results >= rules.minResults);
    const loser = sorted[sorted.length - 1]!;
    if (!winner || winner === loser) continue;
    const ratio = loser.cost / winner.cost;
    // Costs differ by ln(ratio); its standard error from the two Poisson counts.
    const z = Math.log(ratio) / Math.sqrt(1 / winner.recent.results + 1 / loser.recent.results);
    if (ratio < rules.minCostRatio || normalCdf(z) < rules.minConfidence) continue;
    const moved = roundBudget(loser.unit.dailyBudget * rules.shiftShare, snapshot.currency);
    if (loser.unit.dailyBudget - moved <= 0) continue;
    const gain = resultsAt(winner.recent.results, (winner.unit.dailyBudget + moved) / winner.unit.dailyBudget);
    const loss = resultsAt(loser.recent.results, (loser.unit.dailyBudget - moved) / loser.unit.dailyBudget);
    const net = gain + loss;
    const [winLow, winHigh] = countRange(winner.recent.results).map((r) =>
      resultsAt(r, (winner.unit.dailyBudget + moved) / winner.unit.dailyBudget),
    ) as [number, number];
    // Results are valued at what similar ad sets pay for them, as the raise and the cut value theirs.
    const rate = ctx.medianCost.get(winner.unit.id) ?? winner.cost;
    const movedPerWeek = (moved / offset) * config.recentDays;
    const loserSpendShare = loser.recent.spend / ((loser.unit.dailyBudget / offset) * config.recentDays);
    // One half alone is no longer spend-neutral: the raise spends the amount, the cut saves what the loser spent of it.
    const restate = (kept: readonly ProposedChange[]): Pick<Draft, 'expectedEffect' | 'valuePerWeek'> => {
      const keepsWinner = kept.some((c) => c.objectId === winner.unit.id);
      const keepsLoser = kept.some((c) => c.objectId === loser.unit.id);
      if (keepsWinner && !keepsLoser) {
        return {
          expectedEffect: effect('results_per_week', winLow, gain, winHigh),
          valuePerWeek: round(gain * rate - movedPerWeek),
        };
      }
      if (keepsLoser && !keepsWinner) {
        const saved = movedPerWeek * Math.min(1, loserSpendShare);
        return {
          expectedEffect: effect('spend_per_week', saved * 0.8, saved, saved),
          valuePerWeek: round(saved + loss * rate),
        };
      }
      return { expectedEffect: effect('results_per_week', 0, 0, 0), valuePerWeek: 0 };
    };
    const evidence = {
      winnerCostPerResult: round(winner.cost),
      loserCostPerResult: round(loser.cost),
      costRatio: round(ratio),
      winnerResults: winner.recent.results,
      loserResults: loser.recent.results,
      movedPerDay: round(moved / offset),
      days: config.recentDays,
    };
    drafts.push({
      kind: 'budget_shift',
      level: winner.unit.level,
      objectId: winner.unit.id,
      objectName: winner.unit.name,
      campaignId: winner.unit.campaignId,
      title: `Move ${money(evidence.movedPerDay)} a day from “${loser.unit.name}” to “${winner.unit.name}”`,
      why: `Over the last ${evidence.days} days “${winner.unit.name}” paid ${money(evidence.winnerCostPerResult)} per result (${evidence.winnerResults} results) and “${loser.unit.name}” paid ${money(evidence.loserCostPerResult)} (${evidence.loserResults} results), ${evidence.costRatio} times as much.`,
      evidence,
      expectedEffect: effect('results_per_week', winLow + loss, net, winHigh + loss),
      // Spend-neutral: the results gained net of those given up.
      valuePerWeek: round(net * rate),
      restate,
      confidence: round(clamp01(normalCdf(z)), 3),
      changes: [
        budgetChange(loser.unit, loser.unit.dailyBudget - moved),
        budgetChange(winner.unit, winner.unit.dailyBudget + moved),
      ],
    });
  }
  return drafts;
}

/** Cheap results, budget fully spent: the budget is what holds it back. */
export function detectBudgetLimitedWinners(ctx: Context): Draft[] {
  const { snapshot, config, offset, money } = ctx;
  const rules = config.budgetLimitedWinner;
  const drafts: Draft[] = [];
  for (const unit of budgetUnits(snapshot)) {
    if (!unit.active) continue;
    const recent = lastDays(unit.days, snapshot.today, config.recentDays);
    const cost = costPerResult(recent);
    const median = ctx.medianCost.get(unit.id);
    const spendShare = recent.spend / ((unit.dailyBudget / offset) * config.recentDays);
    if (cost === null || !median || recent.results < rules.minResults) continue;
    if (spendShare < rules.minSpendShare || cost > median * rules.maxCostVsMedian) continue;
    const raised = roundBudget(unit.dailyBudget * (1 + rules.raiseShare), snapshot.currency);
    const factor = raised / unit.dailyBudget;
    const [low, high] = countRange(recent.results).map((r) => resultsAt(r, factor)) as [number, number];
    const expected = resultsAt(recent.results, factor);
    const evidence = {
      costPerResult: round(cost),
      medianCostPerResult: round(median),
      spentSharePercent: round(spendShare * 100, 0),
      results: recent.results,
      dailyBudget: round(unit.dailyBudget / offset),
      newDailyBudget: round(raised / offset),
      days: config.recentDays,
    };
    drafts.push({
      kind: 'budget_limited_winner',
      level: unit.level,
      objectId: unit.id,
      objectName: unit.name,
      campaignId: unit.campaignId,
      title: `Raise “${unit.name}” from ${money(evidence.dailyBudget)} to ${money(evidence.newDailyBudget)} a day`,
      why: `It spent ${evidence.spentSharePercent}% of its budget over ${evidence.days} days at ${money(evidence.costPerResult)} per result, against ${money(evidence.medianCostPerResult)} for similar ad sets (${evidence.results} results).`,
      evidence,
      expectedEffect: effect('results_per_week', low, expected, high),
      // The extra results at what similar ad sets pay for them, less the extra spend that buys them.
      valuePerWeek: round(expected * median - extraSpendPerWeek(ctx, unit.dailyBudget, raised, spendShare)),
      confidence: round(clamp01(normalCdf(Math.log(median / cost) * Math.sqrt(recent.results))), 3),
      changes: [budgetChange(unit, raised)],
    });
  }
  return drafts;
}

/** Expensive results (or none), budget fully spent: cut it, or pause when nothing came of it. */
export function detectOverspendingLosers(ctx: Context): Draft[] {
  const { snapshot, config, offset, money } = ctx;
  const rules = config.overspendingLoser;
  const drafts: Draft[] = [];
  for (const unit of budgetUnits(snapshot)) {
    if (!unit.active) continue;
    const recent = lastDays(unit.days, snapshot.today, config.recentDays);
    const median = ctx.medianCost.get(unit.id);
    const spendShare = recent.spend / ((unit.dailyBudget / offset) * config.recentDays);
    if (!median || spendShare < rules.minSpendShare) continue;
    const cost = costPerResult(recent);
    const nothing = recent.results === 0 && recent.spend >= median * rules.zeroResultSpendMultiple;
    if (!nothing && (cost === null || cost < median * rules.minCostVsMedian)) continue;
    const cut = nothing ? unit.dailyBudget : roundBudget(unit.dailyBudget * rules.cutShare, snapshot.currency);
    const savedPerWeek = (cut / offset) * config.recentDays * Math.min(1, spendShare);
    const evidence = {
      spend: round(recent.spend),
      results: recent.results,
      ...(cost !== null ? { costPerResult: round(cost) } : {}),
      medianCostPerResult: round(median),
      dailyBudget: round(unit.dailyBudget / offset),
      days: config.recentDays,
      ...(nothing ? {} : { newDailyBudget: round((unit.dailyBudget - cut) / offset) }),
    };
    drafts.push({
      kind: 'overspending_loser',
      level: unit.level,
      objectId: unit.id,
      objectName: unit.name,
      campaignId: unit.campaignId,
      title: nothing
        ? `Pause “${unit.name}”: no results for ${money(evidence.spend)} spent`
        : `Cut “${unit.name}” from ${money(evidence.dailyBudget)} to ${money(evidence.newDailyBudget!)} a day`,
      why: nothing
        ? `It spent ${money(evidence.spend)} over ${evidence.days} days with ${evidence.results} results, while similar ad sets pay ${money(evidence.medianCostPerResult)} per result.`
        : `It paid ${money(evidence.costPerResult!)} per result over ${evidence.days} days (${evidence.results} results, ${money(evidence.spend)} spent), against ${money(evidence.medianCostPerResult)} for similar ad sets.`,
      evidence,
      expectedEffect: effect('spend_per_week', savedPerWeek * 0.8, savedPerWeek, savedPerWeek),
      // Spend saved, less the results given up valued at what similar ad sets pay for them.
      valuePerWeek: round(
        savedPerWeek + (nothing ? 0 : resultsAt(recent.results, 1 - cut / unit.dailyBudget) * median),
      ),
      confidence: nothing
        ? round(clamp01(1 - Math.exp(-recent.spend / median)), 3)
        : round(clamp01(normalCdf(Math.log(cost! / median) * Math.sqrt(Math.max(1, recent.results)))), 3),
      changes: nothing
        ? [
            {
              level: unit.level,
              objectId: unit.id,
              objectName: unit.name,
              change: { status: 'PAUSED' },
              before: { status: 'ACTIVE' },
            },
          ]
        : [budgetChange(unit, unit.dailyBudget - cut)],
    });
  }
  return drafts;
}

/**
 * Ad sets Meta reports as learning limited (`learning_stage_info.status` FAIL): too few optimization events
 * a week to leave learning. Meta's word decides, never our own count: LEARNING (within 7 days of a
 * significant edit) and SUCCESS are left alone whatever the numbers. Two cases Meta's status does not
 * settle are skipped: an ad set that spent nothing in the window (nothing is learning: underdelivery's
 * business), and one our window already counts 50 events for (Meta's status lags the day's data; a
 * recommendation saying "needs 50" beside 50 would contradict itself).
 */
export function detectLearningLimited(ctx: Context): Draft[] {
  const { snapshot, config, offset, money } = ctx;
  const rules = config.learningLimited;
  const drafts: Draft[] = [];
  for (const adset of snapshot.adsets) {
    const campaign = snapshot.campaigns.find((c) => c.id === adset.campaignId);
    if (adset.learningStatus !== 'FAIL' || adset.status !== 'ACTIVE' || campaign?.status !== 'ACTIVE') continue;
    const recent = lastDays(adset.days, snapshot.today, config.recentDays);
    if (recent.spend <= 0 || recent.results >= rules.eventsPerWeek) continue;
    const cost = costPerResult(recent);
    const evidence: Record<string, number> = {
      resultsPerWeek: recent.results,
      neededPerWeek: rules.eventsPerWeek,
      spend: round(recent.spend),
      days: config.recentDays,
    };
    let changes: ProposedChange[] = [];
    let expected = 0;
    let high = 0;
    let extraSpend = 0;
    if (adset.dailyBudget && cost !== null) {
      // The budget that would buy 50 events a week at today's cost, within the cap.
      const wantedMinor = ((rules.eventsPerWeek * cost) / config.recentDays) * offset;
      const target = roundBudget(Math.min(wantedMinor, adset.dailyBudget * rules.maxBudgetMultiple), snapshot.currency);
      if (target > adset.dailyBudget) {
        changes = [
          {
            level: 'adset',
            objectId: adset.id,
            objectName: adset.name,
            change: { dailyBudget: target },
            before: { dailyBudget: adset.dailyBudget },
          },
        ];
        evidence.dailyBudget = round(adset.dailyBudget / offset);
        evidence.newDailyBudget = round(target / offset);
        evidence.costPerResult = round(cost);
        expected = resultsAt(recent.results, target / adset.dailyBudget);
        high = resultsAt(countRange(recent.results)[1], target / adset.dailyBudget);
        const spendShare = recent.spend / ((adset.dailyBudget / offset) * config.recentDays);
        extraSpend = extraSpendPerWeek(ctx, adset.dailyBudget, target, spendShare);
      }
    }
    drafts.push({
      kind: 'learning_limited',
      level: 'adset',
      objectId: adset.id,
      objectName: adset.name,
      campaignId: adset.campaignId,
      title: changes.length
        ? `Give “${adset.name}” enough budget to leave learning (${money(evidence.newDailyBudget!)} a day), or merge it`
        : `Merge “${adset.name}” with a sibling ad set or broaden its audience`,
      why: `Meta reports it learning limited: ${evidence.resultsPerWeek} results in ${evidence.days} days, and it needs about ${evidence.neededPerWeek} a week to finish learning.`,
      evidence,
      expectedEffect: effect('results_per_week', 0, expected, high),
      // As a raise is valued: the extra results at what similar ad sets pay (its own cost when none compare), less the extra spend.
      valuePerWeek: round(expected * (ctx.medianCost.get(adset.id) ?? cost ?? 0) - extraSpend),
      // That it truly gets fewer than 50 a week (a Poisson count's normal approximation), not a slow week.
      confidence: round(
        clamp01(normalCdf((rules.eventsPerWeek - recent.results) / Math.sqrt(Math.max(1, recent.results)))),
        3,
      ),
      changes,
    });
  }
  return drafts;
}

const ctrOf = (f: Figures) => (f.impressions > 0 ? f.linkClicks / f.impressions : 0);
const frequencyOf = (f: Figures) => (f.reach > 0 ? f.impressions / f.reach : 0);

/** The ad's first and latest complete weeks with enough impressions to judge. */
export function fatigueWeeks(ad: AdSnapshot, minImpressions: number): { first: DayFigures; last: DayFigures } | null {
  const judged = ad.weeks.filter((w) => w.impressions >= minImpressions);
  if (judged.length < 3) return null;
  return { first: judged[0]!, last: judged[judged.length - 1]! };
}

/** Creative fatigue: frequency up, CTR down against the ad's own first week. */
export function detectFatigue(ctx: Context): Draft[] {
  const { snapshot, config } = ctx;
  const rules = config.fatigue;
  const drafts: Draft[] = [];
  for (const ad of snapshot.ads) {
    if (ad.status !== 'ACTIVE') continue;
    const weeks = fatigueWeeks(ad, rules.minImpressions);
    if (!weeks) continue;
    const [firstCtr, lastCtr] = [ctrOf(weeks.first), ctrOf(weeks.last)];
    const [firstFrequency, lastFrequency] = [frequencyOf(weeks.first), frequencyOf(weeks.last)];
    if (firstCtr <= 0 || lastFrequency < firstFrequency * (1 + rules.minFrequencyRise)) continue;
    if (lastCtr > firstCtr * (1 - rules.minCtrDrop)) continue;
    // Two-proportion z test: is the drop more than noise?
    const pooled =
      (weeks.first.linkClicks + weeks.last.linkClicks) / (weeks.first.impressions + weeks.last.impressions);
    const se = Math.sqrt(pooled * (1 - pooled) * (1 / weeks.first.impressions + 1 / weeks.last.impressions));
    const evidence = {
      firstWeekCtrPercent: round(firstCtr * 100),
      lastWeekCtrPercent: round(lastCtr * 100),
      firstWeekFrequency: round(firstFrequency),
      lastWeekFrequency: round(lastFrequency),
      ctrDropPercent: round((1 - lastCtr / firstCtr) * 100, 0),
    };
    const gap = evidence.firstWeekCtrPercent - evidence.lastWeekCtrPercent;
    drafts.push({
      kind: 'creative_fatigue',
      level: 'ad',
      objectId: ad.id,
      objectName: ad.name,
      campaignId: ad.campaignId,
      title: `Refresh the creative of “${ad.name}”: its audience has tired of it`,
      why: `Its CTR fell from ${evidence.firstWeekCtrPercent}% in its first week to ${evidence.lastWeekCtrPercent}% last week (${evidence.ctrDropPercent}% lower) while frequency rose from ${evidence.firstWeekFrequency} to ${evidence.lastWeekFrequency}.`,
      evidence,
      expectedEffect: effect('ctr_percent', 0, gap / 2, gap),
      valuePerWeek: round(
        (gap / 100 / 2) *
          weeks.last.impressions *
          (weeks.last.linkClicks > 0 ? weeks.last.spend / weeks.last.linkClicks : 0),
      ),
      confidence: round(clamp01(normalCdf(se > 0 ? (firstCtr - lastCtr) / se : 0)), 3),
      changes: [],
    });
  }
  return drafts;
}

/** Budget well above what gets spent, and the likely reason. */
export function detectUnderdelivery(ctx: Context): Draft[] {
  const { snapshot, config, offset, money } = ctx;
  const rules = config.underdelivery;
  const drafts: Draft[] = [];
  for (const unit of budgetUnits(snapshot)) {
    if (!unit.active) continue;
    const recent = lastDays(unit.days, snapshot.today, config.recentDays);
    const budgetMajor = (unit.dailyBudget / offset) * config.recentDays;
    const spendShare = recent.spend / budgetMajor;
    // Judged only on a week of steady delivery: a unit just started (or paused part of the week) is not underdelivering.
    const from = addDays(snapshot.today, -config.recentDays);
    const delivering = new Set(unit.days.filter((d) => d.date >= from && d.impressions > 0).map((d) => d.date));
    if (delivering.size < config.recentDays - 1 || spendShare >= rules.maxSpendShare) continue;
    const frequency = frequencyOf(recent);
    const cause =
      frequency >= rules.saturatedFrequency
        ? 'its audience is saturated (people have seen the ads many times): broaden it'
        : unit.bidStrategy === 'COST_CAP' || unit.bidStrategy === 'LOWEST_COST_WITH_BID_CAP'
          ? 'its cost or bid cap is too tight to win auctions: raise the cap'
          : unit.learningStatus === 'FAIL'
            ? 'it is learning limited: merge it or broaden its audience'
            : 'its audience is narrow for this budget: broaden it or lower the budget';
    const evidence = {
      spend: round(recent.spend),
      budget: round(budgetMajor),
      spentSharePercent: round(spendShare * 100, 0),
      frequencyAtLeast: round(frequency),
      days: config.recentDays,
    };
    drafts.push({
      kind: 'underdelivery',
      level: unit.level,
      objectId: unit.id,
      objectName: unit.name,
      campaignId: unit.campaignId,
      title: `“${unit.name}” spends only ${evidence.spentSharePercent}% of its budget`,
      why: `It spent ${money(evidence.spend)} of ${money(evidence.budget)} over ${evidence.days} days; likely cause: ${cause}.`,
      evidence,
      expectedEffect: effect('spend_per_week', 0, budgetMajor - recent.spend, budgetMajor - recent.spend),
      valuePerWeek: 0,
      confidence: round(clamp01(1 - spendShare), 3),
      changes: [],
    });
  }
  return drafts;
}

/** CPM in the last few days well above the weeks before, per campaign. */
export function detectCpmSpikes(ctx: Context): Draft[] {
  const { snapshot, config, money } = ctx;
  const rules = config.cpmSpike;
  const drafts: Draft[] = [];
  for (const campaign of snapshot.campaigns) {
    if (campaign.status !== 'ACTIVE') continue;
    const days = snapshot.adsets.filter((a) => a.campaignId === campaign.id).flatMap((a) => a.days);
    const spike = lastDays(days, snapshot.today, rules.spikeDays);
    const baseline = lastDays(days, snapshot.today, rules.baselineDays, rules.spikeDays);
    if (spike.impressions < rules.minImpressions || baseline.impressions < rules.minImpressions) continue;
    const [cpmNow, cpmBefore] = [
      (spike.spend / spike.impressions) * 1000,
      (baseline.spend / baseline.impressions) * 1000,
    ];
    const rise = cpmNow / cpmBefore - 1;
    if (rise < rules.minRise) continue;
    const extraPerWeek = ((cpmNow - cpmBefore) / 1000) * (spike.impressions / rules.spikeDays) * 7;
    const evidence = {
      cpm: round(cpmNow),
      baselineCpm: round(cpmBefore),
      risePercent: round(rise * 100, 0),
      spikeDays: rules.spikeDays,
      baselineDays: rules.baselineDays,
    };
    drafts.push({
      kind: 'cpm_spike',
      level: 'campaign',
      objectId: campaign.id,
      objectName: campaign.name,
      campaignId: campaign.id,
      title: `CPM of “${campaign.name}” jumped ${evidence.risePercent}%`,
      why: `Over the last ${evidence.spikeDays} days it paid ${money(evidence.cpm)} per 1,000 impressions against ${money(evidence.baselineCpm)} in the ${evidence.baselineDays} days before: check for auction competition, a narrowed audience or a creative Meta rates lower.`,
      evidence,
      expectedEffect: effect('spend_per_week', 0, extraPerWeek, extraPerWeek),
      valuePerWeek: 0,
      confidence: round(clamp01(normalCdf((rise / 0.1) * Math.sqrt(rules.spikeDays / 7))), 3),
      changes: [],
    });
  }
  return drafts;
}

/** Within an ad set, ads that are almost surely not the best on CTR or conversion rate (beta-binomial). */
export function detectAbLosers(ctx: Context): Draft[] {
  const { snapshot, config } = ctx;
  const rules = config.abTest;
  const drafts: Draft[] = [];
  const recentWeeks = (ad: AdSnapshot) => addFigures(ad.weeks.slice(-2));
  for (const adset of snapshot.adsets) {
    if (adset.status !== 'ACTIVE') continue;
    const ads = snapshot.ads.filter((a) => a.adsetId === adset.id && a.status === 'ACTIVE');
    if (ads.length < 2) continue;
    const figures = new Map(ads.map((ad) => [ad.id, recentWeeks(ad)]));
    for (const metric of ['ctr', 'conversion'] as const) {
      // Never on a handful of clicks: every ad compared needs enough trials.
      const arms = ads
        .map((ad) => {
          const f = figures.get(ad.id)!;
          return metric === 'ctr'
            ? { id: ad.id, successes: f.linkClicks, trials: f.impressions, clicks: f.linkClicks }
            : { id: ad.id, successes: Math.min(f.results, f.linkClicks), trials: f.linkClicks, clicks: f.linkClicks };
        })
        .filter((arm) => arm.clicks >= rules.minTrials && arm.trials > 0);
      if (arms.length < 2) continue;
      if (metric === 'conversion' && arms.every((arm) => arm.successes === 0)) continue;
      const best = probabilityBest(arms);
      const [winnerId, winnerP] = Object.entries(best).sort((a, b) => b[1] - a[1])[0]!;
      if (winnerP < rules.winnerAbove) continue;
      const winner = arms.find((a) => a.id === winnerId)!;
      for (const arm of arms) {
        if (arm.id === winnerId || best[arm.id]! >= rules.loserBelow) continue;
        if (drafts.some((d) => d.objectId === arm.id)) continue;
        const ad = ads.find((a) => a.id === arm.id)!;
        const rate = (a: { successes: number; trials: number }) => round((a.successes / a.trials) * 100);
        const label = metric === 'ctr' ? 'CTR' : 'conversion rate';
        const evidence = {
          rateLoserPercent: rate(arm),
          rateWinnerPercent: rate(winner),
          probabilityWinnerBestPercent: round(winnerP * 100, 1),
          loserTrials: arm.trials,
          winnerTrials: winner.trials,
        };
        // Its delivery goes to the rest of the ad set: at the winner's rate, roughly.
        const f = figures.get(arm.id)!;
        const perWeek = (metric === 'ctr' ? f.impressions : f.linkClicks) / 2;
        const gain = perWeek * (winner.successes / winner.trials - arm.successes / arm.trials);
        drafts.push({
          kind: 'ab_loser',
          level: 'ad',
          objectId: ad.id,
          objectName: ad.name,
          campaignId: ad.campaignId,
          title: `Pause “${ad.name}”: another ad in its ad set is better on ${label}`,
          why: `Its ${label} is ${evidence.rateLoserPercent}% against ${evidence.rateWinnerPercent}% for the best ad, which is best with probability ${evidence.probabilityWinnerBestPercent}% (${evidence.loserTrials} and ${evidence.winnerTrials} ${metric === 'ctr' ? 'impressions' : 'link clicks'}).`,
          evidence,
          expectedEffect: effect(metric === 'ctr' ? 'link_clicks_per_week' : 'results_per_week', 0, gain, gain * 1.5),
          valuePerWeek: round(
            gain * (f.linkClicks > 0 ? f.spend / Math.max(1, metric === 'ctr' ? f.linkClicks : f.results) : 0),
          ),
          confidence: round(winnerP, 3),
          changes: [
            {
              level: 'ad',
              objectId: ad.id,
              objectName: ad.name,
              change: { status: 'PAUSED' },
              before: { status: 'ACTIVE' },
            },
          ],
        });
      }
    }
  }
  return drafts;
}

/** Meta's relevance diagnostics below average: the creative needs work (the ad optimizer rewrites it). */
export function detectLowRankings(ctx: Context): Draft[] {
  const { snapshot, config } = ctx;
  const below = config.rankings.below as readonly string[];
  const drafts: Draft[] = [];
  for (const ad of snapshot.ads) {
    if (ad.status !== 'ACTIVE' || !ad.rankings) continue;
    const low = Object.entries(ad.rankings).filter(([, value]) => value && below.includes(value));
    if (low.length === 0) continue;
    // BELOW_AVERAGE_10 = bottom 10 %: the number is the percentile Meta puts it in.
    const evidence = Object.fromEntries(
      low.map(([name, value]) => [`${name}RankingBottomPercent`, Number(value!.split('_').at(-1))]),
    );
    const names = low.map(([name]) => name).join(' and ');
    const recent = addFigures(ad.weeks.slice(-1));
    drafts.push({
      kind: 'low_ranking',
      level: 'ad',
      objectId: ad.id,
      objectName: ad.name,
      campaignId: ad.campaignId,
      title: `Rewrite “${ad.name}”: Meta ranks its ${names} below average`,
      why: `Meta puts its ${low
        .map(([name, value]) => `${name} ranking in the bottom ${Number(value!.split('_').at(-1))}%`)
        .join(' and ')} of ads competing for the same audience.`,
      evidence,
      expectedEffect: effect('ctr_percent', 0, 0, round(ctrOf(recent) * 100)),
      valuePerWeek: 0,
      // A fresh creative competing for the same audience outranks one in Meta's bottom N % about (100 − N) % of the time.
      confidence: round(clamp01(1 - Math.max(...Object.values(evidence)) / 100), 3),
      changes: [],
    });
  }
  return drafts;
}

const DETECTORS = [
  detectBudgetShifts,
  detectBudgetLimitedWinners,
  detectOverspendingLosers,
  detectLearningLimited,
  detectFatigue,
  detectUnderdelivery,
  detectCpmSpikes,
  detectAbLosers,
  detectLowRankings,
];

function stableId(kind: RecommendationKind, draft: Draft): string {
  const objects = [draft.objectId, ...draft.changes.map((c) => c.objectId)].join('-');
  return `${kind}-${objects}`;
}

/** A change another recommendation already makes to an object, as a claim on it. */
export interface ObjectClaim {
  /** The recommendation that makes it (a stored id for a proposal made outside this run). */
  id: string;
  title: string;
  changes: readonly ProposedChange[];
}

type AlreadyChanged = NonNullable<Recommendation['alreadyChanged']>[number];

function fieldOf(change: ProposedChange['change']): AlreadyChanged['field'] {
  if (change.dailyBudget || change.lifetimeBudget) return 'budget';
  if (change.status) return 'status';
  if (change.creativeId) return 'creative';
  return 'name';
}

const byRank = (a: Recommendation, b: Recommendation) =>
  b.valuePerWeek - a.valuePerWeek || b.confidence - a.confidence || a.id.localeCompare(b.id);

/**
 * One change per object per list. Going down the ranking, a recommendation that would change an object
 * (budget or status) already changed by one ranked higher (or by a proposal the marketer asked for, `claims`)
 * loses its change to that object and names the other in `alreadyChanged`; it keeps its evidence, title and
 * reasons, and its expected effect and value are restated from what it still changes (none when nothing is
 * left). Approving both would otherwise contradict (raise and cut) or compound (two cuts, each from the same
 * "before"). Deterministic: ties go by confidence, then id.
 */
export function oneChangePerObject(
  drafts: ReadonlyArray<Draft & { id: string }>,
  claims: readonly ObjectClaim[] = [],
): Recommendation[] {
  const claimedBy = new Map<string, ObjectClaim>();
  for (const claim of claims)
    for (const c of claim.changes) if (!claimedBy.has(c.objectId)) claimedBy.set(c.objectId, claim);
  const ranked = [...drafts].sort(byRank);
  const resolved = ranked.map(({ restate, ...draft }): Recommendation => {
    const taken = draft.changes.filter((c) => claimedBy.has(c.objectId));
    const kept = draft.changes.filter((c) => !claimedBy.has(c.objectId));
    const self: ObjectClaim = { id: draft.id, title: draft.title, changes: kept };
    for (const c of kept) claimedBy.set(c.objectId, self);
    if (taken.length === 0) return draft;
    const restated = restate
      ? restate(kept)
      : {
          expectedEffect: { metric: draft.expectedEffect.metric, low: 0, expected: 0, high: 0 },
          valuePerWeek: 0,
        };
    return {
      ...draft,
      ...restated,
      changes: kept,
      alreadyChanged: taken.map((c) => {
        const by = claimedBy.get(c.objectId)!;
        return {
          level: c.level,
          objectId: c.objectId,
          objectName: c.objectName,
          field: fieldOf(c.change),
          byId: by.id,
          byTitle: by.title,
        };
      }),
    };
  });
  // The rank follows the restated value.
  return resolved.sort(byRank);
}

/**
 * Every detector over one account, ranked by what the effect is worth a week, with one change per object
 * (`claims`: open proposals made outside the detectors, e.g. a marketing-mix hand-off, which come first).
 */
export function recommend(
  snapshot: AccountSnapshot,
  config: OptimizerConfig = OPTIMIZER_CONFIG,
  claims: readonly ObjectClaim[] = [],
): Recommendation[] {
  const ctx = context(snapshot, config);
  const drafts = DETECTORS.flatMap((detector) => detector(ctx));
  const seen = new Set<string>();
  const resolved = oneChangePerObject(
    drafts
      .map((draft) => ({ ...draft, id: stableId(draft.kind, draft) }))
      .filter((rec) => (seen.has(rec.id) ? false : (seen.add(rec.id), true))),
    claims,
  );
  // The detector's evidence says the problem is real; that the change helps also needs its effect above zero.
  return resolved
    .map((rec) => ({ ...rec, confidence: helpProbability(rec.confidence, rec.expectedEffect) }))
    .sort(byRank);
}
