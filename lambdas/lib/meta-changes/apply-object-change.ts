import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { ObjectChange, ObjectLevel, ObjectState } from '@shared/schemas/object-change';
import { belowMinimumMessage, budgetMinimum, minimumText } from '@shared/budget-minimum';
import { AppError, conflict, validationError } from '../errors';
import type { GraphClient } from '../meta/graph-client';
import { GraphError } from '../meta/graph-errors';
import { logger } from '../observability';
import { enqueueEvent } from '../outbox/event-outbox';
import { campaignEvent } from '@shared/events/campaign';
import { tableName } from '../table-name';
import { recordChangeOutcome, recordPendingChange } from './change-audit';
import { lockObject, type ObjectLockOptions } from './object-lock';
import { campaignIdOf, changeFields, changeShapes, stateOf, type ChangedObject } from './object-shapes';
import { staleBeforeError, staleFields, staleMessage, type ExpectedBefore } from './stale-before';

/**
 * The one path by which Adsmith changes a campaign, ad set or ad at Meta: the campaigns page, the
 * optimizer's approved recommendations and its undo, and automation rules all come through here.
 */

export interface ObjectChangeDeps {
  doc: DynamoDBDocumentClient;
  /** A Graph client acting as the user (their token). */
  graph: GraphClient;
  now: () => Date;
  /**
   * Checks that the object's ad account (numeric `account_id`) is one of the user's connection's
   * and answers its node id (`act_…`); throws NOT_FOUND otherwise. Called before anything is written.
   */
  ownedAccount(accountId: string): Promise<OwnedAccount>;
  /**
   * Throws when the user may not spend more right now (e.g. above the plan's ad-account limit after a
   * downgrade). Called before a change that can spend more (resume, budget); stopping spend never waits.
   */
  assertMaySpend?: () => Promise<void>;
  /** Forgets the user's cached Meta reads once Meta accepted a change. */
  forgetCachedReads?: () => Promise<void>;
  userEmail?: string;
  /** Lock timing (tests shorten the wait). */
  lock?: ObjectLockOptions;
}

export interface OwnedAccount {
  /** The ad account's node id (`act_…`). */
  id: string;
  /** Meta's `min_daily_budget` (minor units) and the account's currency, when known: budgets below are refused here. */
  minDailyBudget?: number;
  currency?: string;
}

export interface ObjectChangeInput {
  userId: string;
  level: ObjectLevel;
  objectId: string;
  change: ObjectChange;
  /** Overrides the action name the audit and the event carry (e.g. `undo`); derived from the change otherwise. */
  action?: string;
  /** Who asked, for the audit: e.g. `optimizer:<recommendation id>`, `rule:<id>`; absent for a person on the campaigns page. */
  source?: string;
  /**
   * The values the change was proposed from (an approved recommendation's "before"): when Meta has others
   * by the time the lock is held, the change is refused (409 STALE_BEFORE) before anything is written.
   */
  expectedBefore?: { values: ExpectedBefore; currency: string };
}

export interface AppliedChange {
  changeId: string;
  level: ObjectLevel;
  objectId: string;
  campaignId: string;
  /** The ad account's node id (`act_…`). */
  adAccountId: string;
  action: string;
  before: ObjectState;
  after: ObjectState;
  /** 'meta' when read back from Meta; 'requested' when that read failed and the request stands in for it. */
  afterSource: 'meta' | 'requested';
  /** The object as read before the change, and after it (undefined when the read-back failed). */
  beforeObject: ChangedObject;
  afterObject: ChangedObject | undefined;
}

const LEVEL_NAMES: Record<ObjectLevel, string> = { campaign: 'campaign', adset: 'ad set', ad: 'ad' };

/** Whether a change can make Meta spend more: a resume or a new budget. */
export function maySpendMore(change: ObjectChange): boolean {
  return change.status === 'ACTIVE' || Boolean(change.dailyBudget || change.lifetimeBudget);
}

export function describeAction(change: ObjectChange): string {
  if (change.status === 'PAUSED') return 'pause';
  if (change.status === 'ACTIVE') return 'resume';
  if (change.dailyBudget || change.lifetimeBudget) return 'budget_change';
  if (change.creativeId) return 'creative_swap';
  if (change.excludedAudienceIds) return 'audience_exclusion';
  return 'rename';
}

/** Checks the change fits the object (budget where the budget lives, creatives on ads only), before Meta is asked. */
function checkChangeShape(level: ObjectLevel, before: ObjectState, change: ObjectChange): void {
  if (change.creativeId && level !== 'ad') throw validationError('Only an ad has a creative to swap.');
  if (change.excludedAudienceIds && level !== 'adset')
    throw validationError('Only an ad set targets audiences; exclude the audience from its ad sets.');
  if (!change.dailyBudget && !change.lifetimeBudget) return;
  if (level === 'ad') throw validationError('An ad has no budget; change its ad set or campaign.');
  if (!before.dailyBudget && !before.lifetimeBudget) {
    throw conflict(
      level === 'campaign'
        ? 'This campaign is budgeted on its ad sets; change the budget there.'
        : "This ad set is budgeted on its campaign (Advantage campaign budget); change the campaign's budget.",
    );
  }
  if (change.dailyBudget && before.lifetimeBudget) {
    throw validationError(`This ${LEVEL_NAMES[level]} has a lifetime budget; set lifetimeBudget instead.`);
  }
  if (change.lifetimeBudget && before.dailyBudget) {
    throw validationError(`This ${LEVEL_NAMES[level]} has a daily budget; set dailyBudget instead.`);
  }
}

/**
 * Refuses a budget Meta would refuse for being under the account's minimum, before anything is written or
 * sent, with the minimum in the account's currency (details carry it in minor units for the form to show).
 */
export function checkBudgetMinimum(object: ChangedObject, change: ObjectChange, account: OwnedAccount): void {
  const { minDailyBudget, currency } = account;
  if (!minDailyBudget || !currency) return;
  const kind = change.dailyBudget ? 'daily' : change.lifetimeBudget ? 'lifetime' : null;
  if (!kind) return;
  const { start_time: start, stop_time: stop } = object as { start_time?: string; stop_time?: string };
  const minimum = budgetMinimum(kind, minDailyBudget, { start, stop });
  const amount = (kind === 'daily' ? change.dailyBudget : change.lifetimeBudget) ?? 0;
  if (amount >= minimum.minor) return;
  throw new AppError('BUDGET_TOO_LOW', belowMinimumMessage(kind, minimum, minimumText(minimum.minor, currency)), {
    details: { minimum: String(minimum.minor), currency, kind },
  });
}

/**
 * The Graph parameters of a change (budgets in minor units, as Meta keeps them). An ad set's exclusions go as its
 * whole targeting read before the change with `excluded_custom_audiences` replaced: Meta replaces targeting whole.
 */
export function graphParams(change: ObjectChange, before?: ChangedObject): Record<string, string | number> {
  return {
    ...(change.excludedAudienceIds
      ? { targeting: JSON.stringify(withExclusions(before, change.excludedAudienceIds)) }
      : {}),
    ...(change.status ? { status: change.status } : {}),
    ...(change.dailyBudget ? { daily_budget: change.dailyBudget } : {}),
    ...(change.lifetimeBudget ? { lifetime_budget: change.lifetimeBudget } : {}),
    ...(change.name ? { name: change.name } : {}),
    ...(change.creativeId ? { creative: JSON.stringify({ creative_id: change.creativeId }) } : {}),
  };
}

function withExclusions(before: ChangedObject | undefined, ids: readonly string[]): Record<string, unknown> {
  const targeting = before && 'targeting' in before ? before.targeting : undefined;
  if (!targeting) throw conflict('Meta did not return this ad set’s targeting, so no audience can be excluded.');
  const { excluded_custom_audiences: _replaced, ...rest } = targeting;
  return ids.length > 0 ? { ...rest, excluded_custom_audiences: ids.map((id) => ({ id })) } : rest;
}

/** The object as the request left it, for when Meta accepted the change but reading it back failed. */
export function asRequested(before: ObjectState, change: ObjectChange): ObjectState {
  return {
    ...before,
    ...(change.status ? { status: change.status } : {}),
    ...(change.dailyBudget ? { dailyBudget: change.dailyBudget } : {}),
    ...(change.lifetimeBudget ? { lifetimeBudget: change.lifetimeBudget } : {}),
    ...(change.name ? { name: change.name } : {}),
    ...(change.creativeId ? { creativeId: change.creativeId } : {}),
    ...(change.excludedAudienceIds ? { excludedAudienceIds: [...change.excludedAudienceIds].sort() } : {}),
  };
}

/**
 * The change that puts back what `change` moved, from the values read before it: the undo of an
 * applied change. Undefined when nothing can be restored (e.g. the object was neither active nor paused).
 */
export function reverseChange(before: ObjectState, change: ObjectChange): ObjectChange | undefined {
  const status = before.status === 'ACTIVE' || before.status === 'PAUSED' ? before.status : undefined;
  const reverse: ObjectChange = {
    ...(change.status && status ? { status } : {}),
    ...(change.dailyBudget && before.dailyBudget ? { dailyBudget: before.dailyBudget } : {}),
    ...(change.lifetimeBudget && before.lifetimeBudget ? { lifetimeBudget: before.lifetimeBudget } : {}),
    ...(change.name && before.name ? { name: before.name } : {}),
    ...(change.creativeId && before.creativeId ? { creativeId: before.creativeId } : {}),
    // An ad set that excluded nothing before reads without the field: undoing sends the empty list.
    ...(change.excludedAudienceIds ? { excludedAudienceIds: before.excludedAudienceIds ?? [] } : {}),
  };
  return Object.keys(reverse).length > 0 ? reverse : undefined;
}

/** A timeout or dropped connection: Meta may have applied the change without our hearing back. */
export function mayHaveApplied(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause;
  if (error instanceof GraphError) return error.kind === 'timeout' || error.kind === 'network';
  return cause instanceof GraphError && (cause.kind === 'timeout' || cause.kind === 'network');
}

/** Runs a step whose failure must not turn an accepted change into an error reply. */
export async function afterAccepted<T>(what: string, step: () => Promise<T>): Promise<T | undefined> {
  try {
    return await step();
  } catch (error) {
    logger.error(`Meta object change accepted by Meta, but ${what} failed`, { error: error as Error });
    return undefined;
  }
}

/** The object as Meta has it now: the fields a change reads. */
export function readObject(graph: GraphClient, level: ObjectLevel, objectId: string): Promise<ChangedObject> {
  return graph.get(`/${objectId}`, { fields: changeFields(level) }, changeShapes[level] as z.ZodType<ChangedObject>);
}

/**
 * Changes one campaign, ad set or ad at Meta (status, daily or lifetime budget, name, an ad's
 * creative), one change per object at a time (a lock item), with an audit row written before Meta
 * is asked and its outcome row after, and the `campaign` event (with the object's level) put in
 * the outbox, so it reaches the bus even if EventBridge is down right now. The "before" values are
 * read from Meta under the lock, so `reverseChange(result.before, change)` undoes exactly this
 * change. Once Meta accepted the change the result is success: a failed read-back, cache
 * eviction, audit outcome or outbox write is logged, and `after` falls back to the values requested.
 */
export async function applyObjectChange(deps: ObjectChangeDeps, input: ObjectChangeInput): Promise<AppliedChange> {
  const { level, objectId, change } = input;
  const { doc } = deps;
  if (maySpendMore(change)) await deps.assertMaySpend?.();
  const lock = await lockObject(doc, tableName('campaignLocks'), objectId, deps.lock, LEVEL_NAMES[level]);
  try {
    // Read under the lock, straight from Meta: this is the "before" the audit shows.
    const beforeObject = await readObject(deps.graph, level, objectId);
    const account = await deps.ownedAccount(beforeObject.account_id);
    const before = stateOf(beforeObject);
    if (input.expectedBefore) {
      // Checked under the lock: a change approved a moment ago on the same object is seen here.
      const stale = staleFields(input.expectedBefore.values, before);
      if (stale.length > 0) {
        const message = staleMessage({ level, name: beforeObject.name }, stale, input.expectedBefore.currency);
        throw staleBeforeError([{ objectId, message }]);
      }
    }
    checkChangeShape(level, before, change);
    checkBudgetMinimum(beforeObject, change, account);

    const requested = graphParams(change, beforeObject);
    const auditTable = tableName('campaignAudit');
    const action = input.action ?? describeAction(change);
    const campaignId = campaignIdOf(level, beforeObject);
    // No audit row, no change: a failure here answers an error before Meta is touched.
    const pending = await recordPendingChange(
      doc,
      auditTable,
      {
        userId: input.userId,
        campaignId,
        ...(level === 'campaign'
          ? { campaignName: beforeObject.name }
          : { level, objectId, objectName: beforeObject.name }),
        adAccountId: account.id,
        action,
        before,
        requested,
        ...(input.source ? { source: input.source } : {}),
      },
      deps.now(),
    );

    try {
      await deps.graph.post(`/${objectId}`, requested, z.object({ success: z.boolean() }));
    } catch (error) {
      await afterAccepted('recording the failure', () =>
        recordChangeOutcome(
          doc,
          auditTable,
          pending,
          { outcome: mayHaveApplied(error) ? 'unknown' : 'failed', error: (error as Error).message.slice(0, 500) },
          deps.now(),
        ),
      ).catch(() => undefined);
      throw error;
    }

    // Meta accepted the change: from here on nothing may turn the result into an error.
    if (deps.forgetCachedReads) await afterAccepted('evicting the cache', deps.forgetCachedReads);
    const afterObject = await afterAccepted('reading the object back', () => readObject(deps.graph, level, objectId));
    const after = afterObject ? stateOf(afterObject) : asRequested(before, change);
    const afterSource = afterObject ? 'meta' : 'requested';
    const afterName = after.name ?? beforeObject.name;
    await afterAccepted('writing the audit outcome', () =>
      recordChangeOutcome(
        doc,
        auditTable,
        pending,
        {
          outcome: 'completed',
          ...(level === 'campaign' ? { campaignName: afterName } : { objectName: afterName }),
          after,
          afterSource,
        },
        deps.now(),
      ),
    );
    const budget = after.dailyBudget ?? after.lifetimeBudget;
    await afterAccepted('writing the campaign event to the outbox', () =>
      enqueueEvent(
        doc,
        campaignEvent,
        {
          action,
          campaignName: afterName,
          campaignId,
          userId: input.userId,
          ...(level === 'campaign' ? {} : { level, objectId }),
          ...(deps.userEmail ? { userEmail: deps.userEmail } : {}),
          ...(budget ? { budget } : {}),
        },
        { now: deps.now() },
      ),
    );
    return {
      changeId: pending.changeId,
      level,
      objectId,
      campaignId,
      adAccountId: account.id,
      action,
      before,
      after,
      afterSource,
      beforeObject,
      afterObject,
    };
  } finally {
    await lock
      .release()
      .catch((error: unknown) =>
        logger.warn('Object change lock not released; it expires on its own', { error: error as Error }),
      );
  }
}
