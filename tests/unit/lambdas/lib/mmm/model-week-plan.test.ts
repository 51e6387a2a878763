/**
 * A saved model's week-by-week plan (issue 24, requirement 6) through the store: a real quick fit of the PyMC
 * example, then the plan as the route serves it — the owner's only, a finished model's only, the request's
 * total and bounds honoured, a request the model cannot honour refused naming its field.
 */
import { describe, expect, it } from 'vitest';
import { WeekPlanBodySchema } from '@shared/schemas/mmm-week-plan';
import { createDataset } from '@lambdas/marketing-mix/datasets';
import { startFit } from '@lambdas/marketing-mix/models';
import { runFitJob } from '@lambdas/marketing-mix-worker/run-fit-job';
import { modelWeekPlan } from '@lambdas/lib/mmm/model-week-plan';
import {
  fitDeps,
  fixtureMapping as mapping,
  MMM_FIXTURE as FIXTURE,
  rejection,
  withMmmTables,
} from '@tests/support/mmm-tables';

const local = withMmmTables();
const { queued, deps } = fitDeps(() => local.tables);

const request = (body: unknown) => WeekPlanBodySchema.parse(body);

describe('modelWeekPlan', () => {
  it('plans a finished model of its owner within the total and bounds, and refuses what it cannot honour', async () => {
    const { tables } = local;
    const dataset = await createDataset(tables, 'user-w', { name: 'PyMC', csv: FIXTURE, mapping });
    const model = await startFit(deps(), 'user-w', {
      datasetId: dataset.id,
      name: 'Weeks',
      adstock: 'geometric',
      saturation: 'hill',
      quality: 'quick',
    });
    // Before the fit has run: a 409 saying so, not an empty plan.
    expect((await rejection(modelWeekPlan(tables, 'user-w', model.id, request({ weeks: 8 })))).code).toBe('CONFLICT');
    expect(await runFitJob({ tables, log: () => {}, progressEveryMs: 0 }, queued.at(-1)!)).toBe('done');

    const plan = await modelWeekPlan(
      tables,
      'user-w',
      model.id,
      request({ weeks: 8, totalBudget: 40_000, bounds: [{ channel: 'x1', min: 1_000, max: 3_000 }] }),
    );
    expect(plan.weeks).toHaveLength(8);
    expect(plan.channels.map((c) => c.name)).toEqual(['x1', 'x2']);
    const spent = plan.weeks.reduce((s, w) => s + w.spend.reduce((a, b) => a + b, 0), 0);
    expect(spent).toBeCloseTo(plan.total, 3);
    for (const week of plan.weeks) {
      expect(week.spend[0]).toBeGreaterThanOrEqual(1_000 - 1e-6);
      expect(week.spend[0]).toBeLessThanOrEqual(3_000 + 1e-6);
      expect(week.kpi.low).toBeLessThanOrEqual(week.kpi.estimate);
      expect(week.kpi.high).toBeGreaterThanOrEqual(week.kpi.estimate);
    }
    // The week after the data's last.
    const last = Date.parse(`${dataset.lastDate}T00:00:00Z`);
    expect(Date.parse(`${plan.weeks[0]!.date}T00:00:00Z`) - last).toBe(7 * 86_400_000);

    // Another user: not found, never a plan of someone else's model.
    expect((await rejection(modelWeekPlan(tables, 'user-x', model.id, request({ weeks: 8 })))).code).toBe('NOT_FOUND');
    // A channel the model does not have, and minimums above the total: 400 naming the field.
    const unknown = await rejection(
      modelWeekPlan(tables, 'user-w', model.id, request({ weeks: 8, bounds: [{ channel: 'tv', max: 10 }] })),
    );
    expect(unknown.code).toBe('VALIDATION_ERROR');
    expect(unknown.details).toHaveProperty('bounds');
    const floor = await rejection(
      modelWeekPlan(
        tables,
        'user-w',
        model.id,
        request({ weeks: 8, totalBudget: 100, bounds: [{ channel: 'x1', min: 1_000 }] }),
      ),
    );
    expect(floor.code).toBe('VALIDATION_ERROR');
    expect(floor.details).toHaveProperty('totalBudget');
  }, 120_000);
});

describe('WeekPlanBodySchema', () => {
  it('takes 4 to 52 weeks, a positive total, each channel once, a sensitivity from 0 to 1', () => {
    expect(request({ weeks: 4 })).toEqual({ weeks: 4, bounds: [], seasonSensitivity: 1 });
    for (const bad of [
      { weeks: 3 },
      { weeks: 53 },
      { weeks: 4.5 },
      { weeks: 8, totalBudget: 0 },
      { weeks: 8, seasonSensitivity: 1.5 },
      { weeks: 8, bounds: [{ channel: 'x1', min: 5, max: 1 }] },
      { weeks: 8, bounds: [{ channel: 'x1' }, { channel: 'x1' }] },
      { weeks: 8, extra: true },
    ]) {
      expect(WeekPlanBodySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
