import { aiCampaignOptimizerRoutes as routes } from '@shared/function-routes/ai-campaign-optimizer';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { httpFunction, on } from '../lib/http/http-function';
import { logger, metrics } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { generateAdCopy } from '../lib/ai/ad-copy';
import { listAdCopy, saveAdCopy } from './ad-copy-history';
import { testConnection } from './test-connection';

const log = (message: string, facts: Record<string, unknown>) => logger.info(message, facts);
const quota = () => ({
  counters: { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
  plans: { doc: dynamoDocumentClient(), table: tableName('userPlans') },
  tokens: { doc: dynamoDocumentClient(), table: tableName('aiUsage') },
});
const history = () => ({ doc: dynamoDocumentClient(), table: tableName('adCopyHistory') });

export const handler = httpFunction([
  on(routes.aiTestConnection, () => testConnection({ runtime: aiRuntime, log })),
  on(routes.aiGenerateAdCopy, ({ user, body }) =>
    generateAdCopy(user.sub, body, {
      runtime: aiRuntime,
      quota: quota(),
      limitOverride: aiConfig().AI_DAILY_GENERATION_LIMIT,
      metrics,
      log,
    }),
  ),
  on(routes.aiAdCopyHistory, ({ user, query }) => listAdCopy(history(), user.sub, query)),
  on(routes.aiSaveAdCopy, ({ user, body }) => saveAdCopy(history(), user.sub, body)),
]);
