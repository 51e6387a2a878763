/**
 * Priors on the transform hyperparameters for the `map` selection (issue 24): minus their log
 * densities, up to constants. They follow PyMC-Marketing's defaults (pymc_marketing/mmm/components:
 * GeometricAdstock α ~ Beta(1, 3); HillSaturation slope and κ ~ HalfNormal(1.5); LogisticSaturation
 * λ ~ Gamma(3, 1)) mapped onto our parameters, so that within the wide ranges the data decide and,
 * where they cannot, the curve falls back on a plausible one — never on the channel's spend share.
 */
import { type HyperDimension } from './problem';

const halfNormal = (x: number, sigma: number) => (x * x) / (2 * sigma * sigma);

/** −log p of one hyperparameter under its prior (0: flat, e.g. Weibull and the ridge λ). */
export function priorPenalty(name: HyperDimension['name'], value: number): number {
  switch (name) {
    case 'decay':
      // Beta(1, 3): p ∝ (1 − θ)².
      return -2 * Math.log(Math.max(1e-12, 1 - value));
    case 'peak':
      // PyMC-Marketing's DelayedAdstock θ ~ HalfNormal(1), widened to σ = 2 periods: with weekly data a
      // peak 2–3 weeks out (TV, print) must stay reachable when the data show it.
      return halfNormal(value, 2);
    case 'hillAlpha':
      return halfNormal(value, 1.5);
    case 'hillGamma':
      // The inflexion as a share of the largest carry-over is PyMC-Marketing's κ on max-scaled spend.
      return halfNormal(value, 1.5);
    case 'logisticLambda':
      // Gamma(3, 1): p ∝ λ² e^{−λ}.
      return value - 2 * Math.log(Math.max(1e-12, value));
    case 'menten':
      return halfNormal(value, 1.5);
    default:
      return 0;
  }
}

export function logPriorPenalty(dimensions: readonly HyperDimension[], hyper: ArrayLike<number>): number {
  let total = 0;
  dimensions.forEach((d, k) => (total += priorPenalty(d.name, hyper[k]!)));
  return total;
}
