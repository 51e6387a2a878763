/** Pareto sets over two objectives to minimise (NRMSE, DECOMP.RSSD) and the knee of the front. */

export interface Scored {
  nrmse: number;
  rssd: number;
  /**
   * The single objective of the `map` selection: minus the log posterior of the hyperparameters
   * (profile likelihood of the ridge fit plus the priors), up to a constant. Absent otherwise.
   */
  loss?: number;
}

/** Indices of the non-dominated points (ties keep the first), sorted by NRMSE. */
export function paretoFront<T extends Scored>(points: readonly T[]): number[] {
  const order = points
    .map((_, i) => i)
    .sort((a, b) => points[a]!.nrmse - points[b]!.nrmse || points[a]!.rssd - points[b]!.rssd || a - b);
  const front: number[] = [];
  let bestRssd = Infinity;
  for (const i of order) {
    if (points[i]!.rssd < bestRssd) {
      front.push(i);
      bestRssd = points[i]!.rssd;
    }
  }
  return front;
}

/**
 * The knee: the front point nearest the ideal corner once both objectives are scaled to [0, 1]
 * over the front (Robyn's choice of a balanced model).
 */
export function kneeIndex<T extends Scored>(points: readonly T[], front: readonly number[]): number {
  const ns = front.map((i) => points[i]!.nrmse);
  const rs = front.map((i) => points[i]!.rssd);
  const [nMin, nMax, rMin, rMax] = [Math.min(...ns), Math.max(...ns), Math.min(...rs), Math.max(...rs)];
  let best = front[0]!;
  let bestDistance = Infinity;
  for (const i of front) {
    const dn = nMax > nMin ? (points[i]!.nrmse - nMin) / (nMax - nMin) : 0;
    const dr = rMax > rMin ? (points[i]!.rssd - rMin) / (rMax - rMin) : 0;
    const distance = Math.hypot(dn, dr);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  return best;
}

/** NSGA-II non-dominated sorting and crowding, used by the multi-objective search to keep its population. */
export function rankAndCrowd(points: readonly Scored[]): { rank: number[]; crowding: number[] } {
  const n = points.length;
  const rank = new Array<number>(n).fill(0);
  const crowding = new Array<number>(n).fill(0);
  const dominates = (a: Scored, b: Scored) =>
    a.nrmse <= b.nrmse && a.rssd <= b.rssd && (a.nrmse < b.nrmse || a.rssd < b.rssd);
  // Two objectives: sweep by NRMSE; each point joins the first layer whose last RSSD it beats (O(n log n)).
  const order = points
    .map((_, i) => i)
    .sort((a, b) => points[a]!.nrmse - points[b]!.nrmse || points[a]!.rssd - points[b]!.rssd || a - b);
  const layers: number[][] = [];
  for (const i of order) {
    const p = points[i]!;
    const beats = (layer: number[]) => {
      const last = points[layer[layer.length - 1]!]!;
      return !dominates(last, p);
    };
    let lo = 0;
    let hi = layers.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (beats(layers[mid]!)) hi = mid;
      else lo = mid + 1;
    }
    if (lo === layers.length) layers.push([]);
    layers[lo]!.push(i);
    rank[i] = lo;
  }
  for (const layer of layers) {
    for (const key of ['nrmse', 'rssd'] as const) {
      const sorted = [...layer].sort((a, b) => points[a]![key] - points[b]![key] || a - b);
      const span = points[sorted[sorted.length - 1]!]![key] - points[sorted[0]!]![key];
      crowding[sorted[0]!] = Infinity;
      crowding[sorted[sorted.length - 1]!] = Infinity;
      for (let k = 1; k < sorted.length - 1; k += 1) {
        crowding[sorted[k]!] =
          crowding[sorted[k]!]! + (span > 0 ? (points[sorted[k + 1]!]![key] - points[sorted[k - 1]!]![key]) / span : 0);
      }
    }
  }
  return { rank, crowding };
}
