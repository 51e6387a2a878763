import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { callBudget, readBoundedList } from '@lambdas/lib/meta/bounded-list';
import { createGraphClient } from '@lambdas/lib/meta/graph-client';
import { fakeFetch, fakeSleep, metaError, type ScriptedReply } from './fake-graph';

const Item = z.object({ id: z.string() });
const page = (ids: string[], after?: string) => ({
  json: {
    data: ids.map((id) => ({ id })),
    ...(after
      ? {
          paging: {
            cursors: { before: 'b', after },
            next: `https://graph.facebook.com/v26.0/act_1/ads?after=${after}`,
          },
        }
      : {}),
  },
});
const reduceData = {
  status: 500,
  json: metaError(1, {
    message: "Please reduce the amount of data you're asking for, then retry your request",
    error_subcode: 99,
  }),
};

function graphWith(script: readonly ScriptedReply[]) {
  const fake = fakeFetch(script);
  const graph = createGraphClient({
    appSecret: 'secret',
    accessToken: 'token',
    fetch: fake.fetch,
    sleep: fakeSleep().sleep,
    random: () => 0.5,
  });
  return { graph, requests: fake.requests };
}

describe('reading a list within a call budget', () => {
  it('follows the cursor until Meta has no next page', async () => {
    const { graph, requests } = graphWith([page(['1', '2'], 'c1'), page(['3'])]);
    const budget = callBudget(5);

    const read = await readBoundedList(graph, '/act_1/ads', { fields: 'id' }, Item, { budget, pageSize: 2 });

    expect(read).toEqual({ items: [{ id: '1' }, { id: '2' }, { id: '3' }], partial: false });
    expect(requests[1]!.url.searchParams.get('after')).toBe('c1');
    expect(budget.used).toBe(2);
  });

  it('stops at the budget shared by the lists of one read and says partial', async () => {
    const { graph, requests } = graphWith([page(['1'], 'c1'), page(['2'], 'c2')]);
    const budget = callBudget(2);
    budget.take();

    const read = await readBoundedList(graph, '/act_1/ads', {}, Item, { budget, pageSize: 1 });

    expect(read).toEqual({ items: [{ id: '1' }], partial: true });
    expect(requests).toHaveLength(1);
  });

  it('asks a page Meta finds too big (code 1) again with half the rows, once, not retrying the same read', async () => {
    const { graph, requests } = graphWith([reduceData, page(['1'])]);

    const read = await readBoundedList(graph, '/act_1/ads', {}, Item, { budget: callBudget(5), pageSize: 2000 });

    expect(read.items).toEqual([{ id: '1' }]);
    expect(requests.map((r) => r.url.searchParams.get('limit'))).toEqual(['2000', '1000']);
  });
});
