/**
 * Budget allocator: maximise the predicted response of the paid channels for a total budget with
 * per-channel bounds (default 0.5×–2× of current spend), or find the budget that meets a target ROI.
 * Pairwise transfers from the channel with the lowest marginal return to the one with the highest,
 * each an exact line search, until marginal returns are equal across channels not at a bound (the
 * optimality condition of this problem). Starting from the current allocation, the result is never worse.
 */
import { type ChannelResponse, drawInterval, type Interval } from './outputs';

export interface ChannelBounds {
  /** Multiples of current spend. */
  lower: number;
  upper: number;
}

export interface AllocationRequest {
  /** Total budget over the same span as the historic window; default the current total. */
  budget?: number;
  bounds?: Record<string, ChannelBounds>;
  defaultBounds?: ChannelBounds;
}

export interface ChannelAllocation {
  name: string;
  current: number;
  optimal: number;
  lower: number;
  upper: number;
  currentResponse: number;
  optimalResponse: number;
  /** Marginal return at the optimal spend. */
  marginalRoi: number;
  /** `fixed` when its bounds leave no room. */
  atBound: 'lower' | 'upper' | 'fixed' | null;
}

export interface Allocation {
  budget: number;
  channels: ChannelAllocation[];
  currentResponse: number;
  optimalResponse: number;
  lift: number;
  liftShare: number;
  liftInterval?: Interval;
}

const GOLDEN = (Math.sqrt(5) - 1) / 2;

function maximiseTransfer(g: (t: number) => number, max: number): number {
  let a = 0;
  let b = max;
  let c = b - GOLDEN * (b - a);
  let d = a + GOLDEN * (b - a);
  let gc = g(c);
  let gd = g(d);
  for (let i = 0; i < 80 && b - a > 1e-10 * (1 + max); i += 1) {
    if (gc >= gd) {
      b = d;
      d = c;
      gd = gc;
      c = b - GOLDEN * (b - a);
      gc = g(c);
    } else {
      a = c;
      c = d;
      gc = gd;
      d = a + GOLDEN * (b - a);
      gd = g(d);
    }
  }
  const t = (a + b) / 2;
  // The ends are candidates too (curves need not be concave everywhere).
  return [0, t, max].reduce((best, x) => (g(x) > g(best) ? x : best), 0);
}

export function marginal(response: ChannelResponse, spend: number, lower: number, upper: number): number {
  const h = 1e-4 * Math.max(response.spend, 1e-9);
  const lo = Math.max(lower, spend - h);
  const hi = Math.min(upper, spend + h);
  if (hi <= lo) return 0;
  return (response.response(hi) - response.response(lo)) / (hi - lo);
}

export function allocate(responses: readonly ChannelResponse[], request: AllocationRequest = {}): Allocation {
  const paid = responses.filter((r) => !r.organic && r.spend > 0);
  const defaults = request.defaultBounds ?? { lower: 0.5, upper: 2 };
  const lower = paid.map((r) => (request.bounds?.[r.name] ?? defaults).lower * r.spend);
  const upper = paid.map((r) => (request.bounds?.[r.name] ?? defaults).upper * r.spend);
  const currentTotal = paid.reduce((s, r) => s + r.spend, 0);
  const budget = request.budget ?? currentTotal;
  const minTotal = lower.reduce((a, b) => a + b, 0);
  const maxTotal = upper.reduce((a, b) => a + b, 0);
  if (budget < minTotal - 1e-9 || budget > maxTotal + 1e-9) {
    throw new RangeError(
      `the budget must lie between ${minTotal.toFixed(2)} and ${maxTotal.toFixed(2)} for these bounds`,
    );
  }
  // Start at the current mix scaled to the budget, then repair the bounds.
  const x = paid.map((r, c) => Math.min(upper[c]!, Math.max(lower[c]!, (r.spend * budget) / currentTotal)));
  for (let round = 0; round < 100; round += 1) {
    const gap = budget - x.reduce((a, b) => a + b, 0);
    if (Math.abs(gap) <= 1e-9 * budget) break;
    const room = x.map((v, c) => (gap > 0 ? upper[c]! - v : v - lower[c]!));
    const totalRoom = room.reduce((a, b) => a + b, 0);
    x.forEach((_, c) => (x[c] = x[c]! + (gap * room[c]!) / totalRoom));
  }
  for (let iteration = 0; iteration < 5000; iteration += 1) {
    const m = paid.map((r, c) => marginal(r, x[c]!, lower[c]!, upper[c]!));
    let give = -1;
    let take = -1;
    paid.forEach((_, c) => {
      if (x[c]! < upper[c]! - 1e-9 * upper[c]! && (take < 0 || m[c]! > m[take]!)) take = c;
      if (x[c]! > lower[c]! + 1e-9 * upper[c]! && (give < 0 || m[c]! < m[give]!)) give = c;
    });
    if (give < 0 || take < 0 || give === take || m[take]! <= m[give]! * (1 + 1e-5) + 1e-15) break;
    const max = Math.min(upper[take]! - x[take]!, x[give]! - lower[give]!);
    const [rt, rg, xt, xg] = [paid[take]!, paid[give]!, x[take]!, x[give]!];
    const t = maximiseTransfer((s) => rt.response(xt + s) + rg.response(xg - s), max);
    if (t <= 0) break;
    x[take] = xt + t;
    x[give] = xg - t;
  }
  const channels = paid.map((r, c): ChannelAllocation => {
    const atLower = x[c]! <= lower[c]! * (1 + 1e-6);
    const atUpper = x[c]! >= upper[c]! * (1 - 1e-6);
    return {
      name: r.name,
      current: r.spend,
      optimal: x[c]!,
      lower: lower[c]!,
      upper: upper[c]!,
      currentResponse: r.response(r.spend),
      optimalResponse: r.response(x[c]!),
      marginalRoi: marginal(r, x[c]!, 0, Infinity),
      atBound: upper[c]! - lower[c]! <= 1e-9 * upper[c]! ? 'fixed' : atLower ? 'lower' : atUpper ? 'upper' : null,
    };
  });
  const currentResponse = channels.reduce((s, c) => s + c.currentResponse, 0);
  const optimalResponse = channels.reduce((s, c) => s + c.optimalResponse, 0);
  return {
    budget,
    channels,
    currentResponse,
    optimalResponse,
    lift: optimalResponse - currentResponse,
    liftShare: currentResponse > 0 ? (optimalResponse - currentResponse) / currentResponse : 0,
  };
}

/** The lift of an allocation under every draw's response curves: its uncertainty. */
export function liftInterval(allocation: Allocation, drawCurves: readonly ChannelResponse[][], level = 0.9): Interval {
  const lifts = drawCurves
    .map((curves) =>
      allocation.channels.reduce((sum, ch) => {
        const curve = curves.find((r) => r.name === ch.name);
        return curve ? sum + curve.response(ch.optimal) - curve.response(ch.current) : sum;
      }, 0),
    )
    .sort((a, b) => a - b);
  // The draws' median and their central share: an interval that holds its estimate (drawInterval says why).
  return drawInterval(lifts, level, allocation.lift);
}

/**
 * Target-ROI mode: the largest total budget whose optimal allocation still returns `targetRoi`
 * per unit of spend overall (bisection; ROI falls as budget grows under diminishing returns).
 */
export function allocateForTargetRoi(
  responses: readonly ChannelResponse[],
  targetRoi: number,
  request: Omit<AllocationRequest, 'budget'> = {},
): Allocation & { reachable: boolean } {
  const paid = responses.filter((r) => !r.organic && r.spend > 0);
  const defaults = request.defaultBounds ?? { lower: 0.5, upper: 2 };
  let lo = paid.reduce((s, r) => s + (request.bounds?.[r.name] ?? defaults).lower * r.spend, 0);
  let hi = paid.reduce((s, r) => s + (request.bounds?.[r.name] ?? defaults).upper * r.spend, 0);
  const roiAt = (budget: number) => {
    const a = allocate(responses, { ...request, budget });
    return { a, roi: a.optimalResponse / budget };
  };
  const atHigh = roiAt(hi);
  if (atHigh.roi >= targetRoi) return { ...atHigh.a, reachable: true };
  const atLow = roiAt(lo);
  if (atLow.roi < targetRoi) return { ...atLow.a, reachable: false };
  let best = atLow.a;
  for (let i = 0; i < 40 && hi - lo > 1e-6 * hi; i += 1) {
    const mid = (lo + hi) / 2;
    const r = roiAt(mid);
    if (r.roi >= targetRoi) {
      lo = mid;
      best = r.a;
    } else hi = mid;
  }
  return { ...best, reachable: true };
}

/** Whether a report recommends moving budget, and why (issue 24, requirement 5: never gamble). */
export interface AllocationDecision {
  action: 'reallocate' | 'hold';
  /** Share of the way from today's split to the model's optimum that is recommended (0 when holding). */
  step: number;
  reason: string;
}

/** Steps tried from the model's optimum back toward today's split. */
const CAUTIOUS_STEPS = [1, 0.75, 0.5, 0.25] as const;

/** The allocation `step` of the way from the starting split to `target`'s (a convex mix stays within bounds and budget). */
function stepToward(responses: readonly ChannelResponse[], target: Allocation, step: number): Allocation {
  const currentTotal = target.channels.reduce((s, c) => s + c.current, 0);
  const scale = currentTotal > 0 ? target.budget / currentTotal : 1;
  const channels = target.channels.map((c): ChannelAllocation => {
    const response = responses.find((r) => r.name === c.name)!;
    const optimal = c.current * scale + step * (c.optimal - c.current * scale);
    return {
      ...c,
      optimal,
      optimalResponse: response.response(optimal),
      marginalRoi: marginal(response, optimal, 0, Infinity),
      atBound: c.atBound === 'fixed' ? 'fixed' : step === 1 ? c.atBound : null,
    };
  });
  const optimalResponse = channels.reduce((s, c) => s + c.optimalResponse, 0);
  return {
    ...target,
    channels,
    optimalResponse,
    lift: optimalResponse - target.currentResponse,
    liftShare: target.currentResponse > 0 ? (optimalResponse - target.currentResponse) / target.currentResponse : 0,
  };
}

const fmt = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 0 });

/**
 * An allocation that never gambles: the model's optimum, or the largest step toward it whose lift
 * interval over the uncertainty draws lies wholly above zero; else today's split ("hold") with the
 * reason. The interval on the returned allocation is always that of the full move, so the report
 * can say how uncertain the model's optimum is.
 */
export function cautiousAllocation(
  responses: readonly ChannelResponse[],
  drawCurves: readonly ChannelResponse[][],
  level = 0.9,
  request: AllocationRequest = {},
): Allocation & { liftInterval: Interval; decision: AllocationDecision } {
  const full = allocate(responses, request);
  const fullInterval = liftInterval(full, drawCurves, level);
  const pct = `${Math.round(100 * level)} %`;
  if (full.lift <= 0) {
    return {
      ...stepToward(responses, full, 0),
      liftInterval: fullInterval,
      decision: { action: 'hold', step: 0, reason: 'Today’s split is already the best the model finds.' },
    };
  }
  if (drawCurves.length > 0) {
    for (const step of CAUTIOUS_STEPS) {
      const candidate = step === 1 ? full : stepToward(responses, full, step);
      const interval = step === 1 ? fullInterval : liftInterval(candidate, drawCurves, level);
      if (interval.low > 0) {
        const reason =
          step === 1
            ? `The lift’s ${pct} interval (${fmt(interval.low)} to ${fmt(interval.high)}) lies above zero.`
            : `The full move’s ${pct} lift interval (${fmt(fullInterval.low)} to ${fmt(fullInterval.high)}) ` +
              `includes zero; ${Math.round(100 * step)} % of the way there, the interval (${fmt(interval.low)} to ` +
              `${fmt(interval.high)}) lies above zero.`;
        return { ...candidate, liftInterval: fullInterval, decision: { action: 'reallocate', step, reason } };
      }
    }
  }
  const reason =
    drawCurves.length === 0
      ? 'The fit has no uncertainty draws, so no move can be shown to help: keep today’s split.'
      : `Keep today’s split: the best move’s ${pct} lift interval (${fmt(fullInterval.low)} to ` +
        `${fmt(fullInterval.high)}) includes zero, as does every smaller step toward it, so the data cannot ` +
        'tell it from no gain. More weeks, more spend variation or a lift test would sharpen it.';
  return {
    ...stepToward(responses, full, 0),
    liftInterval: fullInterval,
    decision: { action: 'hold', step: 0, reason },
  };
}
