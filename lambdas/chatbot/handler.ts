import { GetObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { NEED_ENV } from '@shared/functions';
import { routes } from '@shared/routes';
import { STREAM_TOKEN_HEADER } from '@shared/streaming-headers';
import { tableEnvVar } from '@shared/tables';
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
import { accessTokenVerifier, bearerToken } from '../lib/http/access-token';
import { streamFunction } from '../lib/http/stream-function';
import { logger } from '../lib/observability';
import { workspaceOf } from '../lib/team/workspace';
import { answerChat } from './chat';
import { cachedChatAccount, readChatAccount } from './read-account';
import {
  cachedUserPoolSettings,
  parseS3Location,
  userPoolSettingsFromWebConfig,
  type UserPoolSettings,
} from './user-pool-settings';
import { viewerIp } from './viewer-ip';

const config = lazyEnv(
  z.object({
    [tableEnvVar('chatRateLimits')]: z.string().min(1),
    [tableEnvVar('userMetaConnections')]: z.string().min(1),
    [tableEnvVar('quotaUsage')]: z.string().min(1),
    [tableEnvVar('userPlans')]: z.string().min(1),
    [tableEnvVar('aiUsage')]: z.string().min(1),
    [tableEnvVar('teamMemberships')]: z.string().min(1),
    // The pool's issuer and web client (the twin), or where the site's config.json names them (the edge stack).
    [NEED_ENV.userTokensIssuer]: z.url().optional(),
    [NEED_ENV.userTokensClientId]: z.string().min(1).optional(),
    [NEED_ENV.userTokensWebConfig]: z.string().startsWith('s3://').optional(),
  }),
);

async function readWebConfig(location: string): Promise<UserPoolSettings> {
  const reply = await s3Client().send(new GetObjectCommand(parseS3Location(location)));
  return userPoolSettingsFromWebConfig(await reply.Body!.transformToString());
}

const userPool = cachedUserPoolSettings(
  async () => {
    const env = config();
    const [issuer, clientId] = [env[NEED_ENV.userTokensIssuer], env[NEED_ENV.userTokensClientId]];
    if (issuer && clientId) return { issuer, clientId };
    const location = env[NEED_ENV.userTokensWebConfig];
    if (!location)
      throw new Error(
        `Set ${NEED_ENV.userTokensIssuer} and ${NEED_ENV.userTokensClientId}, or ${NEED_ENV.userTokensWebConfig}`,
      );
    return readWebConfig(location);
  },
  // A redeployed user pool reaches warm containers within minutes.
  { maxAgeMs: 5 * 60_000 },
);
let verifier: { for: UserPoolSettings; verify: ReturnType<typeof accessTokenVerifier> } | undefined;
async function verifyToken(token: string) {
  const settings = await userPool();
  if (verifier?.for !== settings) verifier = { for: settings, verify: accessTokenVerifier(settings) };
  return verifier.verify(token);
}

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
      { doc: dynamoDocumentClient(), table: config()[tableEnvVar('quotaUsage')]! },
      { doc: dynamoDocumentClient(), table: config()[tableEnvVar('userPlans')]! },
      'connectedAdAccounts',
    ),
  };
  return metaDeps;
}
const chatAccount = cachedChatAccount((workspaceId) => readChatAccount(workspaceId, chatMetaDeps()));

const generationQuota = (): GenerationQuota => ({
  counters: { doc: dynamoDocumentClient(), table: config()[tableEnvVar('quotaUsage')]! },
  plans: { doc: dynamoDocumentClient(), table: config()[tableEnvVar('userPlans')]! },
  tokens: { doc: dynamoDocumentClient(), table: config()[tableEnvVar('aiUsage')]! },
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
      limits: { doc: dynamoDocumentClient(), table: config()[tableEnvVar('chatRateLimits')]! },
      verifyToken,
      workspaceOf: async (userId) =>
        (await workspaceOf(dynamoDocumentClient(), config()[tableEnvVar('teamMemberships')]!, userId)).id,
      metaConnected,
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
