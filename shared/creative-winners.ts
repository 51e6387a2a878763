import * as z from 'zod';
import {
  adCopyAngleKeys,
  adCopyAngles,
  adCopyLanguages,
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
  /** A graphics template's id (`offer-badge`): the graphics generator preselects it. */
  template?: WinningElement<string>;
  /** `single_image`, `carousel`, `video`. */
  format?: WinningElement<string>;
  /** As the report words it: "Dark, orange accent". */
  colourScheme?: WinningElement<string>;
  /** "Free shipping", "Percent off", "No offer". */
  offer?: WinningElement<string>;
  /** A language tag, or a multi-language ad's tags joined ("en+es"). */
  language?: WinningElement<string>;
}

/** The elements a hint can name, in the order the line names them. */
export const WINNER_PARTS = [
  'angle',
  'callToAction',
  'template',
  'format',
  'colourScheme',
  'offer',
  'language',
] as const;
export type WinnerPart = (typeof WINNER_PARTS)[number];
/** What the copy generators act on (the ad copy and campaign generators' `startFrom`). */
export const COPY_PARTS: readonly WinnerPart[] = ['angle', 'callToAction'];

const PART_WORDS: Record<WinnerPart, string> = {
  angle: 'headline angle',
  callToAction: 'call to action',
  template: 'template',
  format: 'format',
  colourScheme: 'colour scheme',
  offer: 'offer',
  language: 'language',
};

const FORMAT_LABELS: Record<string, string> = { single_image: 'Single image', carousel: 'Carousel', video: 'Video' };

/** "offer-badge" → "Offer badge", as the graphics generator's template picker names it. */
const templateLabel = (id: string) => {
  const words = id.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const languageLabel = (tags: string) =>
  tags
    .split('+')
    .map((tag) => (adCopyLanguages as Record<string, string>)[tag.split('-')[0]!] ?? tag)
    .join(' + ');

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
 * the group with the most spend: a winner of awareness says nothing about installs. Of an objective's
 * groups (one per result type: link clicks, landing page views), the most-spent one with recorded
 * elements: a group of ads made elsewhere, untagged, has none and must not hide one that has. Null
 * when no element the generators write has a winner.
 */
export function winningElements(report: CreativeReport, objective?: string): WinningElements | null {
  const withElements = report.groups.filter((g) => g.elements.length > 0);
  const group = objective ? withElements.find((g) => g.objective === objective) : withElements[0];
  if (!group) return null;
  const of = (element: string) => elementWinner(group.elements.find((e) => e.element === element)?.values ?? []);
  const found: WinningElements = { groupLabel: group.label };
  const angle = of('angle');
  const cta = of('callToAction');
  if (angle && isAngle(angle.value)) found.angle = { ...angle, value: angle.value, label: adCopyAngles[angle.value] };
  if (cta && isCallToAction(cta.value))
    found.callToAction = { ...cta, value: cta.value, label: callToActionLabels[cta.value] };
  const labelled: Record<'template' | 'format' | 'colourScheme' | 'offer' | 'language', (value: string) => string> = {
    template: templateLabel,
    format: (value) => FORMAT_LABELS[value] ?? value,
    colourScheme: (value) => value,
    offer: (value) => value,
    language: languageLabel,
  };
  for (const part of ['template', 'format', 'colourScheme', 'offer', 'language'] as const) {
    const won = of(part);
    if (won) found[part] = { ...won, label: labelled[part](won.value) };
  }
  return WINNER_PARTS.some((part) => found[part]) ? found : null;
}

/** The hint a copy generator is sent. */
export function creativeStart(winners: WinningElements): CreativeStart {
  return {
    ...(winners.angle ? { angle: winners.angle.value } : {}),
    ...(winners.callToAction ? { callToAction: winners.callToAction.value } : {}),
  };
}

/** Whether the winners name any of `parts` (what a generator acts on): no winner among them, no hint. */
export function winsAmong(winners: WinningElements | null, parts: readonly WinnerPart[]): winners is WinningElements {
  return Boolean(winners && parts.some((part) => winners[part]));
}

/**
 * "Based on your best-performing headline angle (Urgency) and call to action (Shop now)": only the parts the
 * screen acts on (a line never claims what the generator does not use).
 */
export function basedOnLine(winners: WinningElements, parts: readonly WinnerPart[] = COPY_PARTS): string {
  const named = WINNER_PARTS.filter((part) => parts.includes(part) && winners[part]).map(
    (part) => `${PART_WORDS[part]} (${winners[part]!.label})`,
  );
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : (named[0] ?? '');
  return `Based on your best-performing ${list}`;
}
