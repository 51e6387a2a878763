/**
 * A scale for ages that span from a second (events sent as they happen) to days (a nightly batch): the unit that
 * keeps the largest figure between 1 and a few hundred.
 */
export interface AgeScale {
  unit: 's' | 'min' | 'h';
  /** Milliseconds in one unit. */
  ms: number;
}

export function ageScale(largestMs: number): AgeScale {
  if (largestMs >= 2 * 3_600_000) return { unit: 'h', ms: 3_600_000 };
  if (largestMs >= 2 * 60_000) return { unit: 'min', ms: 60_000 };
  return { unit: 's', ms: 1_000 };
}

export const inScale = (ms: number | undefined, scale: AgeScale): number | undefined =>
  ms === undefined ? undefined : Math.round((10 * ms) / scale.ms) / 10;
