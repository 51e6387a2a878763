import type { AdCard, AdRankings } from '@shared/schemas/ad-optimizer';

/** Meta's names for its three ad relevance diagnostics, as Ads Manager shows them. */
export const RANKING_NAMES: Record<keyof AdRankings, string> = {
  quality: 'Quality ranking',
  engagement: 'Engagement rate ranking',
  conversion: 'Conversion rate ranking',
};

/** Meta's wording for each ranking value (Ads Manager's column text). */
export function rankingWords(value: string): string {
  switch (value) {
    case 'ABOVE_AVERAGE':
      return 'Above average';
    case 'AVERAGE':
      return 'Average';
    case 'BELOW_AVERAGE_35':
      return 'Below average - Bottom 35% of ads';
    case 'BELOW_AVERAGE_20':
      return 'Below average - Bottom 20% of ads';
    case 'BELOW_AVERAGE_10':
      return 'Below average - Bottom 10% of ads';
    default:
      // UNKNOWN: fewer than 500 impressions, or not enough ads to compare with.
      return '—';
  }
}

export type RankingTone = 'good' | 'average' | 'low' | 'unknown';

export function rankingTone(value: string): RankingTone {
  if (value === 'ABOVE_AVERAGE') return 'good';
  if (value === 'AVERAGE') return 'average';
  if (value.startsWith('BELOW_AVERAGE')) return 'low';
  return 'unknown';
}

export const FILTERS = { fatigued: 'Fatigued', low_ranking: 'Low ranking', all: 'All ads' } as const;
export type AdFilter = keyof typeof FILTERS;

export function matchesFilter(ad: AdCard, filter: AdFilter): boolean {
  if (filter === 'all') return true;
  const kind = filter === 'fatigued' ? 'creative_fatigue' : 'low_ranking';
  return ad.verdicts.some((v) => v.kind === kind);
}

/** Only an image URL the page may show: Meta's https CDN, or an inline image (the sandbox's). */
export function safeImageUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('https://') || url.startsWith('data:image/')) return url;
  return undefined;
}

/** A line-by-line diff of two copies, for the approval drawer. */
export function changedFields(
  before: { headline: string; primaryText: string; description: string },
  after: { headline: string; primaryText: string; description: string },
): Array<{
  field: 'headline' | 'primaryText' | 'description';
  label: string;
  before: string;
  after: string;
  changed: boolean;
}> {
  const labels = { headline: 'Headline', primaryText: 'Primary text', description: 'Description' } as const;
  return (Object.keys(labels) as Array<keyof typeof labels>).map((field) => ({
    field,
    label: labels[field],
    before: before[field],
    after: after[field],
    changed: before[field].trim() !== after[field].trim(),
  }));
}
