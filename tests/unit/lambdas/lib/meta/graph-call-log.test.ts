import { Logger } from '@aws-lambda-powertools/logger';
import { describe, expect, it, vi } from 'vitest';
import { logGraphCalls } from '@lambdas/lib/meta/graph-call-log';

function spiedLogger() {
  const logger = new Logger({ serviceName: 'test' });
  return {
    logger,
    warn: vi.spyOn(logger, 'warn').mockImplementation(() => {}),
    debug: vi.spyOn(logger, 'debug').mockImplementation(() => {}),
  };
}

describe('Graph call log', () => {
  it('logs a plain success at debug', () => {
    const { logger, warn, debug } = spiedLogger();

    logGraphCalls(logger)({ method: 'GET', path: '/v26.0/me', status: 200, durationMs: 12, attempt: 1 });

    expect(warn).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledWith('Graph call', {
      graphCall: { method: 'GET', path: '/v26.0/me', status: 200, durationMs: 12, attempt: 1 },
    });
  });

  it('warns on failures and on usage close to Meta’s limit', () => {
    const { logger, warn } = spiedLogger();
    const log = logGraphCalls(logger);

    log({ method: 'GET', path: '/v26.0/act_1', status: 400, durationMs: 5, attempt: 1, errorCode: 17 });
    log({ method: 'GET', path: '/v26.0/act_1', durationMs: 10_000, attempt: 2 });
    log({
      method: 'GET',
      path: '/v26.0/act_1/insights',
      status: 200,
      durationMs: 30,
      attempt: 1,
      usage: { businessUseCases: [], adAccount: { utilisationPct: 91, resetTimeSeconds: 0 } },
    });

    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      'Graph call failed',
      'Graph call failed',
      'Meta usage is high',
    ]);
    expect(warn.mock.calls[2]![1]).toMatchObject({ graphCall: { usagePct: 91 } });
  });
});
