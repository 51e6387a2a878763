import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BillingInterval } from '@shared/billing';
import { DEFAULT_PLAN, plans, type PlanKey } from '@shared/plans';
import type { QuotaKey } from '@shared/quotas';
import { tableKey } from '@shared/table-keys';
import { conflict } from '../errors';

/**
 * A user's plan as billing last recorded it (one row per user in
 * `user_plans`), and the plan the server enforces from it. Every limited action
 * asks `planOfUser`; only billing's webhook writes the row.
 */
export interface PlanRecord {
  user_id: string;
  plan: PlanKey;
  interval?: BillingInterval;
  subscription_status?: string;
  stripe_customer_id?: string;
  stripe_subscription_id?: string;
  /** Unix seconds. */
  current_period_end?: number;
  cancel_at_period_end?: boolean;
  payment_failed?: boolean;
  /** How many plan changes Stripe has answered: the next change's number keys its request (change-plan.ts). */
  plan_changes?: number;
  email?: string;
  updated_at?: string;
  /**
   * A client workspace an agency created (issue 28, req 1): the agency's workspace id. Its plan, and so its seats
   * and quotas, are the agency's Agency plan while that plan runs (clientWorkspacePlan); it has no subscription
   * of its own.
   */
  billed_to?: string;
}

/** The only plan that holds client workspaces and pays for their seats and quotas. */
export const CLIENT_WORKSPACES_PLAN: PlanKey = 'agency';

/**
 * The plan of a client workspace billed to an agency: the agency's own effective plan when it is the Agency plan
 * (its limits then apply to the client workspace, its AI generations drawn from the agency's pool: quotaScopeOf),
 * else the client workspace's own record (Free without a subscription): a lapsed or downgraded agency stops paying.
 */
export function clientWorkspacePlan(
  own: PlanRecord | undefined,
  payer: PlanRecord | undefined,
  now: Date,
): EffectivePlan {
  const paid = effectivePlan(payer, now);
  return paid.plan === CLIENT_WORKSPACES_PLAN ? paid : effectivePlan(own, now);
}

export interface EffectivePlan {
  plan: PlanKey;
  /** When a still-paid plan falls back to Free (cancelled or unpaid), if it will. */
  downgradesAt: Date | null;
}

/** Statuses in which Stripe has stopped billing for good: the plan is Free. */
const ENDED = new Set(['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']);

export function effectivePlan(record: PlanRecord | undefined, now: Date): EffectivePlan {
  if (!record || record.plan === DEFAULT_PLAN || !(record.plan in plans))
    return { plan: DEFAULT_PLAN, downgradesAt: null };
  if (!record.subscription_status || ENDED.has(record.subscription_status))
    return { plan: DEFAULT_PLAN, downgradesAt: null };
  const periodEnd = record.current_period_end ? new Date(record.current_period_end * 1000) : null;
  const ending = record.cancel_at_period_end || record.payment_failed || record.subscription_status === 'past_due';
  if (!ending) return { plan: record.plan, downgradesAt: null };
  // Paid up to the period end: a cancelled or unpaid plan runs to it, then Free.
  if (!periodEnd || periodEnd <= now) return { plan: DEFAULT_PLAN, downgradesAt: null };
  return { plan: record.plan, downgradesAt: periodEnd };
}

export async function readPlanRecord(
  doc: DynamoDBDocumentClient,
  table: string,
  userId: string,
): Promise<PlanRecord | undefined> {
  const reply = await doc.send(
    new GetCommand({ TableName: table, Key: tableKey('userPlans', userId), ConsistentRead: true }),
  );
  return reply.Item as PlanRecord | undefined;
}

/**
 * The plan whose limits apply to a workspace now, and whose counters its pooled limits are counted in (`holder`).
 * A client workspace whose agency's Agency plan runs draws from the agency's pool: its AI generations are counted in
 * the agency's counters (POOLED_QUOTAS), so the agency and all its clients share one allowance, counted once. Any
 * other workspace (a person's own, or a client workspace whose agency stopped paying: back on its own record) counts
 * in its own.
 */
export interface QuotaScope {
  plan: PlanKey;
  holder: string;
}

/**
 * The limits an attached client workspace draws from its agency's pool (counted under the agency's id): one shared
 * total per limit, not a copy of the Agency limits per client. An agency pays one price for one allowance and decides
 * where it goes (a busy client may use most of it); per-client copies would let 30 clients use 30 times what was
 * paid for. Automation rules stay per workspace (a rule belongs to its account, and Agency allows 200 on each);
 * seats are counted per workspace too (an agency's staff work in every client: a pooled seat per client membership
 * would count one person many times).
 */
export const POOLED_QUOTAS = [
  'aiGenerationsPerDay',
  'graphicsExportsPerMonth',
  'mmmFitsPerMonth',
  'connectedAdAccounts',
] as const satisfies readonly QuotaKey[];
export type PooledQuotaKey = (typeof POOLED_QUOTAS)[number];

export function isPooled(key: QuotaKey): key is PooledQuotaKey {
  return (POOLED_QUOTAS as readonly QuotaKey[]).includes(key);
}

/**
 * The place a held thing (an ad account) takes in a pool's counter. The agency's own keep their plain ids (as before
 * it had clients); a client's carry its workspace id, so the same ad account used in two clients takes two places
 * (each client's use is its own), a client's places can be given back without touching the others', and a client
 * reading the pool's usage sees only its own.
 */
export function pooledPlace(scope: QuotaScope, workspaceId: string, memberId: string): string {
  return scope.holder === workspaceId ? memberId : `${workspaceId}/${memberId}`;
}

/** The places of one workspace among a pool's held ids, as that workspace's own ids. */
export function placesOf(scope: QuotaScope, workspaceId: string, held: readonly string[]): string[] {
  if (scope.holder === workspaceId) return held.filter((id) => !id.includes('/'));
  const prefix = `${workspaceId}/`;
  return held.filter((id) => id.startsWith(prefix)).map((id) => id.slice(prefix.length));
}

export async function quotaScopeOf(
  doc: DynamoDBDocumentClient,
  table: string,
  workspaceId: string,
  now = new Date(),
): Promise<QuotaScope> {
  const record = await readPlanRecord(doc, table, workspaceId);
  if (!record?.billed_to || record.billed_to === workspaceId) {
    return { plan: effectivePlan(record, now).plan, holder: workspaceId };
  }
  const payer = await readPlanRecord(doc, table, record.billed_to);
  const plan = clientWorkspacePlan(record, payer, now).plan;
  const pooled = effectivePlan(payer, now).plan === CLIENT_WORKSPACES_PLAN;
  return { plan, holder: pooled ? record.billed_to : workspaceId };
}

/** The plan whose limits apply to this user (workspace) now: for a client workspace, its agency's (billed_to). */
export async function planOfUser(
  doc: DynamoDBDocumentClient,
  table: string,
  userId: string,
  now = new Date(),
): Promise<PlanKey> {
  return (await quotaScopeOf(doc, table, userId, now)).plan;
}

/**
 * A workspace attached to an agency's plan starts no subscription of its own (it would be charged beside the agency
 * paying for it): Checkout and plan changes are refused until the agency detaches it.
 */
export function assertNotAttached(record: PlanRecord | undefined): void {
  if (record?.billed_to && record.billed_to !== record.user_id) {
    throw conflict(
      'This workspace is on an agency’s Agency plan, which pays for it. Ask the agency to detach it before choosing a plan of its own.',
    );
  }
}
