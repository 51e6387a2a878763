import * as z from 'zod';
import { adCopyToneKeys, callToActionTypes } from '../ad-copy-rules';
import { CAROUSEL_CARD_TEXT_LIMITS, CAROUSEL_CARDS } from '../carousel-rules';
import { AdCopyVariantSchema } from './ai';
import { CreativeElementsSchema } from './creative-report';
import { AD_VERDICT_KINDS } from '../ad-verdicts';

export { AD_VERDICT_KINDS, type AdVerdictKind } from '../ad-verdicts';

/**
 * The ad optimizer (/ad-optimizer): an ad account's ads as cards (creative, metrics, the daily CTR
 * and frequency curve, Meta's rankings, the optimizer's fatigue and low-ranking verdicts), new copy
 * for a tired ad through the ad copy generator, and an A/B copy of the ad created paused in its ad
 * set once the marketer approves the diff. Money is in major units of the account currency.
 */

const metaId = z.string().regex(/^\d{1,30}$/, 'A Meta object id is numeric');

export const AdVerdictSchema = z.object({
  kind: z.enum(AD_VERDICT_KINDS),
  title: z.string(),
  /** From the optimizer's detector: every number in it is in `evidence`. */
  why: z.string(),
  evidence: z.record(z.string(), z.number()),
  confidence: z.number().min(0).max(1),
});
export type AdVerdict = z.infer<typeof AdVerdictSchema>;

/**
 * The copy an ad shows: Meta's link_data message (primary text), name (headline) and description; a carousel's
 * card headlines (each card's `name`, in the cards' order) too.
 */
export const AdCopyTextSchema = z.object({
  headline: z.string(),
  primaryText: z.string(),
  description: z.string(),
  callToAction: z.string().optional(),
  cardHeadlines: z.array(z.string()).optional(),
});
export type AdCopyText = z.infer<typeof AdCopyTextSchema>;

export const AdCreativeSummarySchema = AdCopyTextSchema.extend({
  id: z.string(),
  /** As Meta returns them (`thumbnail_url`, `image_url`); absent when Meta gave none. */
  thumbnailUrl: z.string().optional(),
  imageUrl: z.string().optional(),
  link: z.string().optional(),
  /** A carousel's cards as Meta returns them (each card's headline and link); absent for a single-image ad. */
  cards: z.array(z.object({ headline: z.string(), link: z.string() })).optional(),
  /** Whether the creative is a single-image or carousel link ad whose copy can be rewritten into an A/B copy. */
  rewritable: z.boolean(),
});
export type AdCreativeSummary = z.infer<typeof AdCreativeSummarySchema>;

export const AdDaySchema = z.object({
  date: z.string(),
  impressions: z.number(),
  /** Link CTR in percent (link clicks / impressions × 100); null without impressions. */
  ctrLink: z.number().nullable(),
  /** Impressions per person reached that day; null without reach. */
  frequency: z.number().nullable(),
});
export type AdDay = z.infer<typeof AdDaySchema>;

export const AdMetricsSchema = z.object({
  spend: z.number(),
  impressions: z.number(),
  linkClicks: z.number(),
  results: z.number(),
  ctrLink: z.number().nullable(),
  frequency: z.number().nullable(),
  costPerResult: z.number().nullable(),
});
export type AdMetrics = z.infer<typeof AdMetricsSchema>;

/** Meta's ad relevance diagnostics (`quality_ranking`… values such as `BELOW_AVERAGE_20`, `UNKNOWN`). */
export const AdRankingsSchema = z.object({
  quality: z.string().optional(),
  engagement: z.string().optional(),
  conversion: z.string().optional(),
});
export type AdRankings = z.infer<typeof AdRankingsSchema>;

/** The elements a one-element A/B test varies: a copy of a live ad with only its button or its headline angle changed. */
export const ELEMENT_TEST_ELEMENTS = ['callToAction', 'angle'] as const;
export type ElementTestElement = (typeof ELEMENT_TEST_ELEMENTS)[number];

/**
 * A one-element A/B test the ad optimizer proposes from the creative report (issue 29 req 5): a copy of a live ad
 * that changes exactly one element, to the value that won in the account (`winner`) or, where nothing has won yet,
 * to a value not yet tried (`exploratory`: no effect is predicted).
 */
export const ElementTestSchema = z.object({
  element: z.enum(ELEMENT_TEST_ELEMENTS),
  /** "Call to action". */
  elementLabel: z.string(),
  control: z.string(),
  controlLabel: z.string(),
  variant: z.string(),
  variantLabel: z.string(),
  basis: z.enum(['winner', 'exploratory']),
  /** The winner's probability of being the best (0..1), for a `winner` test. */
  probability: z.number().min(0).max(1).optional(),
  /** The report group it is drawn from ("Sales · Purchases"). */
  groupLabel: z.string(),
  why: z.string(),
  /** In words, honestly: a winner's measured edge across the account, or "Exploratory: no effect is predicted". */
  expectedEffect: z.string(),
  /** The control ad's recorded elements: the copy's are the same with the one element changed. */
  controlElements: CreativeElementsSchema,
});
export type ElementTest = z.infer<typeof ElementTestSchema>;

export const AB_TEST_STATUSES = ['proposed', 'creating', 'created', 'deleting', 'deleted'] as const;

/** A rewrite of one ad and, once approved, the paused A/B copy made from it. */
export const AdTestSchema = z.object({
  id: z.string(),
  adAccountId: z.string(),
  adId: z.string(),
  adName: z.string(),
  adsetId: z.string(),
  /** The ad set's name when the rewrite was written: its words must never reach the copy. */
  adsetName: z.string().optional(),
  /** Who the ad set reaches, in words from its targeting (what the copy was written for). */
  audience: z.string().optional(),
  status: z.enum(AB_TEST_STATUSES),
  /** Why the ad was rewritten (the verdicts' text), as the prompt was given it. */
  reason: z.string(),
  original: AdCopyTextSchema,
  /** For a carousel, each variant carries a headline per card (`cardHeadlines`, the cards' order). */
  variants: z.array(AdCopyVariantSchema.extend({ cardHeadlines: z.array(z.string()).optional() })),
  model: z.string(),
  offline: z.boolean(),
  createdAt: z.string(),
  /** Once approved: what was sent and what Meta made. */
  approvedCopy: AdCopyTextSchema.optional(),
  copyAdId: z.string().optional(),
  copyAdName: z.string().optional(),
  copyCreativeId: z.string().optional(),
  approvedAt: z.string().optional(),
  deletedAt: z.string().optional(),
  /** The copy can be deleted (the approval undone) until then: 24 hours after it was made. */
  undoUntil: z.string().optional(),
  /** The agent's conversation that proposed it (issue 26): the approval's audit rows name it as their source. */
  proposedBy: z.object({ conversationId: z.string(), actor: z.string().optional() }).optional(),
  /** Set when the ad optimizer proposed it as a one-element test: its one variant is sent exactly as written. */
  elementTest: ElementTestSchema.optional(),
});
export type AdTest = z.infer<typeof AdTestSchema>;

export const AdCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  adsetId: z.string(),
  adsetName: z.string().optional(),
  /** Who the ad set reaches, in words from its targeting (ages, genders, places, interests), never its name. */
  adsetAudience: z.string().optional(),
  campaignId: z.string(),
  creative: AdCreativeSummarySchema.optional(),
  /** The last complete 7 days. */
  metrics: AdMetricsSchema,
  /** Daily rows, oldest first, over the weeks the fatigue detector compares. */
  days: z.array(AdDaySchema),
  /** The ad's first week with delivery in the series (the baseline fatigue is judged against). */
  firstWeek: z.object({ since: z.string(), until: z.string() }).optional(),
  rankings: AdRankingsSchema.optional(),
  verdicts: z.array(AdVerdictSchema),
});
export type AdCard = z.infer<typeof AdCardSchema>;

export const AdCardListSchema = z.object({
  adAccountId: z.string(),
  currency: z.string(),
  today: z.string(),
  generatedAt: z.string(),
  ads: z.array(AdCardSchema),
  /** The user's rewrites and A/B copies in this account, newest first. */
  tests: z.array(AdTestSchema),
  partial: z.boolean().optional(),
  graphCalls: z.number(),
});
export type AdCardList = z.infer<typeof AdCardListSchema>;

export const AdParamsSchema = z.object({ id: metaId });
export const AdTestParamsSchema = z.object({ id: z.uuid('Not a rewrite id') });

const briefLine = (what: string) =>
  z.string().trim().min(2, `Describe the ${what} in a few words.`).max(300, `Keep the ${what} under 300 characters.`);

export const RewriteAdBodySchema = z.object({
  /** What the ad sells and to whom; defaults come from the ad's headline and its ad set. */
  product: briefLine('product or service').optional(),
  audience: briefLine('target audience').optional(),
  tone: z.enum(adCopyToneKeys).optional(),
  variants: z.number().int().min(1).max(3).default(3),
  variation: z.number().int().min(0).max(1000).default(0),
});
export type RewriteAdBody = z.output<typeof RewriteAdBodySchema>;
export type RewriteAdBodyInput = z.input<typeof RewriteAdBodySchema>;

/** The copy the marketer approved (a variant as written or edited), within Meta's hard limits. */
export const ApproveAdTestBodySchema = z.object({
  headline: z.string().trim().min(1, 'A headline is needed.').max(255),
  primaryText: z.string().trim().min(1, 'Primary text is needed.').max(2200),
  description: z.string().trim().max(255).default(''),
  callToAction: z.enum(callToActionTypes).optional(),
  /** A carousel's card headlines, one per card of the original in its order (Meta's card name limit). */
  cardHeadlines: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Every card needs a headline.')
        .max(
          CAROUSEL_CARD_TEXT_LIMITS.headline,
          `Keep each card headline within ${CAROUSEL_CARD_TEXT_LIMITS.headline} characters.`,
        ),
    )
    .min(CAROUSEL_CARDS.min)
    .max(CAROUSEL_CARDS.max)
    .optional(),
});
export type ApproveAdTestBody = z.output<typeof ApproveAdTestBodySchema>;
export type ApproveAdTestBodyInput = z.input<typeof ApproveAdTestBodySchema>;

/** `POST …/element-tests`: the one-element tests proposed now (stored as rewrites), and why none where none. */
export const ElementTestReplySchema = z.object({
  adAccountId: z.string(),
  proposed: z.array(AdTestSchema),
  /** Said when nothing is proposed (no ads with recorded elements, every ad set already uses the winner, …). */
  note: z.string().optional(),
  aiGenerations: z.number().int().min(0),
});
export type ElementTestReply = z.infer<typeof ElementTestReplySchema>;
