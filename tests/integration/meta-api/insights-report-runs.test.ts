import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InsightsReportPending, InsightsSeries } from '@shared/schemas/meta';
import { REPORT_FAILED_MESSAGE } from '@lambdas/lib/meta/insights-reader';
import { connectMeta, freshUser, resetFaults, setFaults, type FreshUser } from './meta-user';

/**
 * The dashboard's series for large reads, against the sandbox's report runs: a long range goes through
 * a Meta report run the browser polls (202 with Meta's percent, then the series), a run that ends in
 * "Job Failed" says so, a direct read refused with code 1 switches to a run, and a Meta too slow to page
 * through in the function's time gives a series marked partial instead of a timeout.
 */

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

describe('insights series through Meta report runs', () => {
  let user: FreshUser;
  let accountId: string;

  beforeAll(async () => {
    user = await freshUser('insights-report-runs');
    await connectMeta(user);
    const accounts = (await (await user.call('/api/meta/ad-accounts')).json()) as { data: Array<{ id: string }> };
    accountId = accounts.data[0]!.id;
  });

  afterEach(async () => {
    await setFaults({ reduceData: 0, asyncJobFail: 0 });
    await resetFaults();
  });

  afterAll(async () => {
    await user?.remove();
  });

  const seriesUrl = (since: string, until: string, report?: string) =>
    `/api/meta/ad-accounts/${accountId}/insights?since=${since}&until=${until}${report ? `&report=${encodeURIComponent(report)}` : ''}`;

  /** Polls as the web does: with the ticket, until the series (or an error) arrives; returns every reply. */
  async function pollSeries(since: string, until: string, beforePoll?: (n: number) => Promise<void>) {
    const replies: Array<{ status: number; body: unknown }> = [];
    let report: string | undefined;
    for (let n = 0; n < 20; n += 1) {
      await beforePoll?.(n);
      const reply = await user.call(seriesUrl(since, until, report));
      const body = (await reply.json()) as InsightsReportPending | InsightsSeries;
      replies.push({ status: reply.status, body });
      if (reply.status !== 202) break;
      report = (body as InsightsReportPending).report;
    }
    return replies;
  }

  it('answers 202 with the run and its percent for a long range, then the whole series', async () => {
    const [since, until] = [day(-112), day(-3)];
    const replies = await pollSeries(since, until);

    expect(replies[0]).toMatchObject({
      status: 202,
      body: { pending: true, report: expect.stringMatching(/^\d+\./), percent: 0, status: 'Job Started' },
    });
    const percents = replies.filter((r) => r.status === 202).map((r) => (r.body as InsightsReportPending).percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    const last = replies.at(-1)!;
    expect(last.status).toBe(200);
    const series = last.body as InsightsSeries;
    expect(series.range).toEqual({ since, until });
    expect(series.data).toHaveLength(110);
    expect(series.partial).toBeUndefined();
    // The daily rows the run produced add up to Meta's own whole-range total.
    const dailySpend = series.data.reduce((sum, d) => sum + d.spend, 0);
    expect(dailySpend).toBeGreaterThan(0);
    expect(dailySpend).toBeCloseTo(series.totals.spend, 0);
  });

  it('refuses a ticket used for another range', async () => {
    const first = await user.call(seriesUrl(day(-115), day(-3)));
    expect(first.status).toBe(202);
    const { report } = (await first.json()) as InsightsReportPending;
    const other = await user.call(seriesUrl(day(-116), day(-3), report));
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR');
  });

  it('says plainly when Meta\'s report run ends in "Job Failed"', async () => {
    await setFaults({ asyncJobFail: 1 });
    const replies = await pollSeries(day(-113), day(-3));
    const last = replies.at(-1)!;
    expect(last.status).toBe(502);
    expect(last.body).toEqual({ error: { code: 'UPSTREAM_ERROR', message: REPORT_FAILED_MESSAGE } });
  });

  it('switches a short range to a report run when Meta answers code 1 ("reduce the amount of data")', async () => {
    // The daily read and both totals reads are refused: the daily rows go to a polled run, the totals
    // (one row each) are waited out through runs of their own within the request.
    await setFaults({ reduceData: 3 });
    const [since, until] = [day(-20), day(-3)];
    const replies = await pollSeries(since, until);
    expect(replies[0]!.status).toBe(202);
    const last = replies.at(-1)!;
    expect(last.status).toBe(200);
    expect((last.body as InsightsSeries).data).toHaveLength(18);
    expect((last.body as InsightsSeries).totals.spend).toBeGreaterThan(0);
  });

  it('marks the series partial when Meta is too slow to page through in the time a request has', async () => {
    const [since, until] = [day(-400), day(-3)];
    // Meta slows down for the read that finds the run completed (the account list and totals are cached by
    // then): its status read and first 100-day page take 18 s, a second page would not fit in the function's
    // 29 s, so the series stops at a page boundary and says so.
    const replies = await pollSeries(since, until, async (n) => {
      if (n === 2) await setFaults({ latencyMs: 9_000 });
    });
    const last = replies.at(-1)!;
    expect(last.status).toBe(200);
    const series = last.body as InsightsSeries;
    expect(series.partial).toBe(true);
    expect(series.range).toEqual({ since, until });
    expect(series.data.length).toBeGreaterThan(0);
    expect(series.data.length).toBeLessThan(398);
    expect(series.data[0]!.date).toBe(since);
  }, 120_000);
});
