import * as z from 'zod';

/**
 * Automation rules (issue 13): "if this, then that" for a user's campaigns, ad sets or ads, proven
 * on the account's own history (backtest) before they run on a schedule. Money is always in the
 * ad account's minor units (cents; whole yen for JPY), as Meta keeps budgets.
 */

export const RULE_LEVELS = ['campaign', 'adset', 'ad'] as const;
export const RuleLevelSchema = z.enum(RULE_LEVELS);
export type RuleLevel = z.infer<typeof RuleLevelSchema>;

export const RULE_METRICS = ['spend', 'results', 'cost_per_result', 'roas', 'ctr', 'cpm', 'frequency'] as const;
export const RuleMetricSchema = z.enum(RULE_METRICS);
export type RuleMetric = z.infer<typeof RuleMetricSchema>;

/** Metrics counted in minor units of the account currency. */
export const MONEY_METRICS: ReadonlySet<RuleMetric> = new Set(['spend', 'cost_per_result', 'cpm']);
/** Metrics that rest on conversions, which Meta keeps attributing for days: the attribution lag applies to them. */
export const CONVERSION_METRICS: ReadonlySet<RuleMetric> = new Set(['results', 'cost_per_result', 'roas']);

/**
 * Windows as Meta's date presets count them: `today` is the account's current day so far;
 * `last_N_days` are the N whole days before today (today excluded), like `last_7d`.
 */
export const RULE_WINDOWS = ['today', 'last_3_days', 'last_7_days', 'last_14_days', 'last_30_days'] as const;
export const RuleWindowSchema = z.enum(RULE_WINDOWS);
export type RuleWindow = z.infer<typeof RuleWindowSchema>;

export const WINDOW_DAYS: Record<RuleWindow, number> = {
  today: 1,
  last_3_days: 3,
  last_7_days: 7,
  last_14_days: 14,
  last_30_days: 30,
};

export const COMPARATORS = ['gt', 'gte', 'lt', 'lte'] as const;
export const ComparatorSchema = z.enum(COMPARATORS);
export type Comparator = z.infer<typeof ComparatorSchema>;

export const RuleConditionSchema = z
  .object({
    metric: RuleMetricSchema,
    window: RuleWindowSchema,
    comparator: ComparatorSchema,
    /** Minor units for spend, cost per result and CPM; a ratio for ROAS (2.5 = 250 %); percent for CTR. */
    threshold: z.number().finite().min(0).max(1e12),
  })
  .strict()
  .refine((c) => !MONEY_METRICS.has(c.metric) || Number.isInteger(c.threshold), {
    message: 'Money thresholds are whole minor units of the account currency (cents, or whole yen)',
    path: ['threshold'],
  });
export type RuleCondition = z.infer<typeof RuleConditionSchema>;

export const OBJECTIVES = [
  'OUTCOME_SALES',
  'OUTCOME_LEADS',
  'OUTCOME_TRAFFIC',
  'OUTCOME_ENGAGEMENT',
  'OUTCOME_AWARENESS',
  'OUTCOME_APP_PROMOTION',
] as const;

const metaId = z.string().regex(/^\d{1,25}$/, 'Meta object ids are digits');

export const AUDIENCE_RELATIONS = ['targets', 'excludes'] as const;
/**
 * A custom audience a rule is limited to: campaigns with an ad set, ad sets, or ads of an ad set whose targeting
 * names it in `custom_audiences` (targets) or `excluded_custom_audiences` (excludes). The name is what the builder
 * showed, kept for the rule's sentence; the id is what is matched (checked on save to be of the rule's account).
 */
export const RuleAudienceScopeSchema = z
  .object({
    id: metaId,
    name: z.string().trim().min(1).max(200),
    relation: z.enum(AUDIENCE_RELATIONS),
  })
  .strict();
export type RuleAudienceScope = z.infer<typeof RuleAudienceScopeSchema>;

export const RuleScopeSchema = z
  .object({
    adAccountId: z.string().regex(/^act_\d{1,20}$/, 'Ad account ids look like act_123'),
    level: RuleLevelSchema,
    /** Which objects of that level: all, names containing a text, a campaign objective, or a list. */
    filter: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('all') }).strict(),
      z.object({ kind: z.literal('name'), contains: z.string().trim().min(1).max(100) }).strict(),
      z.object({ kind: z.literal('objective'), objectives: z.array(z.enum(OBJECTIVES)).min(1).max(6) }).strict(),
      z.object({ kind: z.literal('ids'), ids: z.array(metaId).min(1).max(50) }).strict(),
    ]),
    /** Only objects whose ad set targets (or excludes) this custom audience of the account (issue 30). */
    audience: RuleAudienceScopeSchema.optional(),
  })
  .strict();
export type RuleScope = z.infer<typeof RuleScopeSchema>;

export const RuleActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pause') }).strict(),
  z.object({ type: z.literal('resume') }).strict(),
  z
    .object({
      type: z.literal('change_budget'),
      direction: z.enum(['raise', 'lower']),
      /** Per firing; the safeguards' daily maximum caps it further. */
      percent: z.number().finite().min(1).max(100),
      /** Never below this daily budget (minor units). */
      floorMinor: z.number().int().min(0),
      /** Never above this daily budget (minor units). */
      ceilingMinor: z.number().int().min(1),
    })
    .strict()
    .refine((a) => a.ceilingMinor >= a.floorMinor, {
      message: 'The ceiling must be at least the floor',
      path: ['ceilingMinor'],
    }),
  z.object({ type: z.literal('notify') }).strict(),
]);
export type RuleAction = z.infer<typeof RuleActionSchema>;

export const RuleScheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('every_30_minutes') }).strict(),
  z.object({ kind: z.literal('hourly') }).strict(),
  z
    .object({
      kind: z.literal('daily'),
      /** In the ad account's time zone. */
      time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time of day as HH:MM (24 h)'),
    })
    .strict(),
]);
export type RuleSchedule = z.infer<typeof RuleScheduleSchema>;

/**
 * The safe defaults every new rule starts with (issue 13 point 2). Each is shown in the builder
 * and can be changed per rule; the kill switch is per user (RuleSettings).
 */
export const RuleSafeguardsSchema = z
  .object({
    /** No decision on an object before it spent this much over the rule's widest window (minor units). */
    minSpendMinor: z.number().int().min(0),
    /** Leave ad sets in Meta's learning phase alone (and their ads and campaigns). */
    skipLearning: z.boolean(),
    /** Conversion metrics ignore the most recent N days: Meta is still attributing them. */
    attributionLagDays: z.number().int().min(0).max(7),
    /** No second action on an object within this many hours of the last one (by any rule). */
    cooldownHours: z
      .number()
      .int()
      .min(0)
      .max(24 * 30),
    /** All budget changes to one object within a day stay within ± this percent of the day's first budget. */
    maxBudgetChangePercentPerDay: z.number().min(1).max(100),
  })
  .strict();
export type RuleSafeguards = z.infer<typeof RuleSafeguardsSchema>;

export const MAX_CONDITIONS = 3;

export const RuleDraftSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the rule').max(120),
    scope: RuleScopeSchema,
    conditions: z.array(RuleConditionSchema).min(1, 'Add a condition').max(MAX_CONDITIONS, 'At most three conditions'),
    action: RuleActionSchema,
    schedule: RuleScheduleSchema,
    safeguards: RuleSafeguardsSchema,
  })
  .strict()
  .refine((r) => !(r.scope.level === 'ad' && r.action.type === 'change_budget'), {
    message: 'Ads have no budget of their own: change budgets on ad sets or campaigns',
    path: ['action'],
  });
export type RuleDraft = z.infer<typeof RuleDraftSchema>;

export const RuleStatusSchema = z.enum(['on', 'off']);

/** A stored rule: the draft plus its identity and version (every save is a new version). */
export const RuleSchema = z.object({
  ruleId: z.string(),
  version: z.number().int().min(1),
  status: RuleStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  rule: RuleDraftSchema,
  lastRun: z
    .object({ at: z.string(), outcome: z.enum(['acted', 'nothing_to_do', 'skipped', 'failed']), actions: z.number() })
    .nullable(),
});
export type Rule = z.infer<typeof RuleSchema>;

/** The state of an object the rule engine looks at (a campaign, ad set or ad). */
export interface RuleObject {
  id: string;
  name: string;
  level: RuleLevel;
  /** The campaign's objective (OUTCOME_*), also for its ad sets and ads. */
  objective: string | null;
  /** Meta's `status` (ACTIVE, PAUSED…). */
  status: string;
  /** Daily budget in minor units when this object holds one (CBO campaign, or ad set). */
  dailyBudgetMinor: number | null;
  /** Whether its ad set (or, for a campaign, one of its ad sets) is in Meta's learning phase. */
  learning: boolean;
  /**
   * The custom audiences its ad set's targeting includes and excludes (a campaign: those of any of its ad sets).
   * Absent when they were not read: a rule limited to an audience then matches nothing.
   */
  audiences?: { included: string[]; excluded: string[] };
}

/** One day of one object's insights, as the rule engine reads them. */
export interface DailyPoint {
  /** YYYY-MM-DD in the account's time zone. */
  date: string;
  spendMinor: number;
  impressions: number;
  reach: number;
  linkClicks: number;
  results: number;
  purchaseValueMinor: number;
}

/** Why a condition's numbers were what they were, for history, Slack and the backtest table. */
export const ConditionReadingSchema = z.object({
  metric: RuleMetricSchema,
  window: RuleWindowSchema,
  comparator: ComparatorSchema,
  threshold: z.number(),
  /** null when it cannot be computed (no impressions, no spend…): the condition is then not met. */
  value: z.number().nullable(),
  /** The dates the window covered (after the attribution lag). */
  from: z.string(),
  to: z.string(),
  met: z.boolean(),
});
export type ConditionReading = z.infer<typeof ConditionReadingSchema>;

export const BacktestFiringSchema = z.object({
  date: z.string(),
  objectId: z.string(),
  objectName: z.string(),
  action: z.string(),
  readings: z.array(ConditionReadingSchema),
  /** Minor units; negative = saved. null when it cannot be estimated (resume, notify). */
  spendDeltaMinor: z.number().nullable(),
  /** From the object's own cost per result; negative = lost. */
  resultsDelta: z.number().nullable(),
});
export type BacktestFiring = z.infer<typeof BacktestFiringSchema>;

export const BacktestWarningSchema = z.object({
  code: z.enum(['fires_too_often', 'fires_on_every_object', 'no_history']),
  message: z.string(),
});

export const BacktestResultSchema = z.object({
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  daysReplayed: z.number().int(),
  objectsInScope: z.number().int(),
  days: z.array(
    z.object({
      date: z.string(),
      firings: z.number().int(),
      spendDeltaMinor: z.number(),
      resultsDelta: z.number(),
    }),
  ),
  firings: z.array(BacktestFiringSchema),
  totals: z.object({
    firingDays: z.number().int(),
    firings: z.number().int(),
    objectsFired: z.number().int(),
    spendDeltaMinor: z.number(),
    resultsDelta: z.number(),
  }),
  warnings: z.array(BacktestWarningSchema),
  /** Meta's history was cut short (read limits); the replay covers fewer days than asked. */
  partial: z.boolean(),
});
export type BacktestResult = z.infer<typeof BacktestResultSchema>;

/* ---- The API (shared/routes.ts) ---- */

export const RuleParamsSchema = z.object({ id: z.string().uuid('Rule ids are UUIDs') }).strict();

export const RuleSettingsSchema = z
  .object({
    /** Stops every rule of the user at once: nothing reaches Meta; each rule gets one "stopped" history row. */
    killSwitch: z.boolean(),
  })
  .strict();
export type RuleSettings = z.infer<typeof RuleSettingsSchema>;

/** The settings as stored: with the time the kill switch was switched on (null while off). */
export const RuleSettingsStateSchema = z.object({
  killSwitch: z.boolean(),
  /** ISO time it was switched on ('earlier' for settings saved before this was kept); null while off. */
  killSwitchSince: z.string().nullable(),
});
export type RuleSettingsState = z.infer<typeof RuleSettingsStateSchema>;

export const RuleListSchema = z.object({ rules: z.array(RuleSchema), settings: RuleSettingsStateSchema });
export type RuleList = z.infer<typeof RuleListSchema>;

export const UpdateRuleBodySchema = z
  .object({
    rule: RuleDraftSchema,
    /** The version the edit started from: a save over a newer version answers 409. */
    expectedVersion: z.number().int().min(1),
  })
  .strict();

export const RuleStatusBodySchema = z.object({ status: RuleStatusSchema }).strict();

export const RuleVersionsSchema = z.object({
  versions: z.array(z.object({ version: z.number().int(), savedAt: z.string(), rule: RuleDraftSchema })),
});

export const BACKTEST_MAX_DAYS = 120;
export const BacktestBodySchema = z
  .object({
    rule: RuleDraftSchema,
    /** Days of history to replay over. @default 120 */
    days: z.number().int().min(14).max(BACKTEST_MAX_DAYS).optional(),
  })
  .strict();

export const RunActionSchema = z.object({
  objectId: z.string(),
  objectName: z.string(),
  level: RuleLevelSchema,
  action: z.string(),
  readings: z.array(ConditionReadingSchema),
  /** The readings in words, as Slack says them. */
  reason: z.string(),
  status: z.enum(['done', 'failed']),
  before: z.object({ status: z.string(), dailyBudgetMinor: z.number().nullable() }).optional(),
  after: z.object({ status: z.string(), dailyBudgetMinor: z.number().nullable() }).optional(),
  error: z.string().optional(),
});
export type RunAction = z.infer<typeof RunActionSchema>;

export const RuleRunSchema = z.object({
  runKey: z.string(),
  ruleId: z.string(),
  ruleName: z.string(),
  ruleVersion: z.number().int(),
  window: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  startedAt: z.string(),
  outcome: z.enum(['acted', 'nothing_to_do', 'skipped', 'failed']),
  skippedBecause: z.enum(['kill_switch', 'rule_off', 'plan_limit']).optional(),
  evaluated: z.number().int(),
  skips: z.record(z.string(), z.number().int()),
  actions: z.array(RunActionSchema),
  error: z.string().optional(),
  /** The account was larger than one run's bounded read (12 Graph calls): objects beyond it were not checked. */
  partial: z.boolean().optional(),
});
export type RuleRun = z.infer<typeof RuleRunSchema>;

export const RuleRunsSchema = z.object({ runs: z.array(RuleRunSchema) });

export const RunNowSchema = z.object({ queued: z.literal(true), ruleId: z.string() });

/** What the runner (or "run now") puts on the rule-runs queue: one user's rules to evaluate. */
export const RuleRunJobSchema = z
  .object({
    userId: z.string().min(1).max(200),
    /** Only these rules (run now); absent = every due rule of the user. */
    ruleIds: z.array(z.string().uuid()).max(100).optional(),
    trigger: z.enum(['schedule', 'manual']),
    /** When the tick or request happened (ISO); windows are computed from it. */
    at: z.string(),
  })
  .strict();
export type RuleRunJob = z.infer<typeof RuleRunJobSchema>;

export const DeletedRuleSchema = z.object({ deleted: z.literal(true) });
