/**
 * Adstock (carry-over) transforms. Pure functions on a spend series; each returns a new array.
 * Geometric follows Robyn's recursion and PyMC-Marketing's normalised l_max convolution;
 * Weibull follows Robyn's CDF (cumulative survival) and PDF (min–max normalised density) forms;
 * the delayed form lets the effect peak some periods after the spend, as PyMC-Marketing's
 * `delayed_adstock` does, while keeping Robyn's geometric form as its θ = 0 case.
 */

/** Robyn's geometric adstock: a_t = x_t + θ·a_{t−1}, a_0 = x_0. */
export function geometricAdstock(x: ArrayLike<number>, theta: number): Float64Array {
  const out = new Float64Array(x.length);
  let carry = 0;
  for (let t = 0; t < x.length; t += 1) {
    carry = x[t]! + theta * carry;
    out[t] = carry;
  }
  return out;
}

/** PyMC-Marketing's normalised weights α^l / Σ_{k<l_max} α^k, l = 0..l_max−1. */
export function geometricWeights(alpha: number, lMax: number): Float64Array {
  const w = new Float64Array(lMax);
  let sum = 0;
  let power = 1;
  for (let l = 0; l < lMax; l += 1) {
    w[l] = power;
    sum += power;
    power *= alpha;
  }
  for (let l = 0; l < lMax; l += 1) w[l] = w[l]! / sum;
  return w;
}

/** a_t = Σ_{l<L} w_l·x_{t−l} (x before the series counts as 0). */
export function convolveAdstock(x: ArrayLike<number>, weights: ArrayLike<number>): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  const lags = weights.length;
  for (let t = 0; t < n; t += 1) {
    let sum = 0;
    const top = Math.min(lags - 1, t);
    for (let l = 0; l <= top; l += 1) sum += weights[l]! * x[t - l]!;
    out[t] = sum;
  }
  return out;
}

/** PyMC-Marketing's geometric adstock with normalised weights over l_max lags (total spend preserved). */
export function geometricAdstockNormalised(x: ArrayLike<number>, alpha: number, lMax: number): Float64Array {
  return convolveAdstock(x, geometricWeights(alpha, lMax));
}

/** R's round(): half to even, as Robyn's scale transform uses it. */
function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const diff = value - floor;
  if (Math.abs(diff - 0.5) > 1e-12) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Weibull CDF F(x) = 1 − exp(−(x/λ)^k). */
export function weibullCdf(x: number, shape: number, scale: number): number {
  if (x <= 0) return 0;
  return 1 - Math.exp(-Math.pow(x / scale, shape));
}

/** Weibull density f(x) = (k/λ)(x/λ)^{k−1} exp(−(x/λ)^k), x ≥ 0. */
export function weibullPdf(x: number, shape: number, scale: number): number {
  if (x < 0) return 0;
  if (x === 0) return shape < 1 ? Infinity : shape === 1 ? 1 / scale : 0;
  const z = x / scale;
  return (shape / scale) * Math.pow(z, shape - 1) * Math.exp(-Math.pow(z, shape));
}

export type WeibullKind = 'cdf' | 'pdf';

/**
 * Robyn's Weibull decay weights over a window of `windowLength` periods. The scale is a share of
 * the window (Robyn: round(quantile(1:L, scale))); CDF: cumulative product of survival, starting
 * at 1; PDF: the density at 1..L min–max normalised to [0, 1].
 */
export function weibullWeights(shape: number, scale: number, windowLength: number, kind: WeibullKind): Float64Array {
  const w = new Float64Array(windowLength);
  if (shape === 0 || scale === 0) return w;
  const scaleTrans = roundHalfEven(1 + scale * (windowLength - 1));
  if (kind === 'cdf') {
    let cum = 1;
    w[0] = 1;
    for (let l = 1; l < windowLength; l += 1) {
      cum *= 1 - weibullCdf(l, shape, scaleTrans);
      w[l] = cum;
    }
    return w;
  }
  let min = Infinity;
  let max = -Infinity;
  for (let l = 0; l < windowLength; l += 1) {
    const d = weibullPdf(l + 1, shape, scaleTrans);
    w[l] = d;
    if (d < min) min = d;
    if (d > max) max = d;
  }
  const range = max - min;
  for (let l = 0; l < windowLength; l += 1) w[l] = range > 0 ? (w[l]! - min) / range : 1;
  return w;
}

/** Robyn's Weibull adstock: a_t = Σ_{s≤t} x_s·w_{t−s}, truncated at the window length. */
export function weibullAdstock(
  x: ArrayLike<number>,
  shape: number,
  scale: number,
  windowLength: number,
  kind: WeibullKind,
): Float64Array {
  return convolveAdstock(x, weibullWeights(shape, scale, windowLength, kind));
}

/**
 * Delayed geometric carry-over: the weight of lag l is α^|l − θ| divided by its largest value, so
 * the effect rises to a peak θ periods after the spend (θ need not be whole) and decays
 * geometrically after it; θ = 0 is Robyn's geometric adstock exactly. PyMC-Marketing's
 * `delayed_adstock` uses α^((l − θ)²), whose θ = 0 case decays faster than any geometric one, so
 * a channel without delay would be misspecified; this form nests both. The geometric tail is a
 * recursion, so the window is unbounded as in Robyn's geometric form.
 */
export function delayedAdstock(x: ArrayLike<number>, decay: number, peak: number): Float64Array {
  const n = x.length;
  const theta = Math.max(0, peak);
  const head = Math.ceil(theta);
  // Lags below the peak (rising side): explicit weights.
  const alpha = Math.min(Math.max(decay, 1e-9), 1 - 1e-9);
  const top = Math.pow(alpha, Math.abs(theta - Math.round(theta)));
  const rising = Array.from({ length: head }, (_, l) => Math.pow(alpha, theta - l) / top);
  // Lags from ⌈θ⌉ on: α^{l − θ} = α^{⌈θ⌉ − θ}·α^{l − ⌈θ⌉}, a geometric recursion on the spend shifted by ⌈θ⌉.
  const tailScale = Math.pow(alpha, head - theta) / top;
  const out = new Float64Array(n);
  let carry = 0;
  for (let t = 0; t < n; t += 1) {
    carry = (t >= head ? x[t - head]! : 0) + decay * carry;
    let sum = tailScale * carry;
    for (let l = 0; l < head && l <= t; l += 1) sum += rising[l]! * x[t - l]!;
    out[t] = sum;
  }
  return out;
}
