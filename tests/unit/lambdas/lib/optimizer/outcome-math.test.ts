import { describe, expect, it } from 'vitest';
import type { ExpectedEffect } from '@shared/schemas/optimizer';
import type { Outcome } from '@shared/schemas/optimizer-outcomes';
import {
  actualEffect,
  addDays,
  detectorScores,
  isFinal,
  judgeOutcome,
  measuringDay,
  outcomeWindows,
  windowFigures,
  type DailyRow,
  type JudgeInput,
} from '@lambdas/lib/optimizer/outcome-math';

const APPLIED_ON = '2026-11-10';
const APPLIED_AT = '2026-11-10T15:00:00.000Z';

/** Seven days before and seven after the apply day, each day the same figures. */
function rows(before: Omit<DailyRow, 'date'>, after: Omit<DailyRow, 'date'>, skip: string[] = []): DailyRow[] {
  const out: DailyRow[] = [];
  for (let i = -7; i <= 7; i += 1) {
    const date = addDays(APPLIED_ON, i);
    if (i === 0 || skip.includes(date)) continue;
    out.push({ date, ...(i < 0 ? before : after) });
  }
  return out;
}

const day = (spend: number, results: number, impressions = 1000, linkClicks = 20) => ({
  spend,
  results,
  impressions,
  linkClicks,
});

const predicted = (
  low: number,
  expected: number,
  high: number,
  metric: ExpectedEffect['metric'] = 'results_per_week',
) => ({ metric, low, expected, high }) as ExpectedEffect;

function input(overrides: Partial<JudgeInput>): JudgeInput {
  return {
    appliedAt: APPLIED_AT,
    appliedOn: APPLIED_ON,
    today: '2026-11-20',
    predicted: predicted(5, 10, 15),
    rows: rows(day(60, 10), day(72, 11.5)),
    objects: [{ objectId: '1', objectName: 'Lookalike', effectiveStatus: 'ACTIVE' }],
    expectsDelivery: true,
    localDate: (instant) => instant.toISOString().slice(0, 10),
    now: new Date('2026-11-20T12:00:00Z'),
    ...overrides,
  };
}

describe('outcome windows', () => {
  it('compares the 7 days before the apply day with the 7 days after it, leaving the mixed day out', () => {
    expect(outcomeWindows('2026-11-10')).toEqual({
      before: { since: '2026-11-03', until: '2026-11-09' },
      after: { since: '2026-11-11', until: '2026-11-17' },
      measuredOn: '2026-11-18',
      settledOn: '2026-11-25',
    });
  });

  it('counts the measuring day from 1 on the apply day to 7, never beyond', () => {
    expect(measuringDay(APPLIED_ON, APPLIED_ON)).toBe(1);
    expect(measuringDay(APPLIED_ON, '2026-11-13')).toBe(4);
    expect(measuringDay(APPLIED_ON, '2026-11-17')).toBe(7);
    expect(measuringDay(APPLIED_ON, '2026-11-25')).toBe(7);
  });
});

describe('window figures and the actual effect', () => {
  it('sums a window, cost per result as spend / results, and counts days with delivery', () => {
    const figures = windowFigures(rows(day(10, 2), day(0, 0)), { since: '2026-11-03', until: '2026-11-09' });
    expect(figures).toMatchObject({ spend: 70, results: 14, costPerResult: 5, daysWithDelivery: 7 });
  });

  it('counts missing days as days without delivery', () => {
    const figures = windowFigures(rows(day(10, 2), day(10, 2), ['2026-11-04', '2026-11-05']), {
      since: '2026-11-03',
      until: '2026-11-09',
    });
    expect(figures).toMatchObject({ spend: 50, results: 10, daysWithDelivery: 5 });
  });

  it('takes Meta’s own window totals over the sum of its (rounded) daily rows, days with delivery from the rows', () => {
    const figures = windowFigures(
      rows(day(10, 2), day(10, 2), ['2026-11-05']),
      { since: '2026-11-03', until: '2026-11-09' },
      { spend: 60.01, results: 13, costPerResult: 4.62, impressions: 6000, linkClicks: 120 },
    );
    expect(figures).toMatchObject({ spend: 60.01, results: 13, costPerResult: 4.62, daysWithDelivery: 6 });
  });

  it('has no cost per result without results', () => {
    const figures = windowFigures(rows(day(10, 0), day(10, 0)), { since: '2026-11-03', until: '2026-11-09' });
    expect(figures.costPerResult).toBeNull();
  });

  it('measures each metric in the prediction’s unit', () => {
    const w = (spend: number, results: number, impressions: number, linkClicks: number) =>
      windowFigures([{ date: '2026-11-03', spend, results, impressions, linkClicks }], {
        since: '2026-11-03',
        until: '2026-11-03',
      });
    const before = w(100, 10, 10_000, 100);
    const after = w(70, 14, 10_000, 150);
    expect(actualEffect('results_per_week', before, after)).toBe(4);
    // Spend predictions of applied recommendations are savings.
    expect(actualEffect('spend_per_week', before, after)).toBe(30);
    expect(actualEffect('link_clicks_per_week', before, after)).toBe(50);
    expect(actualEffect('ctr_percent', before, after)).toBe(0.5);
    expect(actualEffect('ctr_percent', before, w(0, 0, 0, 0))).toBeNull();
  });
});

describe('judgeOutcome', () => {
  it('measures an improvement inside the predicted range', () => {
    const outcome = judgeOutcome(input({ rows: rows(day(60, 10), day(72, 11.5)) }));
    expect(outcome).toMatchObject({ state: 'measured', actual: 10.5, withinRange: true, settled: false });
    if (outcome.state !== 'measured') throw new Error('not measured');
    expect(outcome.before.results).toBe(70);
    expect(outcome.after.results).toBe(80.5);
    expect(outcome.after.costPerResult).toBeCloseTo(504 / 80.5, 2);
  });

  it('measures a worsening as a negative effect outside the range, noise allowed for', () => {
    // 700 results a week before, 630 after: chance alone moves the difference by about ±72 (1.96·√1330).
    const outcome = judgeOutcome(input({ rows: rows(day(600, 100), day(540, 90)) }));
    expect(outcome).toMatchObject({ state: 'measured', actual: -70, noise: 71.48, withinRange: false });
  });

  it('judges the actual against the predicted range widened by the two weeks’ own noise', () => {
    // Predicted +5 to +15 on 70 results a week; +3.5 is below the bare range but well within chance (±23.5).
    const outcome = judgeOutcome(input({ rows: rows(day(60, 10), day(60, 10.5)) }));
    expect(outcome).toMatchObject({ state: 'measured', actual: 3.5, noise: 23.48, withinRange: true });
    // CTR: a proportion of each week's impressions (1 % of 7,000 and 1.5 % of 7,000).
    const ctr = judgeOutcome(
      input({
        predicted: predicted(0.1, 0.2, 0.3, 'ctr_percent'),
        rows: rows(day(60, 10, 1000, 10), day(60, 10, 1000, 15)),
      }),
    );
    expect(ctr).toMatchObject({ state: 'measured', actual: 0.5, noise: 0.37, withinRange: true });
    // Spend follows the budget: no allowance.
    const spend = judgeOutcome(
      input({ predicted: predicted(80, 90, 100, 'spend_per_week'), rows: rows(day(60, 10), day(40, 10)) }),
    );
    expect(spend).toMatchObject({ state: 'measured', actual: 140, noise: 0, withinRange: false });
  });

  it('counts zero results after the change as a measured loss, not as missing data', () => {
    const outcome = judgeOutcome(input({ rows: rows(day(60, 2), day(60, 0)) }));
    expect(outcome).toMatchObject({ state: 'measured', actual: -14, withinRange: false });
    if (outcome.state === 'measured') expect(outcome.after.costPerResult).toBeNull();
  });

  it('measures spend saved in JPY (whole yen) against a savings prediction', () => {
    const outcome = judgeOutcome(
      input({
        predicted: predicted(16_800, 21_000, 21_000, 'spend_per_week'),
        rows: rows(day(10_000, 3, 50_000, 300), day(7_000, 2, 40_000, 240)),
      }),
    );
    expect(outcome).toMatchObject({ state: 'measured', actual: 21_000, withinRange: true });
    if (outcome.state === 'measured') expect(outcome.before.costPerResult).toBe(3333.33);
  });

  it('is "measuring — day N of 7" until the after window is complete', () => {
    expect(judgeOutcome(input({ today: '2026-11-13' }))).toEqual({
      state: 'measuring',
      day: 4,
      measuredOn: '2026-11-18',
    });
    expect(judgeOutcome(input({ today: '2026-11-18' })).state).toBe('measured');
  });

  it('settles once Meta can no longer attribute late conversions to the after window', () => {
    const settled = judgeOutcome(input({ today: '2026-11-25' }));
    expect(settled).toMatchObject({ state: 'measured', settled: true });
    expect(isFinal(settled)).toBe(true);
    expect(isFinal(judgeOutcome(input({ today: '2026-11-24' })))).toBe(false);
  });

  it('says so plainly when the object was deleted or archived', () => {
    const deleted = judgeOutcome(
      input({ objects: [{ objectId: '1', objectName: 'Lookalike', effectiveStatus: 'DELETED' }] }),
    );
    expect(deleted).toMatchObject({ state: 'not_measurable', reason: 'deleted' });
    if (deleted.state === 'not_measurable') expect(deleted.message).toContain('“Lookalike” was deleted in Meta');
    const archived = judgeOutcome(
      input({ today: '2026-11-12', objects: [{ objectId: '1', objectName: 'L', effectiveStatus: 'ARCHIVED' }] }),
    );
    expect(archived).toMatchObject({ state: 'not_measurable', reason: 'archived' });
  });

  it('refuses to credit a change when the object was changed again within the window', () => {
    const again = judgeOutcome(
      input({
        objects: [
          {
            objectId: '1',
            objectName: 'Lookalike',
            effectiveStatus: 'ACTIVE',
            updatedTime: '2026-11-13T09:00:00+0000',
          },
        ],
      }),
    );
    expect(again).toMatchObject({ state: 'not_measurable', reason: 'changed_again' });
    // Our own write (seconds after applying) and a change after the window do not count.
    for (const updatedTime of ['2026-11-10T15:00:05.000Z', '2026-11-19T09:00:00.000Z']) {
      const outcome = judgeOutcome(
        input({ objects: [{ objectId: '1', objectName: 'L', effectiveStatus: 'ACTIVE', updatedTime }] }),
      );
      expect(outcome.state).toBe('measured');
    }
    const ours = judgeOutcome(
      input({
        objects: [{ objectId: '1', objectName: 'L', effectiveStatus: 'ACTIVE', laterChangeAt: '2026-11-12T10:00:00Z' }],
      }),
    );
    expect(ours).toMatchObject({ state: 'not_measurable', reason: 'changed_again' });
  });

  describe('changed again: our audit of every change, and Meta’s updated_time', () => {
    const REC = 'act1.rec-7';
    const object = (extra: Partial<JudgeInput['objects'][0]>) => ({
      objectId: '1',
      objectName: 'Lookalike',
      effectiveStatus: 'ACTIVE',
      ...extra,
    });
    const judge = (extra: Partial<JudgeInput['objects'][0]>, others: JudgeInput['objects'] = []) =>
      judgeOutcome(input({ recommendationId: REC, objects: [object(extra), ...others] }));

    it('sees an edit made and reverted inside the window, which updated_time (the latest edit, later) does not', () => {
      // Raised on the 12th, put back on the 13th on the campaigns page; edited again in Ads Manager on the 19th,
      // after the window: Meta's updated_time alone says nothing happened inside it.
      const outcome = judge({
        updatedTime: '2026-11-19T09:00:00+0000',
        auditedChanges: [
          { at: '2026-11-12T10:00:00.000Z', action: 'budget_change' },
          { at: '2026-11-13T08:30:00.000Z', action: 'budget_change' },
        ],
      });
      expect(outcome).toMatchObject({
        state: 'not_measurable',
        reason: 'changed_again',
        changedAt: '2026-11-12T10:00:00.000Z',
      });
      if (outcome.state !== 'not_measurable') return;
      expect(outcome.message).toBe(
        '“Lookalike” was changed again on 12 Nov (on the campaigns page), within 7 days of this change, so what followed cannot be put down to this one.',
      );
      // Without the audit, the same object reads as measured.
      expect(judge({ updatedTime: '2026-11-19T09:00:00+0000' }).state).toBe('measured');
    });

    it('sees our own edit a minute after applying, inside the slack kept for updated_time', () => {
      const at = '2026-11-10T15:01:00.000Z';
      expect(judge({ updatedTime: at }).state).toBe('measured');
      expect(judge({ updatedTime: at, auditedChanges: [{ at, action: 'pause', source: 'rule:r1' }] })).toMatchObject({
        reason: 'changed_again',
        changedAt: at,
        message: expect.stringContaining('on 10 Nov (by an automation rule)'),
      });
    });

    it('does not count the recommendation’s own apply and undo, nor a rename, nor a change outside the window', () => {
      const outcome = judge({
        auditedChanges: [
          // Its own writes: the apply (just before appliedAt is stamped) and an undo within the 24 hours.
          { at: '2026-11-10T14:59:59.000Z', action: 'budget_change', source: `optimizer:${REC}` },
          { at: '2026-11-11T09:00:00.000Z', action: 'undo', source: `optimizer-undo:${REC}` },
          { at: '2026-11-12T09:00:00.000Z', action: 'rename' },
          // Before the apply, and after the after window (ends 2026-11-17, account-local).
          { at: '2026-11-09T09:00:00.000Z', action: 'budget_change' },
          { at: '2026-11-18T00:00:01.000Z', action: 'pause' },
        ],
      });
      expect(outcome.state).toBe('measured');
      // Another recommendation's undo of the same object is a change like any other.
      expect(
        judge({ auditedChanges: [{ at: '2026-11-14T09:00:00.000Z', action: 'undo', source: 'optimizer-undo:x' }] }),
      ).toMatchObject({
        reason: 'changed_again',
        message: expect.stringContaining('by undoing another recommendation'),
      });
    });

    it('counts an A/B copy made in the ad set in its week as a change: the copy’s results are not the change’s', () => {
      expect(
        judge({
          auditedChanges: [{ at: '2026-11-13T09:00:00.000Z', action: 'create_ad_copy', source: 'ad-optimizer:t1' }],
        }),
      ).toMatchObject({
        reason: 'changed_again',
        message: expect.stringContaining('on 13 Nov (by an A/B copy made in its ad set)'),
      });
    });

    it('ignores a change to an unrelated object, and names the first object changed when several were', () => {
      expect(judge({}).state).toBe('measured');
      const twoObjects = judgeOutcome(
        input({
          recommendationId: REC,
          objects: [
            object({ auditedChanges: [{ at: '2026-11-15T09:00:00.000Z', action: 'pause', source: 'rule:r' }] }),
            {
              objectId: '2',
              objectName: 'Broad',
              effectiveStatus: 'ACTIVE',
              auditedChanges: [{ at: '2026-11-11T09:00:00.000Z', action: 'budget_change' }],
            },
          ],
        }),
      );
      expect(twoObjects).toMatchObject({ reason: 'changed_again', changedAt: '2026-11-11T09:00:00.000Z' });
      if (twoObjects.state === 'not_measurable')
        expect(twoObjects.message).toMatch(/^“Broad” was changed again on 11 Nov/);
    });

    it('takes the earliest of the audit, our other recommendations and updated_time', () => {
      const outcome = judge({
        updatedTime: '2026-11-13T09:00:00+0000',
        laterChangeAt: '2026-11-14T09:00:00.000Z',
        auditedChanges: [{ at: '2026-11-15T09:00:00.000Z', action: 'budget_change' }],
      });
      expect(outcome).toMatchObject({ changedAt: '2026-11-13T09:00:00+0000' });
      if (outcome.state === 'not_measurable') expect(outcome.message).toContain('on 13 Nov (in Meta)');
    });
  });

  it('says "no delivery" when the object delivered nothing after a change that should deliver', () => {
    const none = judgeOutcome(input({ rows: rows(day(60, 10), day(0, 0, 0, 0)) }));
    expect(none).toMatchObject({ state: 'not_measurable', reason: 'no_delivery' });
    const nothingBefore = judgeOutcome(input({ rows: rows(day(0, 0, 0, 0), day(60, 10)) }));
    expect(nothingBefore).toMatchObject({ state: 'not_measurable', reason: 'no_delivery' });
  });

  it('says a marketing-mix revenue prediction cannot be measured from Meta, after the week like any other', () => {
    const mmm = predicted(100, 400, 700, 'revenue_per_week');
    expect(judgeOutcome(input({ predicted: mmm, today: '2026-11-13' })).state).toBe('measuring');
    expect(judgeOutcome(input({ predicted: mmm }))).toMatchObject({ state: 'not_measurable', reason: 'not_in_meta' });
  });

  it('measures a pause by the spend it saved, no delivery after being the point', () => {
    const paused = judgeOutcome(
      input({
        predicted: predicted(336, 420, 420, 'spend_per_week'),
        rows: rows(day(60, 0), day(0, 0, 0, 0)),
        expectsDelivery: false,
      }),
    );
    expect(paused).toMatchObject({ state: 'measured', actual: 420, withinRange: true });
  });
});

describe('detectorScores', () => {
  const measured = (actual: number, withinRange: boolean): Outcome => ({
    state: 'measured',
    before: windowFigures([], { since: 'a', until: 'b' }),
    after: windowFigures([], { since: 'a', until: 'b' }),
    actual,
    withinRange,
    settled: true,
    measuredAt: '2026-11-20T00:00:00Z',
  });

  it('gives the hit rate and the median bias per detector once there is enough history', () => {
    const p = predicted(5, 10, 15);
    const outcomes = [
      { kind: 'budget_limited_winner' as const, predicted: p, outcome: measured(12, true) },
      { kind: 'budget_limited_winner' as const, predicted: p, outcome: measured(4, false) },
      { kind: 'budget_limited_winner' as const, predicted: p, outcome: measured(9, true) },
      { kind: 'budget_limited_winner' as const, predicted: p, outcome: measured(14, true) },
      { kind: 'budget_limited_winner' as const, predicted: p, outcome: measured(20, false) },
      // Not measured: not counted.
      {
        kind: 'budget_limited_winner' as const,
        predicted: p,
        outcome: { state: 'measuring', day: 3, measuredOn: 'x' } as Outcome,
      },
    ];
    const [score] = detectorScores(outcomes, ['budget_limited_winner'], 5);
    // Actual − expected: 2, −6, −1, 4, 10 → median 2.
    expect(score).toEqual({
      kind: 'budget_limited_winner',
      n: 5,
      hits: 3,
      hitRate: 0.6,
      medianBias: 2,
      metric: 'results_per_week',
      enoughHistory: true,
    });
  });

  it('says "not enough history" (no percentage) below the minimum, and lists detectors never measured', () => {
    const p = predicted(5, 10, 15);
    const scores = detectorScores(
      [{ kind: 'budget_shift', predicted: p, outcome: measured(12, true) }],
      ['budget_shift', 'ab_loser'],
      5,
    );
    expect(scores).toEqual([
      {
        kind: 'budget_shift',
        n: 1,
        hits: 1,
        hitRate: null,
        medianBias: null,
        metric: 'results_per_week',
        enoughHistory: false,
      },
      { kind: 'ab_loser', n: 0, hits: 0, hitRate: null, medianBias: null, metric: null, enoughHistory: false },
    ]);
  });

  it('gives no bias when a detector’s predictions mix units', () => {
    const outcomes = [1, 2, 3, 4, 5].map((i) => ({
      kind: 'ab_loser' as const,
      predicted: predicted(0, 10, 15, i % 2 ? 'link_clicks_per_week' : 'results_per_week'),
      outcome: measured(10, true),
    }));
    const [score] = detectorScores(outcomes, ['ab_loser'], 5);
    expect(score).toMatchObject({ n: 5, hitRate: 1, medianBias: null, metric: null });
  });
});
