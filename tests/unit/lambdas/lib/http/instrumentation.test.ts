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
  it('builds the HTTP, streaming, queue, schedule and Cognito wrappers on the same instrumented() setup', async () => {
    // Prepare
    const { queueFunction } = await import('@lambdas/lib/http/queue-function');
    const { scheduleFunction } = await import('@lambdas/lib/http/schedule-function');
    const { cognitoTrigger } = await import('@lambdas/lib/http/cognito-trigger');
    const { httpFunction } = await import('@lambdas/lib/http/http-function');
    const { streamFunction } = await import('@lambdas/lib/http/stream-function');
    vi.stubGlobal('awslambda', { streamifyResponse: (handler: unknown) => handler });
    const { z } = await import('zod');

    // Act
    const queue = queueFunction(z.object({}), async () => undefined);
    const others = [
      scheduleFunction(async () => undefined),
      cognitoTrigger(async (event) => event),
      httpFunction([]),
      streamFunction(
        { method: 'POST', path: '/api/chat', fn: 'test', access: 'public', response: z.string(), stream: true },
        async () => (async function* () {})(),
      ),
    ];

    // Assess
    expect(instrumentedCalls.count).toBe(5);
    vi.unstubAllGlobals();
    expect(others).toHaveLength(4);
    await expect(queue({ Records: [] } as never, lambdaContext)).resolves.toEqual({ batchItemFailures: [] });
  });
});
