import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '@aws-lambda-powertools/logger';
import { AppError } from '@lambdas/lib/errors';
import { DEFAULT_RETRY_AFTER_SECONDS, errorReply } from '@lambdas/lib/http/replies';
import { GraphError, toAppError } from '@lambdas/lib/meta/graph-errors';
import { parseUsageHeaders } from '@lambdas/lib/meta/graph-usage';

const logger = { info: vi.fn(), error: vi.fn() } as unknown as Logger;

function throttled(headers: Record<string, string>) {
  return new GraphError({
    kind: 'meta',
    message: '(#80000) There have been too many calls from this ad-account.',
    method: 'GET',
    path: '/v26.0/act_1/insights',
    status: 400,
    meta: { message: 'throttled', code: 80000, error_subcode: 2446079 },
    usage: parseUsageHeaders(new Headers(headers)),
  });
}

describe('429 replies carry Retry-After', () => {
  it("uses Meta's estimated_time_to_regain_access (minutes) as the wait", () => {
    const error = toAppError(
      throttled({
        'x-business-use-case-usage': JSON.stringify({
          '1': [
            {
              type: 'ads_insights',
              call_count: 100,
              total_cputime: 10,
              total_time: 10,
              estimated_time_to_regain_access: 3,
            },
          ],
        }),
      }),
    );
    const reply = errorReply(error, logger);

    expect(reply.statusCode).toBe(429);
    expect(reply.headers?.['retry-after']).toBe('180');
    expect(JSON.parse(String(reply.body)).error.message).toMatch(/3 minutes/);
  });

  it('falls back to a short default when nothing says how long', () => {
    const reply = errorReply(new AppError('RATE_LIMITED'), logger);

    expect(reply.headers?.['retry-after']).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
  });

  it('leaves other errors without Retry-After', () => {
    expect(errorReply(new AppError('CONFLICT'), logger).headers?.['retry-after']).toBeUndefined();
  });
});
