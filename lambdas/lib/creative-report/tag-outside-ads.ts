import type { Metrics } from '@aws-lambda-powertools/metrics';
import type { CreativeElementRecord, CreativeTagReply } from '@shared/schemas/creative-report';
import type { AiRuntime } from '../ai/ai-runtime';
import { addTokensToDay, consumeGeneration, refundGeneration, type GenerationQuota } from '../ai/generation-quota';
import {
  CREATIVE_TAGS_SCHEMA_NAME,
  CreativeTagsOutputSchema,
  creativeTagsPrompt,
  type CreativeTagsOutput,
} from '../ai/prompts/creative-tags';
import { generateStructured } from '../ai/structured-generation';
import { recordTokenUsage } from '../ai/token-usage';
import { upstreamError } from '../errors';
import { AD_LIST_FIELDS, AdListRowSchema, creativeSummary, type AdListRow } from '../ad-optimizer/ad-cards';
import { ownedAdAccount } from '../meta-session/ad-accounts';
import { GRAPH_PAGE_SIZE } from '../meta-session/graph-shapes';
import type { MetaSession } from '../meta-session/session';
import { listElementRecords, putElementRecordIfAbsent, type ElementStore } from './element-store';

/** Ads tagged by one request: one AI generation, a reply that fits the model's output comfortably. */
export const TAG_BATCH = 20;

/** Pages of 500 ads: an account of 10,000 ads is read whole. */
const MAX_PAGES = 20;

export interface TagDeps {
  elements: ElementStore;
  metrics: Metrics;
  runtime: () => Promise<AiRuntime>;
  quota: GenerationQuota;
  limitOverride?: number;
  log: (message: string, facts: Record<string, unknown>) => void;
}

interface Untagged {
  row: AdListRow;
  copy: { headline: string; primaryText: string; description: string };
}

/** What Meta says exactly about a creative: its format and its button; the model is never asked for these. */
function metaFacts(row: AdListRow): Pick<CreativeElementRecord['elements'], 'format' | 'callToAction'> {
  const spec = row.creative?.object_story_spec as Record<string, unknown> | undefined;
  const summary = row.creative ? creativeSummary(row.creative) : undefined;
  const format = spec?.video_data ? 'video' : summary?.cards ? 'carousel' : 'single_image';
  return { format, ...(summary?.callToAction ? { callToAction: summary.callToAction } : {}) };
}

/** The account's ads with words to read that no record names yet, in Meta's order. */
function untaggedAds(rows: readonly AdListRow[], recorded: ReadonlySet<string>): Untagged[] {
  return rows.flatMap((row) => {
    if (recorded.has(row.id) || !row.creative) return [];
    const { headline, primaryText, description } = creativeSummary(row.creative);
    return headline || primaryText ? [{ row, copy: { headline, primaryText, description } }] : [];
  });
}

/**
 * Tags up to TAG_BATCH of an ad account's ads made outside Adsmith, once each (issue 29 req 4): the AI engine reads
 * their words and names the angle, offer and language from closed lists; Meta's own creative says the format and
 * the call to action. One AI generation per request, given back when nothing was tagged. An ad Adsmith recorded
 * meanwhile keeps Adsmith's record (the write is conditional). Template, layout, colours and the kind of picture
 * stay absent: they belong to Adsmith's designs, and the words say nothing of the image.
 */
export async function tagOutsideAds(
  session: MetaSession,
  adAccountId: string,
  deps: TagDeps,
): Promise<CreativeTagReply> {
  const account = await ownedAdAccount(session, adAccountId);
  const [listed, records] = await Promise.all([
    session.graph.paginate(
      `/${account.id}/ads`,
      { fields: AD_LIST_FIELDS, limit: GRAPH_PAGE_SIZE.list },
      AdListRowSchema,
      {
        maxPages: MAX_PAGES,
      },
    ),
    listElementRecords(deps.elements, account.id),
  ]);
  const pending = untaggedAds(listed.items, new Set(records.map((r) => r.adId)));
  const batch = pending.slice(0, TAG_BATCH);
  if (batch.length === 0) return { adAccountId: account.id, tagged: 0, remaining: 0 };

  const runtime = await deps.runtime().catch((error: unknown) => {
    throw upstreamError(error instanceof Error ? error.message : 'The AI service is not configured.', error);
  });
  const userId = session.user.sub;
  const quota = await consumeGeneration(deps.quota, userId, deps.limitOverride);
  let tagged = 0;
  try {
    const ids = new Set(batch.map((ad) => ad.row.id));
    const result = await generateStructured({
      client: runtime.client,
      settings: runtime.settings,
      messages: creativeTagsPrompt.build({ ads: batch.map(({ row, copy }) => ({ adId: row.id, ...copy })) }),
      schemaName: CREATIVE_TAGS_SCHEMA_NAME,
      // Every ad asked about tagged once, and nothing else: a reply that skips or invents one is asked again.
      schema: CreativeTagsOutputSchema.refine(
        (output) => output.tags.length === ids.size && new Set(output.tags.map((t) => t.adId)).size === ids.size,
        'Tag every ad in the data exactly once.',
      ).refine((output) => output.tags.every((t) => ids.has(t.adId)), 'Tag only the ads in the data.'),
      onRetry: (info) => deps.log('AI call retried', { feature: creativeTagsPrompt.feature, ...info }),
      onInvalidReply: (info) =>
        deps.log('AI reply failed validation', {
          feature: creativeTagsPrompt.feature,
          promptVersion: creativeTagsPrompt.version,
          ...info,
        }),
    });
    recordTokenUsage(deps.metrics, creativeTagsPrompt.feature, userId, result.usage);
    await addTokensToDay(deps.quota, userId, quota, result.usage).catch((error: unknown) =>
      deps.log('Could not record token usage', { error: String(error) }),
    );
    tagged = await writeTags(deps.elements, account.id, batch, result.value, session.deps.now());
    deps.log('Ads tagged', { feature: creativeTagsPrompt.feature, asked: batch.length, tagged, model: result.model });
  } catch (error) {
    await refundGeneration(deps.quota, userId, quota).catch(() => undefined);
    throw error;
  }
  if (tagged === 0) await refundGeneration(deps.quota, userId, quota).catch(() => undefined);
  return { adAccountId: account.id, tagged, remaining: pending.length - batch.length };
}

async function writeTags(
  store: ElementStore,
  adAccountId: string,
  batch: readonly Untagged[],
  output: CreativeTagsOutput,
  now: Date,
): Promise<number> {
  const byId = new Map(batch.map((ad) => [ad.row.id, ad.row]));
  const written = await Promise.all(
    output.tags.map((tag) =>
      putElementRecordIfAbsent(store, {
        adAccountId,
        adId: tag.adId,
        source: 'ai',
        elements: { angle: tag.angle, offer: tag.offer, language: tag.language, ...metaFacts(byId.get(tag.adId)!) },
        recordedAt: now.toISOString(),
      }),
    ),
  );
  return written.filter(Boolean).length;
}
