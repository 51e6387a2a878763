import * as z from 'zod';
import {
  adCopyAngleKeys,
  adCopyAngles,
  callToActionLabels,
  callToActionTypes,
  type AdCopyAngle,
  type CallToActionType,
} from './ad-copy-rules';
import type { CreativeReport, CreativeValue } from './schemas/creative-report';

/**
 * "Make more of what wins" (issue 29 req 5): the elements of the account's ads that won with
 * significance in the creative report, as a hint the generators start from. Only a value the report
 * called a winner (≥ 95 % likely best, ≥ 1,000 impressions) is ever named; no winner, no hint.
 */

/** What a generator is asked to start from; each part is a value the generator can write. */
export const CreativeStartSchema = z
  .object({
    angle: z.enum(adCopyAngleKeys, { error: 'Choose a headline angle from the list.' }).optional(),
    callToAction: z.enum(callToActionTypes, { error: 'Choose a call to action from the list.' }).optional(),
  })
  .strict();
export type CreativeStart = z.infer<typeof CreativeStartSchema>;

export interface WinningElement<T extends string> {
  value: T;
  /** "Urgency", "Shop now": as the marketer reads it. */
  label: string;
  /** What it won on: the report's cost per result first (the result is what is paid for), else CTR. */
  wonOn: 'cost per result' | 'CTR';
  probability: number;
}

export interface WinningElements {
  /** The report group they won in: "App promotion · App installs". */
  groupLabel: string;
  angle?: WinningElement<AdCopyAngle>;
  callToAction?: WinningElement<CallToActionType>;
}

/** The value the report called a winner among `values` (cost per result first), or null. */
export function elementWinner(values: readonly CreativeValue[]): Omit<WinningElement<string>, 'label'> | null {
  const cost = values.find((v) => v.winnerCost);
  if (cost) return { value: cost.value, wonOn: 'cost per result', probability: cost.probabilityBestCost };
  const ctr = values.find((v) => v.winnerCtr);
  return ctr ? { value: ctr.value, wonOn: 'CTR', probability: ctr.probabilityBestCtr } : null;
}

const isAngle = (value: string): value is AdCopyAngle => (adCopyAngleKeys as readonly string[]).includes(value);
const isCallToAction = (value: string): value is CallToActionType =>
  (callToActionTypes as readonly string[]).includes(value);

/**
 * The winners of the report's group for `objective` (the campaign the generator writes for), else of
 * the group with the most spend: a winner of awareness says nothing about installs. Null when no
 * element the generators write has a winner.
 */
export function winningElements(report: CreativeReport, objective?: string): WinningElements | null {
  const group = objective ? report.groups.find((g) => g.objective === objective) : report.groups[0];
  if (!group) return null;
  const of = (element: string) => elementWinner(group.elements.find((e) => e.element === element)?.values ?? []);
  const angle = of('angle');
  const cta = of('callToAction');
  const found: WinningElements = { groupLabel: group.label };
  if (angle && isAngle(angle.value)) found.angle = { ...angle, value: angle.value, label: adCopyAngles[angle.value] };
  if (cta && isCallToAction(cta.value))
    found.callToAction = { ...cta, value: cta.value, label: callToActionLabels[cta.value] };
  return found.angle || found.callToAction ? found : null;
}

/** The hint a generator is sent. */
export function creativeStart(winners: WinningElements): CreativeStart {
  return {
    ...(winners.angle ? { angle: winners.angle.value } : {}),
    ...(winners.callToAction ? { callToAction: winners.callToAction.value } : {}),
  };
}

/** "Based on your best-performing headline angle (Urgency) and call to action (Shop now)". */
export function basedOnLine(winners: WinningElements): string {
  const parts = [
    winners.angle ? `headline angle (${winners.angle.label})` : null,
    winners.callToAction ? `call to action (${winners.callToAction.label})` : null,
  ].filter(Boolean);
  return `Based on your best-performing ${parts.join(' and ')}`;
}
