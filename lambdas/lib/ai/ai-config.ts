import * as z from 'zod';
import { AI_COMPLETION } from '@shared/constants';

/**
 * The AI engine's configuration, from the function's environment, with the
 * product's defaults. OPENAI_BASE_URL points the same SDK path at any OpenAI-compatible
 * server (the twin's offline model, a proxy); unset means api.openai.com.
 */
export const AiConfigSchema = z.object({
  OPENAI_BASE_URL: z.url().optional(),
  /** Set by the twin when OPENAI_BASE_URL is its offline demo model, so replies are labelled. */
  AI_OFFLINE_MODEL: z.stringbool().default(false),
  AI_MODEL: z.string().min(1).default(AI_COMPLETION.model),
  AI_TEMPERATURE: z.coerce.number().min(0).max(2).default(AI_COMPLETION.temperature),
  AI_MAX_TOKENS: z.coerce.number().int().min(16).max(16_000).default(AI_COMPLETION.maxTokens),
  /** One attempt's limit; the function's own timeout (29 s) bounds all attempts together. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(20_000),
  /** Retries after the first attempt, on 408/409/429/5xx and connection errors. */
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** Overrides the plan's daily generation limit (tests, or an operator's emergency brake). */
  AI_DAILY_GENERATION_LIMIT: z.coerce.number().int().min(0).optional(),
});
export type AiConfig = z.infer<typeof AiConfigSchema>;

export type AiProvider = 'openai' | 'openai-compatible' | 'offline-demo-model';

export function providerOf(config: Pick<AiConfig, 'OPENAI_BASE_URL' | 'AI_OFFLINE_MODEL'>): AiProvider {
  if (config.AI_OFFLINE_MODEL) return 'offline-demo-model';
  return config.OPENAI_BASE_URL ? 'openai-compatible' : 'openai';
}
