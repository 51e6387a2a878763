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
  /** Told of the job's progress (percent), for logs and, one day, the UI. */
  onProgress?: (percent: number, status: string) => void;
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

export async function readInsights<T>(
  graph: GraphClient,
  nodeId: string,
  params: GraphParams,
  rowSchema: ZodType<T>,
  options: InsightsReadOptions,
): Promise<InsightsReadResult<T>> {
  const reserveMs = options.reserveMs ?? 3000;
  const timeLeft = () => options.remainingMs() - reserveMs;
  try {
    const page = await graph.paginate(`/${nodeId}/insights`, params, rowSchema, {
      maxPages: options.maxPages ?? 10,
      shouldContinue: () => timeLeft() > 0,
    });
    return { rows: page.items, partial: page.hasMore, path: 'sync' };
  } catch (error) {
    if (!isTooMuchData(error)) throw error;
  }
  return readThroughReportJob(graph, nodeId, params, rowSchema, options, timeLeft);
}

async function readThroughReportJob<T>(
  graph: GraphClient,
  nodeId: string,
  params: GraphParams,
  rowSchema: ZodType<T>,
  options: InsightsReadOptions,
  timeLeft: () => number,
): Promise<InsightsReadResult<T>> {
  const sleep = options.sleep ?? defaultSleep;
  const pollMs = options.pollIntervalMs ?? 1000;
  // Creating a job is not idempotent, but a lost reply only leaves an unused job at Meta.
  const { report_run_id: runId } = await graph.post(`/${nodeId}/insights`, params, ReportRunSchema);
  for (;;) {
    const status = await graph.get(
      `/${runId}`,
      { fields: 'async_status,async_percent_completion' },
      ReportStatusSchema,
    );
    options.onProgress?.(status.async_percent_completion, status.async_status);
    if (status.async_status === 'Job Completed') break;
    if (status.async_status === 'Job Failed' || status.async_status === 'Job Skipped') {
      throw new AppError('UPSTREAM_ERROR', REPORT_FAILED_MESSAGE);
    }
    if (timeLeft() <= pollMs) {
      throw new AppError(
        'UPSTREAM_ERROR',
        `Meta is still preparing this report (${Math.round(status.async_percent_completion)}% done). Try again in a minute, or choose a shorter date range.`,
      );
    }
    await sleep(pollMs);
  }
  const page = await graph.paginate(`/${runId}/insights`, {}, rowSchema, {
    maxPages: options.maxPages ?? 10,
    shouldContinue: () => timeLeft() > 0,
  });
  return { rows: page.items, partial: page.hasMore, path: 'async' };
}
