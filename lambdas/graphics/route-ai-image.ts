import { graphicsRoutes as routes } from '@shared/function-routes/graphics';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { consumeGeneration, refundGeneration } from '../lib/ai/generation-quota';
import { aiGenerationQuota } from '../lib/ai/generation-quota-tables';
import { generateAiImage, type AiImageDeps } from '../lib/graphics/ai-images';
import { on } from '../lib/http/http-function';
import { logger } from '../lib/observability';
import { deps } from './graphics-deps';

const aiImageDeps = (): AiImageDeps => {
  const config = aiConfig();
  return {
    ...deps(),
    openai: async () => (await aiRuntime()).client,
    consume: async (userId) => {
      const quota = aiGenerationQuota();
      const grant = await consumeGeneration(quota, userId, config.AI_DAILY_GENERATION_LIMIT);
      return { refund: () => refundGeneration(quota, userId, grant) };
    },
    // An image takes longer than copy: the attempt may use most of the function's 29 s.
    timeoutMs: Math.max(config.AI_TIMEOUT_MS, 25_000),
    maxRetries: config.AI_MAX_RETRIES,
    log: (message, facts) => logger.info(message, facts),
  };
};

// An image made by the AI: its runtime and the generation quota load with it.
export const aiImageRoute = on(routes.graphicsAiImage, ({ user, body }) =>
  generateAiImage(aiImageDeps(), user.sub, body),
);
