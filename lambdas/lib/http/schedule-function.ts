import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { metrics } from '../observability';
import { instrumented } from './instrumentation';

export interface ScheduleTick {
  /** When the tick happens (the invocation's clock, not the event's: a retried tick works on now). */
  now: Date;
  event: Partial<ScheduledEvent>;
  context: Context;
}

/**
 * A Lambda invoked on a fixed rate by EventBridge Scheduler (the entry's `schedule` in shared/functions.ts), with
 * the instrumentation every function shares; the tick's event id is the correlation id of its log lines.
 */
export function scheduleFunction<Result>(logic: (tick: ScheduleTick) => Promise<Result>) {
  return instrumented<Partial<ScheduledEvent> | undefined, Result>((event) => event?.id).handler(
    async (event, context) => {
      const result = await logic({ now: new Date(), event: event ?? {}, context });
      metrics.addMetric('ScheduledRuns', MetricUnit.Count, 1);
      return result;
    },
  );
}
