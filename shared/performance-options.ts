/**
 * What a read of delivery can ask for: Meta's date presets and the performance table's levels and breakdowns.
 * Plain constants, apart from shared/schemas/meta.ts (which builds its schemas from them), so that code needing only
 * these (the agent's read tools, the performance table's Graph read) does not build every Meta API schema at import.
 */

export const datePresets = [
  'today',
  'yesterday',
  'last_7d',
  'last_14d',
  'last_28d',
  'last_30d',
  'last_90d',
  'this_month',
  'last_month',
] as const;
export type DatePreset = (typeof datePresets)[number];

export const performanceLevels = ['campaign', 'adset', 'ad'] as const;
export type PerformanceLevel = (typeof performanceLevels)[number];

/**
 * The breakdowns the performance table offers, each as the Meta `breakdowns` it asks for. Placement is
 * Ads Manager's: the platform with the position on it (Meta refuses `platform_position` without
 * `publisher_platform`; https://developers.facebook.com/docs/marketing-api/insights/breakdowns/).
 */
export const performanceBreakdowns = {
  age: ['age'],
  gender: ['gender'],
  placement: ['publisher_platform', 'platform_position'],
  device: ['device_platform'],
} as const satisfies Record<string, readonly string[]>;
export type PerformanceBreakdown = keyof typeof performanceBreakdowns;
