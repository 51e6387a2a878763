import { plans, type PlanKey, type PlanLimits } from './plans';

/**
 * How each limit of shared/plans.ts is counted. A windowed limit counts actions
 * in a UTC day or calendar month and starts again at the next one; a held limit
 * counts things the user keeps (ad accounts in use, rules switched on) and
 * frees a place only when one is given back. `action` names what the server
 * counts today; null where the feature is not built yet (it will call
 * lambdas/lib/quota when it is).
 */
export type QuotaWindow = 'day' | 'month';

export interface QuotaDeclaration {
  /** Counted per window, or held (no reset). */
  window: QuotaWindow | null;
  /** Plural noun for the thing counted, as people read it ("12 of 20 AI generations left today"). */
  noun: string;
  /** The action the server counts, or null while no such action exists. */
  action: string | null;
}

export type QuotaKey = keyof PlanLimits;

export const quotas = {
  aiGenerationsPerDay: { window: 'day', noun: 'AI generations', action: 'POST /api/ai/ad-copy' },
  // One export request counts once, whatever the number of sizes it renders.
  graphicsExportsPerMonth: {
    window: 'month',
    noun: 'graphics exports',
    action: 'POST /api/graphics/designs/{id}/exports',
  },
  connectedAdAccounts: {
    window: null,
    noun: 'ad accounts',
    action: 'GET /api/meta/ad-accounts/{id}/campaigns, /insights (first use of an account)',
  },
  automationRules: {
    window: null,
    noun: 'automation rules',
    // Rules on at once: counted when one is switched on, freed when it is switched off or deleted.
    action: 'PUT /api/rules/{id}/status (switching a rule on)',
  },
  mmmFitsPerMonth: { window: 'month', noun: 'marketing-mix fits', action: 'POST /api/mmm/models' },
  // The owner, members and pending invitations each hold a seat: taken by an invitation, freed by a revoke,
  // an expiry, a removal or a member leaving.
  seats: { window: null, noun: 'seats', action: 'POST /api/team/invitations' },
} as const satisfies Record<QuotaKey, QuotaDeclaration>;

export const quotaKeys = Object.keys(quotas) as [QuotaKey, ...QuotaKey[]];

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
