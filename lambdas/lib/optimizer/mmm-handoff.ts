import * as z from 'zod';
import { budgetToMajor, formatCurrency, majorToBudget } from '@shared/currency-units';
import type { MmmReport } from '@shared/schemas/mmm';
import type { MmmHandoffBody } from '@shared/schemas/mmm-handoff';
import { WeekPlanBodySchema } from '@shared/schemas/mmm-week-plan';
import type { ProposedChange, StoredRecommendation } from '@shared/schemas/optimizer';
import { conflict, notFound, validationError } from '../errors';
import { accountSpendPerPeriod } from '../mmm/account-spend';
import { metaChannelPlan, metaWeekEffect, PlanError, type MetaChannelPlan } from '../mmm/meta-channel-plan';
import { weekPlanOfReport } from '../mmm/model-week-plan';
import { WeekPlanError } from '../mmm/week-plan';
import { getModelRow, getReport, type MmmTables } from '../mmm/mmm-store';
import { matchSpend, SPEND_MIN_CORRELATION, SPEND_TOTAL_TOLERANCE, type SpendMatch } from '../mmm/spend-match';
import { helpProbability } from './confidence';
import { budgetHolders, splitDailyBudget, type BudgetChange } from './mmm-budget-split';
import type { MetaSession } from '../meta-session/session';
import { readAccountSnapshot } from './read-snapshot';
import { putRequestedProposal, storedId, type RecommendationStore } from './recommendation-rows';

/**
 * The marketing-mix → optimizer hand-off. A fitted model's allocation for the channel the
 * marketer says is Meta becomes a recommendation of kind `mmm_allocation`: the model's daily
 * amount for Meta split across the ad account's budgets (lambdas/lib/optimizer/mmm-budget-split.ts),
 * with the model's evidence. Only a model of this account is applied: its Meta channel's spend must
 * be the account's own over the same periods (lambdas/lib/mmm/spend-match.ts), and only a move the
 * cautious allocator stands behind is proposed. It is only stored: /optimizer shows it in the same diff-and-approve
 * drawer, and approving and undoing go through the same change path as every recommendation.
 */

export interface HandoffDeps {
  store: RecommendationStore;
  models: Pick<MmmTables, 'doc' | 'models'>;
  remainingMs: () => number;
}

/** The approval takes at most 20 objects at once. */
export const MAX_HANDOFF_OBJECTS = 20;

const AccountMinimum = z.object({ min_daily_budget: z.coerce.number().int().positive().optional() });

const round2 = (v: number) => Math.round(v * 100) / 100;

function evidenceOf(plan: MetaChannelPlan, currency: string, objects: number, minDaily: number, fixedDaily: number) {
  return {
    // Money a day in the account currency's precision: cents, or whole yen.
    currentDaily: budgetToMajor(majorToBudget(plan.currentDaily, currency), currency),
    proposedDaily: budgetToMajor(majorToBudget(plan.optimalDaily, currency), currency),
    marginalRoiProposed: round2(plan.marginalRoiProposed),
    ...(plan.marginalRoiNow !== null ? { marginalRoiNow: round2(plan.marginalRoiNow) } : {}),
    liftPerWeek: round2(plan.liftPerWeek.estimate),
    liftPerWeekLow: round2(plan.liftPerWeek.low),
    liftPerWeekHigh: round2(plan.liftPerWeek.high),
    rSquared: Math.round(plan.rSquared * 1000) / 1000,
    windowDays: plan.windowDays,
    objects,
    minDailyBudget: budgetToMajor(minDaily, currency),
    fixedDaily: budgetToMajor(fixedDaily, currency),
    ...(plan.targetRoi !== undefined ? { targetRoi: plan.targetRoi } : {}),
  };
}

function proposedChange(c: BudgetChange): ProposedChange {
  return {
    level: c.holder.level,
    objectId: c.holder.id,
    objectName: c.holder.name,
    change: { dailyBudget: c.after },
    before: { status: 'ACTIVE', dailyBudget: c.before, lifetimeBudget: null },
  };
}

const percent = (share: number) => `${share >= 0 ? '+' : '−'}${Math.round(Math.abs(share) * 100)} %`;

/** The refusal when the model's Meta channel is not this account's spend, with the figures compared. */
function mismatchMessage(
  plan: MetaChannelPlan,
  adAccountId: string,
  match: SpendMatch,
  range: { since: string; until: string },
  periods: number,
  currency: string,
): string {
  const money = (v: number) => formatCurrency(v, currency);
  const span = `the model's ${periods} periods from ${range.since} to ${range.until}`;
  const fix =
    ' Fit a model on a dataset that adds this account’s spend (“Use my Meta spend”), or hand it to the account that spent it.';
  const head = `This model's “${plan.channel}” is not the spend of ad account ${adAccountId}: `;
  if (match.failure === 'no_account_spend')
    return `${head}it spent ${money(match.modelTotal)} over ${span}; Meta reports no spend for this account then.${fix}`;
  if (match.failure === 'total')
    return (
      `${head}it spent ${money(match.modelTotal)} over ${span}, Meta reports ${money(match.accountTotal)} for this account ` +
      `(${percent(match.totalDifference)}; at most ±${Math.round(SPEND_TOTAL_TOLERANCE * 100)} % is accepted).${fix}`
    );
  const pattern =
    match.correlation === null
      ? `its spend in some periods differs from the account's by more than ${Math.round(SPEND_TOTAL_TOLERANCE * 100)} %`
      : `its period-by-period spend correlates with the account's at r = ${match.correlation.toFixed(2)} (at least ${SPEND_MIN_CORRELATION} is needed)`;
  return `${head}over ${span} the totals agree (${money(match.modelTotal)} against ${money(match.accountTotal)}), but ${pattern}.${fix}`;
}

/**
 * The model's Meta spend against the account's, over the model's periods Meta still reports on
 * in full (its 37 months, up to yesterday); refuses with the figures when they differ.
 */
async function checkModelIsThisAccount(
  session: MetaSession,
  adAccountId: string,
  plan: MetaChannelPlan,
  currency: string,
): Promise<SpendMatch> {
  // Up to yesterday: today's spend is still growing.
  const yesterday = addDays(session.deps.now().toISOString().slice(0, 10), -1);
  const { spend, range } = await accountSpendPerPeriod(session.graph, adAccountId, plan.dates, yesterday);
  if (!range) {
    throw validationError(
      `Meta keeps an account's spend for 37 months: none of this model's periods (${plan.dates[0]} to ${plan.dates.at(-1)}) ` +
        `can be checked against ad account ${adAccountId}, so it is not applied to it. Fit a model on recent weeks.`,
    );
  }
  // Only periods Meta reports on in full are compared (a period cut by the range would differ by construction).
  const days = plan.windowDays / plan.dates.length;
  const inside = plan.dates
    .map((date, i) => ({ date, i }))
    .filter(({ date }) => date >= range.since && addDays(date, days - 1) <= range.until)
    .map(({ i }) => i);
  const modelSpend = inside.map((i) => plan.spendPerPeriod[i]!);
  const accountSpend = inside.map((i) => spend[i]!);
  const match = matchSpend(modelSpend, accountSpend);
  if (!match.ok) {
    const first = plan.dates[inside[0] ?? 0]!;
    const last = addDays(plan.dates[inside.at(-1) ?? plan.dates.length - 1]!, days - 1);
    throw validationError(
      mismatchMessage(plan, adAccountId, match, { since: first, until: last }, inside.length, currency),
    );
  }
  return match;
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + Math.round(days));
  return d.toISOString().slice(0, 10);
}

/**
 * Week-by-week mode: the week plan the marketer asked for (the same request as the report page's, so the same plan)
 * and its first week, the one the hand-off proposes; its Meta effect read off the draws.
 */
/**
 * Why today's Meta budget is not handed off, or null when it is: the allocator holds the whole mix, or moves the
 * others while keeping this channel at today's spend (its own part of the move cannot be shown to help). A week plan
 * is not asked: it spends the total within the marketer's bounds, and the hold is about moving today's budget.
 */
export function holdRefusal(modelName: string, plan: Pick<MetaChannelPlan, 'channel' | 'decision'>): string | null {
  const { decision, channel } = plan;
  if (decision.action === 'hold')
    return `The model “${modelName}” recommends keeping today's budgets, so there is nothing to hand off. ${decision.reason}`;
  if (decision.held?.includes(channel))
    return `The model “${modelName}” keeps “${channel}” at today's spend, so there is nothing to hand off. ${decision.reason}`;
  return null;
}

function comingWeek(report: MmmReport, channel: string, request: NonNullable<MmmHandoffBody['weekPlan']>) {
  try {
    const weekPlan = weekPlanOfReport(report, WeekPlanBodySchema.parse(request));
    const index = weekPlan.channels.findIndex((c) => c.name === channel);
    if (index < 0) throw new PlanError(`“${channel}” is not a paid channel of this model's week plan.`);
    const first = weekPlan.weeks[0]!;
    const spend = first.spend[index]!;
    return {
      weeks: weekPlan.weeks.length,
      date: first.date,
      spend,
      kpi: first.kpi,
      effect: metaWeekEffect(report, channel, spend),
    };
  } catch (error) {
    if (error instanceof PlanError) throw validationError(error.message);
    if (error instanceof WeekPlanError)
      throw validationError(error.message, { [`weekPlan.${error.field}`]: error.message });
    throw error;
  }
}

/**
 * The hand-off's change set, checked and described but not stored: the optimizer's route stores it at once,
 * the agent (lambdas/lib/agent) first holds it to the workspace's guardrails and names its conversation.
 */
export async function planAllocation(
  session: MetaSession,
  adAccountId: string,
  body: MmmHandoffBody,
  deps: Omit<HandoffDeps, 'store'>,
): Promise<StoredRecommendation> {
  const userId = session.user.sub;
  // Keyed by the signed-in user: another user's model is "not found", never read.
  const row = await getModelRow(deps.models, userId, body.modelId);
  if (!row) throw notFound('That model does not exist (or is not yours).');
  if (row.status !== 'done') throw conflict('Only a finished model can be handed off: wait for its fit to end.');
  const report = await getReport(deps.models, userId, row);
  if (!report) throw notFound('That model has no report to hand off.');

  let plan: MetaChannelPlan;
  try {
    plan = metaChannelPlan(report, body.channel, body.targetRoi);
  } catch (error) {
    if (error instanceof PlanError) throw validationError(error.message);
    throw error;
  }
  if (plan.reachable === false) {
    throw validationError(
      `No budget between 0.5× and 2× of today's returns an ROI of ${body.targetRoi}: lower the target and try again.`,
    );
  }

  const week = body.weekPlan ? comingWeek(report, body.channel, body.weekPlan) : null;
  if (week) {
    // The week plan's first week replaces the allocation's amount: Meta's daily budget for the coming week.
    plan = {
      ...plan,
      optimalDaily: week.spend / 7,
      marginalRoiProposed: week.effect.marginalRoi,
      liftPerWeek: week.effect.liftPerWeek,
      agreement: week.effect.agreement,
    };
  }

  // The snapshot checks the account is the user's before anything else of it is read.
  const snapshot = await readAccountSnapshot(session, adAccountId, { remainingMs: deps.remainingMs });
  const account = await session.graph.get(`/${snapshot.adAccountId}`, { fields: 'min_daily_budget' }, AccountMinimum);
  const { currency } = snapshot;
  await checkModelIsThisAccount(session, snapshot.adAccountId, plan, currency);
  const refusal = week ? null : holdRefusal(row.name, plan);
  if (refusal) throw conflict(refusal);
  // Meta's own floor; 1.00 in the currency when Meta does not say (offset-1 currencies: 1 unit).
  const minDaily = account.min_daily_budget ?? majorToBudget(1, currency);
  const dailyTotal = majorToBudget(plan.optimalDaily, currency);
  const split = splitDailyBudget(budgetHolders(snapshot), {
    dailyTotal,
    minDailyBudget: minDaily,
    currency,
    maxObjects: MAX_HANDOFF_OBJECTS,
  });
  if (!split.ok && split.reason === 'no_budgets')
    throw conflict('No active campaign or ad set of this ad account has a daily budget to set.');
  if (!split.ok) {
    throw conflict(
      `The model gives Meta ${formatCurrency(budgetToMajor(dailyTotal, currency), currency)} a day; the account's active budgets need ` +
        `at least ${formatCurrency(budgetToMajor(split.neededDaily, currency), currency)} a day at Meta's minimum. Pause some first.`,
    );
  }
  if (split.changes.length === 0) throw conflict("The account's budgets already match the model's amount for Meta.");

  const changes = split.changes.map(proposedChange);
  const lead = split.changes[0]!.holder;
  const evidence = {
    ...evidenceOf(plan, currency, split.allocated.length, minDaily, split.fixedDaily),
    ...(week
      ? {
          planWeeks: week.weeks,
          weekSpend: budgetToMajor(majorToBudget(week.spend, currency), currency),
          weekKpi: round2(week.kpi.estimate),
          weekKpiLow: round2(week.kpi.low),
          weekKpiHigh: round2(week.kpi.high),
        }
      : {}),
  };
  const direction = plan.optimalDaily >= plan.currentDaily ? 'Raise' : 'Lower';
  const value =
    plan.kpiKind === 'revenue'
      ? plan.liftPerWeek.estimate
      : plan.marginalRoiNow && plan.marginalRoiNow > 0
        ? plan.liftPerWeek.estimate / plan.marginalRoiNow
        : 0;
  const expectedEffect = {
    metric: plan.kpiKind === 'revenue' ? ('revenue_per_week' as const) : ('results_per_week' as const),
    low: evidence.liftPerWeekLow,
    expected: evidence.liftPerWeek,
    high: evidence.liftPerWeekHigh,
  };
  const now = session.deps.now();
  const money = (major: number) => formatCurrency(major, currency);
  const record: StoredRecommendation = {
    // One proposal per model, account and week: next week's hand-off is a new one.
    id: storedId(snapshot.adAccountId, week ? `mmm-${body.modelId}-week-${week.date}` : `mmm-${body.modelId}`),
    kind: 'mmm_allocation',
    level: lead.level,
    objectId: lead.id,
    objectName: lead.name,
    campaignId: lead.campaignId,
    title: week
      ? `Week of ${week.date}: ${direction.toLowerCase()} Meta to ${money(evidence.proposedDaily)} a day, as the week plan of “${row.name}” spends`
      : `${direction} Meta to ${money(evidence.proposedDaily)} a day, as the marketing-mix model “${row.name}” allocates`,
    why: week
      ? `The ${week.weeks}-week plan of the model (R² ${evidence.rSquared}) gives ${plan.channel} ${money(evidence.weekSpend!)} ` +
        `in the week of ${week.date}, ${money(evidence.proposedDaily)} a day against ${money(evidence.currentDaily)} over its ` +
        `${plan.windowDays} days; the KPI expected that week is ${evidence.weekKpi} (90 % interval ${evidence.weekKpiLow} to ` +
        `${evidence.weekKpiHigh}). Split across ${evidence.objects} budgets in proportion to their last 7 days' spend, each at ` +
        `least Meta's minimum of ${money(evidence.minDailyBudget)}.`
      : `The model (R² ${evidence.rSquared}) ${plan.mode === 'target_roi' ? `for a target ROI of ${plan.targetRoi} ` : ''}` +
        `gives ${plan.channel} ${money(evidence.proposedDaily)} a day against ${money(evidence.currentDaily)} over its ${plan.windowDays} days; ` +
        `there its marginal ROI is ${evidence.marginalRoiProposed}. Split across ${evidence.objects} budgets in proportion ` +
        `to their last 7 days' spend, each at least Meta's minimum of ${money(evidence.minDailyBudget)}.`,
    evidence,
    expectedEffect,
    valuePerWeek: round2(value),
    // The share of the model's draws that agree on the lift's sign, bounded by the lift's own range and the cap.
    confidence: helpProbability(plan.agreement, expectedEffect),
    changes,
    adAccountId: snapshot.adAccountId,
    currency,
    status: 'proposed',
    generatedAt: now.toISOString(),
  };
  return record;
}

export async function handOffAllocation(
  session: MetaSession,
  adAccountId: string,
  body: MmmHandoffBody,
  deps: HandoffDeps,
): Promise<StoredRecommendation> {
  const record = await planAllocation(session, adAccountId, body, deps);
  return putRequestedProposal(deps.store, session.user.sub, record, new Date(record.generatedAt));
}
