import * as z from 'zod';
import { budgetToMajor, formatCurrency, majorToBudget } from '@shared/currency-units';
import type { MmmHandoffBody } from '@shared/schemas/mmm-handoff';
import type { ProposedChange, StoredRecommendation } from '@shared/schemas/optimizer';
import { conflict, notFound, validationError } from '../lib/errors';
import { metaChannelPlan, PlanError, type MetaChannelPlan } from '../lib/mmm/meta-channel-plan';
import { getModelRow, getReport, type MmmTables } from '../lib/mmm/mmm-store';
import { helpProbability } from '../lib/optimizer/confidence';
import { budgetHolders, splitDailyBudget, type BudgetChange } from '../lib/optimizer/mmm-budget-split';
import type { MetaSession } from '../lib/meta-session/session';
import { readAccountSnapshot } from './read-snapshot';
import { putRequestedProposal, storedId, type RecommendationStore } from '../lib/optimizer/recommendation-rows';

/**
 * The marketing-mix → optimizer hand-off. A fitted model's allocation for the channel the
 * marketer says is Meta becomes a recommendation of kind `mmm_allocation`: the model's daily
 * amount for Meta split across the ad account's budgets (lambdas/lib/optimizer/mmm-budget-split.ts),
 * with the model's evidence. It is only stored: /optimizer shows it in the same diff-and-approve
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

export async function handOffAllocation(
  session: MetaSession,
  adAccountId: string,
  body: MmmHandoffBody,
  deps: HandoffDeps,
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

  // The snapshot checks the account is the user's before anything else of it is read.
  const snapshot = await readAccountSnapshot(session, adAccountId, { remainingMs: deps.remainingMs });
  const account = await session.graph.get(`/${snapshot.adAccountId}`, { fields: 'min_daily_budget' }, AccountMinimum);
  const { currency } = snapshot;
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
  const evidence = evidenceOf(plan, currency, split.allocated.length, minDaily, split.fixedDaily);
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
    id: storedId(snapshot.adAccountId, `mmm-${body.modelId}`),
    kind: 'mmm_allocation',
    level: lead.level,
    objectId: lead.id,
    objectName: lead.name,
    campaignId: lead.campaignId,
    title: `${direction} Meta to ${money(evidence.proposedDaily)} a day, as the marketing-mix model “${row.name}” allocates`,
    why:
      `The model (R² ${evidence.rSquared}) ${plan.mode === 'target_roi' ? `for a target ROI of ${plan.targetRoi} ` : ''}` +
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
  return putRequestedProposal(deps.store, userId, record, now);
}
