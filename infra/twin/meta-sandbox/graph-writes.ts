import { adSetTargeting, OPTIONAL_TARGETING_KEYS, type AdSetTargeting } from './adset-targeting.js';
import { enumParameter, invalidParameter } from './graph-error.js';
import type { TargetedAudienceDeps } from './targeted-audiences.js';
import type { InsightsModel } from './insights-model.js';
import {
  BID_STRATEGY_VALUES,
  BILLING_EVENT_VALUES,
  CALL_TO_ACTION_VALUES,
  currencyOffset,
  goalsForObjective,
  OBJECTIVE_VALUES,
  OPTIMIZATION_GOAL_VALUES,
  STATUS_VALUES,
  type Status,
} from './reference.js';
import { checkBudgetChangeLimit, recentBudgetChanges } from './v26-rules.js';
import { accountOf, children, current, setFrom, type AdObject, type Budget, type World } from './world.js';

/**
 * `POST /{id}` updates of campaigns, ad sets and ads. Every parameter is
 * validated as Meta does before anything changes; changes apply from today
 * (account time zone) on, so past insights stay and future spend follows.
 */

export type UpdateParams = Record<string, string | undefined>;

function checkEnum(params: UpdateParams, name: string, values: readonly string[]): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!values.includes(value)) throw enumParameter(name, values);
  return value;
}

/**
 * Budgets are integers in minor units (whole units for JPY-like currencies), at least the
 * account's `min_daily_budget` (a lifetime budget at least that much per scheduled day).
 */
export function parseBudget(
  name: string,
  raw: string | undefined,
  currency: string,
  minimum: number,
): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw.trim())) throw invalidParameter(`(#100) Param ${name} must be an integer`);
  const value = Number(raw);
  if (value < minimum) {
    const shown =
      currencyOffset(currency) === 1 ? `${minimum} ${currency}` : `${(minimum / 100).toFixed(2)} ${currency}`;
    throw invalidParameter('Invalid parameter', {
      subcode: 1885272,
      blame: [name],
      userTitle: 'Your Budget Is Too Low',
      userMsg: `The minimum budget for this ad set is ${shown}.`,
    });
  }
  return value;
}

function bothLevelsError(): Error {
  return invalidParameter('Invalid parameter', {
    subcode: 1885621,
    blame: ['daily_budget'],
    userTitle: "Can't Set Budget at Campaign and Ad Set Level",
    userMsg:
      'Budgets can be set at the campaign level or the ad set level, but not both. Remove one of the budgets and try again.',
  });
}

function nextBudget(
  existing: Budget | null,
  daily: number | undefined,
  lifetime: number | undefined,
): Budget | undefined {
  if (daily === undefined && lifetime === undefined) return undefined;
  if (daily !== undefined && lifetime !== undefined) {
    throw invalidParameter('Invalid parameter', {
      blame: ['lifetime_budget'],
      userTitle: 'Only One Budget Allowed',
      userMsg: 'Set either a daily budget or a lifetime budget, not both.',
    });
  }
  if (
    existing &&
    ((existing.lifetime !== undefined && daily !== undefined) ||
      (existing.daily !== undefined && lifetime !== undefined))
  ) {
    throw invalidParameter('Invalid parameter', {
      blame: ['daily_budget'],
      userTitle: "Budget Type Can't Be Changed",
      userMsg: "You can't switch between a daily and a lifetime budget after publishing.",
    });
  }
  return daily !== undefined ? { daily } : { lifetime: lifetime! };
}

/** The fields an update may carry (the ones this sandbox applies). */
const EDITABLE_FIELDS = [
  'status',
  'name',
  'daily_budget',
  'lifetime_budget',
  'bid_strategy',
  'objective',
  'optimization_goal',
  'billing_event',
  'call_to_action_type',
  'creative',
  'targeting',
] as const;

/**
 * Meta lets an archived campaign, ad set or ad be renamed or deleted, nothing else: no
 * un-archiving, no budget, bid or goal change. Anything else answers code 100 (subcode 1815166).
 */
function checkArchivedEdit(node: AdObject, params: UpdateParams): void {
  if (current(node.statusHistory) !== 'ARCHIVED') return;
  const touched = EDITABLE_FIELDS.filter((field) => params[field] !== undefined);
  const allowed = touched.every(
    (field) =>
      field === 'name' || (field === 'status' && (params.status === 'DELETED' || params.status === 'ARCHIVED')),
  );
  if (allowed) return;
  throw invalidParameter('Invalid parameter', {
    subcode: 1815166,
    userTitle: "Archived Items Can't Be Edited",
    userMsg: 'This item is archived. Archived campaigns, ad sets and ads can only be renamed or deleted.',
  });
}

/** Days a lifetime budget must cover: the schedule when it has an end, else one day. */
function scheduledDays(node: AdObject): number {
  if (node.kind === 'Ad') return 1;
  const stop = node.kind === 'Campaign' ? node.stopDate : node.endDate;
  if (!stop) return 1;
  return Math.max(1, Math.round((Date.parse(stop) - Date.parse(node.startDate)) / 86_400_000));
}

/**
 * `creative={"creative_id":"…"}` on an ad: Meta swaps the creative in place (the ad keeps its id
 * and history). The creative must be one of this ad account's: an API-made one, or the creative a
 * seeded ad carries (so a swap can be swapped back).
 */
function swappedCreative(
  world: World,
  node: AdObject,
  raw: string,
): { id: string; created: boolean; callToActionType?: string } {
  if (node.kind !== 'Ad') throw invalidParameter(`(#100) Param creative is not valid for node type (${node.kind})`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalidParameter('(#100) param creative must be JSON.');
  }
  const creativeId = String((parsed as { creative_id?: unknown } | null)?.creative_id ?? '');
  const made = world.creatives.get(creativeId);
  if (made && made.accountId === node.accountId) {
    return {
      id: made.id,
      created: true,
      ...(made.callToActionType ? { callToActionType: made.callToActionType } : {}),
    };
  }
  const seeded = [...world.ads.values()].some(
    (ad) =>
      ad.accountId === node.accountId &&
      ((!ad.createdCreative && ad.creativeId === creativeId) || ad.seededCreativeId === creativeId),
  );
  if (creativeId && seeded) return { id: creativeId, created: false };
  throw invalidParameter('Invalid parameter', {
    subcode: 1487057,
    blame: ['creative'],
    userTitle: 'Invalid Creative',
    userMsg: `The creative ${creativeId || '(none)'} does not exist in this ad account.`,
  });
}

/**
 * `targeting` on an ad set: Meta replaces the whole spec with the one sent, checked as at creation (locations, ages,
 * custom audiences of the account, special categories' limits). The ad set keeps the reach the sandbox's delivery
 * model gave it: a customer list excluded is small against it, and the seeded results stay as they were.
 */
function updatedTargeting(
  world: World,
  node: AdObject,
  params: UpdateParams,
  audiences: TargetedAudienceDeps | undefined,
): Omit<AdSetTargeting, 'audienceSize'> {
  if (node.kind !== 'AdSet') throw invalidParameter(`(#100) Param targeting is not valid for node type (${node.kind})`);
  const campaign = world.campaigns.get(node.campaignId)!;
  const { audienceSize: _kept, ...targeting } = adSetTargeting(
    params.targeting,
    accountOf(world, node),
    campaign,
    audiences,
  );
  return targeting;
}

export function updateAdObject(
  world: World,
  model: InsightsModel,
  node: AdObject,
  params: UpdateParams,
  now: Date,
  audiences?: TargetedAudienceDeps,
): void {
  const account = accountOf(world, node);
  const today = model.today(account);

  const status = checkEnum(params, 'status', STATUS_VALUES) as Status | undefined;
  const name = params.name;
  if (name !== undefined && (name.trim() === '' || name.length > 400)) {
    throw invalidParameter('(#100) Param name must be a non-empty string of at most 400 characters');
  }
  const bidStrategy = checkEnum(params, 'bid_strategy', BID_STRATEGY_VALUES);
  const objective = checkEnum(params, 'objective', OBJECTIVE_VALUES);
  const optimizationGoal = checkEnum(params, 'optimization_goal', OPTIMIZATION_GOAL_VALUES);
  const billingEvent = checkEnum(params, 'billing_event', BILLING_EVENT_VALUES);
  const callToAction = checkEnum(params, 'call_to_action_type', CALL_TO_ACTION_VALUES);
  checkArchivedEdit(node, params);
  const daily = parseBudget('daily_budget', params.daily_budget, account.currency, account.minDailyBudget);
  const lifetime = parseBudget(
    'lifetime_budget',
    params.lifetime_budget,
    account.currency,
    account.minDailyBudget * scheduledDays(node),
  );

  if (node.kind === 'Campaign' && objective !== undefined && objective !== node.objective) {
    throw invalidParameter('Invalid parameter', {
      blame: ['objective'],
      userTitle: "Objective Can't Be Changed",
      userMsg: "A campaign's objective can't be changed after it has been published.",
    });
  }
  if (node.kind === 'AdSet' && optimizationGoal !== undefined) {
    const campaign = world.campaigns.get(node.campaignId)!;
    if (!goalsForObjective(campaign.objective).includes(optimizationGoal)) {
      throw invalidParameter('Invalid parameter', {
        blame: ['optimization_goal'],
        userTitle: "Performance Goal Isn't Available",
        userMsg: `The performance goal ${optimizationGoal} isn't available for the campaign objective ${campaign.objective}.`,
      });
    }
  }

  let budget: Budget | undefined;
  if (node.kind === 'Ad' && (daily !== undefined || lifetime !== undefined)) {
    throw invalidParameter('(#100) Param daily_budget is not valid for node type (Ad)');
  }
  if (node.kind === 'Campaign') {
    budget = nextBudget(current(node.budgetHistory), daily, lifetime);
    const adsetHasBudget = (children(world).adsetsByCampaign.get(node.id) ?? []).some((adset) =>
      current(adset.budgetHistory),
    );
    if (budget && adsetHasBudget) throw bothLevelsError();
  }
  if (node.kind === 'AdSet') {
    budget = nextBudget(current(node.budgetHistory), daily, lifetime);
    const campaign = world.campaigns.get(node.campaignId)!;
    if (budget && current(campaign.budgetHistory)) throw bothLevelsError();
    if (budget) checkBudgetChangeLimit(node.budgetChangesAt, now);
  }

  const creative = params.creative === undefined ? undefined : swappedCreative(world, node, params.creative);
  const targeting = params.targeting === undefined ? undefined : updatedTargeting(world, node, params, audiences);

  // Everything is valid: apply.
  if (status !== undefined) setFrom(node.statusHistory, today, status);
  if (name !== undefined) node.name = name;
  if (budget && node.kind !== 'Ad') setFrom(node.budgetHistory, today, budget);
  if (budget && node.kind === 'AdSet')
    node.budgetChangesAt = [...recentBudgetChanges(node.budgetChangesAt, now), now.getTime()];
  if (bidStrategy !== undefined && node.kind !== 'Ad') node.bidStrategy = bidStrategy;
  if (node.kind === 'AdSet') {
    if (optimizationGoal !== undefined) node.optimizationGoal = optimizationGoal;
    if (billingEvent !== undefined) node.billingEvent = billingEvent;
  }
  if (node.kind === 'AdSet' && targeting) {
    for (const key of OPTIONAL_TARGETING_KEYS) delete node[key];
    Object.assign(node, targeting);
  }
  if (node.kind === 'Ad' && callToAction !== undefined) node.callToActionType = callToAction;
  if (node.kind === 'Ad' && creative) {
    if (!node.createdCreative) node.seededCreativeId ??= node.creativeId;
    node.creativeId = creative.id;
    node.createdCreative = creative.created;
    if (creative.callToActionType) node.callToActionType = creative.callToActionType;
  }
  node.updatedTime = now;
  world.revision += 1;
  const campaignId = node.kind === 'Campaign' ? node.id : node.campaignId;
  world.campaignRevisions.set(campaignId, (world.campaignRevisions.get(campaignId) ?? 0) + 1);
}
