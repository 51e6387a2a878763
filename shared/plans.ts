/**
 * The plans table: what each plan costs and what it allows, declared once. The
 * pricing page shows it, the server's quota checks enforce it, billing maps
 * Stripe prices onto it. Prices are in US cents.
 */
export interface PlanLimits {
  /** AI generations (ad copy, campaign plans, images, chat answers) per UTC day. */
  aiGenerationsPerDay: number;
  /** Graphics exported per calendar month (UTC). */
  graphicsExportsPerMonth: number;
  /** Meta ad accounts a user may work with. */
  connectedAdAccounts: number;
  /** Automation rules switched on at once. */
  automationRules: number;
  /** Marketing-mix model fits per calendar month (UTC). */
  mmmFitsPerMonth: number;
  seats: number;
}

export interface PlanDeclaration {
  name: string;
  tagline: string;
  /** Price per month when paid monthly, and per year when paid yearly, in US cents. */
  priceCents: { monthly: number; yearly: number };
  limits: PlanLimits;
}

export const plans = {
  free: {
    name: 'Free',
    tagline: 'Try AI ad copy and the dashboard on up to two ad accounts.',
    priceCents: { monthly: 0, yearly: 0 },
    limits: {
      aiGenerationsPerDay: 20,
      graphicsExportsPerMonth: 10,
      // Two: a business account and a test one (the demo Meta user has two, in USD and JPY).
      connectedAdAccounts: 2,
      automationRules: 2,
      mmmFitsPerMonth: 1,
      seats: 1,
    },
  },
  pro: {
    name: 'Pro',
    tagline: 'For marketers running campaigns every week.',
    priceCents: { monthly: 4_900, yearly: 47_000 },
    limits: {
      aiGenerationsPerDay: 200,
      graphicsExportsPerMonth: 200,
      connectedAdAccounts: 5,
      automationRules: 25,
      mmmFitsPerMonth: 10,
      seats: 3,
    },
  },
  agency: {
    name: 'Agency',
    // The pool is shared, not copied per client (lambdas/lib/billing/plan-record.ts POOLED_QUOTAS).
    tagline: 'For agencies: client workspaces on your plan share its one pool of AI, exports and ad accounts.',
    priceCents: { monthly: 19_900, yearly: 191_000 },
    limits: {
      aiGenerationsPerDay: 1_000,
      graphicsExportsPerMonth: 2_000,
      connectedAdAccounts: 50,
      automationRules: 200,
      mmmFitsPerMonth: 60,
      seats: 10,
    },
  },
} as const satisfies Record<string, PlanDeclaration>;

export type PlanKey = keyof typeof plans;
/** Every user starts here; billing moves them up. */
export const DEFAULT_PLAN: PlanKey = 'free';

/**
 * Graphics storage each plan keeps (uploads, AI images and exports in the assets bucket), in bytes.
 * Counted per user before anything is written (lambdas/lib/graphics); deleting an image frees its room.
 */
export const graphicsStorageBytes: Record<PlanKey, number> = {
  free: 200 * 1024 * 1024,
  pro: 5 * 1024 ** 3,
  agency: 50 * 1024 ** 3,
};
