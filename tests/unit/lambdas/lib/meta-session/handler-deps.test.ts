import type { Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GraphCallInfo } from '@lambdas/lib/meta/graph-client';
import { metaHandlerDeps } from '@lambdas/lib/meta-session/handler-deps';
import { tableEnvVar } from '@shared/tables';

const logged: GraphCallInfo[] = [];
const cacheBuilt = vi.fn();

vi.mock('@lambdas/lib/meta-connection/meta-deps', () => ({
  metaRuntime: () => ({
    now: () => new Date('2026-03-10T12:00:00Z'),
    onGraphCall: (info: GraphCallInfo) => logged.push(info),
  }),
  metaGraphCache: () => {
    cacheBuilt();
    return { remember: (_user: string, _key: string, compute: () => Promise<unknown>) => compute(), forget: vi.fn() };
  },
}));

// The ad-account quota's tables, as the functions table gives them to a Meta function.
process.env[tableEnvVar('quotaUsage')] = 'adsmith-test-quota_usage';
process.env[tableEnvVar('userPlans')] = 'adsmith-test-user_plans';

const call: GraphCallInfo = { method: 'GET', path: '/me/adaccounts', status: 200, durationMs: 12, attempt: 1 };

describe('metaHandlerDeps', () => {
  beforeEach(() => {
    logged.length = 0;
    cacheBuilt.mockClear();
  });

  it('keeps the log of Graph calls when the request also counts them', () => {
    let counted = 0;
    const deps = metaHandlerDeps(undefined, () => (counted += 1));
    deps.onGraphCall?.(call);
    deps.onGraphCall?.(call);
    expect(counted).toBe(2);
    expect(logged).toEqual([call, call]);
  });

  it("gives the invocation's remaining time when there is a Lambda context, none otherwise", () => {
    const context = { getRemainingTimeInMillis: () => 1234 } as Context;
    expect(metaHandlerDeps(context).remainingMs?.()).toBe(1234);
    expect(metaHandlerDeps().remainingMs).toBeUndefined();
  });

  it('reaches the Graph cache table only when a read goes through it', async () => {
    const deps = metaHandlerDeps();
    expect(cacheBuilt).not.toHaveBeenCalled();
    await expect(deps.cache.remember('user-1', 'me/adaccounts', async () => 'read')).resolves.toBe('read');
    expect(cacheBuilt).toHaveBeenCalled();
  });
});
