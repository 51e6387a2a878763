import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { NEED_ENV } from '@shared/functions';
import { routes } from '@shared/routes';
import { STREAM_TOKEN_HEADER } from '@shared/streaming-headers';
import { tableEnvVar } from '@shared/tables';
import * as z from 'zod';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { addTokensToDay, consumeGeneration, refundGeneration, type GenerationQuota } from '../lib/ai/generation-quota';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { lazyEnv } from '../lib/env';
import { accessTokenVerifier, bearerToken } from '../lib/http/access-token';
import { streamFunction } from '../lib/http/stream-function';
import { logger } from '../lib/observability';
import { answerChat } from './chat';

const config = lazyEnv(
  z.object({
    [tableEnvVar('chatRateLimits')]: z.string().min(1),
    [tableEnvVar('userMetaConnections')]: z.string().min(1),
    [tableEnvVar('quotaUsage')]: z.string().min(1),
    [tableEnvVar('userPlans')]: z.string().min(1),
    [tableEnvVar('aiUsage')]: z.string().min(1),
    [NEED_ENV.userTokensIssuer]: z.url(),
    [NEED_ENV.userTokensClientId]: z.string().min(1),
  }),
);
let verifier: ReturnType<typeof accessTokenVerifier> | undefined;
const verifyToken = (token: string) =>
  (verifier ??= accessTokenVerifier({
    issuer: config()[NEED_ENV.userTokensIssuer]!,
    clientId: config()[NEED_ENV.userTokensClientId]!,
  }))(token);

async function metaConnected(userId: string): Promise<boolean> {
  const reply = await dynamoDocumentClient().send(
    new GetCommand({
      TableName: config()[tableEnvVar('userMetaConnections')]!,
      Key: { user_id: userId },
      // Whether a connection exists (a disconnect leaves a row without one), nothing of the token itself.
      ProjectionExpression: 'meta_user_id',
    }),
  );
  return reply.Item?.meta_user_id !== undefined;
}

const generationQuota = (): GenerationQuota => ({
  counters: { doc: dynamoDocumentClient(), table: config()[tableEnvVar('quotaUsage')]! },
  plans: { doc: dynamoDocumentClient(), table: config()[tableEnvVar('userPlans')]! },
  tokens: { doc: dynamoDocumentClient(), table: config()[tableEnvVar('aiUsage')]! },
});

export const handler = streamFunction(routes.chat, ({ body, event }) =>
  answerChat(
    // The token's own header: in front of the function URL, CloudFront's origin access control signs with
    // Authorization (shared/streaming-headers.ts).
    { body, ip: event.requestContext.http.sourceIp, token: bearerToken(event.headers, STREAM_TOKEN_HEADER) },
    {
      runtime: aiRuntime,
      limits: { doc: dynamoDocumentClient(), table: config()[tableEnvVar('chatRateLimits')]! },
      verifyToken,
      metaConnected,
      log: (message, facts) => logger.info(message, facts),
      generations: {
        consume: (userId) => consumeGeneration(generationQuota(), userId, aiConfig().AI_DAILY_GENERATION_LIMIT),
        refund: (userId, grant) => refundGeneration(generationQuota(), userId, grant),
        addTokens: (userId, grant, usage) => addTokensToDay(generationQuota(), userId, grant, usage),
      },
    },
  ),
);
