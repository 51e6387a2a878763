import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleFunction } from '@lambdas/lib/http/schedule-function';
import { logger, metrics } from '@lambdas/lib/observability';
import { lambdaContext } from '@tests/support/http-event';

// What EventBridge Scheduler's Lambda target passes when no input is set (as the twin's ticks do).
const tick = {
  version: '0',
  id: 'tick-1',
  'detail-type': 'Scheduled Event',
  source: 'aws.scheduler',
  time: '2026-11-27T10:00:00Z',
  detail: {},
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('scheduleFunction', () => {
  it('runs the logic with the time of the tick and returns its result', async () => {
    // Prepare
    const handler = scheduleFunction(async ({ now, event }) => ({ at: now instanceof Date, id: event.id }));

    // Act
    const result = await handler(tick, lambdaContext);

    // Assess
    expect(result).toEqual({ at: true, id: 'tick-1' });
  });

  it('sets up the instrumentation once per tick, the tick id as correlation id, and counts the run', async () => {
    const addContext = vi.spyOn(logger, 'addContext');
    const correlation = vi.spyOn(logger, 'setCorrelationId');
    const publish = vi.spyOn(metrics, 'publishStoredMetrics');
    const added = vi.spyOn(metrics, 'addMetric');
    const handler = scheduleFunction(async () => 'done');

    await handler(tick, lambdaContext);

    expect(addContext).toHaveBeenCalledTimes(1);
    expect(correlation).toHaveBeenCalledWith('tick-1');
    expect(publish).toHaveBeenCalledTimes(1);
    expect(added).toHaveBeenCalledWith('ScheduledRuns', 'Count', 1);
  });

  it('lets a failed tick fail the invocation (the scheduler retries it) and still flushes metrics', async () => {
    const publish = vi.spyOn(metrics, 'publishStoredMetrics');
    const handler = scheduleFunction(async () => {
      throw new Error('table unreachable');
    });

    await expect(handler(tick, lambdaContext)).rejects.toThrow('table unreachable');
    expect(publish).toHaveBeenCalledTimes(1);
  });
});
