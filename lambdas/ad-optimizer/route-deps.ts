import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { aiGenerationQuota } from '../lib/ai/generation-quota-tables';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { approvalOf } from '../lib/meta-session/handler-deps';
import type { MetaSession } from '../lib/meta-session/session';
import { logger, metrics } from '../lib/observability';
import { tableName } from '../lib/table-name';

/** What the ad optimizer's routes (route-*.ts, each loaded on its first request) are wired with. */
export const store = () => ({ doc: dynamoDocumentClient(), table: tableName('adOptimizerTests') });

export const adCopyDeps = () => ({
  runtime: aiRuntime,
  quota: aiGenerationQuota(),
  limitOverride: aiConfig().AI_DAILY_GENERATION_LIMIT,
  metrics,
  log: (message: string, facts: Record<string, unknown>) => logger.info(message, facts),
});

export const elements = () => ({ doc: dynamoDocumentClient(), table: tableName('creativeElements') });
export const languages = () => ({ doc: dynamoDocumentClient(), table: tableName('graphicsItems') });

export const abTestDeps = (session: MetaSession) => ({
  store: store(),
  elements: elements(),
  ...approvalOf(session, 'That ad is not part of your Meta connection.'),
});
