import type { AbComparison, AbMeasurement, AppliedAbTest } from '@shared/schemas/optimizer-outcomes';

/** A chance as shown: never a certainty either way ("over 99.9 %", "under 0.1 %"). */
export function chanceText(p: number): string {
  if (p >= 0.999) return 'over 99.9 %';
  if (p <= 0.001) return 'under 0.1 %';
  return `${Math.round(p * 1000) / 10} %`;
}

const signedPercent = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(Math.round(v * 100))} %`;
const signedPoints = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(2)}`;

/** "cost per result −18 % (90 % range −30 % to −4 %)", "CTR +0.12 points (90 % range −0.05 to +0.29)". */
export function differenceText(comparison: AbComparison): string {
  const d = comparison.difference;
  if (comparison.metric === 'cost_per_result') {
    if (!d) return 'cost per result: no range while one side has no result';
    return `cost per result ${signedPercent(d.expected)} (90 % range ${signedPercent(d.low)} to ${signedPercent(d.high)})`;
  }
  if (!d) return 'CTR: no range yet';
  return `CTR ${signedPoints(d.expected)} points (90 % range ${signedPoints(d.low)} to ${signedPoints(d.high)})`;
}

/** "97.3 % chance the variant’s cost per result is lower". */
export function chanceLine(comparison: AbComparison): string {
  const better = comparison.metric === 'cost_per_result' ? 'cost per result is lower' : 'CTR is higher';
  return `${chanceText(comparison.chanceVariantBetter)} chance the variant’s ${better}`;
}

export const VERDICT_LABELS: Record<Extract<AbMeasurement, { state: 'compared' }>['verdict'], string> = {
  variant_ahead: 'Variant ahead',
  original_ahead: 'Original ahead',
  no_clear_difference: 'No clear difference',
};

export function measurementLabel(measurement: AbMeasurement): string {
  return measurement.state === 'collecting' ? 'Collecting data' : VERDICT_LABELS[measurement.verdict];
}

export const RUN_LABELS: Record<AppliedAbTest['run']['state'], string> = {
  waiting: 'Not started',
  running: 'Running',
  stopped: 'Stopped',
};

export const KIND_WORDS: Record<AppliedAbTest['kind'], string> = {
  element_test: 'One-element test',
  ab_copy: 'A/B copy',
};

/**
 * What the test predicted, after "Predicted:": a winner test's expected effect from the creative report, or
 * nothing, said so (the server's sentences stand alone; here their lead-in would repeat the label).
 */
export function predictedWords(predicted: AppliedAbTest['predicted']): string {
  if (predicted.basis === 'winner') return predicted.text.replace(/^Expected: /, '');
  if (predicted.basis === 'exploratory') {
    return `nothing (exploratory). ${predicted.text.replace(/^Exploratory: no effect is predicted\.\s*/, '')}`.trim();
  }
  return `nothing (new copy to test against the ad). ${predicted.text.replace(/^No effect was predicted: new copy tested against the ad\.\s*/, '')}`.trim();
}
