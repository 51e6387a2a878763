import { resultTypeLabel } from '@shared/result-type-labels';

/** Meta's ODAX objectives as a marketer names them. */
export const objectiveLabels: Record<string, string> = {
  OUTCOME_SALES: 'Sales',
  OUTCOME_LEADS: 'Leads',
  OUTCOME_TRAFFIC: 'Traffic',
  OUTCOME_ENGAGEMENT: 'Engagement',
  OUTCOME_AWARENESS: 'Awareness',
  OUTCOME_APP_PROMOTION: 'App promotion',
  // Legacy objectives still seen on old campaigns.
  CONVERSIONS: 'Conversions',
  LINK_CLICKS: 'Traffic',
  REACH: 'Reach',
  BRAND_AWARENESS: 'Brand awareness',
  LEAD_GENERATION: 'Leads',
  MESSAGES: 'Messages',
  VIDEO_VIEWS: 'Video views',
  POST_ENGAGEMENT: 'Engagement',
  APP_INSTALLS: 'App installs',
  PRODUCT_CATALOG_SALES: 'Catalogue sales',
};

function titleCase(raw: string): string {
  const words = raw
    .replace(/^OUTCOME_/, '')
    .toLowerCase()
    .split('_')
    .filter(Boolean);
  const text = words.join(' ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : raw;
}

export function objectiveLabel(objective: string): string {
  return objectiveLabels[objective] ?? titleCase(objective);
}

export const statusLabels: Record<string, string> = {
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  ARCHIVED: 'Archived',
  DELETED: 'Deleted',
  CAMPAIGN_PAUSED: 'Paused',
  ADSET_PAUSED: 'Ad sets paused',
  IN_PROCESS: 'In process',
  WITH_ISSUES: 'With issues',
  PENDING_REVIEW: 'In review',
  DISAPPROVED: 'Disapproved',
};

export function statusLabel(status: string): string {
  return statusLabels[status] ?? titleCase(status);
}

// Shared with the server's reports, which name results the same way.
export { resultTypeLabel };

/**
 * Ads Manager's name for the cost column of a result type: awareness (reach)
 * costs are per 1,000 people, every other result per result.
 */
export function costPerResultLabel(resultType: string | null | undefined): string {
  return resultType === 'reach' ? 'Cost per 1,000 people reached' : 'Cost per result';
}

const attributionWindowLabels: Record<string, string> = {
  '1d_click': '1-day click',
  '7d_click': '7-day click',
  '28d_click': '28-day click',
  '1d_view': '1-day view',
  '1d_ev': '1-day engaged view',
};

/**
 * Meta's attribution_setting as Ads Manager writes it: `7d_click_1d_view` is
 * "7-day click or 1-day view"; `mixed` means the ad sets differ.
 */
export function attributionSettingLabel(setting: string | null | undefined): string | null {
  if (!setting) return null;
  if (setting === 'mixed') return 'Each ad set’s own (they differ)';
  const windows = setting.match(/\d+d_(?:click|view|ev)/g) ?? [];
  const words = windows.map((window) => attributionWindowLabels[window] ?? window);
  return words.length > 0 ? words.join(' or ') : setting;
}

interface ResultFigures {
  results: number | null;
  resultType: string | null;
  resultsByType: { resultType: string; results: number }[];
}

/**
 * A result count with its type in words ("12 purchases"), or each type when ad
 * sets optimise for different results, as Ads Manager lists them; '—' for none.
 */
export function resultsInWords(m: ResultFigures, formatNumber: (value: number) => string): string {
  if (m.results !== null) return `${formatNumber(m.results)} ${resultTypeLabel(m.resultType).toLowerCase()}`;
  if (m.resultsByType.length === 0) return '—';
  return m.resultsByType
    .map((entry) => `${formatNumber(entry.results)} ${resultTypeLabel(entry.resultType).toLowerCase()}`)
    .join(' · ');
}
