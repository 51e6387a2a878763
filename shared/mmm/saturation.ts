/**
 * Saturation (diminishing returns) curves. The inflexion of Robyn's Hill is fixed from the
 * fitted series so that response curves at other spend levels use the same curve.
 */

/** Robyn's Hill inflexion: γ of the way from min to max of the adstocked series (γ·max when min is 0). */
export function hillInflexion(x: ArrayLike<number>, gamma: number): number {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < x.length; i += 1) {
    if (x[i]! < min) min = x[i]!;
    if (x[i]! > max) max = x[i]!;
  }
  return (1 - gamma) * min + gamma * max;
}

/** Hill: x^α / (x^α + inflexion^α). */
export function hill(x: number, alpha: number, inflexion: number): number {
  if (x <= 0) return 0;
  const xa = Math.pow(x, alpha);
  return xa / (xa + Math.pow(inflexion, alpha));
}

/** PyMC-Marketing's logistic saturation: (1 − e^{−λx}) / (1 + e^{−λx}). */
export function logistic(x: number, lambda: number): number {
  const e = Math.exp(-lambda * x);
  return (1 - e) / (1 + e);
}

/** Michaelis–Menten with unit Vmax (the channel coefficient carries Vmax): x / (K + x). */
export function michaelisMenten(x: number, k: number): number {
  if (x <= 0) return 0;
  return x / (k + x);
}
