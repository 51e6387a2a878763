import { plans, type PlanKey } from '@shared/plans';
import { planAllowances } from '@shared/quotas';

export type BillingPeriod = 'monthly' | 'yearly';

/** Whole dollars when whole, cents otherwise: "$49", "$39.17". */
export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars)
    ? `$${dollars.toLocaleString('en-US')}`
    : `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export interface PlanPrice {
  /** What the card shows large: per month in both periods. */
  perMonth: string;
  /** The line under it. */
  note: string;
}

export function planPrice(key: PlanKey, period: BillingPeriod): PlanPrice {
  const { monthly, yearly } = plans[key].priceCents;
  if (monthly === 0) return { perMonth: '$0', note: 'Free forever' };
  if (period === 'monthly') return { perMonth: formatUsd(monthly), note: 'per month, billed monthly' };
  return { perMonth: formatUsd(Math.round(yearly / 12)), note: `per month, ${formatUsd(yearly)} billed yearly` };
}

/** What paying yearly saves against twelve monthly payments, as a whole percentage (largest across plans). */
export function yearlySavingPercent(): number {
  return Math.max(
    ...Object.values(plans).map(({ priceCents: { monthly, yearly } }) =>
      monthly === 0 ? 0 : Math.round((1 - yearly / (monthly * 12)) * 100),
    ),
  );
}

/** The plan card's list, read from the limits the server enforces. */
export function planFeatures(key: PlanKey): string[] {
  return planAllowances(plans[key].limits);
}
