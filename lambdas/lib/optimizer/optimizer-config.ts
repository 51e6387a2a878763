/**
 * Every threshold the optimizer's detectors use, in one place, so they can be reviewed (and later
 * evaluated against what applied recommendations actually did) without reading the detectors.
 */
export const OPTIMIZER_CONFIG = {
  /** Days of recent delivery the detectors judge ("last week"). */
  recentDays: 7,
  /** Results in the recent window before a unit's cost per result is compared at all. */
  minResultsForCost: 5,
  budgetShift: {
    /** A loser's cost per result at least this multiple of the winner's, within one objective and goal. */
    minCostRatio: 1.5,
    /** The winner needs this many results: money moves only toward a cost that is well measured. */
    minResults: 10,
    /** Probability the loser really costs more (log cost ratio against its Poisson standard error). */
    minConfidence: 0.9,
    /** Share of the loser's daily budget moved to the winner. */
    shiftShare: 0.2,
  },
  budgetLimitedWinner: {
    /** Spent at least this share of its budget: the budget, not the auction, is the limit. */
    minSpendShare: 0.9,
    /** Cost per result at most this multiple of the account's median for the same goal. */
    maxCostVsMedian: 0.75,
    minResults: 10,
    raiseShare: 0.2,
  },
  overspendingLoser: {
    minSpendShare: 0.9,
    /** Cost per result at least this multiple of the account's median for the same goal. */
    minCostVsMedian: 2,
    /** Or no result at all after spending this many times the median cost per result. */
    zeroResultSpendMultiple: 3,
    cutShare: 0.3,
  },
  learningLimited: {
    /** Meta: an ad set leaves learning after about 50 optimization events in 7 days. */
    eventsPerWeek: 50,
    /** Never propose more than this multiple of the current budget to get there. */
    maxBudgetMultiple: 2,
  },
  fatigue: {
    /** Frequency (impressions / reach) in the recent week at least this much above the first week. */
    minFrequencyRise: 0.2,
    /** CTR in the recent week at least this much below the first week. */
    minCtrDrop: 0.25,
    /** Impressions each week needs before its CTR means anything. */
    minImpressions: 2000,
  },
  underdelivery: {
    /** Spent less than this share of the budget over the recent week. */
    maxSpendShare: 0.6,
    /** Above this frequency the audience is the likely cause (it has seen the ads already). */
    saturatedFrequency: 3,
  },
  cpmSpike: {
    /** Days compared with the weeks before them. */
    spikeDays: 3,
    baselineDays: 21,
    /** CPM at least this much above the baseline. */
    minRise: 0.4,
    minImpressions: 3000,
  },
  abTest: {
    /** Each ad needs this many clicks (CTR) or link clicks (conversion rate) before it is judged at all. */
    minTrials: 100,
    /** Probability of being best that names a winner; an ad below `loserBelow` is a loser. */
    winnerAbove: 0.95,
    loserBelow: 0.05,
  },
  rankings: {
    /** Meta's below-average buckets that are worth a rewrite: the bottom 20 % and 10 % (not the bottom 35 %). */
    below: ['BELOW_AVERAGE_10', 'BELOW_AVERAGE_20'],
  },
} as const;

export type OptimizerConfig = typeof OPTIMIZER_CONFIG;

/** Weeks of ad history the fatigue detector compares (first week against the latest), in the optimizer and the ad optimizer. */
export const AD_HISTORY_WEEKS = 8;
