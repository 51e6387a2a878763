import * as z from 'zod';
import { budgetToMajor, formatCurrency } from '@shared/currency-units';
import { moneyLimitsFor } from '@shared/schemas/agent';
import { AppError, notFound, validationError } from '../errors';
import type { AgentToolContext } from './agent-context';
import { checkBudgetMove, noLimitsReason } from './guardrails';
import { refuseUnlessAllowed, storeChangeSet } from './propose-tools';
import { defineTool } from './tool-registry';

/**
 * The marketing-mix tools: a model's allocation as its report shows it, and that allocation's Meta part
 * proposed as the ad account's daily budgets, through the same hand-off the report page uses
 * (lambdas/lib/optimizer/mmm-handoff.ts: the model must be this account's spend, and only a move the
 * cautious allocator stands behind is proposed), held to the workspace's guardrails. The store and the hand-off
 * come through `ctx.logic` (tool-logic.ts): the in-app agent loads them with a tool's first call.
 */

const ModelIdSchema = z.string().regex(/^[0-9a-f-]{36}$/, 'A model id is a UUID');

/** Allocations read at most for this many finished models, newest first: each is one report read. */
const MAX_MODELS_READ = 3;

const round2 = (value: number) => Math.round(value * 100) / 100;

export const listMmmAllocationsTool = defineTool({
  name: 'list_mmm_allocations',
  kind: 'read',
  description:
    "What the workspace's finished marketing-mix models allocate: per channel the spend now and the model's optimum, its marginal ROI, the lift the move is worth, and whether the model recommends moving budget or holding. One model by id, or the newest finished ones.",
  args: () => z.object({ modelId: ModelIdSchema.optional() }).strict(),
  run: async (args, ctx: AgentToolContext) => {
    const { getModelRow, getReport, listModelRows } = await ctx.logic.marketingMix();
    const rows = args.modelId
      ? [await getModelRow(ctx.mmm, ctx.workspace.id, args.modelId)]
      : (await listModelRows(ctx.mmm, ctx.workspace.id))
          .filter((row) => row.status === 'done')
          .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
          .slice(0, MAX_MODELS_READ);
    if (args.modelId && !rows[0]) throw notFound(`No marketing-mix model ${args.modelId} in this workspace.`);
    const allocations = [];
    for (const row of rows) {
      const report = row ? await getReport(ctx.mmm, ctx.workspace.id, row) : null;
      if (!row || !report) continue;
      const a = report.allocation;
      allocations.push({
        modelId: row.model_id,
        name: row.name,
        kpi: report.kpiKind,
        metaChannel: report.metaChannel ?? null,
        budget: round2(a.budget),
        lift: round2(a.lift),
        liftSharePercent: round2(a.liftShare * 100),
        decision: a.decision ? { action: a.decision.action, reason: a.decision.reason } : null,
        channels: a.channels.map((c) => ({
          name: c.name,
          current: round2(c.current),
          optimal: round2(c.optimal),
          marginalRoi: round2(c.marginalRoi),
        })),
      });
    }
    return {
      ok: true,
      summary:
        allocations.length === 0
          ? args.modelId
            ? 'That model has no finished report yet.'
            : 'This workspace has no finished marketing-mix model.'
          : allocations
              .map(
                (m) =>
                  `${m.name}: ${m.decision?.action === 'hold' ? 'hold today’s split' : 'move budget'}; ${m.channels
                    .map((c) => `${c.name} ${c.current} → ${c.optimal}`)
                    .join(', ')} (lift ${m.lift}, ${m.liftSharePercent}%)`,
              )
              .join('; ') + '.',
      data: { allocations },
    };
  },
});

export const proposeMmmAllocationTool = defineTool({
  name: 'propose_mmm_allocation',
  kind: 'propose',
  description:
    "Propose a finished marketing-mix model's allocation for Meta as the ad account's daily budgets (split across its active budgets). Refused when the model's Meta channel is not this account's spend, when the model says hold, or over the workspace's guardrails. Nothing changes until a person approves it in the optimizer drawer.",
  args: () =>
    z
      .object({
        modelId: ModelIdSchema,
        adAccountId: z.string().regex(/^act_\d{1,30}$/, 'An ad account id looks like act_123'),
        channel: z
          .string()
          .trim()
          .min(1)
          .max(80)
          .optional()
          .describe("The model's channel that is Meta; the one fitted from the account's own spend when left out"),
        targetRoi: z.number().positive().max(1000).optional(),
      })
      .strict(),
  run: async (args, ctx: AgentToolContext) => {
    refuseUnlessAllowed(ctx, 'propose_mmm_allocation');
    const { getModelRow, getReport, planAllocation } = await ctx.logic.marketingMix();
    let channel = args.channel;
    if (!channel) {
      const row = await getModelRow(ctx.mmm, ctx.workspace.id, args.modelId);
      const report = row ? await getReport(ctx.mmm, ctx.workspace.id, row) : null;
      channel = report?.metaChannel ?? undefined;
      if (row && report && !channel)
        throw validationError("Name the model's channel that is Meta: none was fitted from the account's own spend.");
    }
    const session = await ctx.session();
    // Keyed by the workspace (its Meta session's user is the workspace): another workspace's model is not found.
    const plan = await planAllocation(
      session,
      args.adAccountId,
      {
        modelId: args.modelId,
        channel: channel ?? '',
        ...(args.targetRoi !== undefined ? { targetRoi: args.targetRoi } : {}),
      },
      { models: ctx.mmm, remainingMs: session.deps.remainingMs ?? (() => 10_000) },
    );
    const increasedToday = await ctx.increases.today(plan.currency);
    let increase = 0;
    for (const change of plan.changes) {
      const before = budgetToMajor(change.before.dailyBudget ?? 0, plan.currency);
      const after = budgetToMajor(change.change.dailyBudget ?? 0, plan.currency);
      const verdict = checkBudgetMove(ctx.guardrails, { before, after, currency: plan.currency }, increasedToday);
      if (!verdict.ok)
        throw new AppError(
          'VALIDATION_ERROR',
          `Refused by this workspace's guardrails (${change.objectName}): ${verdict.reason}`,
        );
      increase += Math.max(0, after - before);
    }
    increase = round2(increase);
    const limits = moneyLimitsFor(ctx.guardrails, plan.currency);
    if (!limits)
      throw new AppError(
        'VALIDATION_ERROR',
        `Refused by this workspace's guardrails: ${noLimitsReason(plan.currency)}`,
      );
    if (increase > 0 && increasedToday + increase > limits.dailyIncreaseCap)
      throw new AppError(
        'VALIDATION_ERROR',
        `Refused by this workspace's guardrails: the allocation raises budgets by ${formatCurrency(increase, plan.currency)} a day, which with today's ${formatCurrency(increasedToday, plan.currency)} passes the daily cap of ${formatCurrency(limits.dailyIncreaseCap, plan.currency)}.`,
      );
    if (
      increase > 0 &&
      !ctx.guardrails.dryRun &&
      !(await ctx.increases.add(increase, limits.dailyIncreaseCap, plan.currency))
    )
      throw new AppError(
        'VALIDATION_ERROR',
        "Refused by this workspace's guardrails: it would pass today's cap on budget increases.",
      );
    const { id: _id, status: _status, generatedAt: _at, proposedBy: _by, ...draft } = plan;
    return storeChangeSet(ctx, draft, { model: args.modelId, account: plan.adAccountId, channel });
  },
});
