import { campaignObjectiveLabels } from '@shared/ad-copy-rules';
import { resultTypeLabel } from '@shared/result-type-labels';
import {
  CREATIVE_ELEMENT_KEYS,
  creativeElementLabels,
  type CreativeElementKey,
  type CreativeElementReport,
  type CreativeElements,
  type CreativeResultGroup,
  type CreativeValue,
  type CreativeWeek,
} from '@shared/schemas/creative-report';
import { probabilityBest, type Arm } from '../optimizer/beta-binomial';

/**
 * The creative report's arithmetic: an account's ads grouped by each element's value, their weekly
 * figures summed, and each value's probability of beating the element's other values.
 *
 * CTR is a rate of link clicks per impression: beta-binomial as the optimizer's ad comparisons.
 * Cost per result is spend per result; its inverse, results per unit of spend, is modelled the same
 * way with the spend in minor units as the trials (a binomial with many trials and a small rate is
 * the Poisson count of results per unit of spend), so the value most likely to have the lowest cost
 * per result is the one most likely to have the highest results per cent spent.
 */

/** A value is called a winner only when it beats the rest with at least this probability. */
export const WINNER_THRESHOLD = 0.95;
/** Below this many impressions a value is shown but never called a winner (nor counted as an arm). */
export const MIN_IMPRESSIONS = 1_000;

export interface AdWeek {
  adId: string;
  /** The first day of Meta's 7-day row. */
  date: string;
  spend: number;
  impressions: number;
  linkClicks: number;
  results: number;
  /** The ad's campaign objective (Meta's `objective`). */
  objective: string;
  /** The result type Meta counted for the ad (its ad set's optimization goal); null when none reported. */
  resultType: string | null;
  /** A video ad's 3-second plays and ThruPlays (video-plays.ts); absent or zero for other ads. */
  plays?: number;
  thruPlays?: number;
}

interface Totals {
  impressions: number;
  linkClicks: number;
  results: number;
  spend: number;
  plays: number;
  thruPlays: number;
  /** Impressions of the video ads only: the hook rate's denominator (a still image is never played). */
  videoImpressions: number;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const empty = (): Totals => ({
  impressions: 0,
  linkClicks: 0,
  results: 0,
  spend: 0,
  plays: 0,
  thruPlays: 0,
  videoImpressions: 0,
});
const add = (into: Totals, row: AdWeek, video = false) => {
  into.impressions += row.impressions;
  into.linkClicks += row.linkClicks;
  into.results += row.results;
  into.spend += row.spend;
  into.plays += row.plays ?? 0;
  into.thruPlays += row.thruPlays ?? 0;
  if (video) into.videoImpressions += row.impressions;
};
/**
 * Hook rate: 3-second plays per impression of the video ads (a carousel's impressions beside them would dilute it);
 * hold rate: ThruPlays per 3-second play (Meta's ThruPlay ≤ plays).
 */
const hookRate = (t: Totals) => (t.videoImpressions > 0 ? round((t.plays / t.videoImpressions) * 100) : null);
const holdRate = (t: Totals) => (t.plays > 0 ? round((Math.min(t.thruPlays, t.plays) / t.plays) * 100) : null);
const ctrPercent = (t: Totals) => (t.impressions > 0 ? round((t.linkClicks / t.impressions) * 100) : null);
const costPerResult = (t: Totals, perThousand = false) =>
  t.results > 0 ? round((t.spend / t.results) * (perThousand ? 1000 : 1)) : null;

/**
 * Results per minor unit of spend as an arm (results capped at the trials: a result costs at least
 * one cent). A result whose cost Meta states per 1,000 (people reached) is counted per thousandth
 * of a cent, so cheap reach is not capped into a tie.
 */
function costArm(value: string, t: Totals, minorPerMajor: number, perThousand: boolean): Arm {
  const trials = Math.max(0, Math.round(t.spend * minorPerMajor * (perThousand ? 1000 : 1)));
  return { id: value, successes: Math.min(t.results, trials), trials };
}

function ranked(values: CreativeValue[]): CreativeValue[] {
  const cost = (v: CreativeValue) => v.costPerResult ?? Number.POSITIVE_INFINITY;
  return values.sort((a, b) => cost(a) - cost(b) || (b.ctrPercent ?? -1) - (a.ctrPercent ?? -1));
}

export interface ReportOptions {
  minorPerMajor: number;
  threshold?: number;
  /** The rows' result is counted per 1,000 (reach): cost per result as Meta states it. */
  perThousand?: boolean;
}

/**
 * One element's values over rows that all count the same result type: callers split an account's
 * rows by objective and result type first (creativeReportGroups), as results of different types
 * (an install, a person reached) have costs that do not compare.
 */
export function elementReport(
  element: CreativeElementKey,
  elementsByAd: ReadonlyMap<string, CreativeElements>,
  weeks: readonly AdWeek[],
  options: ReportOptions,
): CreativeElementReport | null {
  const perThousand = options.perThousand ?? false;
  const threshold = options.threshold ?? WINNER_THRESHOLD;
  const byValue = new Map<string, { ads: Set<string>; totals: Totals; weeks: Map<string, Totals> }>();
  for (const row of weeks) {
    const elements = elementsByAd.get(row.adId);
    const value = elements?.[element];
    if (!value) continue;
    // A video ad by its recorded format, or by Meta having counted plays of it (an ad tagged without a format).
    const video = elements?.format === 'video' || (row.plays ?? 0) > 0;
    const entry = byValue.get(value) ?? { ads: new Set<string>(), totals: empty(), weeks: new Map<string, Totals>() };
    byValue.set(value, entry);
    entry.ads.add(row.adId);
    add(entry.totals, row, video);
    const week = entry.weeks.get(row.date) ?? empty();
    entry.weeks.set(row.date, week);
    add(week, row, video);
  }
  if (byValue.size === 0) return null;

  // Only values with enough delivery compete; one value alone beats nothing.
  const competing = [...byValue.entries()].filter(([, e]) => e.totals.impressions >= MIN_IMPRESSIONS);
  const compared = competing.length >= 2;
  const ctrBest = compared
    ? probabilityBest(
        competing.map(([value, e]) => ({ id: value, successes: e.totals.linkClicks, trials: e.totals.impressions })),
      )
    : {};
  const costBest = compared
    ? probabilityBest(competing.map(([value, e]) => costArm(value, e.totals, options.minorPerMajor, perThousand)))
    : {};
  // Hook and hold compare only the values' video ads, with enough video delivery: a still image has no 3-second play.
  const playing = [...byValue.entries()].filter(([, e]) => e.totals.videoImpressions >= MIN_IMPRESSIONS);
  const videoCompared = playing.length >= 2;
  const hookBest = videoCompared
    ? probabilityBest(
        playing.map(([value, e]) => ({
          id: value,
          successes: Math.min(e.totals.plays, e.totals.videoImpressions),
          trials: e.totals.videoImpressions,
        })),
      )
    : {};
  const holdBest = videoCompared
    ? probabilityBest(
        playing.map(([value, e]) => ({
          id: value,
          successes: Math.min(e.totals.thruPlays, e.totals.plays),
          trials: e.totals.plays,
        })),
      )
    : {};

  const values = [...byValue.entries()].map(([value, e]): CreativeValue => {
    const pCtr = ctrBest[value] ?? 0;
    const pCost = e.totals.results > 0 ? (costBest[value] ?? 0) : 0;
    const series: CreativeWeek[] = [...e.weeks.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([weekStart, t]) => ({
        weekStart,
        impressions: t.impressions,
        linkClicks: t.linkClicks,
        results: t.results,
        spend: round(t.spend),
        ctrPercent: ctrPercent(t),
        costPerResult: costPerResult(t, perThousand),
        ...(t.videoImpressions > 0 ? { hookRatePercent: hookRate(t), holdRatePercent: holdRate(t) } : {}),
      }));
    const pHook = hookBest[value] ?? 0;
    const pHold = holdBest[value] ?? 0;
    return {
      value,
      ads: e.ads.size,
      impressions: e.totals.impressions,
      linkClicks: e.totals.linkClicks,
      results: e.totals.results,
      spend: round(e.totals.spend),
      ctrPercent: ctrPercent(e.totals),
      costPerResult: costPerResult(e.totals, perThousand),
      probabilityBestCtr: round(pCtr, 4),
      probabilityBestCost: round(pCost, 4),
      winnerCtr: compared && pCtr >= threshold,
      winnerCost: compared && pCost >= threshold,
      ...(e.totals.videoImpressions > 0
        ? {
            video: {
              plays: e.totals.plays,
              thruPlays: e.totals.thruPlays,
              hookRatePercent: hookRate(e.totals),
              holdRatePercent: holdRate(e.totals),
              probabilityBestHook: round(pHook, 4),
              probabilityBestHold: round(pHold, 4),
              winnerHook: videoCompared && pHook >= threshold,
              winnerHold: videoCompared && pHold >= threshold,
            },
          }
        : {}),
      weeks: series,
    };
  });
  return { element, label: creativeElementLabels[element], values: ranked(values), compared };
}

/** Every element that at least one ad with delivery has a value for, in the elements' fixed order. */
export function creativeElementReports(
  elementsByAd: ReadonlyMap<string, CreativeElements>,
  weeks: readonly AdWeek[],
  options: ReportOptions,
): CreativeElementReport[] {
  return CREATIVE_ELEMENT_KEYS.map((key) => elementReport(key, elementsByAd, weeks, options)).filter(
    (report): report is CreativeElementReport => report !== null,
  );
}

const groupKey = (objective: string, resultType: string | null) => `${objective}|${resultType ?? ''}`;

/** "App promotion · App installs": the objective as Ads Manager names it, then what was counted. */
export function resultGroupLabel(objective: string, resultType: string | null): string {
  const name = (campaignObjectiveLabels as Record<string, string>)[objective] ?? objective;
  return `${name} · ${resultType ? resultTypeLabel(resultType) : 'no result reported'}`;
}

/** Each ad's group key (`objective|resultType`), as `creativeReportGroups` places its weeks. */
export function adGroupKeys(weeks: readonly AdWeek[]): Map<string, string> {
  const adType = new Map<string, string>();
  for (const row of weeks) if (row.resultType) adType.set(row.adId, row.resultType);
  const keys = new Map<string, string>();
  for (const row of weeks) keys.set(row.adId, groupKey(row.objective, row.resultType ?? adType.get(row.adId) ?? null));
  return keys;
}

/**
 * The report split by objective and result type, most spend first: every ranking (cost per result,
 * CTR, the chance of being best) is made inside one group and never pools results of different
 * types — awareness's people reached cost a fraction of an install, so pooled, the angle that ran
 * in awareness would look like the winner whatever its ads did.
 */
export function creativeReportGroups(
  elementsByAd: ReadonlyMap<string, CreativeElements>,
  weeks: readonly AdWeek[],
  options: ReportOptions,
  isPerThousand: (resultType: string | null) => boolean,
): CreativeResultGroup[] {
  // A week Meta reported no result entry for (no delivery) belongs with the ad's other weeks.
  const adType = new Map<string, string>();
  for (const row of weeks) if (row.resultType) adType.set(row.adId, row.resultType);
  const groups = new Map<string, { objective: string; resultType: string | null; rows: AdWeek[] }>();
  for (const row of weeks) {
    const resultType = row.resultType ?? adType.get(row.adId) ?? null;
    const key = groupKey(row.objective, resultType);
    const group = groups.get(key) ?? { objective: row.objective, resultType, rows: [] };
    groups.set(key, group);
    group.rows.push(row);
  }
  return [...groups.entries()]
    .map(([key, g]): CreativeResultGroup => {
      const delivered = new Set(g.rows.filter((r) => r.impressions > 0).map((r) => r.adId));
      const known = [...delivered].filter((id) => elementsByAd.has(id)).length;
      const totals = empty();
      for (const row of g.rows) add(totals, row);
      return {
        key,
        objective: g.objective,
        resultType: g.resultType,
        label: resultGroupLabel(g.objective, g.resultType),
        spend: round(totals.spend),
        results: totals.results,
        adsWithElements: known,
        adsWithoutElements: delivered.size - known,
        elements: creativeElementReports(elementsByAd, g.rows, {
          ...options,
          perThousand: isPerThousand(g.resultType),
        }),
      };
    })
    .sort((a, b) => b.spend - a.spend || a.key.localeCompare(b.key));
}
