/**
 * How sure a recommendation is, in words a marketer reads. The scale is the IPCC's calibrated
 * likelihood language (Mastrandrea et al., "Guidance Note for Lead Authors of the IPCC Fifth
 * Assessment Report on Consistent Treatment of Uncertainties", 2010): very likely 90–100 %,
 * likely 66–100 %, about as likely as not 33–66 %, unlikely 0–33 %. Its "virtually certain"
 * (99–100 %) is left out on purpose: a few weeks of one ad account never support certainty.
 */

/**
 * The most any recommendation claims: its estimate rests on a few weeks of noisy delivery and on
 * a model of how spend turns into results, which are never certain, whatever the arithmetic says.
 */
export const MAX_CONFIDENCE = 0.95;

export type ConfidenceWords = 'very likely' | 'likely' | 'about as likely as not' | 'unlikely';

/** A probability as shown: never above MAX_CONFIDENCE (a stored one from before the cap is capped here too). */
export function shownConfidence(probability: number): number {
  if (!Number.isFinite(probability)) return 0;
  return Math.min(MAX_CONFIDENCE, Math.max(0, probability));
}

export function confidenceWords(probability: number): ConfidenceWords {
  const p = shownConfidence(probability);
  if (p >= 0.9) return 'very likely';
  if (p >= 0.66) return 'likely';
  if (p >= 0.33) return 'about as likely as not';
  return 'unlikely';
}

/** "Very likely to help (about 93 %)": the words first, the number for those who want it. */
export function confidenceLine(probability: number): string {
  const words = confidenceWords(probability);
  const percent = Math.round(shownConfidence(probability) * 100);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} to help (about ${percent} %)`;
}
