import { aiCampaignOptimizerRoutes as routes } from '@shared/function-routes/ai-campaign-optimizer';
import { generateAdCopy } from '../lib/ai/ad-copy';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { on } from '../lib/http/http-function';
import { logger, metrics } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { testConnection } from './test-connection';

const log = (message: string, facts: Record<string, unknown>) => logger.info(message, facts);
const quota = () => ({
  counters: { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
  plans: { doc: dynamoDocumentClient(), table: tableName('userPlans') },
  tokens: { doc: dynamoDocumentClient(), table: tableName('aiUsage') },
});

// The routes that ask the AI: its runtime, prompts and the generation quota load with them.
export const testConnectionRoute = on(routes.aiTestConnection, () => testConnection({ runtime: aiRuntime, log }));
export const generateAdCopyRoute = on(routes.aiGenerateAdCopy, ({ user, body }) =>
  generateAdCopy(user.sub, body, {
    runtime: aiRuntime,
    quota: quota(),
    limitOverride: aiConfig().AI_DAILY_GENERATION_LIMIT,
    metrics,
    log,
  }),
);
