import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { plans, type PlanKey } from '@shared/plans';
import { planAllowingMore, quotas, windowEnd, windowId, type QuotaKey, type QuotaWindow } from '@shared/quotas';
import type { QuotaUsage } from '@shared/schemas/billing';
import { keyCondition, tableKey } from '@shared/table-keys';
import {
  CLIENT_WORKSPACES_PLAN,
  isPooled,
  placesOf,
  pooledPlace,
  quotaScopeOf,
  type QuotaScope,
} from '../billing/plan-record';
import { AppError, validationError } from '../errors';

/**
 * The plan quotas of shared/plans.ts, counted in the `quota_usage` table. Every
 * limited action calls `consumeQuota` (windowed limits) or `holdQuota` (things a
 * user keeps) BEFORE doing its work: one conditional UpdateItem both checks and
 * counts, so concurrent requests from any number of containers never pass the
 * limit together. A window's counter has the window in its key, so a new day or
 * month starts from zero by itself; TTL only cleans old items up.
 */
export interface QuotaStore {
  doc: DynamoDBDocumentClient;
  table: string;
  now?: () => Date;
}

/** Limits counted per window, and limits held. */
export type WindowedQuotaKey = { [K in QuotaKey]: (typeof quotas)[K]['window'] extends null ? never : K }[QuotaKey];
export type HeldQuotaKey = Exclude<QuotaKey, WindowedQuotaKey>;

/** What one counted action used: enough to give it back if the work came to nothing. */
export interface QuotaGrant {
  used: number;
  limit: number;
  /** ISO time the window starts again. */
  resetsAt: string;
  /** The counter item's sort key (names the window the action was counted in). */
  counter: string;
  /** Whose counter it was taken from when not the workspace's own (an attached client drawing on its agency's pool). */
  holder?: string;
}

/** Counter items live this long past their window, so support can look at the last one. */
const RETAIN_SECONDS = 2 * 24 * 3600;

/** The 429 of an exhausted quota; `retryAfterSeconds` becomes the Retry-After header. */
export class QuotaExceededError extends AppError {
  readonly retryAfterSeconds?: number;
  constructor(message: string, details: Record<string, string>, retryAfterSeconds?: number) {
    super('QUOTA_EXCEEDED', message, { details });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function limitOf(plan: PlanKey, key: QuotaKey): number {
  return plans[plan].limits[key];
}

function counterKey(key: WindowedQuotaKey, window: QuotaWindow, now: Date): string {
  return `${key}#${windowId(window, now)}`;
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun.replace(/s$/, '') : noun}`;
}

export function quotaExceeded(key: QuotaKey, plan: PlanKey, limit: number, now: Date): QuotaExceededError {
  const declaration = quotas[key];
  const upgradeTo = planAllowingMore(key, plan);
  const offer = upgradeTo
    ? ` ${plans[upgradeTo].name} allows ${count(limitOf(upgradeTo, key), declaration.noun)}.`
    : '';
  const details: Record<string, string> = { quota: key, limit: String(limit), plan };
  if (upgradeTo) details.upgradeTo = upgradeTo;
  if (declaration.window === null) {
    return new QuotaExceededError(
      `Your ${plans[plan].name} plan allows ${count(limit, declaration.noun)}.${offer}`,
      details,
    );
  }
  const resetsAt = windowEnd(declaration.window, now);
  details.resetsAt = resetsAt.toISOString();
  const period = declaration.window === 'day' ? 'today' : 'this month';
  const when = declaration.window === 'day' ? '00:00 UTC' : `the 1st, 00:00 UTC`;
  return new QuotaExceededError(
    `You have used all ${count(limit, declaration.noun)} of your ${plans[plan].name} plan ${period}. ` +
      `They start again at ${when} (${details.resetsAt}).${offer}`,
    details,
    Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)),
  );
}

/**
 * Counts one action against a windowed limit, or throws QUOTA_EXCEEDED naming
 * the limit, when it resets and the plan that would allow more. `limit` is the
 * plan's unless an operator overrides it.
 */
export async function consumeQuota(
  store: QuotaStore,
  userId: string,
  key: WindowedQuotaKey,
  plan: PlanKey,
  limit = limitOf(plan, key),
): Promise<QuotaGrant> {
  const now = store.now?.() ?? new Date();
  const window = quotas[key].window;
  const resetsAt = windowEnd(window, now);
  const counter = counterKey(key, window, now);
  try {
    const reply = await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: tableKey('quotaUsage', userId, counter),
        UpdateExpression: 'ADD #used :one SET expires_at = :expires',
        // A limit of 0 allows nothing, even before the first count.
        ConditionExpression: '(attribute_not_exists(#used) AND :limit > :zero) OR #used < :limit',
        ExpressionAttributeNames: { '#used': 'used' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':zero': 0,
          ':limit': limit,
          ':expires': Math.floor(resetsAt.getTime() / 1000) + RETAIN_SECONDS,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return { used: Number(reply.Attributes?.used ?? 1), limit, resetsAt: resetsAt.toISOString(), counter };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw quotaExceeded(key, plan, limit, now);
    throw error;
  }
}

/** Gives an action back when its work produced nothing: a failure should not cost quota. Same window it was counted in. */
export async function refundQuota(store: QuotaStore, userId: string, grant: QuotaGrant): Promise<void> {
  await store.doc.send(
    new UpdateCommand({
      TableName: store.table,
      Key: tableKey('quotaUsage', grant.holder ?? userId, grant.counter),
      UpdateExpression: 'ADD #used :minusOne',
      ConditionExpression: '#used > :zero',
      ExpressionAttributeNames: { '#used': 'used' },
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    }),
  );
}

/** Where the plan table is, for the functions that resolve a workspace's plan and pool themselves. */
export interface PlanTable {
  doc: DynamoDBDocumentClient;
  table: string;
}

/**
 * Counts one action of a workspace against a windowed limit of the plan that pays for it: its own counter, or, for
 * a client workspace attached to an Agency plan, the agency's (one pool, each action counted once). The grant names
 * the counter's holder, so refundQuota gives it back where it was taken.
 */
export async function consumeWorkspaceQuota(
  store: QuotaStore,
  planTable: PlanTable,
  workspaceId: string,
  key: WindowedQuotaKey,
  limitOverride?: number,
): Promise<QuotaGrant> {
  const scope = await quotaScopeOf(planTable.doc, planTable.table, workspaceId, store.now?.() ?? new Date());
  const holder = isPooled(key) ? scope.holder : workspaceId;
  const grant = await consumeQuota(store, holder, key, scope.plan, limitOverride);
  return holder === workspaceId ? grant : { ...grant, holder };
}

/**
 * Takes a place of a held limit for one thing (an ad account id, a rule id):
 * free if the user already holds it, refused with QUOTA_EXCEEDED when all places
 * are taken. The set of held ids is one item, changed by one conditional update.
 * Returns how many places are taken now.
 */
export async function holdQuota(
  store: QuotaStore,
  userId: string,
  key: HeldQuotaKey,
  plan: PlanKey,
  memberId: string,
  limit = limitOf(plan, key),
): Promise<number> {
  try {
    const reply = await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: tableKey('quotaUsage', userId, key),
        UpdateExpression: 'ADD members :member',
        ConditionExpression:
          '(attribute_not_exists(members) AND :limit > :zero) OR contains(members, :id) OR size(members) < :limit',
        ExpressionAttributeValues: { ':member': new Set([memberId]), ':id': memberId, ':limit': limit, ':zero': 0 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return (reply.Attributes?.members as Set<string> | undefined)?.size ?? 1;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException)
      throw quotaExceeded(key, plan, limit, store.now?.() ?? new Date());
    throw error;
  }
}

/** Frees the place one thing held (the rule was switched off, the Meta connection removed). */
export async function releaseHeld(store: QuotaStore, userId: string, key: HeldQuotaKey, memberIds: string[]) {
  if (memberIds.length === 0) return;
  await store.doc.send(
    new UpdateCommand({
      TableName: store.table,
      Key: tableKey('quotaUsage', userId, key),
      UpdateExpression: 'DELETE members :members',
      ExpressionAttributeValues: { ':members': new Set(memberIds) },
    }),
  );
}

/**
 * The user's usage against every limit of their plan, as of now (one Query over their counters). `overrides`:
 * limits an operator fixed in place of the plan's (AI_DAILY_GENERATION_LIMIT), reported as the ones that apply.
 */
export async function readUsage(
  store: QuotaStore,
  userId: string,
  plan: PlanKey,
  overrides: Partial<Record<QuotaKey, number>> = {},
): Promise<QuotaUsage[]> {
  const now = store.now?.() ?? new Date();
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await store.doc.send(
      new QueryCommand({
        TableName: store.table,
        KeyConditionExpression: keyCondition('quotaUsage', ':user'),
        ExpressionAttributeValues: { ':user': userId },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const byCounter = new Map(items.map((item) => [String(item.counter), item]));

  return (Object.keys(quotas) as QuotaKey[]).map((key) => {
    const declaration: { window: QuotaWindow | null; countedBy: readonly unknown[] } = quotas[key];
    const limit = overrides[key] ?? limitOf(plan, key);
    if (declaration.window === null) {
      const members = byCounter.get(key)?.members as Set<string> | undefined;
      return {
        key,
        // The owner always holds a seat, even before anyone was invited (lambdas/team/seats.ts).
        used: key === 'seats' ? Math.max(1, members?.size ?? 0) : (members?.size ?? 0),
        limit,
        resetsAt: null,
        enforced: declaration.countedBy.length > 0,
        held: [...(members ?? [])].sort(),
      };
    }
    const item = byCounter.get(`${key}#${windowId(declaration.window, now)}`);
    return {
      key,
      used: Math.max(0, Number(item?.used ?? 0)),
      limit,
      resetsAt: windowEnd(declaration.window, now).toISOString(),
      enforced: declaration.countedBy.length > 0,
    };
  });
}

/** Frees every place of a held limit at once (the things were all removed together). */
export async function releaseAllHeld(store: QuotaStore, userId: string, key: HeldQuotaKey): Promise<void> {
  await store.doc.send(
    new UpdateCommand({
      TableName: store.table,
      Key: tableKey('quotaUsage', userId, key),
      UpdateExpression: 'REMOVE members',
    }),
  );
}

/** The ids holding places of a held limit (one consistent GetItem). */
export async function heldMembers(store: QuotaStore, userId: string, key: HeldQuotaKey): Promise<string[]> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('quotaUsage', userId, key), ConsistentRead: true }),
  );
  return [...((reply.Item?.members as Set<string> | undefined) ?? [])].sort();
}

/**
 * Above the limit after a downgrade (or a subscription that ended): the user still reads everything they hold,
 * and may always pause, but a change that spends is refused until they choose what to keep (or upgrade).
 */
export async function assertWithinHeldLimit(
  store: QuotaStore,
  userId: string,
  key: HeldQuotaKey,
  plan: PlanKey,
  limit = limitOf(plan, key),
): Promise<void> {
  const held = await heldMembers(store, userId, key);
  if (held.length <= limit) return;
  const error = quotaExceeded(key, plan, limit, store.now?.() ?? new Date());
  const noun = quotas[key].noun;
  throw new QuotaExceededError(
    `Your ${plans[plan].name} plan allows ${count(limit, noun)} and you have ${held.length}. Choose which to keep ` +
      `under Plan and billing on the dashboard (or upgrade) to make changes again; you can still see everything ` +
      `and pause campaigns.`,
    { ...(error.details as Record<string, string>), held: String(held.length) },
  );
}

/**
 * Keeps the chosen places of a held limit and gives the others back. The kept ids must be ones the user holds,
 * and no more than the plan allows (in a running pool: beside the places the pool's other workspaces hold).
 */
export async function keepHeld(
  store: QuotaStore,
  userId: string,
  key: HeldQuotaKey,
  plan: PlanKey,
  keep: string[],
  scope: QuotaScope = { plan, holder: userId },
): Promise<void> {
  // In an agency's pool the places sit in the agency's counter: this workspace chooses among its own places only,
  // and the other workspaces' places count against the one limit too (an agency's choice never frees a client's).
  const held = await heldMembers(store, scope.holder, key);
  const mine = placesOf(scope, userId, held);
  // Other workspaces' places count only while the pool runs: after an agency's downgrade its clients are on their
  // own plans, and the places they left in its counter go with the agency's choice (as before the pool).
  const poolRuns = scope.plan === CLIENT_WORKSPACES_PLAN;
  const stale = poolRuns ? [] : held.filter((id) => !mine.includes(id));
  const others = poolRuns ? held.length - mine.length : 0;
  const wanted = [...new Set(keep)];
  const unknown = wanted.filter((id) => !mine.includes(id));
  if (unknown.length > 0) throw validationError(`Not among your ${quotas[key].noun}: ${unknown.join(', ')}.`);
  const limit = limitOf(plan, key);
  if (wanted.length + others > limit) {
    const most = Math.max(0, limit - others);
    throw validationError(
      others > 0
        ? `Your ${plans[plan].name} plan allows ${count(limit, quotas[key].noun)} in the pool, and the other ` +
            `workspaces on it hold ${others}: keep at most ${most}.`
        : `Your ${plans[plan].name} plan allows ${count(limit, quotas[key].noun)}: keep at most ${limit}.`,
    );
  }
  await releaseHeld(store, scope.holder, key, [
    ...mine.filter((id) => !wanted.includes(id)).map((id) => pooledPlace(scope, userId, id)),
    ...stale,
  ]);
}

/**
 * A held limit bound to its tables: reads the user's plan (`user_plans`) and
 * takes or frees places (`quota_usage`), for functions that hand it to their logic.
 */
export function heldQuota(counters: QuotaStore, planTable: PlanTable, key: HeldQuotaKey) {
  const scopeOf = async (userId: string): Promise<QuotaScope> => {
    const scope = await quotaScopeOf(planTable.doc, planTable.table, userId, counters.now?.() ?? new Date());
    return isPooled(key) ? scope : { ...scope, holder: userId };
  };
  return {
    async hold(userId: string, memberId: string): Promise<void> {
      const scope = await scopeOf(userId);
      await holdQuota(counters, scope.holder, key, scope.plan, pooledPlace(scope, userId, memberId));
    },
    /**
     * Frees every place the workspace holds. In a pool only its own places go (an agency's plain ids, a client's
     * prefixed ones), never another client's; an attached client's own counter (from before it was attached) too.
     */
    async releaseAll(userId: string): Promise<void> {
      if (!isPooled(key)) return releaseAllHeld(counters, userId, key);
      const scope = await scopeOf(userId);
      if (scope.holder !== userId) await releaseAllHeld(counters, userId, key);
      const mine = placesOf(scope, userId, await heldMembers(counters, scope.holder, key));
      await releaseHeld(
        counters,
        scope.holder,
        key,
        mine.map((id) => pooledPlace(scope, userId, id)),
      );
    },
    /** Refuses a change that spends while the user holds more than their plan allows (see assertWithinHeldLimit). */
    async assertWithinLimit(userId: string): Promise<void> {
      const scope = await scopeOf(userId);
      await assertWithinHeldLimit(counters, scope.holder, key, scope.plan);
    },
  };
}
