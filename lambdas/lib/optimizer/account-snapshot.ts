/**
 * What the detectors read: an ad account's campaigns, ad sets and ads with their recent
 * delivery, already normalised from Meta's replies (numbers, not strings; spend and purchase
 * value in major units; budgets in minor units, as Meta keeps them).
 */

export interface Figures {
  spend: number;
  impressions: number;
  /** Exact for a single row; a sum across days overstates it (frequency is then a floor). */
  reach: number;
  clicks: number;
  linkClicks: number;
  /** Meta's results for the ad set's optimization goal. */
  results: number;
  purchaseValue: number;
}

export interface DayFigures extends Figures {
  /** The first day of the row (daily rows: the day; weekly rows: the week's first day). */
  date: string;
}

export interface CampaignSnapshot {
  id: string;
  name: string;
  objective: string;
  status: string;
  /** Campaign budget (Advantage campaign budget), minor units; null when the ad sets hold the budget. */
  dailyBudget: number | null;
  lifetimeBudget: number | null;
  /** Meta's special ad categories, when it has any (housing, employment and financial limit targeting). */
  specialAdCategories?: string[];
}

export interface AdSetSnapshot {
  id: string;
  name: string;
  campaignId: string;
  status: string;
  optimizationGoal: string;
  bidStrategy?: string;
  dailyBudget: number | null;
  lifetimeBudget: number | null;
  /** Meta's learning_stage_info.status: LEARNING, SUCCESS or FAIL ("Learning limited"). */
  learningStatus?: string;
  /**
   * What its results are (Meta's result indicator without `actions:`: `omni_app_install`, `lead`,
   * `offsite_conversion.fb_pixel_purchase`…), the one it reported most; absent when it reported none.
   */
  resultType?: string;
  /** The custom audiences it leaves out, when any. */
  excluded?: Array<{ id: string; name: string }>;
  /** Daily rows of the recent days, oldest first (days without delivery may be missing). */
  days: DayFigures[];
}

export interface AdSnapshot {
  id: string;
  name: string;
  adsetId: string;
  campaignId: string;
  status: string;
  /** Weekly rows over the ad's history, oldest first: the first is its first week. */
  weeks: DayFigures[];
  /** Meta's ad relevance diagnostics for the recent week (UNKNOWN with too few impressions). */
  rankings?: { quality?: string; engagement?: string; conversion?: string };
}

export interface AccountSnapshot {
  adAccountId: string;
  currency: string;
  /** The account's today (its time zone), the last day of the data. */
  today: string;
  campaigns: CampaignSnapshot[];
  adsets: AdSetSnapshot[];
  ads: AdSnapshot[];
}

export const ZERO_FIGURES: Figures = {
  spend: 0,
  impressions: 0,
  reach: 0,
  clicks: 0,
  linkClicks: 0,
  results: 0,
  purchaseValue: 0,
};

export function addFigures(rows: readonly Figures[]): Figures {
  return rows.reduce<Figures>(
    (total, row) => ({
      spend: total.spend + row.spend,
      impressions: total.impressions + row.impressions,
      reach: total.reach + row.reach,
      clicks: total.clicks + row.clicks,
      linkClicks: total.linkClicks + row.linkClicks,
      results: total.results + row.results,
      purchaseValue: total.purchaseValue + row.purchaseValue,
    }),
    { ...ZERO_FIGURES },
  );
}
