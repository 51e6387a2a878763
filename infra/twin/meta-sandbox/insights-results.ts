import type { DailyMetrics } from './insights-model.js';

/**
 * What Meta counts as a "result" for an ad set, and under which attribution
 * setting. Meta's `results` / `cost_per_result` insights fields follow each ad
 * set's optimization goal (not the campaign objective): a Traffic campaign
 * whose ad sets optimise for link clicks and landing page views reports two
 * indicators. Conversions are counted with the ad set's attribution setting.
 */

type Metrics = Omit<DailyMetrics, 'date'>;

export interface ResultSpec {
  /** Meta's indicator, e.g. `actions:link_click`, `reach`, `video_thruplay_watched_actions`. */
  indicator: string;
  count: (m: Metrics) => number;
  /** Counted under an attribution window (conversions), rather than delivery. */
  attributed: boolean;
  /** Cost per result is per 1,000 (reach), as Ads Manager shows for awareness. */
  perThousand: boolean;
}

const spec = (indicator: string, count: (m: Metrics) => number, attributed = false, perThousand = false) => ({
  indicator,
  count,
  attributed,
  perThousand,
});

const BY_GOAL: Record<string, ResultSpec> = {
  LINK_CLICKS: spec('actions:link_click', (m) => m.linkClicks),
  LANDING_PAGE_VIEWS: spec('actions:landing_page_view', (m) => m.landingPageViews),
  POST_ENGAGEMENT: spec('actions:post_engagement', (m) => m.postEngagement),
  THRUPLAY: spec('video_thruplay_watched_actions', (m) => m.thruplays),
  TWO_SECOND_CONTINUOUS_VIDEO_VIEWS: spec('actions:video_view', (m) => m.videoViews),
  REACH: spec('reach', (m) => m.reach, false, true),
  IMPRESSIONS: spec('impressions', (m) => m.impressions),
  AD_RECALL_LIFT: spec('estimated_ad_recallers', (m) => m.adRecallers),
  LEAD_GENERATION: spec('actions:onsite_conversion.lead_grouped', (m) => m.leads, true),
  QUALITY_LEAD: spec('actions:onsite_conversion.lead_grouped', (m) => m.leads, true),
  APP_INSTALLS: spec('actions:mobile_app_install', (m) => m.appInstalls, true),
  APP_INSTALLS_AND_OFFSITE_CONVERSIONS: spec('actions:mobile_app_install', (m) => m.appInstalls, true),
};

/** Website conversion goals count the pixel event the objective promotes. */
const CONVERSION_BY_OBJECTIVE: Record<string, ResultSpec> = {
  OUTCOME_SALES: spec('actions:offsite_conversion.fb_pixel_purchase', (m) => m.purchases, true),
  OUTCOME_LEADS: spec('actions:offsite_conversion.fb_pixel_lead', (m) => m.leads, true),
  OUTCOME_APP_PROMOTION: spec('actions:mobile_app_install', (m) => m.appInstalls, true),
  OUTCOME_ENGAGEMENT: spec('actions:offsite_conversion.fb_pixel_custom', (m) => m.viewContent, true),
};

export function resultSpecFor(objective: string, optimizationGoal: string): ResultSpec {
  if (optimizationGoal === 'OFFSITE_CONVERSIONS' || optimizationGoal === 'VALUE') {
    return CONVERSION_BY_OBJECTIVE[objective] ?? CONVERSION_BY_OBJECTIVE.OUTCOME_SALES!;
  }
  return BY_GOAL[optimizationGoal] ?? BY_GOAL.LINK_CLICKS!;
}

/** Attribution settings an ad set can have since Meta retired 7d_view and 28d_view (January 2026). */
export const ATTRIBUTION_SETTINGS = ['7d_click_1d_view', '7d_click', '1d_click_1d_view', '1d_click'] as const;
export type AttributionSetting = (typeof ATTRIBUTION_SETTINGS)[number];
export const DEFAULT_ATTRIBUTION_SETTING: AttributionSetting = '7d_click_1d_view';

/**
 * Share of the conversions the model produces (counted 7-day click or 1-day
 * view) that a narrower setting still credits: most conversions follow a click
 * within a day, few follow only a view.
 */
const SETTING_SHARE: Record<AttributionSetting, number> = {
  '7d_click_1d_view': 1,
  '7d_click': 0.88,
  '1d_click_1d_view': 0.86,
  '1d_click': 0.74,
};

/** Single windows for `action_attribution_windows`; each gives its share of the same conversions. */
const WINDOW_SHARE: Record<string, number> = {
  '1d_click': 0.74,
  '7d_click': 0.88,
  '28d_click': 0.93,
  '1d_view': 0.12,
  '1d_ev': 0.03,
};

export function settingShare(setting: string): number {
  return SETTING_SHARE[setting as AttributionSetting] ?? 1;
}

export function windowShare(window: string): number | undefined {
  return WINDOW_SHARE[window];
}

/** Windows Meta stopped reporting on 12 January 2026 and now refuses. */
export const RETIRED_ATTRIBUTION_WINDOWS = ['7d_view', '28d_view'] as const;

/** The attribution_spec an ad set reports for its setting. */
export function attributionSpec(setting: string): Array<{ event_type: string; window_days: number }> {
  const match = /^(\d+)d_click(?:_(\d+)d_view)?$/.exec(setting);
  const click = Number(match?.[1] ?? 7);
  const view = match?.[2] !== undefined ? Number(match[2]) : undefined;
  return [
    { event_type: 'CLICK_THROUGH', window_days: click },
    ...(view !== undefined ? [{ event_type: 'VIEW_THROUGH', window_days: view }] : []),
  ];
}

/** Conversion counts scaled to an attribution share (delivery is untouched). */
export function attributed(m: Metrics, share: number): Metrics {
  if (share === 1) return m;
  return {
    ...m,
    purchases: m.purchases * share,
    purchaseValueMinor: m.purchaseValueMinor * share,
    leads: m.leads * share,
    appInstalls: m.appInstalls * share,
    addToCart: m.addToCart * share,
    initiateCheckout: m.initiateCheckout * share,
    viewContent: m.viewContent * share,
  };
}

/** Reach over several ads is less than their sum: the same people see more than one ad. */
export function deduplicatedAcrossAds(reachSum: number, maxSingle: number, ads: number): number {
  if (ads <= 1) return reachSum;
  return Math.max(maxSingle, reachSum / (1 + 0.18 * Math.log(ads)));
}
