import { describe, expect, it, vi } from 'vitest';
import type { RuleScope } from '@shared/schemas/rules';
import { AppError } from '@lambdas/lib/errors';
import type { GraphClient } from '@lambdas/lib/meta/graph-client';
import { assertRuleAudience } from '@lambdas/lib/rules/rule-audience';

/** A Graph client whose one read answers `reply` (or throws it), recording what was asked. */
function graphAnswering(reply: unknown) {
  const get = vi.fn(async () => {
    if (reply instanceof Error) throw reply;
    return reply;
  });
  return { graph: { get } as unknown as GraphClient, get };
}

const scope = (audience?: RuleScope['audience']): RuleScope => ({
  adAccountId: 'act_111',
  level: 'adset',
  filter: { kind: 'all' },
  ...(audience && { audience }),
});
const customers = { id: '900', name: 'Customers', relation: 'excludes' as const };

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('a rule limited to an audience', () => {
  it('is saved when Meta says the audience is of the rule’s ad account (account_id without act_)', async () => {
    const { graph, get } = graphAnswering({ id: '900', account_id: '111' });
    await expect(assertRuleAudience(graph, scope(customers))).resolves.toBeUndefined();
    expect(get).toHaveBeenCalledWith('/900', { fields: 'id,account_id' }, expect.anything());
  });

  it('is refused with 400 naming scope.audience.id when the audience is of another account', async () => {
    const { graph } = graphAnswering({ id: '900', account_id: '222' });
    const error = await refusal(assertRuleAudience(graph, scope(customers)));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.statusCode).toBe(400);
    expect(Object.keys(error.details ?? {})).toEqual(['scope.audience.id']);
  });

  it('is refused with 400 when Meta does not know the audience (or the connection cannot see it)', async () => {
    const { graph } = graphAnswering(new AppError('NOT_FOUND'));
    const error = await refusal(assertRuleAudience(graph, scope(customers)));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain('act_111');
  });

  it('passes Meta being down on as it is, not as a refusal of the audience', async () => {
    const { graph } = graphAnswering(new AppError('UPSTREAM_ERROR'));
    expect((await refusal(assertRuleAudience(graph, scope(customers)))).code).toBe('UPSTREAM_ERROR');
  });

  it('reads nothing from Meta for a rule without an audience', async () => {
    const { graph, get } = graphAnswering({});
    await assertRuleAudience(graph, scope());
    expect(get).not.toHaveBeenCalled();
  });
});
