import { plans, type PlanKey, type PlanLimits } from './plans';
// Types only: routes.ts reaches this file at run time (through the billing schemas), so no value may come back.
import type { RouteName } from './routes';

/**
 * How each limit of shared/plans.ts is counted. A windowed limit counts actions
 * in a UTC day or calendar month and starts again at the next one; a held limit
 * counts things the user keeps (ad accounts in use, rules switched on) and
 * frees a place only when one is given back. `countedBy` names the routes
 * whose requests the server counts (lambdas/lib/quota); empty where the
 * feature is not built yet. Every name people read for a limit is declared
 * here: the pricing page, the plan card, the usage meters, the server's quota
 * messages and the chat's facts all take it from this table.
 */
export type QuotaWindow = 'day' | 'month';

export interface QuotaDeclaration {
  /** Counted per window, or held (no reset). */
  window: QuotaWindow | null;
  /** Plural noun for the thing counted, as people read it ("12 of 20 AI generations left today"). */
  noun: string;
  /** The limit's name in a list of a plan's limits ("AI generations a day"). */
  label: string;
  /** A plan's allowance as a count of things: "20 AI generations a day", "1 seat" (see `planAllowance`). */
  allowance: { one: string; many: string };
  /** The routes (their keys in shared/routes.ts) whose requests the server counts; empty while none exists. */
  countedBy: readonly RouteName[];
  /** When a request of those routes counts, where not every one does. */
  countedWhen?: string;
}

export type QuotaKey = keyof PlanLimits;

export const quotas = {
  aiGenerationsPerDay: {
    window: 'day',
    noun: 'AI generations',
    label: 'AI generations a day',
    allowance: { one: 'AI generation a day', many: 'AI generations a day' },
    // Each request that asks the AI to write. Reading recommendations never counts (their explanations are kept).
    countedBy: ['aiGenerateAdCopy', 'adOptimizerRewrite', 'campaignGeneratorPlan', 'graphicsAiImage'],
    // The signed-in chat and the agent are streamed from their function URLs, outside the HTTP API.
    countedWhen: 'each AI request, each signed-in chat answer (POST /api/chat) and each agent turn (POST /api/agent)',
  },
  // One export request counts once, whatever the number of sizes it renders; a video ad made from a design counts
  // as one export too (the plans have no separate video allowance).
  graphicsExportsPerMonth: {
    window: 'month',
    noun: 'graphics exports',
    label: 'Graphics exports a month',
    allowance: { one: 'graphics export a month', many: 'graphics exports a month' },
    countedBy: ['graphicsExportDesign', 'graphicsRenderVideo'],
  },
  connectedAdAccounts: {
    window: null,
    noun: 'ad accounts',
    label: 'Connected ad accounts',
    allowance: { one: 'Meta ad account', many: 'Meta ad accounts' },
    countedBy: ['metaCampaigns', 'metaAccountInsights', 'metaPerformanceTable'],
    countedWhen: 'first use of an account',
  },
  automationRules: {
    window: null,
    noun: 'automation rules',
    label: 'Automation rules',
    allowance: { one: 'automation rule', many: 'automation rules' },
    // Rules on at once: counted when one is switched on, freed when it is switched off or deleted.
    countedBy: ['rulesSetStatus'],
    countedWhen: 'switching a rule on',
  },
  mmmFitsPerMonth: {
    window: 'month',
    noun: 'marketing-mix fits',
    label: 'Marketing-mix fits a month',
    allowance: { one: 'marketing-mix model a month', many: 'marketing-mix models a month' },
    countedBy: ['mmmStartFit'],
  },
  // The owner, members and pending invitations each hold a seat: taken by an invitation, freed by a revoke,
  // an expiry, a removal or a member leaving.
  seats: {
    window: null,
    noun: 'seats',
    label: 'Seats',
    allowance: { one: 'seat', many: 'seats' },
    countedBy: ['inviteTeammate'],
  },
} as const satisfies Record<QuotaKey, QuotaDeclaration>;

export const quotaKeys = Object.keys(quotas) as [QuotaKey, ...QuotaKey[]];

/** A plan's allowance of one limit, as the pricing page and the chat say it: "20 AI generations a day", "1 seat". */
export function planAllowance(key: QuotaKey, limit: number): string {
  const { one, many } = quotas[key].allowance;
  return `${limit.toLocaleString('en-US')} ${limit === 1 ? one : many}`;
}

/** The order a plan's allowances are listed in (what marketers compare first). */
const ALLOWANCE_ORDER = [
  'aiGenerationsPerDay',
  'connectedAdAccounts',
  'graphicsExportsPerMonth',
  'automationRules',
  'mmmFitsPerMonth',
  'seats',
] as const satisfies readonly QuotaKey[];

/** Every allowance of a plan's limits: the pricing page's plan card, the chat's plan facts. */
export function planAllowances(limits: PlanLimits): string[] {
  return ALLOWANCE_ORDER.map((key) => planAllowance(key, limits[key]));
}

/** The cheapest plan that allows more than `limit` of this quota, or null when none does. */
export function planAllowingMore(key: QuotaKey, current: PlanKey): PlanKey | null {
  const now = plans[current].limits[key];
  const better = (Object.keys(plans) as PlanKey[])
    .filter((plan) => plans[plan].limits[key] > now)
    .sort((a, b) => plans[a].priceCents.monthly - plans[b].priceCents.monthly);
  return better[0] ?? null;
}

/** The first instant of the next window (00:00 UTC tomorrow, or the 1st of next month). */
export function windowEnd(window: QuotaWindow, now: Date): Date {
  return window === 'day'
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** The window's name in counter keys: `2026-11-22` for a day, `2026-11` for a month (UTC). */
export function windowId(window: QuotaWindow, now: Date): string {
  const iso = now.toISOString();
  return window === 'day' ? iso.slice(0, 10) : iso.slice(0, 7);
}
