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
import { readRuleAccount, readRunData } from './account-data';
import { nextBudget } from './budget-change';
import { addDays, decide, inScope } from './rule-evaluation';
import { dueWindow, localTime } from './rule-schedule';
import {
  claimWindow,
  listRuleRecords,
  readObjectStates,
  readSettings,
  recordLastRun,
  releaseWindow,
  setRuleStatus,
  writeObjectState,
  writeRun,
  type AccountFacts,
  type ObjectState,
  type RuleRecord,
  type RuleTable,
} from './rule-store';

/**
 * One user's rule run (the evaluator's work for one SQS message): decide which rules are due from
 * the stored schedules and the cached account time zone, claim each window once, then read each
 * account's objects once and its daily insights once per level (shared by every due rule on it),
 * decide per object with the safeguards, act through the Meta change path, and record every action
 * and its reason. With the kill switch on nothing is read from Meta.
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
  /**
   * The plan's limit of rules on at once (issue 15). Scheduled runs switch off the rules beyond it (after a
   * downgrade) and keep the held places equal to the rules that stay on.
   */
  ruleLimit?: {
    limitOf(userId: string): Promise<{ limit: number; planName: string }>;
    holdExactly(userId: string, ruleIds: string[]): Promise<void>;
  };
  /** Overrides PLAN_LIMIT_NOTE (tests). */
  planLimitNote?: string;
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

/** Cached account facts older than this are read again when a rule on the account is due. */
export const ACCOUNT_FACTS_MAX_AGE_MS = 24 * 3_600_000;

/**
 * The scheduled window a rule is due in, decided from the item alone (its schedule, the account time zone
 * cached on it, the last window it ran): `null` when not due, `'unknown'` when the zone was never read
 * (the evaluator reads the account once and caches it). The runner and the evaluator both use it, so
 * Meta is read only for users with a due rule.
 */
export function scheduledWindow(record: RuleRecord, at: Date): string | null | 'unknown' {
  if (!record.accountFacts) return 'unknown';
  const window = dueWindow(record.rule.rule.schedule, at, record.accountFacts.timezoneName);
  return window === null || window === record.lastWindow ? null : window;
}

/**
 * After a downgrade a user may have more rules on than the plan allows: the oldest `limit` stay on
 * (they have run longest and were proven first), the newer ones are switched off.
 */
export function rulesBeyondLimit(records: readonly RuleRecord[], limit: number): { keep: Rule[]; switchOff: Rule[] } {
  const on = records
    .map((r) => r.rule)
    .filter((r) => r.status === 'on')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.ruleId.localeCompare(b.ruleId));
  return { keep: on.slice(0, Math.max(0, limit)), switchOff: on.slice(Math.max(0, limit)) };
}

function baseRun(deps: RunDeps, rule: Rule, window: string, trigger: RuleRunJob['trigger']): RuleRun {
  return {
    runKey: `${deps.now().toISOString()}#${rule.ruleId}`,
    ruleId: rule.ruleId,
    ruleName: rule.rule.name,
    ruleVersion: rule.version,
    window,
    trigger,
    startedAt: deps.now().toISOString(),
    outcome: 'nothing_to_do',
    evaluated: 0,
    skips: {},
    actions: [],
  };
}

/** Switches off the rules beyond the plan's limit, each with a history row saying why; answers the rest. */
async function enforceRuleLimit(deps: RunDeps, userId: string, records: RuleRecord[]): Promise<RuleRecord[]> {
  if (!deps.ruleLimit) return records;
  const { limit, planName } = await deps.ruleLimit.limitOf(userId);
  const { keep, switchOff } = rulesBeyondLimit(records, limit);
  for (const rule of switchOff) {
    await setRuleStatus(deps.rules, userId, rule.ruleId, 'off', deps.now());
    const run: RuleRun = {
      ...baseRun(deps, rule, `plan-limit@${deps.now().toISOString()}`, 'schedule'),
      outcome: 'skipped',
      skippedBecause: 'plan_limit',
      error:
        `Switched off: your ${planName} plan allows ${limit} rule${limit === 1 ? '' : 's'} on at once, ` +
        `and the ${limit === 1 ? 'oldest stays' : `${limit} oldest stay`} on. Upgrade, or switch another rule off, to switch it on again.`,
    };
    await writeRun(deps.runs, userId, run, deps.now());
    await recordLastRun(deps.rules, userId, rule.ruleId, { at: run.startedAt, outcome: 'skipped', actions: 0 });
  }
  // The held places follow the rules that are on (also for rules switched on before the quota was counted).
  await deps.ruleLimit.holdExactly(
    userId,
    keep.map((r) => r.ruleId),
  );
  if (switchOff.length === 0) return records;
  const off = new Set(switchOff.map((r) => r.ruleId));
  return records.map((r) => (off.has(r.rule.ruleId) ? { ...r, rule: { ...r.rule, status: 'off' as const } } : r));
}

/** The kill switch: one "stopped" row per rule per activation, no Meta read, and the window marked as handled. */
async function stopByKillSwitch(
  deps: RunDeps,
  job: RuleRunJob,
  chosen: RuleRecord[],
  since: string,
  at: Date,
): Promise<RuleRun[]> {
  const results: RuleRun[] = [];
  for (const record of chosen) {
    const { rule } = record;
    const due = job.trigger === 'schedule' ? scheduledWindow(record, at) : null;
    const window = due === 'unknown' ? undefined : (due ?? undefined);
    if (await claimWindow(deps.runs, job.userId, rule.ruleId, `kill-switch@${since}`, deps.now())) {
      const run: RuleRun = {
        ...baseRun(deps, rule, `kill-switch@${since}`, job.trigger),
        outcome: 'skipped',
        skippedBecause: 'kill_switch',
      };
      await writeRun(deps.runs, job.userId, run, deps.now());
      await recordLastRun(
        deps.rules,
        job.userId,
        rule.ruleId,
        { at: run.startedAt, outcome: 'skipped', actions: 0 },
        {
          window,
        },
      );
      results.push(run);
    } else if (window) {
      // Already told once for this activation: only remember the window, so the runner stops queuing it.
      await recordLastRun(deps.rules, job.userId, rule.ruleId, null, { window });
    }
  }
  return results;
}

interface ClaimedRule {
  record: RuleRecord;
  window: string;
}

export async function runRulesForUser(deps: RunDeps, job: RuleRunJob): Promise<RuleRun[]> {
  const at = new Date(job.at);
  const settings = await readSettings(deps.rules, job.userId);
  let records = await listRuleRecords(deps.rules, job.userId);
  if (job.trigger === 'schedule') records = await enforceRuleLimit(deps, job.userId, records);
  const chosen =
    job.trigger === 'manual'
      ? records.filter((r) => job.ruleIds?.includes(r.rule.ruleId))
      : records.filter((r) => r.rule.status === 'on' && (!job.ruleIds || job.ruleIds.includes(r.rule.ruleId)));
  if (chosen.length === 0) return [];
  if (settings.killSwitch) return stopByKillSwitch(deps, job, chosen, settings.killSwitchSince ?? 'earlier', at);

  const reads = accountReads(deps);
  // 1. Which rules are due, and claim each one's window, before any insights are read.
  const claimed = await claimDueRules(deps, job, chosen, at, reads);
  // 2. Each account's objects once (every level its due rules need) and its daily insights once per level.
  const accounts = await readAccounts(deps, job, claimed, at, reads);
  // 3. Decide and act, rule by rule, with the safeguards; record every action and its reason.
  const states = await readObjectStates(deps.rules, job.userId);
  const results: RuleRun[] = [];
  for (const c of claimed) {
    const run = await runClaimedRule(deps, job, c, { at, accounts, reads, states });
    if (run) results.push(run);
  }
  // Rules whose Meta read failed were given back; the caller lets SQS deliver the job again.
  if (reads.retryable) throw reads.retryable;
  return results;
}

/** What one run has read of Meta and what failed: each account's facts read at most once per run. */
interface AccountReads {
  facts(accountId: string): Promise<AccountFacts>;
  /** Whether this run read the account's node from Meta (one call of the account's read budget). */
  readFromMeta(accountId: string): boolean;
  errors: Map<string, unknown>;
  /** The first read failure SQS's next delivery may fix (set only before the final attempt). */
  retryable?: unknown;
}

/**
 * Account facts (currency, zone): cached on the rule items; Meta is read only for an account never read,
 * or, once a day, for an account with a due rule. One read per account per run.
 */
function accountReads(deps: RunDeps): AccountReads {
  const freshReads = new Map<string, Promise<AccountFacts>>();
  return {
    errors: new Map(),
    readFromMeta: (id) => freshReads.has(id),
    facts: (id) => {
      if (!freshReads.has(id))
        freshReads.set(
          id,
          readRuleAccount(deps.graph, id).then((a) => ({
            id: a.id,
            currency: a.currency,
            timezoneName: a.timezoneName,
            readAt: deps.now().toISOString(),
          })),
        );
      return freshReads.get(id)!;
    },
  };
}

/** Step 1: the rules due now (or asked for by hand), each window claimed once. */
async function claimDueRules(
  deps: RunDeps,
  job: RuleRunJob,
  chosen: RuleRecord[],
  at: Date,
  reads: AccountReads,
): Promise<ClaimedRule[]> {
  const claimed: ClaimedRule[] = [];
  for (const record of chosen) {
    const accountId = record.rule.rule.scope.adAccountId;
    let window: string | null;
    if (job.trigger === 'manual') window = `manual@${job.at}`;
    else {
      const due = scheduledWindow(record, at);
      if (due === 'unknown') {
        try {
          record.accountFacts = await reads.facts(accountId);
        } catch (error) {
          // Not claimed yet: SQS's next delivery tries again; only the last one records the failure.
          if (!deps.finalAttempt) {
            reads.retryable ??= error;
            continue;
          }
          reads.errors.set(accountId, error);
        }
        window = dueWindow(record.rule.rule.schedule, at, record.accountFacts?.timezoneName ?? 'UTC');
      } else window = due;
    }
    if (window === null) continue;
    if (!(await claimWindow(deps.runs, job.userId, record.rule.ruleId, window, deps.now()))) continue;
    claimed.push({ record, window });
  }
  return claimed;
}

/** What step 2 read, per account of the claimed rules. */
interface AccountsRead {
  /** The accounts whose rules run now (an account given back for SQS's retry is not among them). */
  ruleAccounts: Set<string>;
  data: Map<string, Map<RuleLevel, LevelData>>;
  /** Accounts larger than one bounded read: objects beyond it were not checked this run. */
  partial: Set<string>;
  factsUsed: Map<string, AccountFacts>;
}

/**
 * Step 2: each account's objects once (every level its due rules need) and its daily insights once per level,
 * over the longest window any due rule of that level needs.
 */
async function readAccounts(
  deps: RunDeps,
  job: RuleRunJob,
  claimed: ClaimedRule[],
  at: Date,
  reads: AccountReads,
): Promise<AccountsRead> {
  const accounts = new Map<string, ClaimedRule[]>();
  for (const c of claimed) {
    const id = c.record.rule.rule.scope.adAccountId;
    accounts.set(id, [...(accounts.get(id) ?? []), c]);
  }
  const read: AccountsRead = {
    ruleAccounts: new Set(accounts.keys()),
    data: new Map(),
    partial: new Set(),
    factsUsed: new Map(),
  };
  for (const [accountId, rules] of accounts) {
    try {
      if (reads.errors.has(accountId)) throw reads.errors.get(accountId);
      const cached = rules.map((r) => r.record.accountFacts).find((f) => f !== null);
      const facts =
        cached && deps.now().getTime() - Date.parse(cached.readAt) < ACCOUNT_FACTS_MAX_AGE_MS
          ? cached
          : await reads.facts(accountId);
      read.factsUsed.set(accountId, facts);
      const levels = await readLevels(deps, rules, facts, at, reads.readFromMeta(accountId) ? 1 : 0);
      read.data.set(accountId, levels.data);
      if (levels.partial) read.partial.add(accountId);
    } catch (error) {
      if (!deps.finalAttempt) {
        // Nothing was done for these windows yet: give them back so SQS's retry runs them again.
        for (const r of rules) await releaseWindow(deps.runs, job.userId, r.record.rule.ruleId, r.window);
        reads.retryable ??= error;
        read.ruleAccounts.delete(accountId);
        continue;
      }
      reads.errors.set(accountId, error);
    }
  }
  return read;
}

/**
 * One account's objects and daily series for every level its due rules work on, over the longest window
 * any due rule of that level needs: one bounded read (lambdas/lib/meta/bounded-list.ts), at most
 * READ_CALL_BUDGET Graph calls with the account's node, whatever the account's size.
 */
async function readLevels(
  deps: RunDeps,
  rules: ClaimedRule[],
  facts: AccountFacts,
  at: Date,
  accountRead: 0 | 1,
): Promise<{ data: Map<RuleLevel, LevelData>; partial: boolean }> {
  const today = localTime(at, facts.timezoneName).date;
  const ranges = new Map<RuleLevel, { since: string; until: string }>();
  for (const { record } of rules) {
    const level = record.rule.rule.scope.level;
    const since = addDays(today, -daysNeeded(record.rule));
    const known = ranges.get(level);
    if (!known || since < known.since) ranges.set(level, { since, until: today });
  }
  const account = { id: facts.id, currency: facts.currency, timezoneName: facts.timezoneName };
  const read = await readRunData(deps.graph, account, ranges, { remainingMs: deps.remainingMs, accountRead });
  if (read.partial) deps.log?.('rules run read the account in part', { accountId: facts.id });
  return { data: read.byLevel, partial: read.partial };
}

interface RunContext {
  at: Date;
  accounts: AccountsRead;
  reads: AccountReads;
  states: Map<string, ObjectState>;
}

/** Step 3 for one claimed rule: decide and act on each object in scope, then record and announce the run. */
async function runClaimedRule(
  deps: RunDeps,
  job: RuleRunJob,
  { record, window }: ClaimedRule,
  context: RunContext,
): Promise<RuleRun | undefined> {
  const rule = record.rule;
  const { rule: draft } = rule;
  const accountId = draft.scope.adAccountId;
  if (!context.accounts.ruleAccounts.has(accountId)) return undefined;
  const facts = context.accounts.factsUsed.get(accountId) ?? record.accountFacts;
  const run = baseRun(deps, rule, window, job.trigger);
  const currency = facts?.currency ?? 'USD';
  const today = localTime(context.at, facts?.timezoneName ?? 'UTC').date;
  let level = context.accounts.data.get(accountId)?.get(draft.scope.level);
  if (!level) {
    run.outcome = 'failed';
    run.error =
      `Meta could not be read: ${(context.reads.errors.get(accountId) as Error | undefined)?.message ?? 'no data'}`.slice(
        0,
        300,
      );
    level = { objects: [], series: new Map() };
  }
  if (context.accounts.partial.has(accountId)) run.partial = true;
  for (const object of level.objects.filter((o) => inScope(draft, o))) {
    await evaluateObject(deps, job, rule, object, level, run, { currency, today, states: context.states });
  }
  if (run.outcome !== 'failed') {
    run.outcome = run.actions.some((a) => a.status === 'failed')
      ? 'failed'
      : run.actions.length > 0
        ? 'acted'
        : 'nothing_to_do';
  }
  if ((run.skips.plan_limit ?? 0) > 0 && run.outcome !== 'failed') {
    run.error = deps.planLimitNote ?? PLAN_LIMIT_NOTE;
  }

  await writeRun(deps.runs, job.userId, run, deps.now());
  await recordLastRun(
    deps.rules,
    job.userId,
    rule.ruleId,
    { at: run.startedAt, outcome: run.outcome, actions: run.actions.filter((a) => a.status === 'done').length },
    { ...(job.trigger === 'schedule' ? { window } : {}), ...(facts ? { accountFacts: facts } : {}) },
  );
  if (run.outcome === 'acted' || run.outcome === 'failed') await deps.notify(runNotice(job, rule, run, currency));
  return run;
}

/** One object in the rule's scope: decided with the safeguards, acted on, its cooldown state kept. */
async function evaluateObject(
  deps: RunDeps,
  job: RuleRunJob,
  rule: Rule,
  object: RuleObject,
  level: LevelData,
  run: RuleRun,
  at: { currency: string; today: string; states: Map<string, ObjectState> },
): Promise<void> {
  const draft = rule.rule;
  const { currency, today, states } = at;
  run.evaluated += 1;
  // Changes share one cooldown per object across rules; a notify rule only holds back its own notices.
  const stateKey = draft.action.type === 'notify' ? `${object.id}#notify#${rule.ruleId}` : object.id;
  const state = states.get(stateKey);
  const inCooldown =
    state?.lastActionAt != null &&
    deps.now().getTime() - Date.parse(state.lastActionAt) < draft.safeguards.cooldownHours * 3_600_000;
  const series = level.series.get(object.id) ?? [];
  const decision = decide(draft, object, series, { today, inCooldown });
  if (!decision.fire) {
    if (decision.skipped) run.skips[decision.skipped] = (run.skips[decision.skipped] ?? 0) + 1;
    return;
  }
  const action = await act(deps, rule, object, decision.readings, currency, today, state);
  if (action === 'at_limit') {
    // Already at the floor, ceiling or today's cap: nothing to send to Meta.
    run.skips.at_limit = (run.skips.at_limit ?? 0) + 1;
    return;
  }
  if (action === 'plan_limit') {
    run.skips.plan_limit = (run.skips.plan_limit ?? 0) + 1;
    return;
  }
  run.actions.push(action);
  if (action.status !== 'done') return;
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

/** The rule-run notification's detail (events table limits: 20 actions, trimmed texts). */
function runNotice(job: RuleRunJob, rule: Rule, run: RuleRun, currency: string): EventDetail<'ruleRun'> {
  const draft = rule.rule;
  return {
    ruleId: rule.ruleId,
    ruleName: draft.name.slice(0, 300),
    description: describeRule(draft, currency).slice(0, 2000),
    outcome: run.outcome as 'acted' | 'failed',
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
  };
}

/** Said in the history when the plan's ad-account limit held back a change that spends. */
export const PLAN_LIMIT_NOTE =
  'Changes that spend (resume, budget) were refused: you hold more ad accounts than your plan allows. ' +
  'Choose which to keep under Plan and billing on the dashboard, or upgrade; pauses still run.';

async function act(
  deps: RunDeps,
  rule: Rule,
  object: RuleObject,
  readings: ConditionReading[],
  currency: string,
  today: string,
  state: ObjectState | undefined,
): Promise<RunAction | 'at_limit' | 'plan_limit'> {
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
    // Refused by the plan (above the ad-account limit after a downgrade): not a failure to retry, a choice to make.
    if ((error as { code?: string } | null)?.code === 'QUOTA_EXCEEDED') return 'plan_limit';
    deps.log?.('rule action failed at Meta', { objectId: object.id, error: String(error) });
    return { ...base, status: 'failed', error: (error as Error).message.slice(0, 300) };
  }
}
