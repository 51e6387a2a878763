import type { Attention, BudgetPace, ClientOverviewRow, ClientTargets } from '@shared/schemas/agency-overview';

/**
 * The overview's arithmetic (issue 28, req 2), plain functions so the tests pin it: budget pace, the goal check, and
 * the order of what needs attention.
 */

/** A goal missed by less than this share is on target (a day's noise is not an alert). */
export const TARGET_TOLERANCE = 0.1;
/** Spend within this share of the prorated budget is on pace. */
export const PACE_TOLERANCE = 0.15;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Spend so far against the month's budget prorated by day: through `until` (the account's day the figures run to,
 * YYYY-MM-DD, counted whole: Meta's month-to-date includes today), the budget × day / days in the month.
 */
export function budgetPace(spend: number, monthlyBudget: number, until: string): BudgetPace {
  const [year, month, day] = until.split('-').map(Number) as [number, number, number];
  const length = daysInMonth(year, month);
  const expectedSpend = round2((monthlyBudget * day) / length);
  const ratio = expectedSpend > 0 ? round4(spend / expectedSpend) : null;
  const state =
    ratio === null ? 'on_pace' : ratio > 1 + PACE_TOLERANCE ? 'over' : ratio < 1 - PACE_TOLERANCE ? 'under' : 'on_pace';
  return { day, daysInMonth: length, expectedSpend, ratio, projectedSpend: round2((spend / day) * length), state };
}

/**
 * Whether the goal is missed: cost per result above target, or ROAS below it, beyond the tolerance. Money spent with
 * nothing to show (no results, no purchase value) misses it; nothing spent misses nothing.
 */
export function missesTarget(
  targets: ClientTargets,
  figures: { spend: number; costPerResult: number | null; roas: number | null },
): boolean {
  if (figures.spend <= 0) return false;
  if (targets.targetCostPerResult !== undefined) {
    return (
      figures.costPerResult === null || figures.costPerResult > targets.targetCostPerResult * (1 + TARGET_TOLERANCE)
    );
  }
  if (targets.targetRoas !== undefined) {
    return figures.roas === null || figures.roas < targets.targetRoas * (1 - TARGET_TOLERANCE);
  }
  return false;
}

export function attentionOf(offTarget: boolean, pace: BudgetPace | null): Attention {
  const offPace = pace !== null && pace.state !== 'on_pace';
  if (offTarget && offPace) return 'off_target_and_pace';
  if (offTarget) return 'off_target';
  if (offPace) return 'off_pace';
  return 'on_track';
}

const ATTENTION_ORDER: readonly Attention[] = [
  'off_target_and_pace',
  'off_target',
  'off_pace',
  'error',
  'on_track',
  'no_targets',
];

/** How far a row is from its targets (0 on track): the larger miss of goal and pace, as a share. */
export function distanceFromTargets(row: ClientOverviewRow): number {
  const pace = row.pace?.ratio != null ? Math.abs(row.pace.ratio - 1) : 0;
  let goal = 0;
  const t = row.targets;
  if (t?.targetCostPerResult !== undefined && row.costPerResult !== null) {
    goal = Math.max(0, row.costPerResult / t.targetCostPerResult - 1);
  } else if (t?.targetRoas !== undefined && row.roas !== null) {
    goal = Math.max(0, 1 - row.roas / t.targetRoas);
  } else if (row.offTarget) {
    goal = 1;
  }
  return Math.max(pace, goal);
}

/** What needs attention first: the worse state, then the larger miss, then the name. */
export function byAttention(a: ClientOverviewRow, b: ClientOverviewRow): number {
  return (
    ATTENTION_ORDER.indexOf(a.attention) - ATTENTION_ORDER.indexOf(b.attention) ||
    distanceFromTargets(b) - distanceFromTargets(a) ||
    a.name.localeCompare(b.name)
  );
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
function round4(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}
