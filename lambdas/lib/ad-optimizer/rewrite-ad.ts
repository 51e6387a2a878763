import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import type { AdTest, AdVerdict, RewriteAdBody } from '@shared/schemas/ad-optimizer';
import { AdCopyRequestSchema } from '@shared/schemas/ai';
import type { AdCopyLanguage } from '@shared/ad-copy-rules';
import { likelyLanguage } from '@shared/copy-languages';
import { generateAdCopy, type AdCopyDeps } from '../ai/ad-copy';
import { notFound, validationError } from '../errors';
import { readInsights } from '../meta/insights-reader';
import { addDays, timeRangeParam, todayIn } from '../meta-connection/date-range';
import { OriginalAdSchema, ORIGINAL_AD_FIELDS } from '../meta-changes/ad-copy-change';
import { OPTIMIZER_CONFIG } from '../optimizer/optimizer-config';
import { AD_HISTORY_WEEKS } from '../optimizer/optimizer-config';
import { listAdAccounts } from '../meta-session/ad-accounts';
import { INSIGHTS_ATTRIBUTION_PARAMS } from '../meta-session/graph-shapes';
import type { MetaSession } from '../meta-session/session';
import { AdInsightRowSchema, creativeSummary, dayFigures, METRIC_FIELDS, rankingsOf, verdictsByAd } from './ad-cards';
import { audienceInWords } from './audience-words';
import { putTest, type TestStore } from './test-row';
import { primaryCopyLanguage, type BusinessLanguageTable } from '../business-languages/business-languages';

export interface RewriteDeps {
  store: TestStore;
  adCopy: AdCopyDeps;
  remainingMs: () => number;
  /** The workspace's business languages: a rewrite whose ad's words do not say their language is in the primary one. */
  languages?: BusinessLanguageTable;
}

const RewriteAdSchema = OriginalAdSchema.extend({
  adset: z.object({ id: z.string(), name: z.string().optional(), targeting: z.unknown().optional() }).optional(),
});

/**
 * A carousel variant's card headlines: the rewrite's headlines in turn, starting from the variant's own, so each
 * card of a variant reads differently (as the campaign generator fills a carousel's cards from its variants).
 * Meta cuts a card headline after about 40 characters; the generator's headlines stay within its 255.
 */
export function cardHeadlinesFor(headlines: readonly string[], variant: number, cards: number): string[] {
  return Array.from({ length: cards }, (_, i) => headlines[(variant + i) % headlines.length]!);
}

/** Why the ad needs new copy, in the detectors' own words (their numbers), for the prompt and the card. */
export function rewriteReason(verdicts: readonly AdVerdict[]): string {
  if (verdicts.length === 0) return 'The marketer wants fresh copy to test against the current ad.';
  return verdicts.map((v) => v.why).join(' ');
}

/** The ad's verdicts, read for this ad alone: its weeks and its last week's rankings (two Graph calls). */
async function verdictsOf(
  session: MetaSession,
  ad: z.infer<typeof RewriteAdSchema>,
  account: { currency: string; timezone_name: string; id: string },
  remainingMs: () => number,
) {
  const today = todayIn(account.timezone_name, session.deps.now());
  const history = { since: addDays(today, -(AD_HISTORY_WEEKS * 7)), until: addDays(today, -1) };
  const lastWeek = { since: addDays(today, -OPTIMIZER_CONFIG.recentDays), until: addDays(today, -1) };
  const read = (params: Record<string, string | number | boolean>) =>
    readInsights(session.graph, ad.id, { ...INSIGHTS_ATTRIBUTION_PARAMS, ...params }, AdInsightRowSchema, {
      remainingMs,
    });
  const [weeks, week] = await Promise.all([
    read({ fields: `ad_id,${METRIC_FIELDS}`, time_range: timeRangeParam(history), time_increment: 7 }),
    read({
      fields: 'ad_id,impressions,quality_ranking,engagement_rate_ranking,conversion_rate_ranking',
      time_range: timeRangeParam(lastWeek),
    }),
  ]);
  const rankings = rankingsOf(week.rows[0]);
  const verdicts = verdictsByAd({
    adAccountId: account.id,
    currency: account.currency,
    today,
    campaigns: [],
    adsets: [],
    ads: [
      {
        id: ad.id,
        name: ad.name,
        adsetId: ad.adset_id,
        campaignId: ad.campaign_id,
        status: ad.effective_status,
        weeks: weeks.rows.map((r) => dayFigures(r, account.currency)).sort((a, b) => a.date.localeCompare(b.date)),
        ...(rankings ? { rankings } : {}),
      },
    ],
  });
  return verdicts.get(ad.id) ?? [];
}

/**
 * New copy for one of the user's ads through the ad copy generator (same validation, same daily
 * AI generations quota, same model), prompted with the ad's current copy and why the optimizer's
 * detectors judge it tired. The variants are stored for the user; nothing is sent to Meta here.
 */
export async function rewriteAd(
  session: MetaSession,
  adId: string,
  body: RewriteAdBody,
  deps: RewriteDeps,
): Promise<AdTest> {
  const test = await writeRewrite(session, adId, body, deps);
  await putTest(deps.store, session.user.sub, test, new Date(test.createdAt));
  return test;
}

/**
 * The rewrite itself, not stored: the ad optimizer's route stores it at once; the agent first checks the copy
 * can be published and names its conversation on it.
 */
export async function writeRewrite(
  session: MetaSession,
  adId: string,
  body: RewriteAdBody,
  deps: Omit<RewriteDeps, 'store'>,
): Promise<AdTest> {
  const fields = `${ORIGINAL_AD_FIELDS},adset{name,targeting}`;
  const accounts = await listAdAccounts(session);
  const ad = await session.graph.get(`/${adId}`, { fields }, RewriteAdSchema);
  const account = accounts.find((a) => a.account_id === ad.account_id);
  if (!account) throw notFound('That ad is not part of your Meta connection.');
  // Working with an account takes one of the plan's ad-account places, as every read of it does.
  await session.deps.adAccountQuota?.hold(session.user.sub, account.id);
  const current = creativeSummary(ad.creative);
  if (!current.rewritable) {
    throw validationError(
      'Only a single-image, carousel or video ad can be rewritten and copied; this ad’s creative is of another kind.',
    );
  }
  const verdicts = await verdictsOf(session, ad, account, deps.remainingMs);
  const reason = rewriteReason(verdicts);
  // The people the ad set reaches, from its targeting: its name is bookkeeping and never reaches the model.
  const audience = body.audience ?? audienceInWords(ad.adset?.targeting) ?? 'people this ad already reaches';
  const request = AdCopyRequestSchema.parse({
    product: body.product ?? (current.headline || ad.name.split(' | ')[0] || ad.name).slice(0, 300),
    audience: audience.slice(0, 300),
    ...(body.tone ? { tone: body.tone } : {}),
    ...(current.link ? { landingPageUrl: current.link } : {}),
    language: rewriteLanguage(current, await primaryCopyLanguage(deps.languages, session.user.sub, deps.adCopy.log)),
    variants: body.variants,
    variation: body.variation,
    rewrite: {
      headline: current.headline.slice(0, 255),
      primaryText: current.primaryText.slice(0, 2200),
      description: current.description.slice(0, 255),
      reason: reason.slice(0, 1000),
    },
  });
  const result = await generateAdCopy(session.user.sub, request, deps.adCopy);
  const now = session.deps.now();
  const test: AdTest = {
    id: randomUUID(),
    adAccountId: account.id,
    adId: ad.id,
    adName: ad.name,
    adsetId: ad.adset_id,
    ...(ad.adset?.name ? { adsetName: ad.adset.name } : {}),
    audience,
    status: 'proposed',
    reason,
    original: {
      headline: current.headline,
      primaryText: current.primaryText,
      description: current.description,
      ...(current.callToAction ? { callToAction: current.callToAction } : {}),
      ...(current.cards ? { cardHeadlines: current.cards.map((card) => card.headline) } : {}),
    },
    variants: current.cards
      ? result.variants.map((variant, i, all) => ({
          ...variant,
          cardHeadlines: cardHeadlinesFor(
            all.map((v) => v.headline),
            i,
            current.cards!.length,
          ),
        }))
      : result.variants,
    model: result.model,
    offline: result.offline,
    createdAt: now.toISOString(),
  };
  return test;
}

/**
 * The language new copy for a running ad is written in: the language the ad is in (a Spanish ad is rewritten in
 * Spanish, so its A/B copy reaches the same people), else the business's primary language (English by default).
 */
export function rewriteLanguage(
  ad: { headline: string; primaryText: string; description: string },
  fallback: AdCopyLanguage = 'en',
): AdCopyLanguage {
  return likelyLanguage(`${ad.headline}\n${ad.primaryText}\n${ad.description}`) ?? fallback;
}
