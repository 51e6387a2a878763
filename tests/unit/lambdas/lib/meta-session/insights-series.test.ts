import { describe, expect, it } from 'vitest';
import { GraphError } from '@lambdas/lib/meta/graph-errors';
import { accountInsights, reportTicket } from '@lambdas/lib/meta-session/insights-series';
import { adAccounts, fakeSession, type GraphCall } from './fake-session';

const row = (date: string) => ({
  spend: '10.00',
  impressions: '1000',
  reach: '500',
  date_start: date,
  date_stop: date,
});

/** A Graph that answers the account's insights directly, or through a report run completing after `readsToComplete`. */
function graphAnswers(options: { refuseDirect?: boolean; readsToComplete?: number; fail?: boolean } = {}) {
  let statusReads = 0;
  return (call: GraphCall) => {
    if (call.path === '/me/adaccounts') return adAccounts;
    if (call.path === '/act_111/insights' && call.method === 'POST') return { report_run_id: '6100000000000001' };
    if (call.path === '/act_111/insights') {
      if (options.refuseDirect && call.params?.time_increment === 1) {
        throw new GraphError({
          kind: 'meta',
          message: "Please reduce the amount of data you're asking for, then retry your request",
          method: 'GET',
          path: call.path,
          status: 500,
          meta: { code: 1, error_subcode: 99, message: 'reduce', type: 'OAuthException' },
        });
      }
      return { data: call.params?.time_increment === 1 ? [row('2026-03-08'), row('2026-03-09')] : [row('2026-03-03')] };
    }
    if (call.path === '/6100000000000001') {
      statusReads += 1;
      if (options.fail) return { async_status: 'Job Failed', async_percent_completion: 43 };
      const done = statusReads >= (options.readsToComplete ?? 2);
      return {
        async_status: done ? 'Job Completed' : 'Job Running',
        async_percent_completion: done ? 100 : 50,
      };
    }
    if (call.path === '/6100000000000001/insights') return { data: [row('2026-03-05')] };
    throw new Error(`unexpected call ${call.method} ${call.path}`);
  };
}

const binding = (since: string, until: string) => ({ userId: 'user-1', nodeId: 'act_111', range: { since, until } });

describe('the account insights series', () => {
  it('reads a short range directly', async () => {
    const { session, calls } = fakeSession(graphAnswers());
    const reply = await accountInsights(session, 'act_111', { datePreset: 'last_7d' });
    expect(reply).toMatchObject({ range: { since: '2026-03-03', until: '2026-03-09' } });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('starts a Meta report run for a long range and answers its progress with a signed ticket', async () => {
    const { session, calls } = fakeSession(graphAnswers());
    const reply = await accountInsights(session, 'act_111', { since: '2025-11-01', until: '2026-03-09' });
    expect(reply).toEqual({
      pending: true,
      report: reportTicket('6100000000000001', 'secret', binding('2025-11-01', '2026-03-09')),
      status: 'Job Running',
      percent: 50,
    });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/act_111/insights', params: expect.objectContaining({ time_increment: 1 }) }),
    ]);
  });

  it('continues the run with the ticket and answers the series once Meta completed it', async () => {
    const { session, calls } = fakeSession(graphAnswers({ readsToComplete: 1 }));
    const report = reportTicket('6100000000000001', 'secret', binding('2025-11-01', '2026-03-09'));
    const reply = await accountInsights(session, 'act_111', { since: '2025-11-01', until: '2026-03-09', report });
    expect(reply).toMatchObject({ currency: 'USD', range: { since: '2025-11-01', until: '2026-03-09' } });
    expect('data' in reply && reply.data).toHaveLength(129);
    expect('data' in reply && reply.data.find((d) => d.date === '2026-03-05')?.spend).toBe(10);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a ticket signed for another range (or user, or object)', async () => {
    const { session } = fakeSession(graphAnswers());
    const report = reportTicket('6100000000000001', 'secret', binding('2025-10-01', '2026-03-09'));
    await expect(
      accountInsights(session, 'act_111', { since: '2025-11-01', until: '2026-03-09', report }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('switches a short range to a report run when Meta answers code 1, instead of retrying the read', async () => {
    const { session, calls } = fakeSession(graphAnswers({ refuseDirect: true }));
    const reply = await accountInsights(session, 'act_111', { datePreset: 'last_7d' });
    expect(reply).toMatchObject({ pending: true, percent: 50 });
    expect(calls.filter((c) => c.path === '/act_111/insights' && c.params?.time_increment === 1)).toHaveLength(2);
  });

  it('says plainly when Meta gave up on the report ("Job Failed")', async () => {
    const { session } = fakeSession(graphAnswers({ fail: true }));
    await expect(
      accountInsights(session, 'act_111', { since: '2025-11-01', until: '2026-03-09' }),
    ).rejects.toMatchObject({ code: 'UPSTREAM_ERROR', message: expect.stringMatching(/report job failed/) });
  });
});
