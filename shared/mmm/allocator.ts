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
  /** Channels kept at today's spend because their own part of the move cannot be shown to help. */
  held?: string[];
}

/**
 * The interval level a move is judged at (when the report's own is lower). The draws are narrower than the truth's
 * spread: on the 52 known-truth worlds their central 90 % of marginal returns at today's spend held the true one for
 * 82.0 % of channels, their central 95 % for 88.8 % (docs/mmm-scorecard.md, session 22). So a move must clear zero
 * over the draws' 95 %, which is what a 90 % interval should be; the report still shows its 90 % intervals.
 */
export const DECISION_LEVEL = 0.95;

/** Steps tried from the model's optimum back toward today's split. */
const CAUTIOUS_STEPS = [1, 0.75, 0.5, 0.25] as const;

/** Today's split scaled to `budget` (the split every move starts from; today's spend at the same budget). */
function baseSpend(target: Allocation): number[] {
  const currentTotal = target.channels.reduce((s, c) => s + c.current, 0);
  const scale = currentTotal > 0 ? target.budget / currentTotal : 1;
  return target.channels.map((c) => c.current * scale);
}

/** The allocation `step` of the way from the starting split to `target`'s (a convex mix stays within bounds and budget). */
function stepToward(responses: readonly ChannelResponse[], target: Allocation, step: number): Allocation {
  const base = baseSpend(target);
  const channels = target.channels.map((c, k): ChannelAllocation => {
    const response = responses.find((r) => r.name === c.name)!;
    const optimal = base[k]! + step * (c.optimal - base[k]!);
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

/**
 * The channels whose own part of `target`'s move cannot be shown to help: a channel's part is its own change, paid
 * for by (or paying) the channels that move the other way in proportion to their changes; it fails when the lift
 * interval of that part over the draws does not lie above zero. A whole move can pass on the strength of the
 * channels the data measure well while a poorly measured one rides along on draws that share its bias: on the
 * known-truth worlds such riders made the recommendation truly worse (docs/mmm-scorecard.md, session 22).
 */
export function unsupportedParts(
  target: Allocation,
  drawCurves: readonly ChannelResponse[][],
  level: number,
): string[] {
  const base = baseSpend(target);
  const change = target.channels.map((c, k) => c.optimal - base[k]!);
  const flow = change.reduce((s, v) => s + Math.max(0, v), 0);
  if (!(flow > 0) || drawCurves.length === 0) return [];
  const failing: string[] = [];
  target.channels.forEach((channel, k) => {
    const own = change[k]!;
    if (Math.abs(own) <= 1e-9 * Math.max(base[k]!, 1e-9)) return;
    const part = change.map((v, j) =>
      j === k ? own : Math.sign(v) === -Math.sign(own) ? (v * Math.abs(own)) / flow : 0,
    );
    const lifts = drawCurves.map((curves) =>
      target.channels.reduce((sum, c, j) => {
        const curve = curves.find((r) => r.name === c.name);
        return curve && part[j] !== 0 ? sum + curve.response(base[j]! + part[j]!) - curve.response(base[j]!) : sum;
      }, 0),
    );
    if (!(drawInterval(lifts, level, 0).low > 0)) failing.push(channel.name);
  });
  return failing;
}

const fmt = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 0 });

const listOf = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;

/** Of the steps from the starting split toward `target`, the one whose lift interval has the highest low end, if above zero. */
function bestStep(
  responses: readonly ChannelResponse[],
  target: Allocation,
  drawCurves: readonly ChannelResponse[][],
  level: number,
): { step: number; allocation: Allocation; interval: Interval } | null {
  let best: { step: number; allocation: Allocation; interval: Interval } | null = null;
  for (const step of CAUTIOUS_STEPS) {
    const allocation = step === 1 ? target : stepToward(responses, target, step);
    const interval = liftInterval(allocation, drawCurves, level);
    if (interval.low > 0 && (!best || interval.low > best.interval.low)) best = { step, allocation, interval };
  }
  return best;
}

/**
 * An allocation that never gambles (issue 24, requirement 5), in two tests a marketer can follow:
 * 1. of the steps from today's split toward the model's optimum, the one whose lift interval has the highest low end
 *    (the best worst case at the interval's level), if that end lies above zero; else today's split ("hold");
 * 2. every channel's own part of that move must be shown to help (`unsupportedParts`); the channels whose part cannot
 *    be are kept at today's spend, the rest re-optimised and stepped again, until every part that moves passes.
 * Why the best worst case and not the largest step whose interval clears zero: the curves are least certain far from
 * today's spend, where the optimum lies, and going all the way can overshoot (on a known-truth world a full move the
 * draws called safe was truly worse, half the way was not: docs/mmm-scorecard.md, session 22). The interval on the
 * returned allocation is always that of the model's unrestricted optimum, so the report can say how uncertain it is.
 */
export function cautiousAllocation(
  responses: readonly ChannelResponse[],
  drawCurves: readonly ChannelResponse[][],
  level = 0.9,
  request: AllocationRequest = {},
): Allocation & { liftInterval: Interval; decision: AllocationDecision } {
  const optimum = allocate(responses, request);
  const fullInterval = liftInterval(optimum, drawCurves, level);
  // Judged at the stricter of the report's level and DECISION_LEVEL (why: DECISION_LEVEL).
  const decide = Math.max(level, DECISION_LEVEL);
  const pct = `${Math.round(100 * decide)} %`;
  const decisionInterval = decide === level ? fullInterval : liftInterval(optimum, drawCurves, decide);
  const hold = (reason: string, held: string[] = []) => ({
    ...stepToward(responses, optimum, 0),
    liftInterval: fullInterval,
    decision: { action: 'hold' as const, step: 0, reason, ...(held.length > 0 ? { held } : {}) },
  });
  if (optimum.lift <= 0) return hold('Today’s split is already the best the model finds.');
  if (drawCurves.length === 0)
    return hold('The fit has no uncertainty draws, so no move can be shown to help: keep today’s split.');

  const held: string[] = [];
  const scale = optimum.budget / optimum.channels.reduce((s, c) => s + c.current, 0);
  const defaults = request.defaultBounds ?? { lower: 0.5, upper: 2 };
  let best = bestStep(responses, optimum, drawCurves, decide);
  for (let round = 0; best && round < optimum.channels.length; round += 1) {
    const failing = unsupportedParts(best.allocation, drawCurves, decide);
    if (failing.length === 0) break;
    // Held at today's spend (scaled to the budget, within the channel's bounds); the others re-optimised.
    held.push(...failing);
    const bounds = { ...request.bounds };
    for (const name of held) {
      const own = request.bounds?.[name] ?? defaults;
      const at = Math.min(own.upper, Math.max(own.lower, scale));
      bounds[name] = { lower: at, upper: at };
    }
    try {
      best = bestStep(responses, allocate(responses, { ...request, bounds }), drawCurves, decide);
    } catch {
      // Bounds that leave the held channels no room to meet the budget: nothing is left to show.
      best = null;
    }
  }
  const heldNote =
    held.length > 0
      ? ` ${listOf(held)} ${held.length === 1 ? 'stays' : 'stay'} at today’s spend: moving ${held.length === 1 ? 'it' : 'them'} ` +
        `cannot be shown to help on ${held.length === 1 ? 'its' : 'their'} own (the ${pct} lift interval of ` +
        `${held.length === 1 ? 'its' : 'each one’s'} part of the move includes zero).`
      : '';
  if (!best) {
    return hold(
      `Keep today’s split: the best move’s ${pct} lift interval (${fmt(decisionInterval.low)} to ` +
        `${fmt(decisionInterval.high)}) includes zero, as does every smaller step toward it` +
        (held.length > 0 ? ' and every move of the channels whose own part can be shown to help' : '') +
        ', so the data cannot tell it from no gain. More weeks, more spend variation or a lift test would sharpen it.',
      held,
    );
  }
  const { step, interval } = best;
  const reason =
    (step === 1
      ? `The lift’s ${pct} interval (${fmt(interval.low)} to ${fmt(interval.high)}) lies above zero.`
      : `${Math.round(100 * step)} % of the way to ${held.length > 0 ? 'this move’s optimum' : 'the model’s optimum'} ` +
        `has the best worst case: its ${pct} lift interval (${fmt(interval.low)} to ${fmt(interval.high)}) has the ` +
        'highest low end of the steps toward it' +
        (held.length === 0
          ? ` (the full move’s: ${fmt(decisionInterval.low)} to ${fmt(decisionInterval.high)}).`
          : '.')) + heldNote;
  return {
    ...best.allocation,
    liftInterval: fullInterval,
    decision: { action: 'reallocate', step, reason, ...(held.length > 0 ? { held } : {}) },
  };
}
