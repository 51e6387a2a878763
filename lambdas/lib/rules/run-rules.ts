import { describeRule, formatThreshold } from '@shared/rule-language';
import type { EventDetail } from '@shared/events';
import {
  WINDOW_DAYS,
  type ConditionReading,
  type DailyPoint,
  type Rule,
  type RuleLevel,
  type RuleObject,
  type RuleRun,
  type RuleRunJob,
  type RunAction,
} from '@shared/schemas/rules';
import type { GraphClient } from '../meta/graph-client';
import { readDailySeries, readRuleAccount, readRuleObjects, type RuleAccount } from './account-data';
import { nextBudget } from './budget-change';
import { addDays, decide, inScope } from './rule-evaluation';
import { dueWindow, localTime } from './rule-schedule';
import {
  claimWindow,
  listRules,
  readObjectStates,
  readSettings,
  recordLastRun,
  releaseWindow,
  writeObjectState,
  writeRun,
  type ObjectState,
  type RuleTable,
} from './rule-store';

/**
 * One user's rule run (the evaluator's work for one SQS message): for each of their rules that is
 * due (or asked for with "run now"), claim the window once, read the account's objects and daily
 * insights (shared by every rule on the same account and level), decide per object with the
 * safeguards, act through the Meta change path, and record every action and its reason.
 */

/** A change through lambdas/lib/meta-changes: the same lock, audit and `campaign` event as a manual change. */
export type ApplyChange = (input: {
  level: RuleLevel;
  objectId: string;
  /** The rule's ad account: the object must belong to it. */
  adAccountId: string;
  change: { status?: 'ACTIVE' | 'PAUSED'; dailyBudget?: number };
  source: string;
}) => Promise<{
  before: { status: string; dailyBudget: number | null };
  after: { status: string; dailyBudget: number | null };
}>;

export interface RunDeps {
  rules: RuleTable;
  runs: RuleTable;
  graph: GraphClient;
  applyChange: ApplyChange;
  /** Puts the rule-run notification in the event outbox. */
  notify: (detail: EventDetail<'ruleRun'>) => Promise<void>;
  now: () => Date;
  remainingMs: () => number;
  /** This is the last delivery SQS will make: a failed read is recorded instead of retried. */
  finalAttempt: boolean;
  log?: (message: string, facts?: Record<string, unknown>) => void;
}

const ACTION_WORD: Record<string, string> = {
  pause: 'paused',
  resume: 'resumed',
  change_budget: 'budget changed',
  notify: 'notified',
};

/** "cost per result 2026-11-18..2026-11-20 was $52.10 (above $40)": the why, in words. */
export function reasonOf(readings: readonly ConditionReading[], currency: string): string {
  return readings
    .map((r) => {
      const value =
        r.value === null
          ? r.metric === 'cost_per_result'
            ? 'no results'
            : 'not measurable'
          : formatThreshold(r.metric, r.value, currency);
      const comparator = { gt: 'above', gte: 'at least', lt: 'below', lte: 'at most' }[r.comparator];
      const span = r.from === r.to ? r.from : `${r.from}..${r.to}`;
      return `${r.metric.replace(/_/g, ' ')} ${span} was ${value} (${comparator} ${formatThreshold(r.metric, r.threshold, currency)})`;
    })
    .join('; ');
}

interface LevelData {
  objects: RuleObject[];
  series: Map<string, DailyPoint[]>;
}

function daysNeeded(rule: Rule): number {
  return (
    Math.max(...rule.rule.conditions.map((c) => WINDOW_DAYS[c.window])) + rule.rule.safeguards.attributionLagDays + 1
  );
}

export async function runRulesForUser(deps: RunDeps, job: RuleRunJob): Promise<RuleRun[]> {
  const at = new Date(job.at);
  const settings = await readSettings(deps.rules, job.userId);
  const all = await listRules(deps.rules, job.userId);
  const chosen = job.ruleIds
    ? all.filter((r) => job.ruleIds!.includes(r.ruleId))
    : all.filter((r) => r.status === 'on');
  if (chosen.length === 0) return [];

  const accounts = new Map<string, Promise<RuleAccount>>();
  const accountOf = (id: string) => {
    if (!accounts.has(id)) accounts.set(id, readRuleAccount(deps.graph, id));
    return accounts.get(id)!;
  };
  // Reads shared by every rule on the same account and level, over the longest window any of them needs.
  const longest = new Map<string, number>();
  for (const rule of chosen) {
    const key = `${rule.rule.scope.adAccountId}|${rule.rule.scope.level}`;
    longest.set(key, Math.max(longest.get(key) ?? 0, daysNeeded(rule)));
  }
  const levelData = new Map<string, Promise<LevelData>>();
  const dataFor = (account: RuleAccount, level: RuleLevel, today: string) => {
    const key = `${account.id}|${level}`;
    if (!levelData.has(key)) {
      levelData.set(
        key,
        (async () => {
          const options = { remainingMs: deps.remainingMs };
          const { objects } = await readRuleObjects(deps.graph, account.id, level, options);
          const { series } = await readDailySeries(
            deps.graph,
            account,
            level,
            addDays(today, -(longest.get(key) ?? 31)),
            today,
            options,
          );
          return { objects, series };
        })(),
      );
    }
    return levelData.get(key)!;
  };

  const states = await readObjectStates(deps.rules, job.userId);
  const results: RuleRun[] = [];
  let retryable: unknown;

  for (const rule of chosen) {
    const { rule: draft } = rule;
    let account: RuleAccount | undefined;
    let readError: unknown;
    try {
      account = await accountOf(draft.scope.adAccountId);
    } catch (error) {
      readError = error;
      // Not claimed yet: SQS's next delivery tries again; only the last one records the failure.
      if (!deps.finalAttempt) {
        retryable ??= error;
        continue;
      }
    }
    const zone = account?.timezoneName ?? 'UTC';
    const window = job.trigger === 'manual' ? `manual@${job.at}` : dueWindow(draft.schedule, at, zone);
    if (window === null) continue;
    if (!(await claimWindow(deps.runs, job.userId, rule.ruleId, window, deps.now()))) continue;

    const run: RuleRun = {
      runKey: `${deps.now().toISOString()}#${rule.ruleId}`,
      ruleId: rule.ruleId,
      ruleName: draft.name,
      ruleVersion: rule.version,
      window,
      trigger: job.trigger,
      startedAt: deps.now().toISOString(),
      outcome: 'nothing_to_do',
      evaluated: 0,
      skips: {},
      actions: [],
    };

    const currency = account?.currency ?? 'USD';
    if (settings.killSwitch) {
      run.outcome = 'skipped';
      run.skippedBecause = 'kill_switch';
    } else {
      const today = localTime(at, zone).date;
      let data: LevelData;
      try {
        if (!account) throw readError;
        data = await dataFor(account, draft.scope.level, today);
      } catch (error) {
        if (!deps.finalAttempt) {
          // Nothing was done for this window yet: give it back so SQS's retry runs it again.
          await releaseWindow(deps.runs, job.userId, rule.ruleId, window);
          retryable ??= error;
          continue;
        }
        run.outcome = 'failed';
        run.error = `Meta could not be read: ${(error as Error).message}`.slice(0, 300);
        data = { objects: [], series: new Map() };
      }
      for (const object of data.objects.filter((o) => inScope(draft, o))) {
        run.evaluated += 1;
        // Changes share one cooldown per object across rules; a notify rule only holds back its own notices.
        const stateKey = draft.action.type === 'notify' ? `${object.id}#notify#${rule.ruleId}` : object.id;
        const state = states.get(stateKey);
        const inCooldown =
          state?.lastActionAt != null &&
          deps.now().getTime() - Date.parse(state.lastActionAt) < draft.safeguards.cooldownHours * 3_600_000;
        const series = data.series.get(object.id) ?? [];
        const decision = decide(draft, object, series, { today, inCooldown });
        if (!decision.fire) {
          if (decision.skipped) run.skips[decision.skipped] = (run.skips[decision.skipped] ?? 0) + 1;
          continue;
        }
        const action = await act(deps, rule, object, decision.readings, currency, today, state);
        if (action === 'at_limit') {
          // Already at the floor, ceiling or today's cap: nothing to send to Meta.
          run.skips.at_limit = (run.skips.at_limit ?? 0) + 1;
          continue;
        }
        run.actions.push(action);
        if (action.status === 'done') {
          const next: ObjectState = {
            lastActionAt: deps.now().toISOString(),
            budgetDay: action.before && draft.action.type === 'change_budget' ? today : (state?.budgetDay ?? null),
            dayStartBudgetMinor:
              draft.action.type === 'change_budget'
                ? state?.budgetDay === today
                  ? (state.dayStartBudgetMinor ?? object.dailyBudgetMinor)
                  : object.dailyBudgetMinor
                : (state?.dayStartBudgetMinor ?? null),
          };
          states.set(stateKey, next);
          await writeObjectState(deps.rules, job.userId, stateKey, next);
        }
      }
      if (run.outcome !== 'failed') {
        run.outcome = run.actions.some((a) => a.status === 'failed')
          ? 'failed'
          : run.actions.length > 0
            ? 'acted'
            : 'nothing_to_do';
      }
    }

    await writeRun(deps.runs, job.userId, run, deps.now());
    await recordLastRun(deps.rules, job.userId, rule.ruleId, {
      at: run.startedAt,
      outcome: run.outcome,
      actions: run.actions.filter((a) => a.status === 'done').length,
    });
    if (run.outcome === 'acted' || run.outcome === 'failed') {
      await deps.notify({
        ruleId: rule.ruleId,
        ruleName: draft.name.slice(0, 300),
        description: describeRule(draft, currency).slice(0, 2000),
        outcome: run.outcome,
        actions: run.actions.slice(0, 20).map((a) => ({
          objectName: a.objectName.slice(0, 300),
          objectId: a.objectId,
          action: ACTION_WORD[a.action] ?? a.action,
          reason: a.reason.slice(0, 2000),
          status: a.status,
          ...(a.error ? { error: a.error.slice(0, 300) } : {}),
        })),
        ...(run.actions.length > 20 ? { moreActions: run.actions.length - 20 } : {}),
        ...(run.error ? { error: run.error.slice(0, 300) } : {}),
        userId: job.userId,
        runKey: run.runKey,
      });
    }
    results.push(run);
  }
  // Rules whose Meta read failed were given back; the caller lets SQS deliver the job again.
  if (retryable) throw retryable;
  return results;
}

async function act(
  deps: RunDeps,
  rule: Rule,
  object: RuleObject,
  readings: ConditionReading[],
  currency: string,
  today: string,
  state: ObjectState | undefined,
): Promise<RunAction | 'at_limit'> {
  const draft = rule.rule;
  const base = {
    objectId: object.id,
    objectName: object.name,
    level: object.level,
    action: draft.action.type,
    readings,
    reason: reasonOf(readings, currency),
  };
  let change: { status?: 'ACTIVE' | 'PAUSED'; dailyBudget?: number };
  switch (draft.action.type) {
    case 'notify':
      return { ...base, status: 'done' };
    case 'pause':
      change = { status: 'PAUSED' };
      break;
    case 'resume':
      change = { status: 'ACTIVE' };
      break;
    case 'change_budget': {
      const current = object.dailyBudgetMinor!;
      const dayStart = state?.budgetDay === today && state.dayStartBudgetMinor ? state.dayStartBudgetMinor : current;
      const budget = nextBudget({
        action: draft.action,
        currentMinor: current,
        dayStartMinor: dayStart,
        maxChangePercentPerDay: draft.safeguards.maxBudgetChangePercentPerDay,
      });
      if (budget.toMinor === budget.fromMinor) return 'at_limit';
      change = { dailyBudget: budget.toMinor };
      break;
    }
  }
  try {
    const applied = await deps.applyChange({
      level: object.level,
      objectId: object.id,
      adAccountId: draft.scope.adAccountId,
      change,
      source: `rule:${rule.ruleId}`,
    });
    return {
      ...base,
      status: 'done',
      before: { status: applied.before.status, dailyBudgetMinor: applied.before.dailyBudget },
      after: { status: applied.after.status, dailyBudgetMinor: applied.after.dailyBudget },
    };
  } catch (error) {
    deps.log?.('rule action failed at Meta', { objectId: object.id, error: String(error) });
    return { ...base, status: 'failed', error: (error as Error).message.slice(0, 300) };
  }
}
