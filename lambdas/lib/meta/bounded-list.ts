import * as z from 'zod';
import type { ZodType } from 'zod';
import type { GraphClient } from './graph-client';
import type { GraphParams } from './graph-params';
import { isTooMuchData } from './insights-reader';

/**
 * Graph lists read within a fixed number of calls, whatever the account's size. The calls of one
 * read (several lists at once) share a `CallBudget`; a list that would need more pages than the
 * budget has left stops at a page boundary and says `partial`, so "at most N calls per read" holds.
 * A page Meta refuses as too much data (code 1, e.g. many ads each with nested insights) is asked
 * again with half the rows, from the same cursor.
 */

/**
 * Graph calls one read of an ad account may make at most (its node, then the campaigns, ad sets and
 * ads pages): the promise in docs/architecture.md, kept by the optimizer's read and the rules run alike.
 */
export const READ_CALL_BUDGET = 12;

export interface CallBudget {
  /** Takes one call from the budget; false when none is left. */
  take(): boolean;
  readonly used: number;
}

export function callBudget(max: number): CallBudget {
  let used = 0;
  return {
    take() {
      if (used >= max) return false;
      used += 1;
      return true;
    },
    get used() {
      return used;
    },
  };
}

export interface BoundedListOptions {
  budget: CallBudget;
  /** Rows asked for per page; halved on code 1. */
  pageSize: number;
  /** Asked before each further page; false stops (the function's time is nearly up). */
  shouldContinue?: () => boolean;
}

/** The smallest page worth asking for after refusals: below it the refusal is passed on. */
const MIN_PAGE_SIZE = 25;

export async function readBoundedList<T>(
  graph: GraphClient,
  path: string,
  params: GraphParams,
  itemSchema: ZodType<T>,
  options: BoundedListOptions,
): Promise<{ items: T[]; partial: boolean }> {
  const pageSchema = z.object({
    data: z.array(itemSchema),
    paging: z
      .looseObject({ cursors: z.looseObject({ after: z.string().optional() }).optional(), next: z.string().optional() })
      .optional(),
  });
  const items: T[] = [];
  let limit = options.pageSize;
  let after: string | undefined;
  for (let first = true; ; first = false) {
    if (!first && options.shouldContinue?.() === false) return { items, partial: true };
    if (!options.budget.take()) return { items, partial: true };
    let page: z.infer<typeof pageSchema>;
    try {
      page = await graph.get(path, { ...params, limit, ...(after ? { after } : {}) }, pageSchema);
    } catch (error) {
      if (!isTooMuchData(error) || limit <= MIN_PAGE_SIZE) throw error;
      limit = Math.max(MIN_PAGE_SIZE, Math.floor(limit / 2));
      continue;
    }
    items.push(...page.data);
    after = page.paging?.cursors?.after;
    if (!page.paging?.next || !after) return { items, partial: false };
  }
}

/** An expanded `insights` edge: Meta leaves it out when the object had no delivery. */
export function nestedInsightsSchema<T>(row: ZodType<T>) {
  return z
    .object({
      data: z.array(row),
      paging: z.looseObject({ next: z.string().optional() }).optional(),
    })
    .optional();
}

/**
 * `insights.time_range(…).time_increment(n).limit(n){fields}`: one object's buckets in one nested page,
 * so a list page carries each object's insights (field expansion) instead of a separate report.
 */
export function insightsExpansion(range: { since: string; until: string }, increment: number, fields: string): string {
  const buckets = Math.ceil((daysBetween(range.since, range.until) + 1) / increment);
  return (
    `insights.time_range(${JSON.stringify({ since: range.since, until: range.until })}).time_increment(${increment})` +
    `.use_unified_attribution_setting(true).limit(${buckets}){${fields}}`
  );
}

function daysBetween(since: string, until: string): number {
  return Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000);
}

/** A nested insights edge with more buckets than its one page held: the object's figures are cut. */
export function hasMoreNested(items: readonly { insights?: { paging?: { next?: string } } }[]): boolean {
  return items.some((item) => item.insights?.paging?.next !== undefined);
}
