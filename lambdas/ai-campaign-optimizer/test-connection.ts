import type OpenAI from 'openai';
import type { AiConnectionTest } from '@shared/schemas/ai';
import type { AiProvider } from '../lib/ai/ai-config';
import { toUpstreamAppError, upstreamFacts } from '../lib/ai/upstream-errors';

export interface ConnectionDeps {
  /** Resolves the runtime; rejects when no key is configured. */
  runtime: () => Promise<{ client: OpenAI; provider: AiProvider; settings: { model: string; timeoutMs: number } }>;
  log: (message: string, facts: Record<string, unknown>) => void;
}

/**
 * The `test_connection` action: asks the model service about the configured
 * model with the server's key (a metadata call: it costs no tokens). Any
 * failure is `success: false` with a reason a person can act on, never a 5xx:
 * the web turns it into "disconnected".
 */
export async function testConnection(deps: ConnectionDeps): Promise<AiConnectionTest> {
  let runtime: Awaited<ReturnType<ConnectionDeps['runtime']>>;
  try {
    runtime = await deps.runtime();
  } catch (error) {
    return { success: false, error: error instanceof Error ? error.message : 'The AI service is not configured.' };
  }
  try {
    const model = await runtime.client.models.retrieve(runtime.settings.model, {
      maxRetries: 0,
      timeout: Math.min(runtime.settings.timeoutMs, 8_000),
    });
    return { success: true, data: { model: model.id, provider: runtime.provider, key: 'configured-on-server' } };
  } catch (error) {
    deps.log('AI connection test failed', upstreamFacts(error));
    return { success: false, error: toUpstreamAppError(error).message };
  }
}
