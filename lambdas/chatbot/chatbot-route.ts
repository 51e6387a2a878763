import { chatbotRoutes as routes } from '@shared/function-routes/chatbot';
import { STREAM_TOKEN_HEADER } from '@shared/streaming-headers';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { addTokensToDay, consumeGeneration, refundGeneration, type GenerationQuota } from '../lib/ai/generation-quota';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { readSecret } from '../lib/secrets';
import { bearerToken } from '../lib/http/access-token';
import { streamRoute } from '../lib/http/stream-function';
import { logger } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { workspaceOf } from '../lib/team/workspace';
import { requestedWorkspace } from '../lib/team/requested-workspace';
import { answerChat } from './chat';
import { cachedChatAccount, readChatAccount } from './read-account';
import { metaConnected } from './meta-connected';
import { edgeMetaDeps } from '../lib/streaming/edge-meta-deps';
import { edgeUserTokenVerifier } from '../lib/streaming/edge-user-tokens';
import { viewerIp } from '../lib/streaming/viewer-ip';

const verifyToken = edgeUserTokenVerifier();

const chatAccount = cachedChatAccount((workspaceId) => readChatAccount(workspaceId, edgeMetaDeps()));

const generationQuota = (): GenerationQuota => ({
  counters: { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
  plans: { doc: dynamoDocumentClient(), table: tableName('userPlans') },
  tokens: { doc: dynamoDocumentClient(), table: tableName('aiUsage') },
});

export const chatRoute = streamRoute(routes.chat, ({ body, event }) =>
  answerChat(
    // The token's own header: in front of the function URL, CloudFront's origin access control signs with
    // Authorization (shared/streaming-headers.ts).
    {
      body,
      ip: viewerIp(event.headers, event.requestContext.http.sourceIp),
      token: bearerToken(event.headers, STREAM_TOKEN_HEADER),
    },
    {
      runtime: aiRuntime,
      limits: {
        doc: dynamoDocumentClient(),
        table: tableName('chatRateLimits'),
        addressSalt: async () => (await readSecret('chatAddressSalt')).key,
      },
      verifyToken,
      workspaceOf: async (userId) =>
        (
          await workspaceOf(
            dynamoDocumentClient(),
            tableName('workspaceMemberships'),
            userId,
            requestedWorkspace(event.headers),
          )
        ).id,
      metaConnected: (workspaceId) =>
        metaConnected(dynamoDocumentClient(), tableName('userMetaConnections'), workspaceId),
      account: chatAccount,
      log: (message, facts) => logger.info(message, facts),
      generations: {
        consume: (userId) => consumeGeneration(generationQuota(), userId, aiConfig().AI_DAILY_GENERATION_LIMIT),
        refund: (userId, grant) => refundGeneration(generationQuota(), userId, grant),
        addTokens: (userId, grant, usage) => addTokensToDay(generationQuota(), userId, grant, usage),
      },
    },
  ),
);
