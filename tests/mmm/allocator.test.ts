/**
 * Allocator on a fitted model: response ≥ the historical allocation's, equal marginal ROI (within
 * 2 %) across channels not at a bound, bounds and budget respected; target-ROI mode; lift interval.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { allocate, allocateForTargetRoi, cautiousAllocation, liftInterval } from '@shared/mmm/allocator';
import { fitSequential, mediaBetas, type RawFit } from '@shared/mmm/fit';
import { channelResponses, drawResponses, type ChannelResponse } from '@shared/mmm/outputs';
import { ConfigSchema } from '@shared/mmm/spec';
import { robynDemo } from './support/fixtures';

describe('budget allocator', () => {
  let raw: RawFit;
  let responses: ChannelResponse[];
  beforeAll(() => {
    raw = fitSequential(
      robynDemo(),
      ConfigSchema.parse({
        window: { start: '2016-01-04', end: '2018-12-31' },
        baseline: { mode: 'decomposed', changepoints: 10, changepointPenalty: 100, fourierOrder: 4, holidays: 'DE' },
        search: { seed: 5, trials: 2, populationSize: 20, generations: 20 },
        bootstrap: { replicates: 10, refitEvaluations: 30 },
      }),
    );
    responses = channelResponses(
      raw.problem.data,
      raw.problem.config,
      raw.problem,
      raw.chosen.transforms,
      mediaBetas(raw.chosen),
    );
  });

  const checkOptimal = (allocation: ReturnType<typeof allocate>, budget: number) => {
    expect(allocation.optimalResponse).toBeGreaterThanOrEqual(
      allocation.currentResponse * (budget >= allocation.channels.reduce((s, c) => s + c.current, 0) ? 1 : 0),
    );
    expect(Math.abs(allocation.channels.reduce((s, c) => s + c.optimal, 0) - budget)).toBeLessThan(1e-6 * budget);
    for (const c of allocation.channels) {
      expect(c.optimal).toBeGreaterThanOrEqual(c.lower * (1 - 1e-9));
      expect(c.optimal).toBeLessThanOrEqual(c.upper * (1 + 1e-9));
    }
    const interior = allocation.channels.filter((c) => c.atBound === null);
    const marginals = interior.map((c) => c.marginalRoi);
    if (marginals.length > 1) {
      expect(Math.max(...marginals) / Math.min(...marginals) - 1).toBeLessThanOrEqual(0.02);
    }
    // A bound channel's marginal is on the right side of the interior one (else moving budget would help).
    const level = marginals.length > 0 ? marginals.reduce((a, b) => a + b, 0) / marginals.length : undefined;
    if (level !== undefined) {
      for (const c of allocation.channels) {
        if (c.atBound === 'upper') expect(c.marginalRoi).toBeGreaterThanOrEqual(level * 0.98);
        if (c.atBound === 'lower') expect(c.marginalRoi).toBeLessThanOrEqual(level * 1.02);
      }
    }
    return interior.length;
  };

  it('beats the historical allocation at the same budget, with equal marginal ROI off the bounds', () => {
    const allocation = allocate(responses);
    const current = allocation.channels.reduce((s, c) => s + c.current, 0);
    expect(allocation.budget).toBeCloseTo(current, 6);
    expect(allocation.optimalResponse).toBeGreaterThanOrEqual(allocation.currentResponse);
    expect(allocation.lift).toBeGreaterThan(0);
    const interior = checkOptimal(allocation, current);
    expect(interior).toBeGreaterThanOrEqual(2);
    // Organic channels have no budget to move.
    expect(allocation.channels.map((c) => c.name)).not.toContain('newsletter');
  });

  it('respects custom bounds and another budget', () => {
    const current = responses.filter((r) => !r.organic).reduce((s, r) => s + r.spend, 0);
    const allocation = allocate(responses, {
      budget: 1.2 * current,
      bounds: { tv_S: { lower: 1, upper: 1 } },
      defaultBounds: { lower: 0.7, upper: 1.5 },
    });
    const tv = allocation.channels.find((c) => c.name === 'tv_S')!;
    expect(tv.optimal).toBeCloseTo(tv.current, 6);
    checkOptimal(allocation, 1.2 * current);
    expect(() => allocate(responses, { budget: 10 * current })).toThrow(RangeError);
  });

  it('finds the budget that meets a target ROI', () => {
    const atCurrent = allocate(responses);
    const target = (atCurrent.optimalResponse / atCurrent.budget) * 1.1;
    const result = allocateForTargetRoi(responses, target);
    expect(result.reachable).toBe(true);
    expect(result.optimalResponse / result.budget).toBeGreaterThanOrEqual(target * (1 - 1e-6));
    expect(result.budget).toBeLessThan(atCurrent.budget);
  });

  it('gives the expected lift an interval from the draws', () => {
    const allocation = allocate(responses);
    const interval = liftInterval(
      allocation,
      raw.draws.map((d) => drawResponses(raw, d)),
    );
    // The draws' median inside their central share (drawInterval), not the chosen model's lift.
    expect(interval.low).toBeLessThanOrEqual(interval.estimate);
    expect(interval.estimate).toBeLessThanOrEqual(interval.high);
    expect(Number.isFinite(interval.low)).toBe(true);
  });

  describe('never gambles (issue 24, requirement 5)', () => {
    // Two channels with known curves: a saturating one and a linear one; moving budget to the linear channel helps.
    const curve = (name: string, spend: number, f: (x: number) => number): ChannelResponse => ({
      name,
      organic: false,
      spend,
      response: f,
    });
    const model = [curve('a', 100, (x) => 200 * (1 - Math.exp(-x / 50))), curve('b', 100, (x) => 1.2 * x)];

    it('recommends the optimum when every draw agrees it helps', () => {
      const draws = [0.9, 1, 1.1].map((k) => model.map((r) => ({ ...r, response: (x: number) => k * r.response(x) })));
      const result = cautiousAllocation(model, draws, 0.9);
      expect(result.decision.action).toBe('reallocate');
      expect(result.decision.step).toBe(1);
      expect(result.lift).toBeGreaterThan(0);
      expect(result.channels.find((c) => c.name === 'b')!.optimal).toBeGreaterThan(100);
    });

    it("holds today's split, saying why, when the draws disagree on the sign of the lift", () => {
      // In half the draws channel b is worth far less: moving budget to it loses.
      const draws = [0.2, 0.3, 1, 1.1].map((k) => [model[0]!, curve('b', 100, (x) => k * 1.2 * x)]);
      const result = cautiousAllocation(model, draws, 0.9);
      expect(result.decision.action).toBe('hold');
      expect(result.decision.reason).toMatch(/includes zero/);
      expect(result.lift).toBe(0);
      for (const c of result.channels) expect(c.optimal).toBeCloseTo(c.current, 9);
      expect(result.liftInterval.low).toBeLessThan(0);
      expect(result.liftInterval.high).toBeGreaterThan(0);
    });

    it('takes a smaller step when only the full move is uncertain', () => {
      // In one draw b saturates soon after today's spend: a small move to b still helps there, the full move loses.
      const early = curve('b', 100, (x) => 1365 * (1 - Math.exp(-x / 25)));
      const draws = [model, model, [model[0]!, early]];
      const result = cautiousAllocation(model, draws, 0.9);
      const full = allocate(model);
      expect(liftInterval(full, draws, 0.9).low).toBeLessThanOrEqual(0);
      expect(result.decision.action).toBe('reallocate');
      expect(result.decision.step).toBeLessThan(1);
      expect(result.lift).toBeGreaterThan(0);
      expect(result.lift).toBeLessThan(full.lift);
    });

    it('takes the step with the best worst case even when the full move clears zero', () => {
      // In one draw b's returns diminish: the full move still helps there, but half the way helps more.
      const tau = 150;
      const scale = 100 / (tau * Math.log(1 + 100 / tau));
      const diminishing = curve('b', 100, (x) => 1.2 * tau * Math.log(1 + x / tau) * scale);
      const draws = [model, model, [model[0]!, diminishing]];
      const full = allocate(model);
      const result = cautiousAllocation(model, draws, 0.9);
      expect(liftInterval(full, draws, 0.9).low).toBeGreaterThan(0);
      expect(result.decision.step).toBe(0.5);
      expect(liftInterval(result, draws, 0.9).low).toBeGreaterThan(liftInterval(full, draws, 0.9).low);
      expect(result.decision.reason).toMatch(/50 % of the way .* best worst case/);
    });

    it("spends a larger budget at today's split when that is all the bounds allow (target-ROI mode)", () => {
      const draws = [0.9, 1, 1.1].map((k) => model.map((r) => ({ ...r, response: (x: number) => k * r.response(x) })));
      const result = cautiousAllocation(model, draws, 0.9, { budget: 400 });
      expect(result.decision.action).toBe('reallocate');
      for (const c of result.channels) expect(c.optimal).toBeCloseTo(200, 6);
      expect(result.lift).toBeGreaterThan(0);
    });

    it("keeps a channel at today's spend when its own part of the move cannot be shown to help", () => {
      // a saturates and pays for the move; b is measured well; c looks best but one draw says it is worth little.
      const three = [
        curve('a', 300, (x) => 600 * (1 - Math.exp(-x / 150))),
        curve('b', 100, (x) => 3 * x),
        curve('c', 100, (x) => 3.2 * x),
      ];
      const draws = [0.1, 0.6, 1, 1.4, 1.8].map((k) => [three[0]!, three[1]!, curve('c', 100, (x) => k * 3.2 * x)]);
      // The whole move clears zero on the strength of b's part.
      expect(liftInterval(allocate(three), draws, 0.9).low).toBeGreaterThan(0);
      expect(allocate(three).channels.find((c) => c.name === 'c')!.optimal).toBeGreaterThan(100);
      const result = cautiousAllocation(three, draws, 0.9);
      expect(result.decision.action).toBe('reallocate');
      expect(result.decision.held).toEqual(['c']);
      expect(result.decision.reason).toMatch(/c stays at today’s spend: .*part of the move includes zero/);
      expect(result.channels.find((c) => c.name === 'c')!.optimal).toBeCloseTo(100, 9);
      expect(result.channels.find((c) => c.name === 'b')!.optimal).toBeGreaterThan(100);
      expect(liftInterval(result, draws, 0.9).low).toBeGreaterThan(0);
    });
  });
});
