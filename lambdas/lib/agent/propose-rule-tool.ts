import { RuleDraftSchema, type RuleDraft } from '@shared/schemas/rules';
import { AppError } from '../errors';
import { ownedAdAccount, toAdAccount } from '../meta-session/ad-accounts';
import { assertRuleAudience } from '../rules/rule-audience';
import { createRule } from '../rules/rule-store';
import type { AgentToolContext } from './agent-context';
import { refuseUnlessAllowed } from './propose-tools';
import { defineTool } from './tool-registry';

/** Where a new rule waits to be backtested and switched on. */
const RULES_PATH = '/optimizer/rules';

function describeRule(rule: RuleDraft): string {
  const action =
    rule.action.type === 'change_budget'
      ? `${rule.action.direction} the budget by ${rule.action.percent}%`
      : rule.action.type === 'notify'
        ? 'notify'
        : rule.action.type;
  const conditions = rule.conditions
    .map((c) => `${c.metric} ${c.comparator} ${c.threshold} (${c.window.replace(/_/g, ' ')})`)
    .join(' and ');
  return `“${rule.name}”: ${action} each ${rule.scope.level} of ${rule.scope.adAccountId} when ${conditions}`;
}

/**
 * A new automation rule, created switched OFF: the rules engine never runs it until a person backtests it and
 * switches it on in the Rules tab (where the plan's limit of rules on is checked). Its ad account must be one of the
 * workspace's, and a rule that changes budgets may not move them by more than one proposal may.
 */
export const proposeRuleTool = defineTool({
  name: 'propose_rule',
  kind: 'propose',
  description:
    'Create an automation rule, switched off: scope (ad account, level, filter), up to three conditions (money thresholds in minor units), an action (pause, resume, notify or change_budget), a schedule and safeguards. It only runs after a person backtests it and switches it on.',
  args: () => RuleDraftSchema,
  run: async (rule, ctx: AgentToolContext) => {
    refuseUnlessAllowed(ctx, 'propose_rule');
    const account = toAdAccount(await ownedAdAccount(await ctx.session(), rule.scope.adAccountId));
    // The same check as a rule saved in the Rules tab: an audience it is limited to is of its account.
    if (rule.scope.audience) await assertRuleAudience((await ctx.session()).graph, rule.scope);
    if (rule.action.type === 'change_budget' && rule.action.percent > ctx.guardrails.maxBudgetChangePercent)
      throw new AppError(
        'VALIDATION_ERROR',
        `Refused by this workspace's guardrails: the rule would change budgets by ${rule.action.percent}% at a time; this workspace allows at most ${ctx.guardrails.maxBudgetChangePercent}% per change.`,
      );
    const described = describeRule({ ...rule, scope: { ...rule.scope, adAccountId: account.id } });
    if (ctx.guardrails.dryRun)
      return {
        ok: true,
        summary: `Dry run (nothing stored, nothing changed): the rule ${described}.`,
        data: { dryRun: true },
      };
    const created = await createRule(ctx.rules, ctx.workspace.id, rule, ctx.now());
    return {
      ok: true,
      summary: `Created the rule ${described}, switched off (nothing runs yet): backtest it and switch it on in ${RULES_PATH}.`,
      data: { ruleId: created.ruleId, status: created.status, rulesPath: RULES_PATH },
    };
  },
});
