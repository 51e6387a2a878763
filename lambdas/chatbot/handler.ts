import { NEED_ENV } from '@shared/need-env';
import { chatbotRoutes as routes } from '@shared/function-routes/chatbot';
import { STREAM_TOKEN_HEADER } from '@shared/streaming-headers';
import * as z from 'zod';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { addTokensToDay, consumeGeneration, refundGeneration, type GenerationQuota } from '../lib/ai/generation-quota';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { kmsClient, kmsKeyArn } from '../lib/aws/kms';
import { logGraphCalls } from '../lib/meta/graph-call-log';
import { metaGraphConfig } from '../lib/meta-connection/meta-config';
import { kmsTokenCipher } from '../lib/meta-connection/token-cipher';
import { heldQuota } from '../lib/quota/plan-quota';
import { readSecret } from '../lib/secrets';
import type { MetaDeps } from '../lib/meta-session/session';
import { s3Client } from '../lib/aws/s3';
import { lazyEnv } from '../lib/env';
import { bearerToken } from '../lib/http/access-token';
import { streamFunction } from '../lib/http/stream-function';
import { logger } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { workspaceOf } from '../lib/team/workspace';
import { answerChat } from './chat';
import { cachedChatAccount, readChatAccount } from './read-account';
import { metaConnected } from './meta-connected';
import { cachedUserPoolSettings } from '../lib/streaming/user-pool-settings';
import { loadUserPoolSettings, userTokenVerifier } from '../lib/streaming/user-tokens';
import { viewerIp } from '../lib/streaming/viewer-ip';

// The pool's issuer and web client (the twin), or where the site's config.json names them (the edge stack).
const config = lazyEnv(
  z.object({
    [NEED_ENV.userTokensIssuer]: z.url().optional(),
    [NEED_ENV.userTokensClientId]: z.string().min(1).optional(),
    [NEED_ENV.userTokensWebConfig]: z.string().startsWith('s3://').optional(),
  }),
);

const userPool = cachedUserPoolSettings(
  () =>
    loadUserPoolSettings(
      {
        issuer: config()[NEED_ENV.userTokensIssuer],
        clientId: config()[NEED_ENV.userTokensClientId],
        webConfig: config()[NEED_ENV.userTokensWebConfig],
      },
      s3Client(),
    ),
  // A redeployed user pool reaches warm containers within minutes.
  { maxAgeMs: 5 * 60_000 },
);
const verifyToken = userTokenVerifier(userPool);

/**
 * Reading the connected account for the model: the token decrypted with the Meta token key (by its alias in the
 * edge stack), the Meta app secret for appsecret_proof, and the plan's ad-account places, as the dashboard takes
 * them. No Graph cache table: reads are shared within an answer and kept a few minutes in this container.
 */
let metaDeps: MetaDeps | undefined;
function chatMetaDeps(): MetaDeps {
  metaDeps ??= {
    config: metaGraphConfig(),
    doc: dynamoDocumentClient(),
    cipher: kmsTokenCipher(kmsClient(), kmsKeyArn('metaTokens')),
    metaApp: () => readSecret('metaApp'),
    now: () => new Date(),
    onGraphCall: logGraphCalls(logger),
    cache: { remember: (_user, _key, compute) => compute(), forget: async () => undefined },
    adAccountQuota: heldQuota(
      { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
      { doc: dynamoDocumentClient(), table: tableName('userPlans') },
      'connectedAdAccounts',
    ),
  };
  return metaDeps;
}
const chatAccount = cachedChatAccount((workspaceId) => readChatAccount(workspaceId, chatMetaDeps()));

const generationQuota = (): GenerationQuota => ({
  counters: { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
  plans: { doc: dynamoDocumentClient(), table: tableName('userPlans') },
  tokens: { doc: dynamoDocumentClient(), table: tableName('aiUsage') },
});

export const handler = streamFunction(routes.chat, ({ body, event }) =>
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
        (await workspaceOf(dynamoDocumentClient(), tableName('teamMemberships'), userId)).id,
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
