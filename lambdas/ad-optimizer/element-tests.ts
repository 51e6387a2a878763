import { randomUUID } from 'node:crypto';
import {
  adCopyAngleKeys,
  callToActionTypes,
  type AdCopyAngle,
  type AdCopyLanguage,
  type CallToActionType,
} from '@shared/ad-copy-rules';
import { baseLanguage, isCopyLanguage } from '@shared/copy-languages';
import { offerOf } from '@shared/creative-offer';
import { unpublishableCopyMessage } from '@shared/publishable-text';
import type { AdTest, ElementTestReply } from '@shared/schemas/ad-optimizer';
import type { AdCopyVariant } from '@shared/schemas/ai';
import { AdCopyRequestSchema } from '@shared/schemas/ai';
import { creativeElementLabels, type CreativeElements } from '@shared/schemas/creative-report';
import { generateAdCopy, type AdCopyDeps } from '../lib/ai/ad-copy';
import { logger } from '../lib/observability';
import { AD_LIST_FIELDS, AdListRowSchema, creativeSummary, type AdListRow } from '../lib/ad-optimizer/ad-cards';
import { audienceInWords } from '../lib/ad-optimizer/audience-words';
import {
  MAX_ELEMENT_TESTS,
  planElementTests,
  valueLabel,
  type ElementTestPlan,
  type LiveAd,
} from '../lib/ad-optimizer/element-tests';
import { rewriteLanguage } from '../lib/ad-optimizer/rewrite-ad';
import { listTests, putTest, type TestStore } from '../lib/ad-optimizer/test-store';
import type { ElementStore } from '../lib/creative-report/element-store';
import { primaryCopyLanguage, type BusinessLanguageTable } from '../lib/business-languages/business-languages';
import { GRAPH_PAGE_SIZE } from '../lib/meta-session/graph-shapes';
import type { MetaSession } from '../lib/meta-session/session';
import { creativeData } from './creative-report';

export interface ElementTestDeps {
  store: TestStore;
  elements: ElementStore;
  adCopy: AdCopyDeps;
  remainingMs: () => number;
  graphCalls: () => number;
  /** The workspace's business languages: an ad whose language is neither recorded nor shown by its words is in the primary one. */
  languages?: BusinessLanguageTable;
}

const MAX_AD_PAGES = 20;
/** The generator's own limits on a variant (AdCopyVariantSchema): an ad whose text exceeds them is not copied. */
const VARIANT_LIMITS = { headline: 200, primaryText: 1000, description: 200 };

const isAngle = (v: string | undefined): v is AdCopyAngle => (adCopyAngleKeys as readonly string[]).includes(v ?? '');
const isCta = (v: string | undefined): v is CallToActionType =>
  (callToActionTypes as readonly string[]).includes(v ?? '');

/** The variant of a call-to-action test: the ad's own words, only its button changed. */
function buttonVariant(ad: AdListRow, plan: ElementTestPlan, elements: CreativeElements): AdCopyVariant | string {
  const current = creativeSummary(ad.creative!);
  if (
    current.headline.length > VARIANT_LIMITS.headline ||
    current.primaryText.length > VARIANT_LIMITS.primaryText ||
    current.description.length > VARIANT_LIMITS.description ||
    !current.headline ||
    !current.primaryText
  ) {
    return 'its text is longer than a copy can carry, or missing';
  }
  return {
    angle: isAngle(elements.angle) ? elements.angle : adCopyAngleKeys[0],
    headline: current.headline,
    primaryText: current.primaryText,
    description: current.description,
    callToAction: plan.variant as CallToActionType,
  };
}

/**
 * The language a headline-angle test's new words are written in: the ad's recorded language (its first, for a
 * multi-language ad), else the language its words plainly show, else the business's primary language: a test of a
 * Spanish business's ad is not written in English because its few words name no language.
 */
export function elementTestLanguage(
  recorded: string | undefined,
  current: { headline: string; primaryText: string; description: string },
  primary: AdCopyLanguage,
): AdCopyLanguage {
  const first = recorded?.split('+')[0];
  const base = first ? baseLanguage(first) : undefined;
  return base && isCopyLanguage(base) ? base : rewriteLanguage(current, primary);
}

/**
 * The variant of a headline-angle test: new words from the ad copy generator (its validation, per-language limits
 * and policy checks, one AI generation) written from the angle asked, in the ad's language, keeping its button; a
 * reply that changes the offer the ad makes is not used (it would test two elements).
 */
async function angleVariant(
  session: MetaSession,
  ad: AdListRow,
  plan: ElementTestPlan,
  elements: CreativeElements,
  deps: ElementTestDeps,
  primary: () => Promise<AdCopyLanguage>,
): Promise<{ variant: AdCopyVariant; model: string; offline: boolean } | string> {
  const current = creativeSummary(ad.creative!);
  if (current.cards) return 'a carousel’s angle is in its card headlines: only single-image ads are rewritten';
  if (!isCta(current.callToAction)) return 'its button is not one the generator writes';
  const language = elementTestLanguage(elements.language, current, await primary());
  const request = AdCopyRequestSchema.parse({
    product: (current.headline || ad.name).slice(0, 300),
    audience: (audienceInWords(ad.adset?.targeting) ?? 'people this ad already reaches').slice(0, 300),
    ...(current.link ? { landingPageUrl: current.link } : {}),
    language,
    variants: 1,
    angle: plan.variant,
    rewrite: {
      headline: current.headline.slice(0, 255),
      primaryText: current.primaryText.slice(0, 2200),
      description: current.description.slice(0, 255),
      reason: `A one-element test: keep the offer and the facts, change only the headline angle. ${plan.why}`.slice(
        0,
        1000,
      ),
    },
  });
  const result = await generateAdCopy(session.user.sub, request, deps.adCopy);
  const written = result.variants[0]!;
  const variant: AdCopyVariant = { ...written, angle: plan.variant as AdCopyAngle, callToAction: current.callToAction };
  const offerBefore = elements.offer ?? offerOf(current.headline, current.primaryText, current.description);
  if (offerOf(variant.headline, variant.primaryText, variant.description) !== offerBefore) {
    return 'the new words made a different offer';
  }
  return { variant, model: result.model, offline: result.offline };
}

/**
 * Proposes one-element A/B tests for one of the user's ad accounts from its creative report (one insights read, the
 * element records), its ads (one paged list) and the user's open tests. Each is stored as a rewrite with one
 * variant: approving it makes the paused A/B copy as any rewrite's does.
 */
export async function proposeElementTests(
  session: MetaSession,
  adAccountId: string,
  deps: ElementTestDeps,
): Promise<ElementTestReply> {
  const { report, elementsByAd, groupOfAd } = await creativeData(session, adAccountId, deps);
  const [ads, tests] = await Promise.all([
    session.graph
      .paginate(
        `/${report.adAccountId}/ads`,
        { fields: AD_LIST_FIELDS, limit: GRAPH_PAGE_SIZE.list },
        AdListRowSchema,
        { maxPages: MAX_AD_PAGES },
      )
      .then((page) => page.items),
    listTests(deps.store, session.user.sub, report.adAccountId),
  ]);
  const busy = new Set(
    tests.filter((t) => t.elementTest && t.status !== 'deleted' && t.status !== 'deleting').map((t) => t.adId),
  );
  const adById = new Map(ads.map((ad) => [ad.id, ad]));
  const skipped: string[] = [];
  const proposed: AdTest[] = [];
  let aiGenerations = 0;
  // Read once, and only when an angle test is written.
  let primaryRead: Promise<AdCopyLanguage> | undefined;
  const primary = () => (primaryRead ??= primaryCopyLanguage(deps.languages, session.user.sub, deps.adCopy.log));
  for (const group of report.groups) {
    const room = MAX_ELEMENT_TESTS - proposed.length;
    if (room <= 0) break;
    const live: LiveAd[] = ads.flatMap((ad) => {
      const elements = elementsByAd.get(ad.id);
      if (!elements || groupOfAd.get(ad.id) !== group.key || !ad.creative) return [];
      return [
        {
          id: ad.id,
          name: ad.name,
          adsetId: ad.adset_id,
          status: ad.effective_status,
          elements,
          copyable: creativeSummary(ad.creative).rewritable,
        },
      ];
    });
    for (const plan of planElementTests(group, live, { currency: report.currency, busyAdIds: busy, max: room })) {
      const ad = adById.get(plan.adId)!;
      const elements = elementsByAd.get(plan.adId)!;
      const label = creativeElementLabels[plan.element].toLowerCase();
      let made: { variant: AdCopyVariant; model: string; offline: boolean } | string;
      try {
        if (plan.element === 'callToAction') {
          const variant = buttonVariant(ad, plan, elements);
          made =
            typeof variant === 'string' ? variant : { variant, model: 'none (the ad’s own words)', offline: false };
        } else {
          aiGenerations += 1;
          made = await angleVariant(session, ad, plan, elements, deps, primary);
        }
      } catch (error) {
        logger.warn('One-element test not written', { error: error as Error, adId: ad.id });
        made = error instanceof Error ? error.message : 'the copy could not be written';
      }
      if (typeof made !== 'string') {
        const refusal = unpublishableCopyMessage(made.variant, {
          names: [
            { kind: 'ad', name: ad.name },
            ...(ad.adset?.name ? [{ kind: 'ad set' as const, name: ad.adset.name }] : []),
          ],
          allowed: [creativeSummary(ad.creative!).headline, creativeSummary(ad.creative!).primaryText],
        });
        if (refusal) made = refusal;
      }
      if (typeof made === 'string') {
        skipped.push(`“${ad.name}” (${label}): ${made}`);
        continue;
      }
      const test = elementTest(session, report.adAccountId, ad, plan, elements, made, group.label);
      await putTest(deps.store, session.user.sub, test, new Date(test.createdAt));
      busy.add(ad.id);
      proposed.push(test);
    }
  }
  const note =
    proposed.length > 0
      ? skipped.length > 0
        ? `Not proposed: ${skipped.join('; ')}.`
        : undefined
      : report.adsWithElements === 0
        ? 'No ad with delivery in the last eight weeks has its elements recorded: publish ads from Adsmith, or tag ads made elsewhere on the creative report.'
        : skipped.length > 0
          ? `Not proposed: ${skipped.join('; ')}.`
          : 'Nothing to test now: every live ad set already uses the winning call to action and headline angle, or an open test already covers its ads.';
  return { adAccountId: report.adAccountId, proposed, ...(note ? { note } : {}), aiGenerations };
}

function elementTest(
  session: MetaSession,
  adAccountId: string,
  ad: AdListRow,
  plan: ElementTestPlan,
  elements: CreativeElements,
  made: { variant: AdCopyVariant; model: string; offline: boolean },
  groupLabel: string,
): AdTest {
  const current = creativeSummary(ad.creative!);
  const audience = audienceInWords(ad.adset?.targeting);
  return {
    id: randomUUID(),
    adAccountId,
    adId: ad.id,
    adName: ad.name,
    adsetId: ad.adset_id,
    ...(ad.adset?.name ? { adsetName: ad.adset.name } : {}),
    ...(audience ? { audience } : {}),
    status: 'proposed',
    reason: plan.why,
    original: {
      headline: current.headline,
      primaryText: current.primaryText,
      description: current.description,
      ...(current.callToAction ? { callToAction: current.callToAction } : {}),
      ...(current.cards ? { cardHeadlines: current.cards.map((card) => card.headline) } : {}),
    },
    variants: [
      { ...made.variant, ...(current.cards ? { cardHeadlines: current.cards.map((card) => card.headline) } : {}) },
    ],
    model: made.model,
    offline: made.offline,
    createdAt: session.deps.now().toISOString(),
    elementTest: {
      element: plan.element,
      elementLabel: creativeElementLabels[plan.element],
      control: plan.control,
      controlLabel: valueLabel(plan.element, plan.control),
      variant: plan.variant,
      variantLabel: valueLabel(plan.element, plan.variant),
      basis: plan.basis,
      ...(plan.probability !== undefined ? { probability: plan.probability } : {}),
      groupLabel,
      why: plan.why,
      expectedEffect: plan.expectedEffect,
      controlElements: elements,
    },
  };
}
