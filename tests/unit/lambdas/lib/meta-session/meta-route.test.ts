import type { Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@lambdas/lib/errors';
import { metaConnection, metaSession } from '@lambdas/lib/meta-session/meta-route';
import type { MetaDeps } from '@lambdas/lib/meta-session/session';

// What happened, in order: the budget spent, the deps built, the session opened.
const steps: string[] = [];
let budgetLeft = true;
let countGraphCall: (() => void) | undefined;
const deps = { now: () => new Date('2026-03-10T12:00:00Z') } as unknown as MetaDeps;

vi.mock('@lambdas/lib/meta-session/handler-deps', () => ({
  spendMetaBudget: vi.fn(async (user: { sub: string }) => {
    steps.push(`budget ${user.sub}`);
    if (!budgetLeft) throw new AppError('RATE_LIMITED');
  }),
  metaHandlerDeps: vi.fn((context: Context, count?: () => void) => {
    steps.push(`deps ${context.functionName}`);
    countGraphCall = count;
    return deps;
  }),
}));
vi.mock('@lambdas/lib/meta-session/session', () => ({
  openSession: vi.fn(async (user: { sub: string }, given: MetaDeps) => {
    steps.push(`session ${user.sub}`);
    // Two Graph calls while opening, as reads in the route would make them.
    countGraphCall?.();
    countGraphCall?.();
    return { user, deps: given };
  }),
}));

const user = { sub: 'owner-9', username: 'owner-9' };
const context = { functionName: 'secure-meta-api' } as Context;

describe('metaSession', () => {
  beforeEach(() => {
    steps.length = 0;
    budgetLeft = true;
    countGraphCall = undefined;
  });

  it("spends the user's Meta request budget, then opens their session with the invocation's context", async () => {
    const opened = await metaSession()({ user, context });
    expect(steps).toEqual(['budget owner-9', 'deps secure-meta-api', 'session owner-9']);
    expect(opened.session.user).toBe(user);
    expect(opened.session.deps).toBe(deps);
  });

  it('counts the Graph calls of the request', async () => {
    const opened = await metaSession()({ user, context });
    expect(opened.graphCalls()).toBe(2);
    countGraphCall?.();
    expect(opened.graphCalls()).toBe(3);
  });

  it('opens no session once the budget is spent', async () => {
    budgetLeft = false;
    await expect(metaSession()({ user, context })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(steps).toEqual(['budget owner-9']);
  });

  it('leaves the budget alone for a function budgeted otherwise', async () => {
    budgetLeft = false;
    const opened = await metaSession({ requestBudget: false })({ user, context });
    expect(steps).toEqual(['deps secure-meta-api', 'session owner-9']);
    expect(opened.session.user).toBe(user);
  });
});

describe('metaConnection', () => {
  beforeEach(() => {
    steps.length = 0;
    budgetLeft = true;
  });

  it('spends the budget and gives the Meta dependencies, opening no session (there may be no connection)', async () => {
    const opened = await metaConnection()({ user, context });
    expect(opened.meta).toBe(deps);
    expect(steps).toEqual(['budget owner-9', 'deps secure-meta-api']);
  });
});
