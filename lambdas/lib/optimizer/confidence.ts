import { MAX_CONFIDENCE } from '@shared/confidence-words';
import type { ExpectedEffect } from '@shared/schemas/optimizer';

/** Two-sided 95 % normal quantile: the detectors' ranges are 95 % ranges. */
const Z95 = 1.96;

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 through erf). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/**
 * The probability that the effect is above zero, reading the expected effect's range as a 95 % normal
 * range around it (σ = width / 3.92). A range from 0 to twice the expected effect gives about 0.975, a
 * range whose expected effect is 0 gives 0.5 (it may as well do nothing), a range that is all
 * positive gives nearly 1. No range at all: an expected gain is taken as it stands, none is 0.5.
 */
export function probabilityEffectPositive(effect: Pick<ExpectedEffect, 'low' | 'expected' | 'high'>): number {
  const sigma = (effect.high - effect.low) / (2 * Z95);
  if (!(sigma > 0)) return effect.expected > 0 ? 1 : 0.5;
  return normalCdf(effect.expected / sigma);
}

/**
 * A recommendation's confidence: the probability that approving it helps. Two things must hold: the
 * problem the detector sees is real (`evidenceProbability`, from its own test: a z test, the
 * beta-binomial probability an ad is best…) and the change's effect is above zero (its range), so the
 * smaller of the two bounds it; never above MAX_CONFIDENCE, whatever the arithmetic says.
 */
export function helpProbability(
  evidenceProbability: number,
  effect: Pick<ExpectedEffect, 'low' | 'expected' | 'high'>,
): number {
  const evidence = Number.isFinite(evidenceProbability) ? Math.min(1, Math.max(0, evidenceProbability)) : 0;
  const p = Math.min(MAX_CONFIDENCE, evidence, probabilityEffectPositive(effect));
  return Math.round(p * 1000) / 1000;
}
