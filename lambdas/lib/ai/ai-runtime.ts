import type OpenAI from 'openai';
import { lazyEnv } from '../env';
import { readSecret } from '../secrets';
import { AiConfigSchema, providerOf, type AiConfig, type AiProvider } from './ai-config';
import type { ModelSettings } from './structured-generation';

/**
 * The AI engine's long-lived pieces for any function that generates: config
 * from the environment (once), the OpenAI client (once per key: the key comes
 * from Secrets Manager, cached, and may be rotated), and the model settings.
 */
export const aiConfig = lazyEnv(AiConfigSchema);

export interface AiRuntime {
  client: OpenAI;
  settings: ModelSettings;
  provider: AiProvider;
  offline: boolean;
}

/** Thrown when no key is configured for api.openai.com; test-connection reports it as not configured. */
export class AiNotConfiguredError extends Error {
  override name = 'AiNotConfiguredError';
  constructor() {
    super('No OpenAI API key is configured on the server.');
  }
}

let cached: { key: string; runtime: AiRuntime } | undefined;

export function modelSettings(config: AiConfig): ModelSettings {
  return {
    model: config.AI_MODEL,
    temperature: config.AI_TEMPERATURE,
    maxTokens: config.AI_MAX_TOKENS,
    timeoutMs: config.AI_TIMEOUT_MS,
    maxRetries: config.AI_MAX_RETRIES,
  };
}

export async function aiRuntime(): Promise<AiRuntime> {
  const config = aiConfig();
  const { apiKey } = await readSecret('openai');
  // An OpenAI-compatible server may need no key, but the SDK insists on one.
  if (!apiKey && !config.OPENAI_BASE_URL) throw new AiNotConfiguredError();
  const key = apiKey || 'no-key-needed';
  if (cached?.key !== key) {
    const provider = providerOf(config);
    // The SDK (~150 KB bundled) is loaded by the first request that generates, not at a cold start: a function's
    // other routes (lists, settings) never need it.
    const { default: OpenAIClient } = await import('openai');
    cached = {
      key,
      runtime: {
        client: new OpenAIClient({ apiKey: key, baseURL: config.OPENAI_BASE_URL, maxRetries: 0 }),
        settings: modelSettings(config),
        provider,
        offline: provider === 'offline-demo-model',
      },
    };
  }
  return cached.runtime;
}
