import type { ModelSettings } from './structured-generation';

/**
 * Reasoning models: the o-series (o1, o3, o4-mini, …) and the gpt-5 family. OpenAI refuses
 * `max_tokens` on them ("Unsupported parameter: 'max_tokens' is not supported with this model. Use
 * 'max_completion_tokens' instead.") and any `temperature` but the default 1 (reference/openai/notes.md).
 */
export function isReasoningModel(model: string): boolean {
  return /^(o\d+(-|$)|gpt-5)/.test(model);
}

/**
 * The length and sampling parameters of a Chat Completions call from the server's engine:
 * `max_completion_tokens` (max_tokens is deprecated, and refused by reasoning models), and the
 * temperature only where the model takes one. AI_MODEL may name any model, so this is decided per call.
 * (The browser's own-key call keeps the spec's max_tokens 1000 on gpt-4o-mini: web/src/lib/ai.)
 */
export function completionLimits(settings: Pick<ModelSettings, 'model' | 'maxTokens' | 'temperature'>): {
  max_completion_tokens: number;
  temperature?: number;
} {
  return {
    max_completion_tokens: settings.maxTokens,
    ...(!isReasoningModel(settings.model) && { temperature: settings.temperature }),
  };
}
