import { agentRoutes as routes } from '@shared/function-routes/agent';
import { STREAM_TOKEN_HEADER } from '@shared/streaming-headers';
import { agentToolWiring } from '../lib/agent/agent-tool-wiring';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { addTokensToDay, consumeGeneration, refundGeneration } from '../lib/ai/generation-quota';
import { aiGenerationQuota } from '../lib/ai/generation-quota-tables';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { bearerToken } from '../lib/http/access-token';
import { streamRoute } from '../lib/http/stream-function';
import { logger } from '../lib/observability';
import { readSecret } from '../lib/secrets';
import { edgeUserTokenVerifier } from '../lib/streaming/edge-user-tokens';
import { viewerIp } from '../lib/streaming/viewer-ip';
import { tableName } from '../lib/table-name';
import { workspaceOf } from '../lib/team/workspace';
import { requestedWorkspace } from '../lib/team/requested-workspace';
import { answerTurn } from './answer-turn';

const verifyToken = edgeUserTokenVerifier();

const table = (key: Parameters<typeof tableName>[0]) => ({ doc: dynamoDocumentClient(), table: tableName(key) });

export const agentTurnRoute = streamRoute(routes.agentTurn, ({ body, event }) =>
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
      tools: agentToolWiring(),
      generations: {
        consume: (workspaceId) =>
          consumeGeneration(aiGenerationQuota(), workspaceId, aiConfig().AI_DAILY_GENERATION_LIMIT),
        refund: (workspaceId, grant) => refundGeneration(aiGenerationQuota(), workspaceId, grant),
        addTokens: (workspaceId, grant, usage) => addTokensToDay(aiGenerationQuota(), workspaceId, grant, usage),
      },
      log: (message, facts) => logger.info(message, facts),
    },
  ),
);
