import * as z from 'zod';
import { adCopyAngleKeys, callToActionTypes } from '../ad-copy-rules';
import { CreativeStartSchema } from '../creative-winners';
import { BRIEF_LANGUAGES } from '../brief-audience';
import { AdVideoSchema } from '../ad-video';
import { CAROUSEL_CARDS } from '../carousel-rules';
import { BusinessLanguagesSchema, CopyLanguageTagSchema, MAX_BUSINESS_LANGUAGES } from '../copy-languages';
import { briefGoalKeys, ODAX_OBJECTIVES, SPECIAL_AD_CATEGORIES, TARGETING_AGE } from '../campaign-rules';

/**
 * Contracts of the campaign generator: the brief a marketer writes, the plan
 * (Meta's campaign → ad sets → ads structure, budgets in the account currency's
 * minor units), drafts, and the publish result. Apart from what the generator's AI engine is asked for and its
 * routes' other requests and replies (shared/schemas/campaign-plan.ts, which re-exports these), so that a function
 * that reads plans and drafts (approvals) does not build those at import.
 */

const isoDate = z.iso.date({ error: 'Use a date like 2026-12-01.' });

/** Where Meta's app promotion sends people: the app's store page (`object_store_url`). */
export const APP_STORE_HOSTS = ['apps.apple.com', 'itunes.apple.com', 'play.google.com'];

/**
 * Zod runs this refinement even when the url format check already failed, so a value that is not a web
 * address must be answered here (the format issue names it) rather than thrown by `new URL()` as a 500.
 */
function isAppStorePage(url: string): boolean {
  if (!URL.canParse(url)) return true;
  return APP_STORE_HOSTS.includes(new URL(url).hostname);
}

/** Meta's image hash: the name of an image in one ad account's library (`POST /act_{id}/adimages`). */
export const ImageHashSchema = z.string().regex(/^[A-Za-z0-9]{8,64}$/, 'That is not an image of this ad account.');

/**
 * An ad's image. Adsmith never asks Meta (or anyone) to fetch an image by URL: the bytes go to the ad account's
 * library when the image is chosen, and the plan names the hash Meta gave back (and the stored asset it came from).
 */
export const AdImageRefSchema = z.object({
  hash: ImageHashSchema,
  name: z.string().trim().min(1).max(200),
  /** The user's stored image (graphics assets) the bytes came from, when it was one. */
  assetId: z
    .string()
    .regex(/^[0-9a-f-]{36}$/)
    .optional(),
  /** The image's pixels, when known (Meta answers them on upload): the validator checks a carousel card's size. */
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type AdImageRef = z.infer<typeof AdImageRefSchema>;

export const MAX_BRIEF_IMAGES = 6;

const targetingAge = (which: string) =>
  z
    .number({ error: `Enter the ${which} age as a number.` })
    .int(`The ${which} age is a whole number.`)
    .min(TARGETING_AGE.min, `The ${which} age is ${TARGETING_AGE.min} to ${TARGETING_AGE.max}.`)
    .max(TARGETING_AGE.max, `The ${which} age is ${TARGETING_AGE.min} to ${TARGETING_AGE.max}.`);

export const CampaignBriefSchema = z
  .object({
    adAccountId: z.string().regex(/^act_\d+$/, 'Choose an ad account.'),
    product: z
      .string({ error: 'Say what you are advertising.' })
      .trim()
      .min(3, 'Say what you are advertising (at least 3 characters).')
      .max(300, 'Keep the product under 300 characters.'),
    goal: z.enum(briefGoalKeys, { error: 'Choose a goal.' }),
    landingUrl: z.url({ protocol: /^https?$/, error: 'Enter a full web address starting with https://' }).max(2000),
    budgetType: z.enum(['daily', 'total'], { error: 'Choose a daily or a total budget.' }),
    /** In the ad account's currency, major units (19.99 USD, 3000 JPY). */
    budgetAmount: z
      .number({ error: 'Enter a budget.' })
      .positive('The budget must be more than 0.')
      .max(10_000_000, 'That budget is too large.'),
    startDate: isoDate,
    endDate: isoDate.optional(),
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'Use two-letter country codes like US.'))
      .min(1, 'Add at least one country.')
      .max(25, 'At most 25 countries.'),
    regions: z.array(z.string().trim().min(1).max(100)).max(25).default([]),
    cities: z.array(z.string().trim().min(1).max(100)).max(25).default([]),
    audience: z
      .string({ error: 'Describe who the ads are for.' })
      .trim()
      .min(3, 'Describe who the ads are for (at least 3 characters).')
      .max(500, 'Keep the audience under 500 characters.'),
    /**
     * Who the ads are for, stated: carried into every ad set by the software (shared/brief-audience.ts). Absent:
     * read from the audience text ("Women 25-45"); an empty genders list is all genders on purpose.
     */
    ageMin: targetingAge('minimum').optional(),
    ageMax: targetingAge('maximum').optional(),
    genders: z
      .array(z.enum(['female', 'male'], { error: 'Choose women or men, or none for all.' }))
      .max(1)
      .optional(),
    languages: z
      .array(z.enum(BRIEF_LANGUAGES, { error: 'Choose a language from the list.' }))
      .max(3)
      .optional(),
    /**
     * The languages the ads are written in (BCP-47, the first the ads' own; issue 29 req 3): with two or more, every
     * ad gets a version per language written by the engine. Absent: the workspace's business languages.
     */
    copyLanguages: BusinessLanguagesSchema.optional(),
    specialAdCategories: z.array(z.enum(SPECIAL_AD_CATEGORIES)).default([]),
    /** App promotion: the app's id on Meta (App Dashboard) and its App Store or Google Play page. */
    appId: z
      .string()
      .trim()
      .regex(/^\d{5,20}$/, 'The app id is the number Meta shows for your app, e.g. 1234567890123456.')
      .optional(),
    appStoreUrl: z
      .url({ protocol: /^https$/, error: 'Enter the app’s store page, starting with https://' })
      .refine((url) => isAppStorePage(url), {
        message: 'Use the app’s page on the App Store (apps.apple.com) or Google Play (play.google.com).',
      })
      .optional(),
    adCopy: z.string().trim().max(1000, 'Keep the starting copy under 1000 characters.').optional(),
    /**
     * Images already in the ad account's image library (uploaded through the graphics function's
     * `POST /api/graphics/meta-images`, or by the graphics editor's "Use in a campaign"): the ads take them in turn.
     */
    images: z.array(AdImageRefSchema).max(MAX_BRIEF_IMAGES, `At most ${MAX_BRIEF_IMAGES} images.`).default([]),
    /** The account's winning elements to start from (shared/creative-winners.ts); absent when turned off. */
    startFrom: CreativeStartSchema.optional(),
    /**
     * Carousel: each ad shows the brief's images as cards (2 or more images). Video: every ad plays the brief's
     * video (made from a saved design by graphics-video) with its own copy. Single image otherwise.
     */
    adFormat: z
      .enum(['single_image', 'carousel', 'video'], { error: 'Choose single image, carousel or video.' })
      .optional(),
    /** The video of a video brief: the MP4 and thumbnail graphics-video stored (its reply's `adVideo`). */
    video: AdVideoSchema.optional(),
  })
  .refine((brief) => brief.adFormat !== 'carousel' || brief.images.length >= CAROUSEL_CARDS.min, {
    message: `A carousel needs at least ${CAROUSEL_CARDS.min} images, one per card.`,
    path: ['images'],
  })
  .refine((brief) => brief.adFormat !== 'video' || brief.video !== undefined, {
    message: 'A video ad needs a video: make one from a saved design (Make a video), then use it here.',
    path: ['video'],
  })
  .refine((brief) => brief.ageMin === undefined || brief.ageMax === undefined || brief.ageMin <= brief.ageMax, {
    message: 'The maximum age must not be below the minimum age.',
    path: ['ageMax'],
  })
  .refine((brief) => brief.endDate === undefined || brief.endDate > brief.startDate, {
    message: 'The end date must be after the start date.',
    path: ['endDate'],
  })
  .refine((brief) => brief.budgetType === 'daily' || brief.endDate !== undefined, {
    message: 'A total budget needs an end date.',
    path: ['endDate'],
  })
  .refine((brief) => brief.goal !== 'app_promotion' || brief.appId !== undefined, {
    message: 'App promotion needs the app’s id on Meta.',
    path: ['appId'],
  })
  .refine((brief) => brief.goal !== 'app_promotion' || brief.appStoreUrl !== undefined, {
    message: 'App promotion needs the app’s store page.',
    path: ['appStoreUrl'],
  });
export type CampaignBrief = z.output<typeof CampaignBriefSchema>;
export type CampaignBriefInput = z.input<typeof CampaignBriefSchema>;

export const PlanBudgetSchema = z.object({
  type: z.enum(['daily', 'lifetime']),
  /** Minor units of the account currency (cents; whole yen). */
  amountMinor: z.number().int('Budgets are whole minor units.'),
});
export type PlanBudget = z.infer<typeof PlanBudgetSchema>;

export const PlanInterestSchema = z.object({
  /** Meta's interest id once resolved through targeting search; absent while unresolved. */
  id: z.string().regex(/^\d+$/).optional(),
  name: z.string().trim().min(1).max(100),
});
export type PlanInterest = z.infer<typeof PlanInterestSchema>;

/** A region as Meta's location search names it (`key` is what targeting takes). */
export const PlanRegionSchema = z.object({
  key: z.string().regex(/^\d+$/),
  name: z.string().min(1).max(100),
  countryCode: z.string().regex(/^[A-Z]{2}$/),
});
export type PlanRegion = z.infer<typeof PlanRegionSchema>;

/** A city with the radius around it (Meta: 10–50 miles or 17–80 km). */
export const PlanCitySchema = z.object({
  key: z.string().regex(/^\d+$/),
  name: z.string().min(1).max(100),
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  /** The key of the region it lies in, to catch overlaps Meta refuses. */
  regionKey: z.string().optional(),
  regionName: z.string().optional(),
  radius: z.number(),
  distanceUnit: z.enum(['mile', 'kilometer']),
});
export type PlanCity = z.infer<typeof PlanCitySchema>;

/**
 * A custom audience an ad set includes or excludes (Meta's `targeting.custom_audiences` /
 * `excluded_custom_audiences`, each `[{id}]`), with what Meta said of it when it was picked or last read: the
 * pre-publish validator judges size, ad account and lookalike source from these, and publishing reads them again.
 */
export const PlanAudienceSchema = z.object({
  id: z.string().regex(/^\d{1,20}$/, 'Audience ids are numbers.'),
  name: z.string().trim().min(1).max(200),
  kind: z.enum(['customer-list', 'website', 'engagement', 'lookalike']),
  /** The ad account the audience belongs to. */
  adAccountId: z.string().regex(/^act_\d+$/),
  /** Meta's size range (0–1,000 reads "below 1,000"). */
  sizeLower: z.number().int(),
  sizeUpper: z.number().int(),
  /** Meta's `delivery_status.code`: 200 is "ready for use"; anything else is why not. */
  deliveryCode: z.number().int(),
  deliveryDescription: z.string().max(300).optional(),
  /** A lookalike's source audience, and its ad account when Adsmith could read it (absent: not readable). */
  source: z
    .object({
      id: z.string().regex(/^\d{1,20}$/),
      adAccountId: z
        .string()
        .regex(/^act_\d+$/)
        .optional(),
    })
    .optional(),
  /** Put there by the generator (existing customers left out of an acquisition campaign), not by the marketer. */
  suggested: z.boolean().optional(),
});
export type PlanAudience = z.infer<typeof PlanAudienceSchema>;

/** The most custom audiences an ad set includes, and excludes, in a plan (a plan stays readable). */
export const MAX_PLAN_AUDIENCES = 10;

export const PlanTargetingSchema = z.object({
  /**
   * The brief's countries. A country that also has a region or city targeted is narrowed to them
   * (Meta refuses a location inside another one), so it is sent only when nothing narrows it.
   */
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)).min(1, 'Add at least one country.'),
  regions: z.array(PlanRegionSchema).max(200).default([]),
  cities: z.array(PlanCitySchema).max(250).default([]),
  ageMin: z.number().int(),
  ageMax: z.number().int(),
  /** Empty = all genders. */
  genders: z.array(z.enum(['male', 'female'])).max(1),
  interests: z.array(PlanInterestSchema).max(10),
  /**
   * Meta's locale keys (`targeting.locales`): set on an ad set that carries one language's version of carousel or
   * video ads, so the people who use Meta in that language see it (Meta has no multi-language carousel or video here).
   */
  locales: z.array(z.number().int().positive()).max(50).optional(),
  /** Custom audiences the ad set reaches (any of them), inside its places, ages and genders. */
  audiences: z.array(PlanAudienceSchema).max(MAX_PLAN_AUDIENCES).optional(),
  /** Custom audiences left out of it, such as existing customers in an acquisition campaign. */
  excludedAudiences: z.array(PlanAudienceSchema).max(MAX_PLAN_AUDIENCES).optional(),
  /** `advantage` = Advantage+ placements (Meta chooses); else the listed platforms. */
  placements: z.union([
    z.literal('advantage'),
    z.object({ publisherPlatforms: z.array(z.enum(['facebook', 'instagram'])).min(1) }),
  ]),
});
export type PlanTargeting = z.infer<typeof PlanTargetingSchema>;

/** One card of a carousel ad (Meta's `child_attachments[]`): its own image, headline, description and link. */
export const PlanCarouselCardSchema = z.object({
  headline: z.string().max(1000),
  description: z.string().max(1000),
  link: z.url({ protocol: /^https?$/, error: 'Enter a full web address starting with https://' }),
  image: AdImageRefSchema.optional(),
});
export type PlanCarouselCard = z.infer<typeof PlanCarouselCardSchema>;

/**
 * The ad's copy in another language (issue 29 requirement 3): published with the ad's own copy as one Meta
 * multi-language ad (asset_feed_spec, one version per language), the ad's own language the default version.
 */
export const PlanAdTranslationSchema = z.object({
  language: CopyLanguageTagSchema,
  headline: z.string().max(1000),
  primaryText: z.string().max(5000),
  description: z.string().max(1000),
  /** A carousel's card texts in this language, card by card (the images and links are the ad's own). */
  cards: z
    .array(z.object({ headline: z.string().max(1000), description: z.string().max(1000) }))
    .max(CAROUSEL_CARDS.max)
    .optional(),
});
export type PlanAdTranslation = z.infer<typeof PlanAdTranslationSchema>;

export const AD_FORMATS = ['single_image', 'carousel', 'video'] as const;
export type AdFormat = (typeof AD_FORMATS)[number];

export const PlanAdSchema = z.object({
  name: z.string().trim().min(1).max(400),
  headline: z.string(),
  primaryText: z.string(),
  description: z.string(),
  callToAction: z.enum(callToActionTypes),
  /** The idea the ad tests (benefit, social proof, urgency…): the ads of one ad set each take another. */
  angle: z.enum(adCopyAngleKeys).optional(),
  link: z.url({ protocol: /^https?$/ }),
  image: AdImageRefSchema.optional(),
  /** Absent = a single-image link ad (plans made before carousels). */
  format: z.enum(AD_FORMATS).optional(),
  /** A video ad's video and thumbnail (format `video`): uploaded to the ad account when the plan is published. */
  video: AdVideoSchema.optional(),
  /**
   * A carousel's cards, in order (the validator reports fewer than 2; the schema bounds what is stored). The ad's
   * primary text is shown above them and its link is the "see more" destination.
   */
  cards: z
    .array(PlanCarouselCardSchema)
    .max(CAROUSEL_CARDS.max, `A carousel has ${CAROUSEL_CARDS.min} to ${CAROUSEL_CARDS.max} cards.`)
    .optional(),
  /** The language of the ad's own copy (BCP-47); absent = English. */
  language: CopyLanguageTagSchema.optional(),
  /** Versions of the copy in further languages; the validator checks each in its language. */
  translations: z
    .array(PlanAdTranslationSchema)
    .max(MAX_BUSINESS_LANGUAGES - 1, `At most ${MAX_BUSINESS_LANGUAGES} languages in one ad.`)
    .optional(),
});
export type PlanAd = z.infer<typeof PlanAdSchema>;

export const PlanAdSetSchema = z.object({
  name: z.string().trim().min(1).max(400),
  optimizationGoal: z.string(),
  billingEvent: z.string(),
  destinationType: z.string().optional(),
  promotedObject: z
    .object({
      pixelId: z.string().optional(),
      customEventType: z.string().optional(),
      pageId: z.string().optional(),
      applicationId: z.string().optional(),
      objectStoreUrl: z.string().optional(),
    })
    .optional(),
  budget: PlanBudgetSchema.nullable(),
  bidStrategy: z.enum(['LOWEST_COST_WITHOUT_CAP', 'LOWEST_COST_WITH_BID_CAP', 'COST_CAP']).optional(),
  bidAmountMinor: z.number().int().positive().optional(),
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }).optional(),
  targeting: PlanTargetingSchema,
  ads: z.array(PlanAdSchema).min(2, 'Each ad set has 2 or 3 ads.').max(3, 'Each ad set has 2 or 3 ads.'),
});
export type PlanAdSet = z.infer<typeof PlanAdSetSchema>;

export const CampaignPlanSchema = z.object({
  adAccountId: z.string().regex(/^act_\d+$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  campaign: z.object({
    name: z.string().trim().min(1).max(400),
    objective: z.enum(ODAX_OBJECTIVES),
    buyingType: z.literal('AUCTION'),
    budget: PlanBudgetSchema.nullable(),
    bidStrategy: z.enum(['LOWEST_COST_WITHOUT_CAP', 'LOWEST_COST_WITH_BID_CAP', 'COST_CAP']),
    specialAdCategories: z.array(z.enum(SPECIAL_AD_CATEGORIES)),
    /** Required by Meta (true/false) when there is no campaign budget. */
    isAdsetBudgetSharingEnabled: z.boolean().optional(),
  }),
  adSets: z.array(PlanAdSetSchema).min(1, 'A plan has 1 to 3 ad sets.').max(3, 'A plan has 1 to 3 ad sets.'),
});
export type CampaignPlan = z.infer<typeof CampaignPlanSchema>;

/** One finding of the pre-publish validator; `path` points into the plan like a form field name. */
export const PlanIssueSchema = z.object({
  path: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
});
export type PlanIssue = z.infer<typeof PlanIssueSchema>;

export const PublishStepSchema = z.object({
  kind: z.enum(['campaign', 'adset', 'image', 'video', 'creative', 'ad']),
  label: z.string(),
  id: z.string().optional(),
  status: z.enum(['created', 'rolled_back', 'failed']),
});
export type PublishStep = z.infer<typeof PublishStepSchema>;

export const PublishRecordSchema = z.object({
  key: z.string(),
  status: z.enum(['publishing', 'published', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  campaignId: z.string().optional(),
  steps: z.array(PublishStepSchema),
  /** What Meta said when a step failed (then everything created was deleted again). */
  error: z.string().optional(),
});
export type PublishRecord = z.infer<typeof PublishRecordSchema>;

export const CampaignDraftSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  brief: CampaignBriefSchema,
  plan: CampaignPlanSchema,
  /** The ad account's `min_daily_budget` (minor units), for the editor's live validation. */
  minDailyBudgetMinor: z.number().int(),
  issues: z.array(PlanIssueSchema),
  model: z.string(),
  offline: z.boolean(),
  publish: PublishRecordSchema.optional(),
});
export type CampaignDraft = z.infer<typeof CampaignDraftSchema>;
