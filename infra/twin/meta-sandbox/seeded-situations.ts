import { addDays, todayIn, type IsoDate } from './calendar.js';
import type { Status } from './reference.js';
import type { AdAccount, AdSet, Budget, Campaign, Timeline, World } from './world.js';

/**
 * Problems the demo account really has, so the optimizer has something true to find. They are
 * set on the first (USD) account's campaigns after the random seed, by objective, and change
 * only the performance model's knobs, never ids, so the rest of the world stays as seeded:
 *
 * - App promotion: two ad sets optimising for installs with the same budget, one cheap and
 *   spending its whole budget (a budget-limited winner), one paying several times as much per
 *   install (an overspending loser, and learning limited: far fewer than 50 installs a week):
 *   budget should move from the second to the first.
 * - Awareness: the first ad set's small audience has seen its ads again and again (creative
 *   fatigue: frequency up, CTR down against the first week); the second cannot spend its
 *   budget (underdelivery, audience saturated).
 * - Sales: CPM jumped in the last three days (a CPM spike). It is otherwise healthy: enough budget and
 *   purchases that its ad sets have left learning, so the only learning-limited ad set is the app loser.
 *
 * The second (JPY) account has the app situation too, in whole yen, and is otherwise healthy: see
 * `seedJapanSituations`.
 */
export const SITUATION_OBJECTIVES = {
  budget: 'OUTCOME_APP_PROMOTION',
  fatigue: 'OUTCOME_AWARENESS',
  cpm: 'OUTCOME_SALES',
} as const;

/**
 * The sales campaign is the account's main spend: six times the seed's budget and four times its conversion
 * rate buy each active ad set 65-100 purchases a week (probed over dates months apart), well over the 50 that
 * end learning, so Meta reports them SUCCESS and the learning-limited detector names only the seeded app ad set.
 */
const SALES_BUDGET_MULTIPLE = 6;
const SALES_CONVERSION_BOOST = 4;

/** Moves a campaign's start (and its ad sets' and ads') back to `date`, so it has weeks of history to judge. */
function startNoLaterThan(world: World, campaign: Campaign, date: IsoDate): void {
  const move = (node: { startDate: IsoDate; statusHistory: Timeline<Status> }, budget?: Timeline<Budget | null>) => {
    if (node.startDate <= date) return;
    const old = node.startDate;
    node.startDate = date;
    if (node.statusHistory[0]?.from === old) node.statusHistory[0].from = date;
    if (budget?.[0]?.from === old) budget[0].from = date;
  };
  move(campaign, campaign.budgetHistory);
  for (const adset of world.adsets.values()) if (adset.campaignId === campaign.id) move(adset, adset.budgetHistory);
  for (const ad of world.ads.values()) if (ad.campaignId === campaign.id) move(ad);
}

export function seedSituations(world: World, now: Date): void {
  const [account, japan] = [...world.accounts.values()];
  if (japan?.currency === 'JPY') seedJapanSituations(world, japan, now);
  if (!account) return;
  const today = todayIn(account.timezoneName, now);
  const campaigns = [...world.campaigns.values()].filter((c) => c.accountId === account.accountId);
  const find = (objective: string): Campaign | undefined => campaigns.find((c) => c.objective === objective);
  const adsetsOf = (campaign: Campaign | undefined): AdSet[] =>
    campaign ? [...world.adsets.values()].filter((a) => a.campaignId === campaign.id) : [];

  // Both app ad sets optimise for installs, so their costs compare; the loser is also learning limited.
  const [winner, loser] = adsetsOf(find(SITUATION_OBJECTIVES.budget));
  if (winner && loser && winner.budgetHistory.at(-1)?.value && loser.budgetHistory.at(-1)?.value) {
    for (const adset of [winner, loser]) adset.optimizationGoal = 'APP_INSTALLS';
    winner.name = 'Lookalike 1% | app installs';
    loser.name = 'Interests: Camping | app installs';
    winner.profile = { ...winner.profile, ctrFactor: 1.4, cpmFactor: 0.8, conversionFactor: 1.3 };
    loser.profile = { ...loser.profile, ctrFactor: 0.5, cpmFactor: 1.25, conversionFactor: 0.6 };
    const start = winner.budgetHistory[0]!.from;
    // Both spend their whole budgets (the winner is held back by it; the loser spends it all on dear installs).
    for (const adset of [winner, loser]) adset.spendsWholeBudget = true;
    // The same budget on both since the start, so only their costs differ.
    const budget = { daily: Math.max(account.minDailyBudget, 6000) };
    winner.budgetHistory = [{ from: start, value: budget }];
    loser.budgetHistory = [{ from: loser.budgetHistory[0]!.from, value: { ...budget } }];
  }

  const awareness = find(SITUATION_OBJECTIVES.fatigue);
  const [tired, starved] = adsetsOf(awareness);
  if (awareness) startNoLaterThan(world, awareness, addDays(today, -56));
  if (tired) {
    // Its ads are eight weeks old: a fresh first week, then an audience that has seen them again and again.
    const launched = addDays(today, -56);
    tired.audienceSize = 120_000;
    tired.profile = { ...tired.profile, fatigueRate: 0.35, ctrFactor: 1.2 };
    for (const ad of world.ads.values()) {
      if (ad.adsetId !== tired.id) continue;
      ad.startDate = launched;
      ad.statusHistory = [{ from: launched, value: 'ACTIVE' }];
    }
  }
  if (starved) {
    starved.deliveryCap = 0.4;
    starved.audienceSize = 20_000;
  }

  const sales = find(SITUATION_OBJECTIVES.cpm);
  const salesBudget = sales?.budgetHistory.at(-1)?.value;
  if (sales && salesBudget?.daily) {
    const from = sales.budgetHistory[0]!.from;
    sales.budgetHistory = [{ from, value: { daily: Math.round(salesBudget.daily * SALES_BUDGET_MULTIPLE) } }];
  }
  for (const adset of adsetsOf(sales)) {
    adset.cpmShock = { from: addDays(today, -3), factor: 1.9 };
    // Enough purchases to have left learning even through the spike: the CPM spike is their one problem.
    adset.profile = {
      ...adset.profile,
      cpmFactor: Math.min(adset.profile.cpmFactor, 1),
      ctrFactor: Math.max(adset.profile.ctrFactor, 1.2),
      conversionFactor: adset.profile.conversionFactor * SALES_CONVERSION_BOOST,
    };
  }
}

/**
 * The JPY demo account (whole-yen budgets, offset 1): one seeded problem, the same app pair as the USD
 * account (a budget-limited winner and an overspending, learning-limited loser on the same budget), in
 * yen. Its other conversion campaigns are healthy, as a real account's main spend would be: budgets and
 * conversion rates that buy each active ad set 60-120 leads or purchases a week (probed over dates
 * months apart), so Meta reports them SUCCESS and learning limited names only the seeded ad set, not
 * every small ad set of the account (11-36 events a week before, all FAIL).
 */
export const JAPAN_APP_BUDGET_YEN = 9_000;
const JAPAN_HEALTHY = {
  OUTCOME_LEADS: { budgetMultiple: 2, conversionFactor: 1.9 },
  OUTCOME_SALES: { budgetMultiple: 5, conversionFactor: 4.5 },
} as const;

export function seedJapanSituations(world: World, account: AdAccount, now: Date): void {
  const today = todayIn(account.timezoneName, now);
  const campaigns = [...world.campaigns.values()].filter((c) => c.accountId === account.accountId);
  const find = (objective: string): Campaign | undefined => campaigns.find((c) => c.objective === objective);
  const adsetsOf = (campaign: Campaign | undefined): AdSet[] =>
    campaign ? [...world.adsets.values()].filter((a) => a.campaignId === campaign.id) : [];

  const app = find(SITUATION_OBJECTIVES.budget);
  const [winner, loser] = adsetsOf(app);
  if (app && winner && loser && winner.budgetHistory.at(-1)?.value && loser.budgetHistory.at(-1)?.value) {
    // Weeks of history, so last week is not the week it started.
    startNoLaterThan(world, app, addDays(today, -42));
    for (const adset of [winner, loser]) {
      adset.optimizationGoal = 'APP_INSTALLS';
      adset.attributionSetting = winner.attributionSetting;
    }
    winner.name = 'Broad | app installs';
    loser.name = 'Lookalike 1% | app installs';
    winner.profile = { ...winner.profile, ctrFactor: 1.4, cpmFactor: 0.8, conversionFactor: 1.3 };
    loser.profile = { ...loser.profile, ctrFactor: 0.5, cpmFactor: 1.25, conversionFactor: 0.6 };
    for (const adset of [winner, loser]) adset.spendsWholeBudget = true;
    const budget = { daily: Math.max(account.minDailyBudget, JAPAN_APP_BUDGET_YEN) };
    winner.budgetHistory = [{ from: winner.budgetHistory[0]!.from, value: budget }];
    loser.budgetHistory = [{ from: loser.budgetHistory[0]!.from, value: { ...budget } }];
  }

  for (const [objective, tuning] of Object.entries(JAPAN_HEALTHY)) {
    const campaign = find(objective);
    if (!campaign) continue;
    startNoLaterThan(world, campaign, addDays(today, -42));
    const budget = campaign.budgetHistory.at(-1)?.value;
    if (budget?.daily) {
      // One budget since the start, in whole hundreds of yen.
      const daily = Math.round((budget.daily * tuning.budgetMultiple) / 100) * 100;
      campaign.budgetHistory = [{ from: campaign.budgetHistory[0]!.from, value: { daily } }];
    }
    for (const adset of adsetsOf(campaign)) {
      // Comparable ad sets: the campaign's budget splits evenly, and each converts as well as a healthy one does.
      adset.weight = 1;
      adset.profile = {
        ...adset.profile,
        cpmFactor: Math.min(adset.profile.cpmFactor, 1),
        ctrFactor: Math.max(adset.profile.ctrFactor, 1.1),
        conversionFactor: tuning.conversionFactor,
      };
    }
  }
}
