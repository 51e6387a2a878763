import * as z from 'zod';

/**
 * Creative reporting by element (issue 29 req 4): every ad Adsmith publishes has its elements
 * recorded, keyed by its Meta ad id; the creative report ranks each element's values across an ad
 * account's ads by cost per result and link CTR, with the optimizer's beta-binomial probability
 * that a value beats the rest, and per-week series (fatigue by element). Money in major units.
 */

export const CREATIVE_ELEMENT_KEYS = [
  'template',
  'layout',
  'angle',
  'offer',
  'colourScheme',
  'imageKind',
  'callToAction',
  'language',
  'format',
] as const;
export type CreativeElementKey = (typeof CREATIVE_ELEMENT_KEYS)[number];

export const creativeElementLabels: Record<CreativeElementKey, string> = {
  template: 'Template',
  layout: 'Layout',
  angle: 'Headline angle',
  offer: 'Offer',
  colourScheme: 'Colour scheme',
  imageKind: 'Image kind',
  callToAction: 'Call to action',
  language: 'Language',
  format: 'Format',
};

export const IMAGE_KINDS = ['product', 'lifestyle', 'ai_background'] as const;

// Room for a multi-language ad's tags joined ("en+es-MX+fr"; a tag is at most 35 characters).
const elementValue = z.string().trim().min(1).max(200);

/** The elements of one ad; an element Adsmith does not know for that ad is absent, never guessed. */
export const CreativeElementsSchema = z.object({
  template: elementValue.optional(),
  layout: elementValue.optional(),
  angle: elementValue.optional(),
  offer: elementValue.optional(),
  colourScheme: elementValue.optional(),
  imageKind: z.enum(IMAGE_KINDS).optional(),
  callToAction: elementValue.optional(),
  language: elementValue.optional(),
  format: elementValue.optional(),
});
export type CreativeElements = z.infer<typeof CreativeElementsSchema>;

/** `adsmith`: recorded when Adsmith published the ad (exact); `ai`: tagged once from an ad made elsewhere. */
export const CreativeElementRecordSchema = z.object({
  adAccountId: z.string().regex(/^act_\d+$/),
  adId: z.string().regex(/^\d{1,30}$/),
  source: z.enum(['adsmith', 'ai']),
  elements: CreativeElementsSchema,
  recordedAt: z.iso.datetime(),
});
export type CreativeElementRecord = z.infer<typeof CreativeElementRecordSchema>;

export const CreativeWeekSchema = z.object({
  /** The first day of Meta's 7-day row. */
  weekStart: z.string(),
  impressions: z.number(),
  linkClicks: z.number(),
  results: z.number(),
  spend: z.number(),
  ctrPercent: z.number().nullable(),
  costPerResult: z.number().nullable(),
  /** Video ads only: Meta's 3-second plays per impression and ThruPlays per 3-second play, in %. */
  hookRatePercent: z.number().nullable().optional(),
  holdRatePercent: z.number().nullable().optional(),
});
export type CreativeWeek = z.infer<typeof CreativeWeekSchema>;

export const CreativeValueSchema = z.object({
  value: z.string(),
  ads: z.number().int(),
  impressions: z.number(),
  linkClicks: z.number(),
  results: z.number(),
  spend: z.number(),
  ctrPercent: z.number().nullable(),
  costPerResult: z.number().nullable(),
  /** P(this value's link CTR is the highest of the element's values), beta-binomial. */
  probabilityBestCtr: z.number().min(0).max(1),
  /** P(this value's results per unit of spend are the highest, i.e. its cost per result the lowest). */
  probabilityBestCost: z.number().min(0).max(1),
  winnerCtr: z.boolean(),
  winnerCost: z.boolean(),
  /**
   * Present when the value has video ads with delivery (issue 29 req 4): their 3-second plays (Meta's `video_view`
   * action) and ThruPlays (`video_thruplay_watched_actions`), the hook rate (plays / the video ads' impressions)
   * and the hold rate (ThruPlays / plays), each with the beta-binomial chance of being the best of the element's
   * video values. A value of still images only has none (no figure, not 0 %).
   */
  video: z
    .object({
      plays: z.number(),
      thruPlays: z.number(),
      hookRatePercent: z.number().nullable(),
      holdRatePercent: z.number().nullable(),
      probabilityBestHook: z.number().min(0).max(1),
      probabilityBestHold: z.number().min(0).max(1),
      winnerHook: z.boolean(),
      winnerHold: z.boolean(),
    })
    .optional(),
  weeks: z.array(CreativeWeekSchema),
});
export type CreativeValue = z.infer<typeof CreativeValueSchema>;

export const CreativeElementReportSchema = z.object({
  element: z.enum(CREATIVE_ELEMENT_KEYS),
  label: z.string(),
  /** Ranked by cost per result (lowest first; values without results last), then CTR. */
  values: z.array(CreativeValueSchema),
  /**
   * Whether at least two values had enough delivery to be compared: when not, the chances are not computed (0) and
   * the screen says there is nothing to compare yet rather than showing 0 %. Absent in reports made before it.
   */
  compared: z.boolean().optional(),
});
export type CreativeElementReport = z.infer<typeof CreativeElementReportSchema>;

/**
 * The ads of one objective counting one result type (Meta's indicator without `actions:`): rankings
 * are made inside a group only, as the cost of a person reached and of an install do not compare.
 */
export const CreativeResultGroupSchema = z.object({
  /** `objective|resultType`, what the screen's selector keeps. */
  key: z.string(),
  objective: z.string(),
  resultType: z.string().nullable(),
  /** "App promotion · App installs". */
  label: z.string(),
  spend: z.number(),
  results: z.number(),
  adsWithElements: z.number().int(),
  adsWithoutElements: z.number().int(),
  elements: z.array(CreativeElementReportSchema),
});
export type CreativeResultGroup = z.infer<typeof CreativeResultGroupSchema>;

export const CreativeReportSchema = z.object({
  adAccountId: z.string(),
  currency: z.string(),
  since: z.string(),
  until: z.string(),
  /** A value is called a winner only when its probability of beating the rest reaches this. */
  winnerThreshold: z.number(),
  adsWithElements: z.number().int(),
  /** Ads with delivery in the period whose elements are not known (made elsewhere and not yet tagged). */
  adsWithoutElements: z.number().int(),
  /** One report per objective and result type, most spend first (the screen's default). */
  groups: z.array(CreativeResultGroupSchema),
  generatedAt: z.iso.datetime(),
  graphCalls: z.number().int().optional(),
});
export type CreativeReport = z.infer<typeof CreativeReportSchema>;

/** `POST …/creative-tags`: ads made elsewhere tagged by this request, and how many are still untagged after it. */
export const CreativeTagReplySchema = z.object({
  adAccountId: z.string(),
  tagged: z.number().int().min(0),
  remaining: z.number().int().min(0),
});
export type CreativeTagReply = z.infer<typeof CreativeTagReplySchema>;
