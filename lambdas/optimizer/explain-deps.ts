import { RecommendationExplanationsSchema } from '@shared/schemas/optimizer';
import type { AiRuntime } from '../lib/ai/ai-runtime';
import { recommendationExplanationsPrompt } from '../lib/ai/prompts/recommendation-explanations';
import { generateStructured } from '../lib/ai/structured-generation';
import type { ExplainDeps } from '../lib/optimizer/explain-recommendations';

/** A generation is only started with this much of the request's time left; it must end 4 s before the limit. */
const MIN_MS_FOR_EXPLANATIONS = 9_000;
const KEEP_FOR_REPLY_MS = 4_000;
/** However much time is left, explanations never hold the list up longer than this. */
const MAX_GENERATION_MS = 12_000;
const TOKENS_PER_ITEM = 120;

/**
 * The AI engine behind the optimizer's explanations: one structured generation. It takes none of the
 * user's daily AI generations (reading recommendations costs nothing, issue 25 requirement 4): what
 * bounds it is that each explanation is written once and stored with its proposal. Its tokens are
 * logged with the feature's name, for cost.
 */
export function aiExplainDeps(options: {
  runtime: () => Promise<AiRuntime>;
  remainingMs: () => number;
  log: (message: string, facts: Record<string, unknown>) => void;
}): ExplainDeps {
  return {
    enoughTime: () => options.remainingMs() >= MIN_MS_FOR_EXPLANATIONS,
    async generate(input) {
      const runtime = await options.runtime();
      const budget = Math.min(MAX_GENERATION_MS, options.remainingMs() - KEEP_FOR_REPLY_MS);
      const result = await generateStructured({
        client: runtime.client,
        // Two sentences take about 100 tokens each: the batch needs more than one ad copy reply does.
        settings: {
          ...runtime.settings,
          maxTokens: Math.max(runtime.settings.maxTokens, TOKENS_PER_ITEM * input.recommendations.length + 200),
        },
        messages: recommendationExplanationsPrompt.build(input),
        schemaName: 'recommendation_explanations',
        schema: RecommendationExplanationsSchema,
        deadline: Date.now() + budget,
        onInvalidReply: (info) =>
          options.log('AI reply failed validation', { feature: recommendationExplanationsPrompt.feature, ...info }),
      });
      options.log('AI generation', {
        feature: recommendationExplanationsPrompt.feature,
        promptVersion: recommendationExplanationsPrompt.version,
        model: result.model,
        calls: result.calls,
        items: input.recommendations.length,
        ...result.usage,
      });
      return result.value;
    },
    log: options.log,
  };
}
