import * as z from 'zod';
import type { ZodType } from 'zod';
import { AppError } from '../errors';
import type { GraphClient } from './graph-client';
import { GraphError } from './graph-errors';
import type { GraphParams } from './graph-params';

/**
 * Reads an insights report the way a large account needs: first synchronously (one paged GET);
 * when Meta answers code 1 ("Please reduce the amount of data you're asking for") it switches to
 * Meta's asynchronous report job — POST `/{node}/insights` → `report_run_id`, poll
 * `async_status` / `async_percent_completion` until "Job Completed", then page through
 * `/{report_run_id}/insights` — instead of retrying the same oversized read. Paging stops when the
 * function's remaining time runs short, and the result says `partial` so the reply can say so.
 */

export interface InsightsReadOptions {
  /** Milliseconds the function has left (Lambda's `context.getRemainingTimeInMillis`). */
  remainingMs: () => number;
  /** Time kept back for building the reply after the last page. @default 3000 */
  reserveMs?: number;
  /** Pages read at most. @default 10 */
  maxPages?: number;
  /** Between status polls of a report job. @default 1000 */
  pollIntervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Told of the job's progress (percent), for logs. */
  onProgress?: (percent: number, status: string) => void;
  /**
   * Rows per page when reading a finished report run: its `/insights` edge pages on its own (Meta's
   * default is 25 rows), whatever `limit` the run was created with.
   */
  pageSize?: number;
  /**
   * For reports that may be large (ad level over weeks): read one page directly and, when Meta
   * has more, read the whole report through a report job instead, where Meta builds the rows
   * once and the pages are only read (a direct read is rebuilt for every page).
   */
  asyncWhenPaged?: boolean;
}

export interface InsightsReadResult<T> {
  rows: T[];
  /** Meta had more rows than were read in the time (or pages) allowed. */
  partial: boolean;
  /** 'sync' for a direct read, 'async' when it went through a report job. */
  path: 'sync' | 'async';
}

const ReportRunSchema = z.object({ report_run_id: z.union([z.string(), z.number()]).transform(String) });
const ReportStatusSchema = z.object({
  async_status: z.string(),
  async_percent_completion: z.coerce.number().default(0),
});

/** "Job Failed" or "Job Skipped": Meta gave up on the report. */
export const REPORT_FAILED_MESSAGE =
  'Meta could not build this report (the report job failed). Try a shorter date range, or try again later.';

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Code 1 from Meta: the read asks for too much data at once. */
export function isTooMuchData(error: unknown): boolean {
  const cause = error instanceof GraphError ? error : (error as { cause?: unknown } | null)?.cause;
  return cause instanceof GraphError && cause.code === 1;
}

/**
 * Decides after each page whether another fits in the time left: the next page is assumed to take as
 * long as the slowest so far, so a slow Meta stops the read at a page boundary (a `partial` result)
 * rather than letting the function time out with nothing.
 */
function pagingBudget(timeLeft: () => number) {
  let pageStarted = Date.now();
  let slowestPageMs = 0;
  return () => {
    const now = Date.now();
    slowestPageMs = Math.max(slowestPageMs, now - pageStarted);
    pageStarted = now;
    return timeLeft() > slowestPageMs;
  };
}

function timeLeftOf(options: InsightsReadOptions): () => number {
  const reserveMs = options.reserveMs ?? 3000;
  return () => options.remainingMs() - reserveMs;
}

async function readDirect<T>(
  graph: GraphClient,
  nodeId: string,
  params: GraphParams,
  rowSchema: ZodType<T>,
  options: InsightsReadOptions,
) {
  const page = await graph.paginate(`/${nodeId}/insights`, params, rowSchema, {
    maxPages: options.maxPages ?? 10,
    shouldContinue: pagingBudget(timeLeftOf(options)),
  });
  return { rows: page.items, partial: page.hasMore };
}

/** Reads directly and, when Meta refuses (code 1), waits for a report job within the function's time. */
export async function readInsights<T>(
  graph: GraphClient,
  nodeId: string,
  params: GraphParams,
  rowSchema: ZodType<T>,
  options: InsightsReadOptions,
): Promise<InsightsReadResult<T>> {
  try {
    const direct = await readDirect(graph, nodeId, params, rowSchema, {
      ...options,
      ...(options.asyncWhenPaged ? { maxPages: 1 } : {}),
    });
    if (!(options.asyncWhenPaged && direct.partial)) return { ...direct, path: 'sync' };
  } catch (error) {
    if (!isTooMuchData(error)) throw error;
  }
  return readThroughReportJob(graph, nodeId, params, rowSchema, options);
}

export type DirectOrReport<T> = { state: 'done'; rows: T[]; partial: boolean } | { state: 'started'; runId: string };

/**
 * For a caller that lets its client poll (the dashboard's series): reads directly unless `preferReport`
 * (a big range) or Meta refuses with code 1, and otherwise only starts a report run and says which.
 */
export async function readInsightsOrStartReport<T>(
  graph: GraphClient,
  nodeId: string,
  params: GraphParams,
  rowSchema: ZodType<T>,
  options: InsightsReadOptions & { preferReport?: boolean },
): Promise<DirectOrReport<T>> {
  if (!options.preferReport) {
    try {
      return { state: 'done', ...(await readDirect(graph, nodeId, params, rowSchema, options)) };
    } catch (error) {
      if (!isTooMuchData(error)) throw error;
    }
  }
  return { state: 'started', runId: await startReportRun(graph, nodeId, params) };
}

/** POST `/{node}/insights`: Meta queues a report run and answers its id. */
export async function startReportRun(graph: GraphClient, nodeId: string, params: GraphParams): Promise<string> {
  // Creating a job is not idempotent, but a lost reply only leaves an unused job at Meta, so a
  // dropped connection (a reused keep-alive socket the server just closed) is worth a retry.
  const { report_run_id: runId } = await graph.post(`/${nodeId}/insights`, params, ReportRunSchema, {
    idempotent: true,
  });
  return runId;
}

export type ReportRunRead<T> =
  { state: 'running'; status: string; percent: number } | { state: 'done'; rows: T[]; partial: boolean };

/**
 * One look at a report run: its status and percent while Meta works on it, its rows (paged within the
 * time left) once "Job Completed"; AppError UPSTREAM_ERROR when Meta gave up ("Job Failed"/"Job Skipped").
 */
export async function readReportRun<T>(
  graph: GraphClient,
  runId: string,
  rowSchema: ZodType<T>,
  options: InsightsReadOptions,
): Promise<ReportRunRead<T>> {
  const status = await graph.get(`/${runId}`, { fields: 'async_status,async_percent_completion' }, ReportStatusSchema);
  options.onProgress?.(status.async_percent_completion, status.async_status);
  if (status.async_status === 'Job Failed' || status.async_status === 'Job Skipped') {
    throw new AppError('UPSTREAM_ERROR', REPORT_FAILED_MESSAGE);
  }
  if (status.async_status !== 'Job Completed') {
    return { state: 'running', status: status.async_status, percent: status.async_percent_completion };
  }
  const page = await graph.paginate(
    `/${runId}/insights`,
    options.pageSize ? { limit: options.pageSize } : {},
    rowSchema,
    {
      maxPages: options.maxPages ?? 10,
      shouldContinue: pagingBudget(timeLeftOf(options)),
    },
  );
  return { state: 'done', rows: page.items, partial: page.hasMore };
}

async function readThroughReportJob<T>(
  graph: GraphClient,
  nodeId: string,
  params: GraphParams,
  rowSchema: ZodType<T>,
  options: InsightsReadOptions,
): Promise<InsightsReadResult<T>> {
  const sleep = options.sleep ?? defaultSleep;
  const pollMs = options.pollIntervalMs ?? 1000;
  const timeLeft = timeLeftOf(options);
  const runId = await startReportRun(graph, nodeId, params);
  const pageSize = Number(params.limit) || undefined;
  for (;;) {
    const read = await readReportRun(graph, runId, rowSchema, { pageSize, ...options });
    if (read.state === 'done') return { rows: read.rows, partial: read.partial, path: 'async' };
    if (timeLeft() <= pollMs) {
      throw new AppError(
        'UPSTREAM_ERROR',
        `Meta is still preparing this report (${Math.round(read.percent)}% done). Try again in a minute, or choose a shorter date range.`,
      );
    }
    await sleep(pollMs);
  }
}
