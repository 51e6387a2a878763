import * as z from 'zod';
import { AiConfigSchema } from '../lib/ai/ai-config';
import { lazyEnv } from '../lib/env';

export const config = lazyEnv(
  z.object({
    SITE_URL: z.url(),
    EVENT_BUS_NAME: z.string().min(1),
    USER_POOL_ID: z.string().min(1),
    // The same override the AI functions apply (lambdas/lib/ai/ai-config.ts), so usage reports their limit.
    AI_DAILY_GENERATION_LIMIT: AiConfigSchema.shape.AI_DAILY_GENERATION_LIMIT,
  }),
);
