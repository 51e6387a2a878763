import type { Metrics } from '@aws-lambda-powertools/metrics';
import type { z } from 'zod';
import { AdCopyModelOutputSchema, type AdCopyRequest, type AdCopyResult } from '@shared/schemas/ai';
import type { AiRuntime } from './ai-runtime';
import { addTokensToDay, consumeGeneration, refundGeneration, type GenerationQuota } from './generation-quota';
import { anglesFor, type AdCopyLanguage } from '@shared/ad-copy-rules';
import { writtenIn } from '@shared/copy-languages';
import { adCopyPrompt } from './prompts/ad-copy';
import AD_COPY_REPLY_JSON_SCHEMA from './ad-copy-reply-schema.json';
import { generateStructuredReply } from './structured-reply';
import { recordTokenUsage } from './token-usage';
import { upstreamError } from '../errors';

export interface AdCopyDeps {
  runtime: () => Promise<AiRuntime>;
  quota: GenerationQuota;
  limitOverride?: number;
  metrics: Metrics;
  log: (message: string, facts: Record<string, unknown>) => void;
}

/**
 * Writes ad copy variants for a brief: counts the generation against the
 * user's daily quota first (so a burst cannot overspend), asks the model for
 * structured output, checks it answered the angles asked for, and gives the
 * generation back if nothing came of it.
 */
export async function generateAdCopy(userId: string, request: AdCopyRequest, deps: AdCopyDeps): Promise<AdCopyResult> {
  const runtime = await deps.runtime().catch((error: unknown) => {
    throw upstreamError(error instanceof Error ? error.message : 'The AI service is not configured.', error);
  });
  const quota = await consumeGeneration(deps.quota, userId, deps.limitOverride);
  const angles = anglesFor(request);
  try {
    const result = await generateStructuredReply({
      client: runtime.client,
      settings: runtime.settings,
      messages: adCopyPrompt.build(request),
      schemaName: 'ad_copy_variants',
      schema: adCopyReplySchema(angles.length, request.language),
      // Converted at build time (lambdas/lib/build-json-schemas.ts): the agent's copy rewrite needs no zod conversion.
      jsonSchema: AD_COPY_REPLY_JSON_SCHEMA,
      onRetry: (info) => deps.log('AI call retried', { feature: adCopyPrompt.feature, ...info }),
      onInvalidReply: (info) =>
        deps.log('AI reply failed validation', {
          feature: adCopyPrompt.feature,
          promptVersion: adCopyPrompt.version,
          ...info,
        }),
    });
    recordTokenUsage(deps.metrics, adCopyPrompt.feature, userId, result.usage);
    await addTokensToDay(deps.quota, userId, quota, result.usage).catch((error: unknown) =>
      deps.log('Could not record token usage', { error: String(error) }),
    );
    deps.log('AI generation', {
      feature: adCopyPrompt.feature,
      promptVersion: adCopyPrompt.version,
      model: result.model,
      calls: result.calls,
      ...result.usage,
    });
    // The angles are ours to decide: the variant at each position is written for the angle asked there.
    const variants = result.value.variants.map((variant, i) => ({
      ...variant,
      angle: angles[i]!,
      headline: variant.headline.trim(),
      primaryText: variant.primaryText.trim(),
      description: variant.description.trim(),
    }));
    return {
      variants,
      model: result.model,
      offline: runtime.offline,
      quota: { used: quota.used, limit: quota.limit, resetsAt: quota.resetsAt },
    };
  } catch (error) {
    await refundGeneration(deps.quota, userId, quota).catch(() => undefined);
    throw error;
  }
}

/**
 * What a reply must be: one usable variant per angle asked, each in the language asked. A reply failing either is
 * asked again, then refused (generateStructured), like any invalid reply (issue 29 requirement 3).
 */
export function adCopyReplySchema(count: number, language: AdCopyLanguage) {
  return AdCopyModelOutputSchema.refine((output) => answersBrief(output, count), {
    message: `expected ${count} variants with text in every field`,
  }).refine((output) => inLanguage(output, language), { message: `expected the copy in ${language}` });
}

/** The reply has one usable variant per angle asked (what the response schema will insist on). */
function answersBrief(output: z.output<typeof AdCopyModelOutputSchema>, count: number): boolean {
  return (
    output.variants.length === count &&
    output.variants.every(
      (v) =>
        v.headline.trim().length > 0 &&
        v.headline.length <= 200 &&
        v.primaryText.trim().length > 0 &&
        v.primaryText.length <= 1000 &&
        v.description.length <= 200,
    )
  );
}

/** Every variant reads as the language asked (copy-languages' marker words; brief words in English are allowed). */
function inLanguage(output: z.output<typeof AdCopyModelOutputSchema>, language: AdCopyLanguage): boolean {
  return output.variants.every((v) => writtenIn(`${v.headline}\n${v.primaryText}\n${v.description}`, language));
}
