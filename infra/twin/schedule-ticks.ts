import type { RequestListener } from 'node:http';
import { functionDeclaration, functionNames, type FunctionName } from '@shared/functions';
import { sendJson } from './http-io';

/**
 * EventBridge Scheduler on the twin: every function whose entry declares a `schedule` is invoked at
 * that rate with the event Scheduler sends a Lambda target. `ADSMITH_SCHEDULE_TICK_MS` sets another
 * period for all of them (e.g. 15000 to watch a rule act within seconds); `off` stops the ticks
 * (tests start runs themselves: `POST <eventBridge>/__admin/schedules/<function>/run`, see
 * `scheduleAdminHandler`). A tick still running when the next is due is skipped, as one slow run must
 * not pile up invocations.
 */
export interface ScheduleTicksOptions {
  runs: ScheduledRuns;
  /** Milliseconds between ticks for every scheduled function, or 'off'. Default: each entry's own rate. */
  periodMs?: number | 'off';
  log?: (line: string) => void;
}

export function tickPeriodFromEnv(value = process.env.ADSMITH_SCHEDULE_TICK_MS): number | 'off' | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'off') return 'off';
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1000)
    throw new Error(
      `ADSMITH_SCHEDULE_TICK_MS must be a whole number of milliseconds ≥ 1000, or "off" (got "${value}")`,
    );
  return ms;
}

/** What EventBridge Scheduler's Lambda target passes when no input is set. */
export function schedulerEvent(now = new Date()) {
  return {
    version: '0',
    id: crypto.randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.scheduler',
    time: now.toISOString(),
    detail: {},
  };
}

export function scheduledFunctionNames(): FunctionName[] {
  return functionNames().filter((fn) => functionDeclaration(fn).schedule);
}

function scheduledFunction(name: string): FunctionName | undefined {
  return scheduledFunctionNames().find((fn) => fn === name);
}

/**
 * The runs of scheduled functions, by tick or "run now". Runs of one function never overlap: a tick due while one
 * runs is skipped; a "run now" waits for the run in progress and then runs, so its answer is a whole run of its own.
 */
export class ScheduledRuns {
  readonly #invoke: (fn: string, event: unknown) => Promise<unknown>;
  readonly #running = new Map<string, Promise<unknown>>();

  constructor(invoke: (fn: string, event: unknown) => Promise<unknown>) {
    this.#invoke = invoke;
  }

  isRunning(fn: string): boolean {
    return this.#running.has(fn);
  }

  /** Invokes `fn` now with Scheduler's event, after any run of it in progress; resolves with the function's result. */
  async run(fn: string): Promise<unknown> {
    if (!scheduledFunction(fn)) throw new Error(`${fn} has no schedule`);
    while (this.#running.has(fn)) await this.#running.get(fn)!.catch(() => undefined);
    const run = this.#invoke(fn, schedulerEvent());
    this.#running.set(fn, run);
    try {
      return await run;
    } finally {
      this.#running.delete(fn);
    }
  }
}

export function startScheduleTicks(options: ScheduleTicksOptions): { stop(): void } {
  const timers: NodeJS.Timeout[] = [];
  if (options.periodMs === 'off') return { stop: () => undefined };
  for (const fn of scheduledFunctionNames()) {
    const period = options.periodMs ?? functionDeclaration(fn).schedule!.everyMinutes * 60_000;
    const timer = setInterval(() => {
      if (options.runs.isRunning(fn)) return;
      options.runs.run(fn).catch((error: unknown) => options.log?.(`[schedule] ${fn} failed: ${String(error)}`));
    }, period);
    timer.unref();
    timers.push(timer);
    options.log?.(`[schedule] ${fn} every ${Math.round(period / 1000)} s`);
  }
  return { stop: () => timers.forEach((t) => clearInterval(t)) };
}

const ADMIN_PATH = /^\/__admin\/schedules(?:\/([a-z0-9-]+)\/run)?$/;

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/**
 * The twin's "run now" for scheduled functions, a dev and test tool of the twin's EventBridge stand-in (AWS has no
 * such call, and the product's API has no route for it): `GET /__admin/schedules` lists the scheduled functions,
 * `POST /__admin/schedules/<function>/run` invokes one as its schedule would and answers with what it returned
 * (`{ function, result }`), 404 for a function without a schedule. Only callers on this machine are answered.
 * Other requests go to `next`.
 */
export function scheduleAdminHandler(runs: ScheduledRuns, next: RequestListener): RequestListener {
  return (req, res) => {
    const match = ADMIN_PATH.exec(new URL(req.url ?? '/', 'http://local').pathname);
    if (!match) return next(req, res);
    req.resume();
    if (!isLoopback(req.socket.remoteAddress)) return sendJson(res, 403, { message: 'Only from this machine' });
    const fn = match[1];
    if (!fn) {
      if (req.method !== 'GET') return sendJson(res, 405, { message: 'Method Not Allowed' });
      return sendJson(res, 200, {
        schedules: scheduledFunctionNames().map((name) => ({
          function: name,
          everyMinutes: functionDeclaration(name).schedule!.everyMinutes,
        })),
      });
    }
    if (req.method !== 'POST') return sendJson(res, 405, { message: 'Method Not Allowed' });
    if (!scheduledFunction(fn)) {
      return sendJson(res, 404, { message: `No scheduled function named ${fn}` });
    }
    runs.run(fn).then(
      (result) => sendJson(res, 200, { function: fn, result: result ?? null }),
      (error: unknown) => sendJson(res, 502, { function: fn, message: `The run failed: ${String(error)}` }),
    );
  };
}
