import type { RecommendationKind, StoredRecommendation } from '@shared/schemas/optimizer';
import { formatMoney, formatNumber } from '@web/lib/format';

export const KIND_LABELS: Record<RecommendationKind, string> = {
  budget_shift: 'Budget shift',
  budget_limited_winner: 'Budget-limited winner',
  overspending_loser: 'Overspending loser',
  learning_limited: 'Learning limited',
  creative_fatigue: 'Creative fatigue',
  underdelivery: 'Underdelivery',
  cpm_spike: 'CPM spike',
  ab_loser: 'A/B loser',
  low_ranking: 'Low ranking',
  mmm_allocation: 'Marketing mix budget',
  agent_proposal: 'Agent proposal',
  audience_exclusion: 'Customers left out',
};

export const LEVEL_LABELS = { campaign: 'Campaign', adset: 'Ad set', ad: 'Ad' } as const;

/** A tired or low-ranking ad needs new copy: the ad optimizer writes it and sets up the A/B test. */
export const rewritesInAdOptimizer = (rec: StoredRecommendation) =>
  rec.level === 'ad' && (rec.kind === 'creative_fatigue' || rec.kind === 'low_ranking');

/** Every change it proposed is made by a higher-ranked recommendation: it is advice, with no effect of its own. */
export const adviceOnly = (rec: StoredRecommendation) =>
  Boolean(rec.alreadyChanged?.length) && rec.changes.length === 0;

const FIELD_WORDS = { budget: 'budget', status: 'status', creative: 'creative', name: 'name' } as const;

/** "Its budget is already changed by: <title>", or naming the object when it is another of its objects. */
export function alreadyChangedLine(
  rec: Pick<StoredRecommendation, 'objectId'>,
  taken: NonNullable<StoredRecommendation['alreadyChanged']>[number],
): string {
  const subject =
    taken.objectId === rec.objectId
      ? `Its ${FIELD_WORDS[taken.field]}`
      : `The ${FIELD_WORDS[taken.field]} of “${taken.objectName}”`;
  return `${subject} is already changed by: ${taken.byTitle}`;
}

export function effectText(rec: StoredRecommendation): string {
  if (adviceOnly(rec)) return 'none from this one: its change is made by the recommendation named above';
  const { metric, low, expected, high, noFigure } = rec.expectedEffect;
  if (noFigure) return noFigure;
  const money = (v: number) => formatMoney(v, rec.currency);
  switch (metric) {
    case 'results_per_week':
      return `${formatNumber(expected, 1)} more results a week (${formatNumber(low, 1)} to ${formatNumber(high, 1)})`;
    case 'link_clicks_per_week':
      return `${formatNumber(expected)} more link clicks a week (${formatNumber(low)} to ${formatNumber(high)})`;
    case 'spend_per_week': {
      // Saved when positive; a change that adds spend says so rather than showing a minus sign.
      const words = (v: number) => `${money(Math.abs(v))} ${v < 0 ? 'more' : 'less'} spend a week`;
      return low === high ? words(expected) : `${words(expected)} (${words(low)} to ${words(high)})`;
    }
    case 'ctr_percent':
      return `CTR up ${expected.toFixed(2)} points (${low.toFixed(2)} to ${high.toFixed(2)})`;
    case 'revenue_per_week':
      return `${money(expected)} more revenue a week (${money(low)} to ${money(high)})`;
  }
}
