import type { AdTest } from '@shared/schemas/ad-optimizer';
import type {
  AbArm,
  AbComparison,
  AbMeasurement,
  AbRun,
  AbVerdict,
  AppliedAbTest,
} from '@shared/schemas/optimizer-outcomes';
import { MIN_IMPRESSIONS, WINNER_THRESHOLD } from '../creative-report/report';
import { probabilityBBeatsA, type Arm } from './beta-binomial';

/**
 * An A/B copy or a one-element test measured in the Applied tab (issue 29 req 5): the copy (variant) against its
 * original (control) on the days both delivered, side by side in one ad set, by cost per result and CTR with the
 * optimizer's beta-binomial comparison and the creative report's thresholds (1,000 impressions a side, 95 %).
 * Plain functions; the reading is in the optimizer function.
 */

/** One ad's day as Meta reported it (money in major units). */
export interface AdDay {
  adId: string;
  date: string;
  spend: number;
  impressions: number;
  linkClicks: number;
  results: number;
}

export interface ArmTotals {
  spend: number;
  impressions: number;
  linkClicks: number;
  results: number;
}

export interface SameDays {
  days: number;
  since?: string;
  until?: string;
  control: ArmTotals;
  variant: ArmTotals;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const zero = (): ArmTotals => ({ spend: 0, impressions: 0, linkClicks: 0, results: 0 });

/**
 * Both ads' totals over the days, within `range`, on which both delivered: a day only one side ran (the copy
 * still paused, the original paused) compares nothing, so it is left out of both.
 */
export function sameDayTotals(
  rows: readonly AdDay[],
  controlId: string,
  variantId: string,
  range: { since: string; until: string },
): SameDays {
  const byDate = (adId: string) => {
    const days = new Map<string, ArmTotals>();
    for (const row of rows) {
      if (row.adId !== adId || row.date < range.since || row.date > range.until) continue;
      const day = days.get(row.date) ?? zero();
      day.spend += row.spend;
      day.impressions += row.impressions;
      day.linkClicks += row.linkClicks;
      day.results += row.results;
      days.set(row.date, day);
    }
    return days;
  };
  const control = byDate(controlId);
  const variant = byDate(variantId);
  const shared = [...control.keys()]
    .filter((date) => control.get(date)!.impressions > 0 && (variant.get(date)?.impressions ?? 0) > 0)
    .sort();
  const sum = (days: Map<string, ArmTotals>) =>
    shared.reduce((total, date) => {
      const day = days.get(date)!;
      return {
        spend: total.spend + day.spend,
        impressions: total.impressions + day.impressions,
        linkClicks: total.linkClicks + day.linkClicks,
        results: total.results + day.results,
      };
    }, zero());
  return {
    days: shared.length,
    ...(shared.length ? { since: shared[0]!, until: shared[shared.length - 1]! } : {}),
    control: sum(control),
    variant: sum(variant),
  };
}

export function armOf(ad: { id: string; name: string }, totals: ArmTotals, perThousand = false): AbArm {
  return {
    adId: ad.id,
    adName: ad.name,
    spend: round(totals.spend),
    impressions: totals.impressions,
    linkClicks: totals.linkClicks,
    results: totals.results,
    ctrPercent: totals.impressions > 0 ? round((totals.linkClicks / totals.impressions) * 100) : null,
    costPerResult: totals.results > 0 ? round((totals.spend / totals.results) * (perThousand ? 1000 : 1)) : null,
  };
}

/** A chance as stored: four decimals, never 0 or 1 (a few weeks of two ads never make either side certain). */
const chanceOf = (p: number) => Math.min(0.9999, Math.max(0.0001, round(p, 4)));

/** One-sided 95 % is a two-sided 90 % range: the range shown agrees with a side called ahead at 95 %. */
const Z90 = 1.645;

/**
 * P(b's rate > a's), summed over the arm with fewer successes (the closed form has a term per success of b; 40,000
 * clicks take ~0.1 s): ties have no mass, so P(b > a) = 1 − P(a > b).
 */
function chanceBBeatsA(a: Arm, b: Arm): number {
  return b.successes <= a.successes ? probabilityBBeatsA(a, b) : 1 - probabilityBBeatsA(b, a);
}

/** Results per minor unit of spend as an arm, as the creative report counts cost per result. */
function costArm(id: string, arm: ArmTotals, minorPerMajor: number, perThousand: boolean): Arm {
  const trials = Math.max(0, Math.round(arm.spend * minorPerMajor * (perThousand ? 1000 : 1)));
  return { id, successes: Math.min(arm.results, trials), trials };
}

/** CTR: the chance the variant's is higher, and the difference in percentage points with its 90 % range. */
export function compareCtr(control: ArmTotals, variant: ArmTotals): AbComparison {
  const arm = (id: string, t: ArmTotals): Arm => ({
    id,
    successes: Math.min(t.linkClicks, t.impressions),
    trials: t.impressions,
  });
  const chance = chanceBBeatsA(arm('control', control), arm('variant', variant));
  const rate = (t: ArmTotals) => Math.min(t.linkClicks, t.impressions) / t.impressions;
  const [pc, pv] = [rate(control), rate(variant)];
  const sd = Math.sqrt((pc * (1 - pc)) / control.impressions + (pv * (1 - pv)) / variant.impressions) * 100;
  const expected = (pv - pc) * 100;
  return {
    metric: 'ctr',
    chanceVariantBetter: chanceOf(chance),
    difference: {
      expected: round(expected, 4),
      low: round(expected - Z90 * sd, 4),
      high: round(expected + Z90 * sd, 4),
    },
  };
}

/**
 * Cost per result: the chance the variant's is lower (more results per unit of spend), and the relative
 * difference (variant ÷ original − 1) with its 90 % range from the results' Poisson noise, as the Applied tab
 * judges a change of cost per result (√(1/results + 1/results), on the log scale). Null without spend or
 * results on both sides; no range while either side has no result.
 */
export function compareCost(
  control: ArmTotals,
  variant: ArmTotals,
  options: { minorPerMajor: number; perThousand?: boolean },
): AbComparison | null {
  if (control.spend <= 0 || variant.spend <= 0 || control.results + variant.results === 0) return null;
  const perThousand = options.perThousand ?? false;
  const chance = chanceBBeatsA(
    costArm('control', control, options.minorPerMajor, perThousand),
    costArm('variant', variant, options.minorPerMajor, perThousand),
  );
  let difference: AbComparison['difference'] = null;
  if (control.results > 0 && variant.results > 0) {
    const ratio = variant.spend / variant.results / (control.spend / control.results);
    const sd = Math.sqrt(1 / variant.results + 1 / control.results);
    difference = {
      expected: round(ratio - 1, 4),
      low: round(Math.exp(Math.log(ratio) - Z90 * sd) - 1, 4),
      high: round(Math.exp(Math.log(ratio) + Z90 * sd) - 1, 4),
    };
  }
  return { metric: 'cost_per_result', chanceVariantBetter: chanceOf(chance), difference };
}

export interface MeasureOptions {
  minorPerMajor: number;
  /** The ads' result is counted per 1,000 (reach): cost per result as Meta states it. */
  perThousand?: boolean;
  minImpressions?: number;
  threshold?: number;
}

/**
 * "Collecting data" until each side has `minImpressions` on the days both ran; then the verdict on cost per result
 * when the two sides have results (the account's result is what is paid for), else on CTR: the variant ahead when
 * it is at least `threshold` likely better, the original ahead when at most 1 − `threshold`, no clear difference
 * between. Never a certainty: a chance and a range.
 */
export function measureAbTest(
  ads: { control: { id: string; name: string }; variant: { id: string; name: string } },
  same: SameDays,
  options: MeasureOptions,
): AbMeasurement {
  const minImpressions = options.minImpressions ?? MIN_IMPRESSIONS;
  const threshold = options.threshold ?? WINNER_THRESHOLD;
  const base = {
    days: same.days,
    ...(same.since ? { since: same.since } : {}),
    ...(same.until ? { until: same.until } : {}),
    control: armOf(ads.control, same.control, options.perThousand),
    variant: armOf(ads.variant, same.variant, options.perThousand),
    minImpressions,
  };
  if (same.control.impressions < minImpressions || same.variant.impressions < minImpressions) {
    return { state: 'collecting', ...base };
  }
  const ctr = compareCtr(same.control, same.variant);
  const costPerResult = compareCost(same.control, same.variant, options);
  const decisive = costPerResult ?? ctr;
  const p = decisive.chanceVariantBetter;
  const verdict: AbVerdict =
    p >= threshold ? 'variant_ahead' : p <= 1 - threshold ? 'original_ahead' : 'no_clear_difference';
  return {
    state: 'compared',
    ...base,
    verdict,
    decidedOn: decisive.metric,
    threshold,
    costPerResult,
    ctr,
  };
}

/** One of the two ads as Meta reads it now ('DELETED' also when Meta no longer finds it). */
export interface AdState {
  name: string;
  effectiveStatus: string;
  /** Meta's updated_time (ISO), when it has one. */
  updatedTime?: string;
}

const GONE = new Set(['DELETED', 'ARCHIVED']);

/**
 * Whether the two ads run side by side now. Undone (the copy deleted from the ad optimizer), deleted or archived
 * in Meta, or paused after it had delivered: stopped, with the figures up to then. Paused without ever
 * delivering: waiting (copies are made paused).
 */
export function abRun(
  test: Pick<AdTest, 'status' | 'deletedAt' | 'adsetName'>,
  ads: { control?: AdState; variant?: AdState },
  variantDelivered: boolean,
): AbRun {
  if (test.status === 'deleted' || test.status === 'deleting') {
    return {
      state: 'stopped',
      reason: 'undone',
      ...(test.deletedAt ? { at: test.deletedAt } : {}),
      message: 'Undone: the copy was deleted from the ad optimizer. The figures are those of the days before.',
    };
  }
  const { control, variant } = ads;
  const at = (state: AdState) => (state.updatedTime ? { at: state.updatedTime } : {});
  if (variant && GONE.has(variant.effectiveStatus)) {
    const deleted = variant.effectiveStatus === 'DELETED';
    return {
      state: 'stopped',
      reason: deleted ? 'copy_deleted' : 'copy_archived',
      ...at(variant),
      message: `The copy “${variant.name}” was ${deleted ? 'deleted' : 'archived'} in Meta: the figures are those up to then.`,
    };
  }
  if (control && GONE.has(control.effectiveStatus)) {
    const deleted = control.effectiveStatus === 'DELETED';
    return {
      state: 'stopped',
      reason: deleted ? 'original_deleted' : 'original_archived',
      ...at(control),
      message: `The original “${control.name}” was ${deleted ? 'deleted' : 'archived'} in Meta: the figures are those up to then.`,
    };
  }
  const above = (state?: AdState) =>
    state?.effectiveStatus === 'CAMPAIGN_PAUSED' || state?.effectiveStatus === 'ADSET_PAUSED';
  if (above(variant) || above(control)) {
    return {
      state: variantDelivered ? 'stopped' : 'waiting',
      reason: 'paused_above',
      message: `${test.adsetName ? `The ad set “${test.adsetName}”` : 'The ad set'} or its campaign is paused: neither ad runs.`,
    };
  }
  if (variant?.effectiveStatus === 'PAUSED') {
    if (!variantDelivered) {
      return {
        state: 'waiting',
        message: `The copy “${variant.name}” was made paused: switch it on (in Ads Manager or on the campaigns page) to start the test.`,
      };
    }
    return {
      state: 'stopped',
      reason: 'copy_paused',
      ...at(variant),
      message: `The copy “${variant.name}” is paused: the figures are those of the days both ran. Switch it on to go on.`,
    };
  }
  if (control?.effectiveStatus === 'PAUSED') {
    return {
      state: 'stopped',
      reason: 'original_paused',
      ...at(control),
      message: `The original “${control.name}” is paused: the copy runs alone, so the days since are not compared.`,
    };
  }
  return {
    state: 'running',
    message: `Both ads run side by side${test.adsetName ? ` in “${test.adsetName}”` : ''}.`,
  };
}

export function abTestKind(test: Pick<AdTest, 'elementTest'>): AppliedAbTest['kind'] {
  return test.elementTest ? 'element_test' : 'ab_copy';
}

/** "A/B test: call to action “Shop now” → “Learn more”", or "A/B copy of “Spring sale”". */
export function abTestTitle(test: Pick<AdTest, 'elementTest' | 'adName'>): string {
  const element = test.elementTest;
  if (element) {
    return `A/B test: ${element.elementLabel.toLowerCase()} “${element.controlLabel}” → “${element.variantLabel}”`;
  }
  return `A/B copy of “${test.adName}”`;
}

/** What the test predicted when it was made: the creative report's figures for a winner test, else nothing. */
export function abPredicted(test: Pick<AdTest, 'elementTest' | 'reason'>): AppliedAbTest['predicted'] {
  const element = test.elementTest;
  if (element?.basis === 'winner') {
    return {
      basis: 'winner',
      text: element.expectedEffect,
      ...(element.probability !== undefined ? { probability: element.probability } : {}),
    };
  }
  if (element) return { basis: 'exploratory', text: element.expectedEffect };
  return {
    basis: 'rewrite',
    text: `No effect was predicted: new copy tested against the ad. Why it was written: ${test.reason}`,
  };
}
