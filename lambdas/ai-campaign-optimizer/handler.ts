import { routes } from '@shared/routes';
import { tableEnvVar } from '@shared/tables';
import * as z from 'zod';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { lazyEnv } from '../lib/env';
import { httpFunction, on } from '../lib/http/http-function';
import { logger, metrics } from '../lib/observability';
import { generateAdCopy } from './ad-copy';
import { listAdCopy, saveAdCopy } from './ad-copy-history';
import { testConnection } from './test-connection';

const tableConfig = lazyEnv(
  z.object({ [tableEnvVar('aiUsage')]: z.string().min(1), [tableEnvVar('adCopyHistory')]: z.string().min(1) }),
);
const log = (message: string, facts: Record<string, unknown>) => logger.info(message, facts);
const quota = () => ({ doc: dynamoDocumentClient(), table: tableConfig()[tableEnvVar('aiUsage')]! });
const history = () => ({ doc: dynamoDocumentClient(), table: tableConfig()[tableEnvVar('adCopyHistory')]! });

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
