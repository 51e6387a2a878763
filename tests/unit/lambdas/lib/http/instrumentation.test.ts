import { describe, expect, it, vi } from 'vitest';
import type * as Instrumentation from '@lambdas/lib/http/instrumentation';
import { lambdaContext } from '@tests/support/http-event';

// Every wrapper builds on instrumented(): counting its calls proves the Powertools setup lives in one place.
const instrumentedCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('@lambdas/lib/http/instrumentation', async (importOriginal) => {
  const actual = await importOriginal<typeof Instrumentation>();
  return {
    instrumented: (...args: Parameters<typeof actual.instrumented>) => {
      instrumentedCalls.count += 1;
      return actual.instrumented(...args);
    },
  };
});

describe('one instrumentation for every kind of trigger', () => {
  it('builds the HTTP, queue, schedule and Cognito wrappers on the same instrumented() setup', async () => {
    // Prepare
    const { queueFunction } = await import('@lambdas/lib/http/queue-function');
    const { scheduleFunction } = await import('@lambdas/lib/http/schedule-function');
    const { cognitoTrigger } = await import('@lambdas/lib/http/cognito-trigger');
    const { httpFunction } = await import('@lambdas/lib/http/http-function');
    const { z } = await import('zod');

    // Act
    const handlers = [
      queueFunction(z.object({}), async () => undefined),
      scheduleFunction(async () => undefined),
      cognitoTrigger(async (event) => event),
      httpFunction([]),
    ];

    // Assess
    expect(instrumentedCalls.count).toBe(4);
    await expect(handlers[0]!({ Records: [] } as never, lambdaContext)).resolves.toEqual({ batchItemFailures: [] });
  });
});
