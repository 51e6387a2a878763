import { createHash } from 'node:crypto';
import * as z from 'zod';
import { budgetToMajor, formatCurrency, majorToBudget } from '@shared/currency-units';
import { moneyLimitsFor, type AgentProposal, type AgentProposeTool } from '@shared/schemas/agent';
import type { ObjectChange, ObjectLevel } from '@shared/schemas/object-change';
import type { ExpectedEffect, ProposedChange, StoredRecommendation } from '@shared/schemas/optimizer';
import { AppError, conflict, notFound } from '../errors';
import { readObject } from '../meta-changes/apply-object-change';
import { stateOf, type ChangedObject } from '../meta-changes/object-shapes';
import { GraphError } from '../meta/graph-errors';
import { readInsights } from '../meta/insights-reader';
import { ownedAdAccount, toAdAccount } from '../meta-session/ad-accounts';
import type { MetaSession } from '../meta-session/session';
import { getRecommendation, putRequestedProposal, storedId } from '../optimizer/recommendation-rows';
import type { AgentToolContext } from './agent-context';
import { checkBudgetMove, checkRole } from './guardrails';
import { defineTool, type ToolOutcome } from './tool-registry';

/**
 * The agent's propose tools. None of them changes anything at Meta: each checks the workspace's guardrails,
 * then stores a pending change set in the optimizer's table (kind `agent_proposal`, naming the conversation),
 * which /optimizer's drawer shows before → after and applies only when a person approves it, through the
 * same locks, audit rows, `campaign` events, quotas and 24-hour undo as every recommendation. In dry-run mode
 * the proposal is checked and described but not stored.
 */

const ObjectIdSchema = z.string().regex(/^\d{1,30}$/, 'A Meta object id is numeric');
const LevelSchema = z.enum(['campaign', 'adset', 'ad']);

/** The drawer where a proposal waits: the optimizer, on the proposal's ad account. */
export function drawerPath(adAccountId: string, recommendationId: string): string {
  return `/optimizer?account=${encodeURIComponent(adAccountId)}&recommendation=${encodeURIComponent(recommendationId)}`;
}

export function refuseUnlessAllowed(ctx: AgentToolContext, tool: AgentProposeTool): void {
  const verdict = checkRole(ctx.guardrails, ctx.workspace.role, tool);
  if (!verdict.ok) throw new AppError('FORBIDDEN', verdict.reason);
}

/**
 * The object, read with the workspace's own Meta connection, when its ad account is one of the workspace's:
 * an id from another workspace is refused before anything of it is used (Meta refuses the read under this
 * token, or the account is not this connection's).
 */
export async function workspaceObject(session: MetaSession, level: ObjectLevel, objectId: string) {
  let object: ChangedObject;
  try {
    object = await readObject(session.graph, level, objectId);
  } catch (error) {
    // Meta's refusal arrives raw (a GraphError) or already as the session's NOT_FOUND ("We could not find that on
    // Meta"): either way the model is told the object is not the workspace's, never what Meta has elsewhere.
    const refused =
      (error instanceof GraphError && error.kind === 'meta') ||
      (error instanceof AppError && error.code === 'NOT_FOUND');
    if (refused) throw notFound(`No ${level} ${objectId} in this workspace's ad accounts.`);
    throw error;
  }
  try {
    const account = toAdAccount(await ownedAdAccount(session, `act_${object.account_id}`));
    return { object, account };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw notFound(`No ${level} ${objectId} in this workspace's ad accounts.`);
    throw error;
  }
}

function proposalId(ctx: AgentToolContext, content: unknown): string {
  const hash = createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 10);
  return `agent-${ctx.conversationId.slice(0, 12)}-${hash}`.toLowerCase();
}

interface ObjectProposal {
  tool: AgentProposeTool;
  account: { id: string; currency: string };
  change: ProposedChange;
  campaignId: string;
  title: string;
  why: string;
  evidence: Record<string, number>;
  expectedEffect: ExpectedEffect;
}

/** A change set to store as pending, before its id, status and conversation are set. */
export type ChangeSetDraft = Omit<StoredRecommendation, 'id' | 'status' | 'generatedAt' | 'proposedBy'>;

/**
 * Stores a change set in the drawer as pending, naming the conversation (the approval's audit rows name it as
 * their source), or, in dry-run mode, only describes it. `seed` makes the id: the same ask in the same
 * conversation is the same pending row.
 */
export async function storeChangeSet(
  ctx: AgentToolContext,
  draft: ChangeSetDraft,
  seed: unknown,
): Promise<ToolOutcome> {
  const dryRun = ctx.guardrails.dryRun;
  const id = storedId(draft.adAccountId, proposalId(ctx, seed));
  const proposal: AgentProposal = {
    recommendationId: id,
    adAccountId: draft.adAccountId,
    title: draft.title,
    drawerPath: drawerPath(draft.adAccountId, id),
    dryRun,
  };
  if (dryRun)
    return {
      ok: true,
      summary: `Dry run (nothing stored, nothing changed): ${draft.title}. ${draft.why}`,
      data: { dryRun: true, evidence: draft.evidence },
      proposal,
    };
  const now = ctx.now();
  const record: StoredRecommendation = {
    ...draft,
    id,
    status: 'proposed',
    generatedAt: now.toISOString(),
    proposedBy: { conversationId: ctx.conversationId, actor: ctx.actor },
  };
  const stored = await putRequestedProposal(ctx.recommendations, ctx.workspace.id, record, now);
  return {
    ok: true,
    summary: `Proposed, waiting for approval in the optimizer's drawer (nothing changed yet): ${draft.title}. ${draft.why}`,
    data: { recommendationId: stored.id, evidence: draft.evidence },
    proposal: { ...proposal, recommendationId: stored.id, drawerPath: drawerPath(draft.adAccountId, stored.id) },
  };
}

/** Stores one object's change in the drawer (or, in dry-run mode, only describes it). */
function propose(ctx: AgentToolContext, p: ObjectProposal): Promise<ToolOutcome> {
  return storeChangeSet(
    ctx,
    {
      kind: 'agent_proposal',
      level: p.change.level,
      objectId: p.change.objectId,
      objectName: p.change.objectName,
      campaignId: p.campaignId,
      title: p.title,
      why: p.why,
      evidence: p.evidence,
      expectedEffect: p.expectedEffect,
      valuePerWeek: 0,
      // Asked for by a person, not found by a detector: the drawer shows the change, not a prediction.
      confidence: 0,
      changes: [p.change],
      adAccountId: p.account.id,
      currency: p.account.currency,
    },
    { object: p.change.objectId, change: p.change.change },
  );
}

const spendSaved = (perWeek: number): ExpectedEffect => {
  const rounded = Math.round(perWeek * 100) / 100;
  return { metric: 'spend_per_week', low: rounded, expected: rounded, high: rounded };
};

const SpendRowSchema = z.object({ spend: z.coerce.number().nonnegative() });

/**
 * What a pause saves: the spend it stops, taken as the object's last 7 days (one Graph call). Meta may still
 * deliver for a short while after a pause, so this is the week's order of size, not a promise.
 */
async function pauseSaving(session: MetaSession, objectId: string, currency: string): Promise<ExpectedEffect> {
  const read = await readInsights(
    session.graph,
    objectId,
    { fields: 'spend', date_preset: 'last_7d' },
    SpendRowSchema,
    { remainingMs: session.deps.remainingMs ?? (() => 10_000) },
  );
  const spent = read.rows.reduce((sum, row) => sum + row.spend, 0);
  return spendSaved(budgetToMajor(majorToBudget(spent, currency), currency));
}

/** Resuming adds what the object will spend, which depends on delivery: at most its daily budget a day. */
function resumeEffect(dailyBudget: number | null, currency: string): ExpectedEffect {
  if (dailyBudget === null)
    return {
      ...spendSaved(0),
      noFigure: 'no money figure: what it spends once resumed depends on delivery and its budget',
    };
  const most = budgetToMajor(dailyBudget, currency) * 7;
  return {
    ...spendSaved(-most),
    noFigure: `up to ${formatCurrency(most, currency)} more spend a week (its daily budget × 7); what it spends depends on delivery`,
  };
}

function campaignOf(object: ChangedObject): string {
  return 'campaign_id' in object ? object.campaign_id : object.id;
}

export const proposeStatusChangeTool = defineTool({
  name: 'propose_status_change',
  kind: 'propose',
  description:
    'Propose pausing or resuming a campaign, ad set or ad. Nothing changes until a person approves it in the optimizer drawer.',
  args: () => z.object({ level: LevelSchema, objectId: ObjectIdSchema, status: z.enum(['ACTIVE', 'PAUSED']) }).strict(),
  run: async (args, ctx: AgentToolContext) => {
    refuseUnlessAllowed(ctx, 'propose_status_change');
    const { object, account } = await workspaceObject(await ctx.session(), args.level, args.objectId);
    const before = stateOf(object);
    if (before.status === args.status) throw conflict(`${object.name} is already ${args.status}.`);
    const verb = args.status === 'PAUSED' ? 'Pause' : 'Resume';
    const session = await ctx.session();
    const expectedEffect =
      args.status === 'PAUSED'
        ? await pauseSaving(session, object.id, account.currency)
        : resumeEffect(before.dailyBudget, account.currency);
    return propose(ctx, {
      tool: 'propose_status_change',
      account,
      campaignId: campaignOf(object),
      change: {
        level: args.level,
        objectId: object.id,
        objectName: object.name,
        change: { status: args.status },
        before: { status: before.status, dailyBudget: before.dailyBudget, lifetimeBudget: before.lifetimeBudget },
      },
      title: `${verb} ${object.name}`,
      why: `${object.name} is ${before.status} now; asked in the agent's conversation.${
        expectedEffect.noFigure
          ? ` Expected effect: ${expectedEffect.noFigure}.`
          : ` Pausing it stops about ${formatCurrency(expectedEffect.expected, account.currency)} of spend a week (its last 7 days).`
      }`,
      evidence: expectedEffect.noFigure ? {} : { spendLast7Days: Math.abs(expectedEffect.expected) },
      expectedEffect,
    });
  },
});

export const proposeBudgetChangeTool = defineTool({
  name: 'propose_budget_change',
  kind: 'propose',
  description:
    "Propose a new daily budget for a campaign or ad set, by percent (changePercent, e.g. -30) or as an amount (newDailyBudget, in the account currency's major units). Checked against the workspace's guardrails; nothing changes until approved.",
  args: () =>
    z
      .object({
        level: z.enum(['campaign', 'adset']),
        objectId: ObjectIdSchema,
        changePercent: z.number().min(-100).max(1000).optional(),
        newDailyBudget: z.number().positive().max(1e9).optional(),
      })
      .strict()
      .refine((a) => (a.changePercent === undefined) !== (a.newDailyBudget === undefined), {
        message: 'Give either changePercent or newDailyBudget',
        path: ['changePercent'],
      }),
  run: async (args, ctx: AgentToolContext) => {
    refuseUnlessAllowed(ctx, 'propose_budget_change');
    const { object, account } = await workspaceObject(await ctx.session(), args.level, args.objectId);
    const before = stateOf(object);
    if (before.dailyBudget === null)
      throw conflict(
        `${object.name} has no daily budget of its own (it is a lifetime budget, or the budget sits on its ${args.level === 'campaign' ? 'ad sets' : 'campaign'}).`,
      );
    const beforeMajor = budgetToMajor(before.dailyBudget, account.currency);
    const requested =
      args.newDailyBudget !== undefined ? args.newDailyBudget : beforeMajor * (1 + args.changePercent! / 100);
    const afterMinor = majorToBudget(requested, account.currency);
    if (afterMinor <= 0) throw conflict('A daily budget must stay above zero: propose pausing instead.');
    const afterMajor = budgetToMajor(afterMinor, account.currency);
    const move = { before: beforeMajor, after: afterMajor, currency: account.currency };
    const increasedToday = await ctx.increases.today(account.currency);
    const verdict = checkBudgetMove(ctx.guardrails, move, increasedToday);
    if (!verdict.ok)
      throw new AppError('VALIDATION_ERROR', `Refused by this workspace's guardrails: ${verdict.reason}`);
    const delta = Math.round((afterMajor - beforeMajor) * 100) / 100;
    const percent = Math.round((delta / beforeMajor) * 1000) / 10;
    // Checked above: the account's currency has limits.
    const cap = moneyLimitsFor(ctx.guardrails, account.currency)!.dailyIncreaseCap;
    if (delta > 0 && !ctx.guardrails.dryRun && !(await ctx.increases.add(delta, cap, account.currency)))
      throw new AppError(
        'VALIDATION_ERROR',
        "Refused by this workspace's guardrails: it would pass today's cap on budget increases.",
      );
    const change: ObjectChange = { dailyBudget: afterMinor };
    return propose(ctx, {
      tool: 'propose_budget_change',
      account,
      campaignId: campaignOf(object),
      change: {
        level: args.level,
        objectId: object.id,
        objectName: object.name,
        change,
        before: { status: before.status, dailyBudget: before.dailyBudget, lifetimeBudget: before.lifetimeBudget },
      },
      title: `${delta < 0 ? 'Lower' : 'Raise'} the daily budget of ${object.name} from ${beforeMajor} to ${afterMajor} ${account.currency}`,
      why: `A change of ${percent}% (${delta} ${account.currency} a day), asked in the agent's conversation.`,
      evidence: { dailyBudgetBefore: beforeMajor, dailyBudgetAfter: afterMajor, changePercent: percent },
      // Spend saved a week (the optimizer's sign: a raise saves a negative amount).
      expectedEffect: spendSaved(-delta * 7),
    });
  },
});

export const applyRecommendationTool = defineTool({
  name: 'apply_recommendation',
  kind: 'propose',
  description:
    "Put one of the optimizer's open recommendations forward for approval: it is already a pending change set in the optimizer's drawer; a person approves it there. The agent never applies it itself.",
  args: () =>
    z
      .object({
        recommendationId: z
          .string()
          .max(300)
          .regex(/^[a-z0-9_.-]+$/, 'Not a recommendation id'),
      })
      .strict(),
  run: async (args, ctx: AgentToolContext) => {
    refuseUnlessAllowed(ctx, 'apply_recommendation');
    // Keyed by the caller's workspace: another workspace's recommendation is simply not found.
    const rec = await getRecommendation(ctx.recommendations, ctx.workspace.id, args.recommendationId);
    if (!rec) throw notFound(`No recommendation ${args.recommendationId} in this workspace.`);
    if (rec.status !== 'proposed') throw conflict(`That recommendation is already ${rec.status}.`);
    for (const change of rec.changes) {
      if (change.change.dailyBudget === undefined || !change.before.dailyBudget) continue;
      const move = {
        before: budgetToMajor(change.before.dailyBudget, rec.currency),
        after: budgetToMajor(change.change.dailyBudget, rec.currency),
        currency: rec.currency,
      };
      const verdict = checkBudgetMove(ctx.guardrails, move, await ctx.increases.today(rec.currency));
      if (!verdict.ok)
        throw new AppError(
          'VALIDATION_ERROR',
          `Refused by this workspace's guardrails (${change.objectName}): ${verdict.reason}`,
        );
    }
    return {
      ok: true,
      summary: `Waiting for approval in the optimizer's drawer (nothing changed yet): ${rec.title}.`,
      data: { recommendationId: rec.id, evidence: rec.evidence },
      proposal: {
        recommendationId: rec.id,
        adAccountId: rec.adAccountId,
        title: rec.title,
        drawerPath: drawerPath(rec.adAccountId, rec.id),
        dryRun: ctx.guardrails.dryRun,
      },
    };
  },
});
