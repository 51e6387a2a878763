import { functionDeclaration, functionNames } from '@shared/functions';

/**
 * EventBridge Scheduler on the twin: every function whose entry declares a `schedule` is invoked at
 * that rate with the event Scheduler sends a Lambda target. `ADSMITH_SCHEDULE_TICK_MS` sets another
 * period for all of them (e.g. 15000 to watch a rule act within seconds); `off` stops the ticks
 * (tests start runs themselves with "run now"). A tick still running when the next is due is skipped,
 * as one slow run must not pile up invocations.
 */
export interface ScheduleTicksOptions {
  invoke: (fn: string, event: unknown) => Promise<unknown>;
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

export function startScheduleTicks(options: ScheduleTicksOptions): { stop(): void } {
  const timers: NodeJS.Timeout[] = [];
  if (options.periodMs === 'off') return { stop: () => undefined };
  for (const fn of functionNames()) {
    const schedule = functionDeclaration(fn).schedule;
    if (!schedule) continue;
    const period = options.periodMs ?? schedule.everyMinutes * 60_000;
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      const event = {
        // What EventBridge Scheduler's Lambda target passes when no input is set.
        version: '0',
        id: crypto.randomUUID(),
        'detail-type': 'Scheduled Event',
        source: 'aws.scheduler',
        time: new Date().toISOString(),
        detail: {},
      };
      options
        .invoke(fn, event)
        .catch((error: unknown) => options.log?.(`[schedule] ${fn} failed: ${String(error)}`))
        .finally(() => {
          running = false;
        });
    }, period);
    timer.unref();
    timers.push(timer);
    options.log?.(`[schedule] ${fn} every ${Math.round(period / 1000)} s`);
  }
  return { stop: () => timers.forEach((t) => clearInterval(t)) };
}
