import { addDays, dayFractionElapsed, dayOfWeek, daysBetween, todayIn, type IsoDate } from './calendar.js';
import { gaussian, randomFor, stochasticRound } from './prng.js';
import { currencyOffset } from './reference.js';
import { UNITS_PER_USD } from './seed.js';
import { daysAdvanced } from './time-travel.js';
import {
  children,
  valueOn,
  type Ad,
  type AdAccount,
  type AdSet,
  type Budget,
  type Campaign,
  type World,
} from './world.js';

/**
 * The synthetic delivery model behind every insights number.
 *
 * Per ad and account-local day: spend follows the budget in force that day
 * (zero while anything above the ad is paused or archived), impressions grow
 * with spend^α (α < 1: diminishing returns, i.e. CPM rises with spend), CTR and
 * conversion rates have weekly seasonality and decay as the ad's cumulative
 * frequency grows (creative fatigue), and every count is derived from the one
 * above it so reach ≤ impressions, clicks ≤ impressions, purchases ≤ clicks.
 * Numbers are deterministic per (seed, ad, day), so a budget change moves only
 * the days it applies to.
 */

/** Elasticity of impressions (and so of every result) to spend. */
export const SPEND_ELASTICITY = 0.72;
/** Daily spend (USD) at which an ad pays exactly its base CPM. */
const REFERENCE_SPEND_USD = 50;

export interface DailyMetrics {
  date: IsoDate;
  spendMinor: number;
  impressions: number;
  reach: number;
  clicks: number;
  uniqueClicks: number;
  linkClicks: number;
  landingPageViews: number;
  postEngagement: number;
  postReactions: number;
  videoViews: number;
  thruplays: number;
  leads: number;
  appInstalls: number;
  viewContent: number;
  addToCart: number;
  initiateCheckout: number;
  purchases: number;
  purchaseValueMinor: number;
  adRecallers: number;
}

export const EMPTY_METRICS: Omit<DailyMetrics, 'date'> = {
  spendMinor: 0,
  impressions: 0,
  reach: 0,
  clicks: 0,
  uniqueClicks: 0,
  linkClicks: 0,
  landingPageViews: 0,
  postEngagement: 0,
  postReactions: 0,
  videoViews: 0,
  thruplays: 0,
  leads: 0,
  appInstalls: 0,
  viewContent: 0,
  addToCart: 0,
  initiateCheckout: 0,
  purchases: 0,
  purchaseValueMinor: 0,
  adRecallers: 0,
};

interface ObjectiveEconomics {
  cpmUsd: number;
  ctr: number;
  linkShare: number;
}

export const ECONOMICS: Record<string, ObjectiveEconomics> = {
  OUTCOME_SALES: { cpmUsd: 14, ctr: 0.013, linkShare: 0.62 },
  OUTCOME_TRAFFIC: { cpmUsd: 8, ctr: 0.019, linkShare: 0.7 },
  OUTCOME_LEADS: { cpmUsd: 11, ctr: 0.012, linkShare: 0.55 },
  OUTCOME_AWARENESS: { cpmUsd: 4, ctr: 0.005, linkShare: 0.4 },
  OUTCOME_ENGAGEMENT: { cpmUsd: 6, ctr: 0.021, linkShare: 0.3 },
  OUTCOME_APP_PROMOTION: { cpmUsd: 9, ctr: 0.011, linkShare: 0.66 },
};

/** Sunday … Saturday: weekend evenings convert better; spend pacing moves much less. */
const WEEKDAY_RESPONSE = [1.08, 0.95, 0.97, 1.0, 1.0, 1.04, 1.1];
const WEEKDAY_PACING = [1.03, 0.98, 0.99, 1.0, 1.0, 1.01, 1.03];

/**
 * Expected (noise-free) impressions for a day's spend: proportional to
 * spend^α, so doubling the budget buys less than double the delivery.
 */
export function expectedImpressions(spendUsd: number, cpmUsd: number): number {
  if (spendUsd <= 0) return 0;
  return ((1000 * REFERENCE_SPEND_USD) / cpmUsd) * (spendUsd / REFERENCE_SPEND_USD) ** SPEND_ELASTICITY;
}

/** CTR multiplier from creative fatigue: 1 until people have seen the ad once on average, then decaying. */
export function fatigueMultiplier(cumulativeFrequency: number, fatigueRate: number): number {
  return Math.exp(-fatigueRate * Math.max(0, cumulativeFrequency - 1));
}

/**
 * Whether an ad shows a video: its creative was made with `video_data` through the API, or it is a seeded ad of an ad
 * set optimising for ThruPlays (Meta serves those only with video). Plays and ThruPlays are counted for these alone,
 * whatever the objective.
 */
function playsVideo({ ad, adset }: AdContext, world: World): boolean {
  if (adset.optimizationGoal === 'THRUPLAY') return true;
  const creative = ad.createdCreative
    ? (world.creatives.get(ad.creativeId) as { videoId?: string } | undefined)
    : undefined;
  return Boolean(creative?.videoId);
}

interface AdContext {
  ad: Ad;
  adset: AdSet;
  campaign: Campaign;
  account: AdAccount;
}

function isRunning(statusTimeline: Array<{ from: IsoDate; value: string }>, date: IsoDate): boolean {
  return valueOn(statusTimeline, date) === 'ACTIVE';
}

/** The campaign's daily budget on `date` in minor units (lifetime budgets spread evenly over the flight). */
function dailyFromBudget(
  budget: Budget | null | undefined,
  start: IsoDate,
  stop: IsoDate | undefined,
): number | undefined {
  if (!budget) return undefined;
  if (budget.daily !== undefined) return budget.daily;
  if (budget.lifetime !== undefined) {
    const flightDays = stop ? Math.max(1, daysBetween(start, stop) + 1) : 30;
    return budget.lifetime / flightDays;
  }
  return undefined;
}

export class InsightsModel {
  private readonly cache = new Map<string, { key: string; series: DailyMetrics[] }>();

  constructor(
    private readonly world: World,
    private readonly seed: number,
    private readonly now: () => Date,
  ) {}

  /** Today in the account's zone (insights run up to and including this partial day). */
  today(account: AdAccount): IsoDate {
    return todayIn(account.timezoneName, this.now());
  }

  /** Daily metrics of one ad from the account's data start to today, index 0 = dataStart. */
  series(ad: Ad): DailyMetrics[] {
    const context = this.context(ad);
    const today = this.today(context.account);
    const fraction = dayFractionElapsed(context.account.timezoneName, this.now());
    // The partial day changes every minute; bucket it so repeated calls agree.
    const revision = this.world.campaignRevisions.get(ad.campaignId) ?? 0;
    const key = `${revision}|${today}|${Math.floor(fraction * 96)}`;
    const cached = this.cache.get(ad.id);
    if (cached && cached.key === key) return cached.series;
    const series = this.simulate(context, today, Math.floor(fraction * 96) / 96);
    this.cache.set(ad.id, { key, series });
    return series;
  }

  /** Metrics of an ad on one date (zeros outside the data window). */
  day(ad: Ad, date: IsoDate): DailyMetrics {
    const account = this.context(ad).account;
    const index = daysBetween(account.dataStart, date);
    return this.series(ad)[index] ?? { date, ...EMPTY_METRICS };
  }

  private context(ad: Ad): AdContext {
    const adset = this.world.adsets.get(ad.adsetId);
    const campaign = this.world.campaigns.get(ad.campaignId);
    const account = this.world.accounts.get(ad.accountId);
    if (!adset || !campaign || !account) throw new Error(`orphan ad ${ad.id}`);
    return { ad, adset, campaign, account };
  }

  /** The ad's budget in minor units on `date`, or 0 when anything above it is not running. */
  budgetOn(context: AdContext, date: IsoDate): number {
    const { ad, adset, campaign } = context;
    const live = (start: IsoDate, timeline: Array<{ from: IsoDate; value: string }>) =>
      date >= start && isRunning(timeline, date);
    if (!live(campaign.startDate, campaign.statusHistory) || (campaign.stopDate && date > campaign.stopDate)) return 0;
    if (!live(adset.startDate, adset.statusHistory) || !live(ad.startDate, ad.statusHistory)) return 0;

    let adsetDaily: number | undefined;
    const campaignDaily = dailyFromBudget(valueOn(campaign.budgetHistory, date), campaign.startDate, campaign.stopDate);
    if (campaignDaily !== undefined) {
      // Campaign budget optimisation: the budget flows to the running ad sets by their strength.
      const running = (children(this.world).adsetsByCampaign.get(campaign.id) ?? []).filter((sibling) =>
        live(sibling.startDate, sibling.statusHistory),
      );
      const total = running.reduce((sum, sibling) => sum + sibling.weight, 0);
      adsetDaily = total > 0 ? (campaignDaily * adset.weight) / total : 0;
    } else {
      adsetDaily = dailyFromBudget(valueOn(adset.budgetHistory, date), adset.startDate, adset.endDate) ?? 0;
    }
    const runningAds = (children(this.world).adsByAdset.get(adset.id) ?? []).filter((sibling) =>
      live(sibling.startDate, sibling.statusHistory),
    );
    const totalWeight = runningAds.reduce((sum, sibling) => sum + sibling.weight, 0);
    return totalWeight > 0 ? (adsetDaily * ad.weight) / totalWeight : 0;
  }

  private simulate(context: AdContext, today: IsoDate, todayFraction: number): DailyMetrics[] {
    const { ad, adset, campaign, account } = context;
    const economics = ECONOMICS[campaign.objective] ?? ECONOMICS.OUTCOME_TRAFFIC!;
    const usdRate = UNITS_PER_USD[account.currency] ?? 1;
    const offset = currencyOffset(account.currency);
    const siblings = children(this.world).adsByAdset.get(adset.id) ?? [ad];
    const weightShare = ad.weight / siblings.reduce((sum, sibling) => sum + sibling.weight, 0);
    const audience = Math.max(20_000, adset.audienceSize * weightShare);
    const profile = { ...adset.profile, ctrFactor: adset.profile.ctrFactor * ad.profile.ctrFactor };

    const video = playsVideo(context, this.world);
    let cumulativeImpressions = 0;
    let cumulativeReach = 0;
    const series: DailyMetrics[] = [];
    const days = daysBetween(account.dataStart, today) + 1;
    // After days were made to pass (time-travel.ts) a day keeps the draws it had on its own date.
    const advanced = daysAdvanced(this.world);
    for (let index = 0; index < days; index += 1) {
      const date = addDays(account.dataStart, index);
      const random = randomFor(this.seed, ad.id, advanced ? addDays(date, advanced) : date);
      const budgetMinor = this.budgetOn(context, date);
      if (budgetMinor <= 0) {
        series.push({ date, ...EMPTY_METRICS });
        continue;
      }
      const weekday = dayOfWeek(date);
      // One draw either way, so an ad set's other numbers keep their draws.
      const pacingNoise = gaussian(random);
      const basePacing = adset.spendsWholeBudget ? 0.98 + 0.01 * pacingNoise : 0.9 + 0.04 * pacingNoise;
      const pacing = Math.min(1, basePacing) * WEEKDAY_PACING[weekday]! * (adset.deliveryCap ?? 1);
      const partial = date === today ? todayFraction : 1;
      const spendMinor = Math.round(budgetMinor * pacing * partial);
      const spendUsd = spendMinor / offset / usdRate;
      const shock = adset.cpmShock && date >= adset.cpmShock.from ? adset.cpmShock.factor : 1;
      const cpmUsd =
        (economics.cpmUsd * adset.profile.cpmFactor * shock * (1 + 0.06 * gaussian(random))) /
        WEEKDAY_RESPONSE[weekday]! ** 0.3;
      const impressions = stochasticRound(random, expectedImpressions(spendUsd, cpmUsd));
      if (impressions === 0) {
        series.push({ date, ...EMPTY_METRICS, spendMinor });
        continue;
      }

      const cumulativeFrequency = cumulativeReach > 0 ? cumulativeImpressions / cumulativeReach : 1;
      const dailyFrequency = 1.05 + 0.12 * Math.max(0, cumulativeFrequency - 1) + 0.05 * random();
      const reach = Math.max(1, Math.min(impressions, Math.round(impressions / dailyFrequency)));
      // Only part of today's audience is new: the rest had seen the ad before (saturation).
      cumulativeReach += reach * Math.max(0.02, 1 - cumulativeReach / audience);
      cumulativeImpressions += impressions;

      const response = WEEKDAY_RESPONSE[weekday]!;
      const ctr =
        economics.ctr *
        profile.ctrFactor *
        response *
        fatigueMultiplier(cumulativeFrequency, profile.fatigueRate) *
        (1 + 0.08 * gaussian(random));
      const clicks = Math.min(impressions, stochasticRound(random, impressions * Math.max(0, ctr)));
      const uniqueClicks = Math.min(reach, Math.round(clicks * (0.84 + 0.06 * random())));
      const linkClicks = Math.round(clicks * economics.linkShare);
      const landingPageViews = Math.round(linkClicks * (0.68 + 0.1 * random()));
      const conversionRate = profile.conversionFactor * ad.profile.conversionFactor * response;

      const metrics: DailyMetrics = {
        date,
        ...EMPTY_METRICS,
        spendMinor,
        impressions,
        reach,
        clicks,
        uniqueClicks,
        linkClicks,
      };
      metrics.postReactions = stochasticRound(random, impressions * 0.0025);
      metrics.postEngagement = clicks + metrics.postReactions;
      // Only a video plays: Meta reports no video_view for an image or carousel ad. Drawn either way, so every
      // other number keeps its draws.
      const plays = stochasticRound(random, impressions * 0.09);
      metrics.videoViews = video ? plays : 0;
      switch (campaign.objective) {
        case 'OUTCOME_SALES': {
          metrics.landingPageViews = landingPageViews;
          metrics.viewContent = Math.round(landingPageViews * 0.62);
          metrics.purchases = Math.min(linkClicks, stochasticRound(random, linkClicks * 0.03 * conversionRate));
          metrics.addToCart = metrics.purchases + stochasticRound(random, linkClicks * 0.06 * conversionRate);
          metrics.initiateCheckout = Math.min(
            metrics.addToCart,
            metrics.purchases + stochasticRound(random, linkClicks * 0.02),
          );
          const orderValue = 68 * usdRate * (1 + 0.15 * gaussian(random));
          metrics.purchaseValueMinor = Math.round(metrics.purchases * Math.max(10 * usdRate, orderValue) * offset);
          break;
        }
        case 'OUTCOME_LEADS':
          metrics.leads = Math.min(clicks, stochasticRound(random, clicks * 0.085 * conversionRate));
          break;
        case 'OUTCOME_APP_PROMOTION':
          metrics.appInstalls = Math.min(linkClicks, stochasticRound(random, linkClicks * 0.14 * conversionRate));
          break;
        case 'OUTCOME_TRAFFIC':
          metrics.landingPageViews = landingPageViews;
          break;
        case 'OUTCOME_ENGAGEMENT': {
          metrics.postReactions = stochasticRound(random, impressions * 0.012 * conversionRate);
          metrics.postEngagement = clicks + metrics.postReactions + stochasticRound(random, impressions * 0.006);
          const engagedPlays = stochasticRound(random, impressions * 0.22);
          const thruplays = Math.min(engagedPlays, stochasticRound(random, impressions * 0.075 * conversionRate));
          metrics.videoViews = video ? engagedPlays : 0;
          metrics.thruplays = video ? thruplays : 0;
          break;
        }
        case 'OUTCOME_AWARENESS': {
          metrics.adRecallers = Math.min(reach, stochasticRound(random, reach * 0.065));
          const awarenessPlays = stochasticRound(random, impressions * 0.12);
          metrics.videoViews = video ? awarenessPlays : 0;
          break;
        }
      }
      // Meta reports a video ad's ThruPlays whatever its campaign's objective: `video_thruplay_watched_actions` is an
      // Ads Insights field of the ad's delivery (reference/meta/fields-and-enums.json, AdsInsights), while THRUPLAY is
      // only an optimization goal, of Engagement (reference/meta/odax-objectives-and-goals.md), which draws its own
      // above. Drawn last and only for a video, so every other number keeps its draws.
      if (video && campaign.objective !== 'OUTCOME_ENGAGEMENT' && metrics.videoViews > 0) {
        metrics.thruplays = Math.min(
          metrics.videoViews,
          stochasticRound(random, metrics.videoViews * 0.25 * ad.profile.conversionFactor),
        );
      }
      series.push(metrics);
    }
    return series;
  }
}
