import { randomUUID } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  RuleDraftSchema,
  type Rule,
  type RuleDraft,
  type RuleRun,
  type RuleSettings,
  type RuleSettingsState,
} from '@shared/schemas/rules';
import { keyCondition, tableKey } from '@shared/table-keys';
import { conflict, notFound } from '../errors';
import { queryAll as queryAllItems } from '../aws/query-all';

/**
 * The rules table (shared/tables.ts `automationRules`): rules per user, versioned. Every save writes
 * a new version item first (put only if absent: two saves from the same version cannot both win),
 * then moves the current item to it on the condition that it still holds the version the edit
 * started from. DynamoDB transactions are not used (the twin's dynalite lacks them); a save that
 * loses the race leaves at most an unused version item, never a rule that jumped a version.
 */
export interface RuleTable {
  doc: DynamoDBDocumentClient;
  table: string;
}

/** The only partition of the sparse index of switched-on rules. */
export const ENABLED_SHARD = 'on';
export const ENABLED_INDEX = 'enabled-rules';

const ruleKey = (ruleId: string) => `rule#${ruleId}`;
const versionKey = (ruleId: string, version: number) => `rule#${ruleId}#v#${String(version).padStart(6, '0')}`;
const objectKey = (objectId: string) => `object#${objectId}`;
const SETTINGS_KEY = 'settings';

function isConditionFailure(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
}

interface RuleItem {
  user_id: string;
  item_key: string;
  kind: 'rule';
  rule_id: string;
  version: number;
  status: 'on' | 'off';
  rule: RuleDraft;
  created_at: string;
  updated_at: string;
  last_run?: Rule['lastRun'];
  enabled_shard?: string;
  user_rule?: string;
  /** The last scheduled window run (runner and evaluator skip a rule already run in its window). */
  last_window?: string;
  /** The rule's ad account as last read from Meta (zone and currency), so due-ness needs no Meta read. */
  account_facts?: AccountFacts;
}

/** What the rule engine needs of an ad account beyond its objects: cached on the rule items. */
export interface AccountFacts {
  id: string;
  currency: string;
  timezoneName: string;
  /** ISO time Meta was read. */
  readAt: string;
}

/** A stored rule with what the runner and evaluator keep beside it. */
export interface RuleRecord {
  rule: Rule;
  lastWindow: string | null;
  /** Cached facts of the rule's current account (null when never read, or read for another account). */
  accountFacts: AccountFacts | null;
}

export function toRuleRecord(item: Record<string, unknown>): RuleRecord {
  const rule = toRule(item);
  const facts = (item as unknown as RuleItem).account_facts;
  return {
    rule,
    lastWindow: (item.last_window as string | undefined) ?? null,
    accountFacts: facts && facts.id === rule.rule.scope.adAccountId ? facts : null,
  };
}

export function toRule(item: Record<string, unknown>): Rule {
  const i = item as unknown as RuleItem;
  return {
    ruleId: i.rule_id,
    version: i.version,
    status: i.status,
    createdAt: i.created_at,
    updatedAt: i.updated_at,
    // Stored rules were validated on the way in; parsing again keeps a hand-edited item from reaching Meta.
    rule: RuleDraftSchema.parse(i.rule),
    lastRun: i.last_run ?? null,
  };
}

async function putVersion(t: RuleTable, userId: string, ruleId: string, version: number, rule: RuleDraft, now: Date) {
  try {
    await t.doc.send(
      new PutCommand({
        TableName: t.table,
        Item: {
          user_id: userId,
          item_key: versionKey(ruleId, version),
          kind: 'version',
          rule_id: ruleId,
          version,
          rule,
          saved_at: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(item_key)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('This rule was changed meanwhile. Reload it and save again.');
    throw error;
  }
}

export async function createRule(t: RuleTable, userId: string, rule: RuleDraft, now: Date): Promise<Rule> {
  const ruleId = randomUUID();
  await putVersion(t, userId, ruleId, 1, rule, now);
  const item: RuleItem = {
    user_id: userId,
    item_key: ruleKey(ruleId),
    kind: 'rule',
    rule_id: ruleId,
    version: 1,
    // A new rule starts switched off: it is switched on after its backtest has been seen.
    status: 'off',
    rule,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await t.doc.send(
    new PutCommand({ TableName: t.table, Item: item, ConditionExpression: 'attribute_not_exists(item_key)' }),
  );
  return toRule(item as unknown as Record<string, unknown>);
}

export async function readRule(t: RuleTable, userId: string, ruleId: string): Promise<Rule> {
  const { Item } = await t.doc.send(
    new GetCommand({ TableName: t.table, Key: tableKey('automationRules', userId, ruleKey(ruleId)) }),
  );
  if (!Item) throw notFound('No such rule.');
  return toRule(Item);
}

export async function updateRule(
  t: RuleTable,
  userId: string,
  ruleId: string,
  rule: RuleDraft,
  expectedVersion: number,
  now: Date,
): Promise<Rule> {
  const current = await readRule(t, userId, ruleId);
  if (current.version !== expectedVersion)
    throw conflict(`This rule is at version ${current.version} now; reload it and save again.`);
  await putVersion(t, userId, ruleId, expectedVersion + 1, rule, now);
  try {
    const { Attributes } = await t.doc.send(
      new UpdateCommand({
        TableName: t.table,
        Key: tableKey('automationRules', userId, ruleKey(ruleId)),
        UpdateExpression: 'SET #rule = :rule, version = :next, updated_at = :now',
        ConditionExpression: 'attribute_exists(item_key) AND version = :expected',
        ExpressionAttributeNames: { '#rule': 'rule' },
        ExpressionAttributeValues: {
          ':rule': rule,
          ':next': expectedVersion + 1,
          ':expected': expectedVersion,
          ':now': now.toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRule(Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('This rule was changed meanwhile. Reload it and save again.');
    throw error;
  }
}

export async function setRuleStatus(t: RuleTable, userId: string, ruleId: string, status: 'on' | 'off', now: Date) {
  try {
    const { Attributes } = await t.doc.send(
      new UpdateCommand({
        TableName: t.table,
        Key: tableKey('automationRules', userId, ruleKey(ruleId)),
        UpdateExpression:
          status === 'on'
            ? 'SET #status = :status, updated_at = :now, enabled_shard = :shard, user_rule = :userRule'
            : 'SET #status = :status, updated_at = :now REMOVE enabled_shard, user_rule',
        ConditionExpression: 'attribute_exists(item_key)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': status,
          ':now': now.toISOString(),
          ...(status === 'on' ? { ':shard': ENABLED_SHARD, ':userRule': `${userId}#${ruleId}` } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRule(Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('No such rule.');
    throw error;
  }
}

/** Deletes the rule; its versions and run history stay (they explain past actions). */
export async function deleteRule(t: RuleTable, userId: string, ruleId: string): Promise<void> {
  try {
    await t.doc.send(
      new DeleteCommand({
        TableName: t.table,
        Key: tableKey('automationRules', userId, ruleKey(ruleId)),
        ConditionExpression: 'attribute_exists(item_key)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('No such rule.');
    throw error;
  }
}

function queryAll(t: RuleTable, userId: string, prefix: string): Promise<Record<string, unknown>[]> {
  return queryAllItems(t.doc, {
    TableName: t.table,
    KeyConditionExpression: keyCondition('automationRules', ':u', { beginsWith: ':p' }),
    ExpressionAttributeValues: { ':u': userId, ':p': prefix },
  });
}

export async function listRules(t: RuleTable, userId: string): Promise<Rule[]> {
  return (await listRuleRecords(t, userId)).map((r) => r.rule);
}

/** The user's rules, newest first, with their last window and cached account facts (evaluator). */
export async function listRuleRecords(t: RuleTable, userId: string): Promise<RuleRecord[]> {
  const items = await queryAll(t, userId, 'rule#');
  return items
    .filter((i) => i.kind === 'rule')
    .map(toRuleRecord)
    .sort((a, b) => b.rule.createdAt.localeCompare(a.rule.createdAt));
}

export async function listVersions(t: RuleTable, userId: string, ruleId: string) {
  await readRule(t, userId, ruleId);
  const items = await queryAll(t, userId, `rule#${ruleId}#v#`);
  return items
    .map((i) => ({ version: i.version as number, savedAt: i.saved_at as string, rule: RuleDraftSchema.parse(i.rule) }))
    .sort((a, b) => b.version - a.version);
}

export async function readSettings(t: RuleTable, userId: string): Promise<RuleSettingsState> {
  const { Item } = await t.doc.send(
    new GetCommand({ TableName: t.table, Key: tableKey('automationRules', userId, SETTINGS_KEY) }),
  );
  const on = Item?.kill_switch === true;
  return {
    killSwitch: on,
    // Items written before the time was kept: the activation is "some time ago", one stop row all the same.
    killSwitchSince: on ? ((Item?.kill_switch_since as string | undefined) ?? 'earlier') : null,
  };
}

/**
 * Switching the kill switch on keeps the time it was first switched on (a second "on" does not move it):
 * the evaluator writes one "stopped by the kill switch" row per rule per activation, never one per window.
 */
export async function writeSettings(
  t: RuleTable,
  userId: string,
  settings: RuleSettings,
  now: Date,
): Promise<RuleSettingsState> {
  const { Attributes } = await t.doc.send(
    new UpdateCommand({
      TableName: t.table,
      Key: tableKey('automationRules', userId, SETTINGS_KEY),
      UpdateExpression: settings.killSwitch
        ? 'SET kind = :kind, kill_switch = :on, updated_at = :now, kill_switch_since = if_not_exists(kill_switch_since, :now)'
        : 'SET kind = :kind, kill_switch = :on, updated_at = :now REMOVE kill_switch_since',
      ExpressionAttributeValues: { ':kind': 'settings', ':on': settings.killSwitch, ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return {
    killSwitch: settings.killSwitch,
    killSwitchSince: settings.killSwitch ? ((Attributes?.kill_switch_since as string | undefined) ?? null) : null,
  };
}

/** The switched-on rules of every user, from the sparse index (runner). */
export async function listEnabledRules(t: RuleTable): Promise<({ userId: string } & RuleRecord)[]> {
  const found: ({ userId: string } & RuleRecord)[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await t.doc.send(
      new QueryCommand({
        TableName: t.table,
        IndexName: ENABLED_INDEX,
        KeyConditionExpression: 'enabled_shard = :s',
        ExpressionAttributeValues: { ':s': ENABLED_SHARD },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) found.push({ userId: item.user_id as string, ...toRuleRecord(item) });
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

/**
 * After a run: its summary for the list, and (scheduled runs) the window it ran and the account facts it
 * used, in the same update, so the next tick decides due-ness from the item alone. `lastRun: null` records
 * only the window (a window the kill switch held back: no history row, nothing to show).
 */
export async function recordLastRun(
  t: RuleTable,
  userId: string,
  ruleId: string,
  lastRun: NonNullable<Rule['lastRun']> | null,
  extra: { window?: string; accountFacts?: AccountFacts } = {},
) {
  const sets: string[] = [];
  const values: Record<string, unknown> = {};
  if (lastRun) {
    sets.push('last_run = :run');
    values[':run'] = lastRun;
  }
  if (extra.window) {
    sets.push('last_window = :window');
    values[':window'] = extra.window;
  }
  if (extra.accountFacts) {
    sets.push('account_facts = :facts');
    values[':facts'] = extra.accountFacts;
  }
  if (sets.length === 0) return;
  try {
    await t.doc.send(
      new UpdateCommand({
        TableName: t.table,
        Key: tableKey('automationRules', userId, ruleKey(ruleId)),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(item_key)',
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    // Deleted while it ran: the history row still tells what happened.
    if (!isConditionFailure(error)) throw error;
  }
}

/** What the safeguards remember about one object across all the user's rules. */
export interface ObjectState {
  lastActionAt: string | null;
  /** The account-local day of `dayStartBudgetMinor`. */
  budgetDay: string | null;
  dayStartBudgetMinor: number | null;
}

export async function readObjectStates(t: RuleTable, userId: string): Promise<Map<string, ObjectState>> {
  const items = await queryAll(t, userId, 'object#');
  return new Map(
    items.map((i) => [
      (i.item_key as string).slice('object#'.length),
      {
        lastActionAt: (i.last_action_at as string | undefined) ?? null,
        budgetDay: (i.budget_day as string | undefined) ?? null,
        dayStartBudgetMinor: (i.day_start_budget as number | undefined) ?? null,
      },
    ]),
  );
}

export async function writeObjectState(t: RuleTable, userId: string, objectId: string, state: ObjectState) {
  await t.doc.send(
    new PutCommand({
      TableName: t.table,
      Item: {
        user_id: userId,
        item_key: objectKey(objectId),
        kind: 'object',
        last_action_at: state.lastActionAt,
        budget_day: state.budgetDay,
        day_start_budget: state.dayStartBudgetMinor,
      },
    }),
  );
}

/* ---- Runs (shared/tables.ts `ruleRuns`) ---- */

const RUN_DAYS = 90;

/**
 * Claims a rule's window: true for the first caller, false for every later one (a second tick, an
 * SQS redelivery, "run now" during a scheduled run). The claim is the idempotency of a run.
 */
export async function claimWindow(t: RuleTable, userId: string, ruleId: string, window: string, now: Date) {
  try {
    await t.doc.send(
      new PutCommand({
        TableName: t.table,
        Item: {
          user_id: userId,
          run_key: `claim#${ruleId}#${window}`,
          claimed_at: now.toISOString(),
          expires_at: Math.floor(now.getTime() / 1000) + RUN_DAYS * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(run_key)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives a claim back after a run failed before acting, so SQS's retry can run the window again. */
export async function releaseWindow(t: RuleTable, userId: string, ruleId: string, window: string) {
  await t.doc.send(
    new DeleteCommand({ TableName: t.table, Key: tableKey('ruleRuns', userId, `claim#${ruleId}#${window}`) }),
  );
}

export async function writeRun(t: RuleTable, userId: string, run: RuleRun, now: Date) {
  await t.doc.send(
    new PutCommand({
      TableName: t.table,
      Item: {
        user_id: userId,
        ...run,
        run_key: `run#${run.runKey}`,
        expires_at: Math.floor(now.getTime() / 1000) + RUN_DAYS * 86_400,
      },
    }),
  );
}

export async function listRuns(t: RuleTable, userId: string, limit = 50): Promise<RuleRun[]> {
  const page = await t.doc.send(
    new QueryCommand({
      TableName: t.table,
      KeyConditionExpression: keyCondition('ruleRuns', ':u', { beginsWith: ':p' }),
      ExpressionAttributeValues: { ':u': userId, ':p': 'run#' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (page.Items ?? []).map((i) => {
    const { user_id: _user, expires_at: _expires, run_key: key, ...rest } = i;
    return { ...(rest as Omit<RuleRun, 'runKey'>), runKey: String(key).slice('run#'.length) };
  });
}
