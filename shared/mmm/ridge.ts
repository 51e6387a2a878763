/**
 * Ridge regression with box constraints on standardised columns.
 *
 * minimise (1/2n)·‖y_s − Zβ‖² + (λ/2)·Σ p_j β_j²   subject to  lo_j ≤ β_j ≤ hi_j
 *
 * where Z holds the standardised columns and y_s the standardised response, so λ means the same on
 * every data set. It works on the Gram form A = Z'Z/n + λ·diag(p), b = Z'y_s/n. The solver is
 * cyclic coordinate descent (exact for a convex QP) finished by an exact Cholesky solve on the
 * free set, repeated until the KKT conditions hold, so answers are exact rather than "close".
 */

/** The lower Cholesky factor L of a symmetric positive definite A = LLᵀ (row-major, size m); null if not PD. */
export function cholesky(a: Float64Array, m: number): Float64Array | null {
  const l = new Float64Array(m * m);
  for (let i = 0; i < m; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let sum = a[i * m + j]!;
      for (let k = 0; k < j; k += 1) sum -= l[i * m + k]! * l[j * m + k]!;
      if (i === j) {
        if (!(sum > 0)) return null;
        l[i * m + i] = Math.sqrt(sum);
      } else {
        l[i * m + j] = sum / l[j * m + j]!;
      }
    }
  }
  return l;
}

/** Cholesky solve of the symmetric positive definite system A x = b (A row-major, size m). Returns null if not PD. */
export function choleskySolve(a: Float64Array, b: Float64Array, m: number): Float64Array | null {
  const l = cholesky(a, m);
  if (!l) return null;
  const x = new Float64Array(m);
  for (let i = 0; i < m; i += 1) {
    let sum = b[i]!;
    for (let k = 0; k < i; k += 1) sum -= l[i * m + k]! * x[k]!;
    x[i] = sum / l[i * m + i]!;
  }
  for (let i = m - 1; i >= 0; i -= 1) {
    let sum = x[i]!;
    for (let k = i + 1; k < m; k += 1) sum -= l[k * m + i]! * x[k]!;
    x[i] = sum / l[i * m + i]!;
  }
  return x;
}

export interface BoxQp {
  /** Z'Z/n, p×p row-major (the penalty is added by the solver). */
  gram: Float64Array;
  /** Z'y/n. */
  rhs: Float64Array;
  p: number;
  lambda: number;
  /** Per-column penalty factors (default 1). */
  penalty?: Float64Array;
  lower: Float64Array;
  upper: Float64Array;
}

export interface BoxQpOptions {
  /** Coordinate-descent sweeps per round before the exact free-set solve. */
  sweeps?: number;
  /** Forces pure coordinate descent until this tolerance (tests compare it to the closed form). */
  coordinateDescentOnly?: { tolerance: number; maxSweeps: number };
}

const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);

/** Solves the box-constrained ridge problem; `warm` (same length) starts coordinate descent. */
export function solveBoxRidge(qp: BoxQp, options: BoxQpOptions = {}, warm?: Float64Array): Float64Array {
  const { gram, rhs, p, lambda, lower, upper } = qp;
  const a = new Float64Array(p * p);
  a.set(gram);
  for (let j = 0; j < p; j += 1) a[j * p + j] = a[j * p + j]! + lambda * (qp.penalty ? qp.penalty[j]! : 1);

  const beta = new Float64Array(p);
  if (warm) for (let j = 0; j < p; j += 1) beta[j] = clamp(warm[j]!, lower[j]!, upper[j]!);

  const sweep = (): number => {
    let maxChange = 0;
    for (let j = 0; j < p; j += 1) {
      let r = rhs[j]!;
      const row = j * p;
      for (let k = 0; k < p; k += 1) if (k !== j) r -= a[row + k]! * beta[k]!;
      const next = clamp(r / a[row + j]!, lower[j]!, upper[j]!);
      const change = Math.abs(next - beta[j]!);
      if (change > maxChange) maxChange = change;
      beta[j] = next;
    }
    return maxChange;
  };

  if (options.coordinateDescentOnly) {
    const { tolerance, maxSweeps } = options.coordinateDescentOnly;
    for (let s = 0; s < maxSweeps; s += 1) if (sweep() < tolerance) break;
    return beta;
  }

  // Fast path: the unconstrained optimum already inside the box is the answer.
  if (!warm) {
    const free = choleskySolve(a, rhs, p);
    if (free && free.every((v, j) => v >= lower[j]! && v <= upper[j]!)) return free;
    if (free) for (let j = 0; j < p; j += 1) beta[j] = clamp(free[j]!, lower[j]!, upper[j]!);
  }

  const sweeps = options.sweeps ?? 30;
  for (let round = 0; round < 50; round += 1) {
    for (let s = 0; s < sweeps; s += 1) if (sweep() < 1e-14) break;
    // Exact solve on the free set with the bound variables held where they are.
    const freeIdx: number[] = [];
    for (let j = 0; j < p; j += 1) if (beta[j]! > lower[j]! && beta[j]! < upper[j]!) freeIdx.push(j);
    const m = freeIdx.length;
    if (m > 0) {
      const sub = new Float64Array(m * m);
      const subRhs = new Float64Array(m);
      freeIdx.forEach((j, r) => {
        let value = rhs[j]!;
        for (let k = 0; k < p; k += 1) {
          if (beta[k]! <= lower[k]! || beta[k]! >= upper[k]!) value -= a[j * p + k]! * beta[k]!;
        }
        subRhs[r] = value;
        freeIdx.forEach((k, c) => (sub[r * m + c] = a[j * p + k]!));
      });
      const solved = choleskySolve(sub, subRhs, m);
      if (solved && solved.every((v, r) => v >= lower[freeIdx[r]!]! && v <= upper[freeIdx[r]!]!)) {
        freeIdx.forEach((j, r) => (beta[j] = solved[r]!));
      }
    }
    // KKT: a variable at its lower bound needs gradient ≥ 0, at its upper bound ≤ 0, free ones 0.
    let optimal = true;
    for (let j = 0; j < p && optimal; j += 1) {
      let grad = -rhs[j]!;
      for (let k = 0; k < p; k += 1) grad += a[j * p + k]! * beta[k]!;
      const scale = 1e-9 * (1 + Math.abs(rhs[j]!));
      if (beta[j]! <= lower[j]!) optimal = grad >= -scale;
      else if (beta[j]! >= upper[j]!) optimal = grad <= scale;
      else optimal = Math.abs(grad) <= scale;
    }
    if (optimal) break;
  }
  return beta;
}
