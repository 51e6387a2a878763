import { NEED_ENV } from '@shared/need-env';
import { agentRoutes as routes } from '@shared/function-routes/agent';
import { STREAM_TOKEN_HEADER } from '@shared/streaming-headers';
import * as z from 'zod';
import { openWorkspaceSession } from '../lib/agent/workspace-session';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { addTokensToDay, consumeGeneration, refundGeneration, type GenerationQuota } from '../lib/ai/generation-quota';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { s3Client } from '../lib/aws/s3';
import { lazyEnv } from '../lib/env';
import { bearerToken } from '../lib/http/access-token';
import { streamFunction } from '../lib/http/stream-function';
import { logger, metrics } from '../lib/observability';
import { readSecret } from '../lib/secrets';
import { edgeMetaDeps } from '../lib/streaming/edge-meta-deps';
import { cachedUserPoolSettings } from '../lib/streaming/user-pool-settings';
import { loadUserPoolSettings, userTokenVerifier } from '../lib/streaming/user-tokens';
import { viewerIp } from '../lib/streaming/viewer-ip';
import { tableName } from '../lib/table-name';
import { workspaceOf } from '../lib/team/workspace';
import { requestedWorkspace } from '../lib/team/requested-workspace';
import { answerTurn } from './answer-turn';

// The pool's issuer and web client (the twin), or where the site's config.json names them (the edge stack).
const config = lazyEnv(
  z.object({
    [NEED_ENV.userTokensIssuer]: z.url().optional(),
    [NEED_ENV.userTokensClientId]: z.string().min(1).optional(),
    [NEED_ENV.userTokensWebConfig]: z.string().startsWith('s3://').optional(),
  }),
);

const verifyToken = userTokenVerifier(
  cachedUserPoolSettings(
    () =>
      loadUserPoolSettings(
        {
          issuer: config()[NEED_ENV.userTokensIssuer],
          clientId: config()[NEED_ENV.userTokensClientId],
          webConfig: config()[NEED_ENV.userTokensWebConfig],
        },
        s3Client(),
      ),
    { maxAgeMs: 5 * 60_000 },
  ),
);

const generationQuota = (): GenerationQuota => ({
  counters: { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
  plans: { doc: dynamoDocumentClient(), table: tableName('userPlans') },
  tokens: { doc: dynamoDocumentClient(), table: tableName('aiUsage') },
});

const table = (key: Parameters<typeof tableName>[0]) => ({ doc: dynamoDocumentClient(), table: tableName(key) });

export const handler = streamFunction(routes.agentTurn, ({ body, event }) =>
  answerTurn(
    {
      body,
      ip: viewerIp(event.headers, event.requestContext.http.sourceIp),
      token: bearerToken(event.headers, STREAM_TOKEN_HEADER),
    },
    {
      runtime: aiRuntime,
      limits: { ...table('chatRateLimits'), addressSalt: async () => (await readSecret('chatAddressSalt')).key },
      verifyToken,
      workspaceOf: (userId) =>
        workspaceOf(
          dynamoDocumentClient(),
          tableName('workspaceMemberships'),
          userId,
          requestedWorkspace(event.headers),
        ),
      store: table('agentState'),
      tools: {
        now: () => new Date(),
        session: (workspaceId) => openWorkspaceSession(workspaceId, edgeMetaDeps()),
        recommendations: table('optimizerRecommendations'),
        rules: table('automationRules'),
        ruleRuns: table('ruleRuns'),
        // The agent lists models only: the datasets table is not among its grants.
        mmm: { doc: dynamoDocumentClient(), models: tableName('mmmModels'), datasets: '' },
        audit: table('campaignAudit'),
        adTests: table('adOptimizerTests'),
        adCopy: {
          runtime: aiRuntime,
          quota: generationQuota(),
          limitOverride: aiConfig().AI_DAILY_GENERATION_LIMIT,
          metrics,
          log: (message, facts) => logger.info(message, facts),
        },
      },
      generations: {
        consume: (workspaceId) =>
          consumeGeneration(generationQuota(), workspaceId, aiConfig().AI_DAILY_GENERATION_LIMIT),
        refund: (workspaceId, grant) => refundGeneration(generationQuota(), workspaceId, grant),
        addTokens: (workspaceId, grant, usage) => addTokensToDay(generationQuota(), workspaceId, grant, usage),
      },
      log: (message, facts) => logger.info(message, facts),
    },
  ),
);
