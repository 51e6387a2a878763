/**
 * Cursor paging shaped like Meta's: `{data, paging:{cursors:{before,after}, previous?, next?}}`.
 * Cursors are opaque base64 of the item's position; `next` is an absolute URL
 * on the sandbox's own base URL carrying the same parameters, so a client can
 * follow it blindly exactly as it would on graph.facebook.com.
 */

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 5000;

export interface PageRequest {
  /** Absolute URL of the edge without query, e.g. http://127.0.0.1:4010/v26.0/act_1/campaigns. */
  baseUrl: string;
  /** The request's parameters (access_token included when it came in the query, as Meta does). */
  params: Record<string, string>;
}

export interface Paging {
  cursors: { before: string; after: string };
  previous?: string;
  next?: string;
}

export function encodeCursor(position: number): string {
  return Buffer.from(`sandbox:${position}`).toString('base64url');
}

/** Position a cursor points at, or undefined when it is not one of ours. */
export function decodeCursor(cursor: string): number | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^sandbox:(\d+)$/.exec(text);
  return match ? Number(match[1]) : undefined;
}

export function pageSize(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_PAGE_SIZE;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) return DEFAULT_PAGE_SIZE;
  return Math.min(value, MAX_PAGE_SIZE);
}

function withParams(request: PageRequest, changes: Record<string, string>, drop: string[]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request.params)) {
    if (!drop.includes(key) && !(key in changes)) params.set(key, value);
  }
  for (const [key, value] of Object.entries(changes)) params.set(key, value);
  return `${request.baseUrl}?${params.toString()}`;
}

/** Slices `items` by `limit`/`after`/`before` and builds the paging block (omitted when empty). */
export function paginate<T>(items: T[], request: PageRequest): { data: T[]; paging?: Paging } {
  const limit = pageSize(request.params.limit);
  const after = request.params.after ? decodeCursor(request.params.after) : undefined;
  const before = request.params.before ? decodeCursor(request.params.before) : undefined;
  let start = 0;
  if (after !== undefined) start = after + 1;
  else if (before !== undefined) start = Math.max(0, before - limit);
  const end = before !== undefined && after === undefined ? Math.min(before, start + limit) : start + limit;
  const data = items.slice(start, end);
  if (data.length === 0) return { data };
  const first = start;
  const last = start + data.length - 1;
  const paging: Paging = { cursors: { before: encodeCursor(first), after: encodeCursor(last) } };
  if (first > 0)
    paging.previous = withParams(request, { limit: String(limit), before: encodeCursor(first) }, ['after']);
  if (last < items.length - 1)
    paging.next = withParams(request, { limit: String(limit), after: encodeCursor(last) }, ['before']);
  return { data, paging };
}
