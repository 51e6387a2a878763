import {
  adCopyAngleKeys,
  adCopyAngles,
  callToActionLabels,
  callToActionTypes,
  type CallToActionType,
} from '@shared/ad-copy-rules';
import { elementWinner } from '@shared/creative-winners';
import type { ElementTestElement } from '@shared/schemas/ad-optimizer';
import {
  creativeElementLabels,
  type CreativeElements,
  type CreativeResultGroup,
  type CreativeValue,
} from '@shared/schemas/creative-report';

/**
 * One-element A/B tests from the creative report (issue 29 req 5): a copy of a live ad that changes exactly one
 * element. Where the report called a winner (≥ 95 % likely the best), an ad set whose live ads all use another value
 * gets a copy of one of them with the winner's value; where nothing has won, one ad of the group gets a challenger
 * the account has not tried, said to be exploratory (no effect predicted). Only the call to action and the headline
 * angle are varied: both can be changed on a copy of the ad alone. An offer is the business's decision, a language
 * needs people who read it, and a new image or template needs a new design: those are not proposed here.
 */

export interface LiveAd {
  id: string;
  name: string;
  adsetId: string;
  /** Meta's `effective_status`: only ACTIVE ads are copied. */
  status: string;
  elements: CreativeElements;
  /** A single-image, carousel or video ad: its copy can be made with one element changed. */
  copyable: boolean;
}

export interface ElementTestPlan {
  adId: string;
  element: ElementTestElement;
  control: string;
  variant: string;
  basis: 'winner' | 'exploratory';
  probability?: number;
  why: string;
  expectedEffect: string;
}

export interface PlanOptions {
  currency: string;
  /** Ads already the control of an open one-element test: never given a second. */
  busyAdIds?: ReadonlySet<string>;
  /** At most this many tests (winners first). */
  max?: number;
}

export const MAX_ELEMENT_TESTS = 3;

/** Buttons worth trying per objective, in order: a challenger is the first the account has not tried. */
const CTA_CHALLENGERS: Record<string, readonly CallToActionType[]> = {
  OUTCOME_SALES: ['SHOP_NOW', 'BUY_NOW', 'ORDER_NOW', 'GET_OFFER', 'LEARN_MORE'],
  OUTCOME_LEADS: ['SIGN_UP', 'GET_QUOTE', 'LEARN_MORE', 'CONTACT_US', 'APPLY_NOW'],
  OUTCOME_APP_PROMOTION: ['INSTALL_MOBILE_APP', 'DOWNLOAD', 'GET_STARTED', 'LEARN_MORE'],
  OUTCOME_TRAFFIC: ['LEARN_MORE', 'SEE_MORE', 'SHOP_NOW'],
  OUTCOME_ENGAGEMENT: ['LEARN_MORE', 'MESSAGE_PAGE', 'SEE_MORE'],
  OUTCOME_AWARENESS: ['LEARN_MORE', 'SEE_MORE'],
};

const ELEMENTS: readonly ElementTestElement[] = ['callToAction', 'angle'];

/** The marketer's word for a value: "Shop now", "Urgency". */
export function valueLabel(element: ElementTestElement, value: string): string {
  if (element === 'callToAction') return callToActionLabels[value as CallToActionType] ?? value;
  return adCopyAngles[value as keyof typeof adCopyAngles] ?? value;
}

/** Whether the copy mechanism can set this value (a button Meta takes for link ads, an angle the generator writes). */
export function settable(element: ElementTestElement, value: string): boolean {
  return element === 'callToAction'
    ? (callToActionTypes as readonly string[]).includes(value)
    : (adCopyAngleKeys as readonly string[]).includes(value);
}

const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** "97.3%"; never "100%": the report's chance is rounded, and no test is certain ("over 99.9%"). */
export const pct = (p: number) => (p >= 0.999 ? 'over 99.9%' : `${Math.floor(p * 1000) / 10}%`);

function winnerEffect(
  wonOn: 'cost per result' | 'CTR',
  winner: CreativeValue,
  control: CreativeValue | undefined,
  labels: { winner: string; control: string; group: string },
  currency: string,
): string {
  if (wonOn === 'cost per result') {
    const against =
      control?.costPerResult != null
        ? `against ${money(control.costPerResult, currency)} for “${labels.control}”`
        : `where “${labels.control}” had no result`;
    return `Expected: a lower cost per result than “${labels.control}”. Across ${labels.group} “${labels.winner}” cost ${money(winner.costPerResult ?? 0, currency)} per result ${against}; the test shows whether that holds in this ad set.`;
  }
  const against = control?.ctrPercent != null ? ` against ${control.ctrPercent}% for “${labels.control}”` : '';
  return `Expected: a higher link CTR than “${labels.control}”. Across ${labels.group} “${labels.winner}” had ${winner.ctrPercent ?? 0}%${against}; the test shows whether that holds in this ad set.`;
}

/**
 * The tests to propose for one report group, given its live ads with recorded elements. Deterministic: ad sets and
 * ads in id order, winners before exploratory challengers, at most `max`, one test per control ad.
 */
export function planElementTests(
  group: CreativeResultGroup,
  ads: readonly LiveAd[],
  options: PlanOptions,
): ElementTestPlan[] {
  const busy = new Set(options.busyAdIds ?? []);
  const live = ads.filter((ad) => ad.status === 'ACTIVE' && ad.copyable && !busy.has(ad.id)).sort(byId);
  const adsets = [...new Set(live.map((ad) => ad.adsetId))].sort();
  const winners: ElementTestPlan[] = [];
  const challengers: ElementTestPlan[] = [];
  const taken = new Set<string>();
  for (const element of ELEMENTS) {
    const report = group.elements.find((e) => e.element === element);
    const values = report?.values ?? [];
    const label = creativeElementLabels[element];
    const lower = label.toLowerCase();
    const win = elementWinner(values);
    if (win && settable(element, win.value)) {
      const winnerValue = values.find((v) => v.value === win.value)!;
      for (const adset of adsets) {
        const inSet = live.filter((ad) => ad.adsetId === adset && ad.elements[element] !== undefined);
        // Only ad sets whose live ads all use another value: where the winner already runs, there is nothing to add.
        if (inSet.length === 0 || inSet.some((ad) => ad.elements[element] === win.value)) continue;
        const control = inSet.find((ad) => !taken.has(ad.id));
        if (!control) continue;
        const controlValue = control.elements[element]!;
        const labels = {
          winner: valueLabel(element, win.value),
          control: valueLabel(element, controlValue),
          group: group.label,
        };
        taken.add(control.id);
        winners.push({
          adId: control.id,
          element,
          control: controlValue,
          variant: win.value,
          basis: 'winner',
          probability: win.probability,
          why: `${label} “${labels.winner}” won in ${group.label}: ${pct(win.probability)} likely the best on ${win.wonOn}. The live ads of this ad set use “${labels.control}”: the copy changes only its ${lower}.`,
          expectedEffect: winnerEffect(
            win.wonOn,
            winnerValue,
            values.find((v) => v.value === controlValue),
            labels,
            options.currency,
          ),
        });
      }
      continue;
    }
    if (win) continue;
    // Nothing has won: one challenger the group has not tried, on the first live ad with this element recorded.
    // Tried: what the report counted and what the live ads use (a value without delivery yet is not new).
    const tried = new Set([
      ...values.map((v) => v.value),
      ...live.flatMap((ad) => (ad.elements[element] ? [ad.elements[element]] : [])),
    ]);
    const candidates =
      element === 'callToAction' ? (CTA_CHALLENGERS[group.objective] ?? ['LEARN_MORE']) : adCopyAngleKeys;
    const challenger = candidates.find((value) => !tried.has(value));
    const control = live.find((ad) => ad.elements[element] !== undefined && !taken.has(ad.id));
    if (!challenger || !control) continue;
    taken.add(control.id);
    const controlLabel = valueLabel(element, control.elements[element]!);
    const variantLabel = valueLabel(element, challenger);
    const triedWords =
      tried.size > 0 ? ` (tried: ${[...tried].map((v) => `“${valueLabel(element, v)}”`).join(', ')})` : '';
    challengers.push({
      adId: control.id,
      element,
      control: control.elements[element]!,
      variant: challenger,
      basis: 'exploratory',
      why: `No ${lower} has won in ${group.label} yet: none is 95% likely the best${triedWords}. “${variantLabel}” has not been tried there; the copy changes only its ${lower}.`,
      expectedEffect: `Exploratory: no effect is predicted. The test finds out whether “${variantLabel}” does better than “${controlLabel}”.`,
    });
  }
  const ranked = [...winners.sort((a, b) => (b.probability ?? 0) - (a.probability ?? 0)), ...challengers];
  return ranked.slice(0, options.max ?? MAX_ELEMENT_TESTS);
}
