import { DEFAULT_SLACK_CLICKS, type SlackClickMode } from '@shared/slack-clicks';
import { bucketEnvVar, type BucketKey } from '@shared/buckets';
import { EVENT_BUS_BASE_NAME } from '@shared/events';
import { jobQueueEnvVar, type JobQueueKey } from '@shared/job-queues';
import { kmsAliasName, kmsKeyEnvVar, kmsKeys, type KmsKeyName } from '@shared/kms-keys';
import { NEED_ENV, type FunctionName, type FunctionNeeds, type NeedKind } from '@shared/functions';
import { grantedNeeds } from '@shared/granted-needs';
import { METRICS_NAMESPACE, physicalFunctionName, physicalTableName, stageNamePrefix } from '@shared/physical-names';
import { apiGatewayFunctionNames } from '@shared/routes';
import { secretEnvVar, secrets } from '@shared/secrets';
import { tableEnvVar, tables, type TableKey } from '@shared/tables';

/** Any credentials do locally; the SDK refuses to sign without some. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/**
 * Each function signs with its own access key, as each Lambda has its own role: the twin's DynamoDB gate
 * (dynamodb/iam-gate.ts) knows whose request it checks from it.
 */
const FUNCTION_KEY_PREFIX = 'twin-fn-';
export const functionAccessKeyId = (fn: string): string => `${FUNCTION_KEY_PREFIX}${fn}`;
export const functionOfAccessKey = (accessKeyId: string): string | undefined =>
  accessKeyId.startsWith(FUNCTION_KEY_PREFIX) ? accessKeyId.slice(FUNCTION_KEY_PREFIX.length) : undefined;
/** Every key the twin's services accept: its own and each function's (the same secret). */
export function twinCredentials(fns: readonly string[]): { accessKeyId: string; secretAccessKey: string }[] {
  return [
    { ...LOCAL_CREDENTIALS },
    ...fns.map((fn) => ({ accessKeyId: functionAccessKeyId(fn), secretAccessKey: LOCAL_CREDENTIALS.secretAccessKey })),
  ];
}

export const LOCAL_STAGE = 'local';
export const LOCAL_NAME_PREFIX = stageNamePrefix(LOCAL_STAGE);
export const LOCAL_EVENT_BUS_NAME = `${EVENT_BUS_BASE_NAME}-${LOCAL_STAGE}`;
/** The one sender the twin's SES stand-in (the mailbox) accepts. */
export const LOCAL_EMAIL_FROM = 'noreply@adsmith.local';

/** The physical table name, as the stack names it. */
export function localTableName(key: TableKey): string {
  return physicalTableName(LOCAL_NAME_PREFIX, tables[key]);
}

/** Every key of the KMS keys table as the local KMS names it. */
export function localKmsAliases(): Record<KmsKeyName, string> {
  return Object.fromEntries(
    (Object.keys(kmsKeys) as KmsKeyName[]).map((key) => [key, kmsAliasName(LOCAL_NAME_PREFIX, key)]),
  ) as Record<KmsKeyName, string>;
}

/** Where the twin's services listen, and the values the stacks would hand to functions. */
export interface LocalResources {
  region: string;
  dynamodbUrl: string;
  secretsManagerUrl: string;
  eventBridgeUrl: string;
  cognitoUrl: string;
  userPoolId: string;
  /** The tokens' issuer (the Cognito front's URL + pool id) and the web app client, for functions that verify tokens. */
  userPoolIssuer?: string;
  userPoolClientId?: string;
  siteUrl: string;
  /** Where button clicks go (shared/slack-clicks.ts); unset: the product's default. */
  slackClicks?: SlackClickMode;
  /** The Meta sandbox, when it runs. */
  metaUrl?: string;
  /** The Stripe stand-in. */
  stripeUrl?: string;
  /** The local KMS and each key's ARN in it. */
  kmsUrl: string;
  kmsKeyArns: Record<KmsKeyName, string>;
  /** The local SQS and each job queue's URL in it. */
  sqsUrl?: string;
  jobQueueUrls?: Partial<Record<JobQueueKey, string>>;
  /** The local S3 (path-style) and each bucket's physical name in it. */
  s3Url?: string;
  bucketNames?: Partial<Record<BucketKey, string>>;
  /** SES v2 (SendEmail), answered by the dev mailbox. */
  sesUrl?: string;
  /** Owners of paid workspaces need authenticator-app MFA on routes that move money. @default false */
  mfaForPaidOwners?: boolean;
  /** The AI model functions call: the offline demo model, another OpenAI-compatible server, or OpenAI. */
  ai?: { offline: boolean; baseUrl?: string; dailyGenerationLimit?: string };
}

/**
 * One line per kind of need of shared/functions.ts: the env var(s) CDK's binder sets, with
 * the twin's value. A new field in FunctionNeeds does not compile until it has its line here.
 */
const localNeedEnvironment: {
  [K in NeedKind]-?: (need: NonNullable<FunctionNeeds[K]>, local: LocalResources) => Partial<Record<string, string>>;
} = {
  tables: (needs) =>
    Object.fromEntries(
      Object.keys(needs).map((key) => [tableEnvVar(key as TableKey), localTableName(key as TableKey)]),
    ),
  // Locally a secret's id is its name (the twin's Secrets Manager takes either).
  secrets: (keys) => Object.fromEntries(keys.map((key) => [secretEnvVar(key), secrets[key].name])),
  kmsKeys: (keys, local) =>
    Object.fromEntries(
      Object.keys(keys).map((key) => [kmsKeyEnvVar(key as KmsKeyName), local.kmsKeyArns[key as KmsKeyName]]),
    ),
  eventBus: (wanted) => (wanted ? { [NEED_ENV.eventBus]: LOCAL_EVENT_BUS_NAME } : {}),
  userPool: (actions, local) => (actions.length > 0 ? { [NEED_ENV.userPool]: local.userPoolId } : {}),
  userTokens: (wanted, local) => {
    if (!wanted) return {};
    if (!local.userPoolIssuer || !local.userPoolClientId)
      throw new Error('userTokens needs the pool issuer and client id');
    return { [NEED_ENV.userTokensIssuer]: local.userPoolIssuer, [NEED_ENV.userTokensClientId]: local.userPoolClientId };
  },
  siteUrl: (wanted, local) => (wanted ? { [NEED_ENV.siteUrl]: local.siteUrl } : {}),
  slackClicks: (wanted, local) => (wanted ? { [NEED_ENV.slackClicks]: local.slackClicks ?? DEFAULT_SLACK_CLICKS } : {}),
  ai: (wanted, local) =>
    wanted
      ? {
          [NEED_ENV.aiOfflineModel]: String(local.ai?.offline ?? false),
          ...(local.ai?.baseUrl ? { [NEED_ENV.aiBaseUrl]: local.ai.baseUrl } : {}),
          ...(local.ai?.dailyGenerationLimit
            ? { [NEED_ENV.aiDailyGenerationLimit]: local.ai.dailyGenerationLimit }
            : {}),
        }
      : {},
  aiLimitOverride: (wanted, local) =>
    wanted && local.ai?.dailyGenerationLimit
      ? { [NEED_ENV.aiDailyGenerationLimit]: local.ai.dailyGenerationLimit }
      : {},
  buckets: (needs, local) =>
    Object.fromEntries(
      Object.keys(needs).map((key) => {
        const name = local.bucketNames?.[key as BucketKey];
        if (!name) throw new Error(`bucket ${key} is not served by the twin's S3`);
        return [bucketEnvVar(key as BucketKey), name];
      }),
    ),
  sendsJobs: (keys, local) =>
    Object.fromEntries(
      keys.flatMap((key) => (local.jobQueueUrls?.[key] ? [[jobQueueEnvVar(key), local.jobQueueUrls[key]]] : [])),
    ),
  // No variable: the twin's tick invokes the function at the declared rate.
  schedule: () => ({}),
  // The twin's mailbox answers SES v2's SendEmail and accepts only this sender (as SES only a verified identity).
  email: (wanted) => (wanted ? { [NEED_ENV.emailFrom]: LOCAL_EMAIL_FROM } : {}),
  strongSignIn: (wanted, local) =>
    wanted ? { [NEED_ENV.strongSignIn]: local.mfaForPaidOwners ? 'required' : 'optional' } : {},
};

/** The variables a function's entry declares, and nothing else. */
export function declaredEnvironment(needs: FunctionNeeds, local: LocalResources): Record<string, string> {
  const env: Record<string, string> = {};
  for (const kind of Object.keys(localNeedEnvironment) as NeedKind[]) {
    const need = needs[kind];
    if (need === undefined) continue;
    Object.assign(env, (localNeedEnvironment[kind] as (n: typeof need, l: LocalResources) => object)(need, local));
  }
  return env;
}

/**
 * What Lambda and the stack give every function whatever it declares: region, credentials,
 * Powertools settings, the function's own name; plus, locally, the standard SDK endpoint
 * variables that send AWS calls to the twin (AWS itself needs no such variables) and the
 * Meta sandbox's URLs in place of Meta's.
 */
export function baseEnvironment(fn: string, local: LocalResources): Record<string, string> {
  const functionName = physicalFunctionName(LOCAL_NAME_PREFIX, fn);
  const env: Record<string, string> = {
    AWS_REGION: local.region,
    AWS_DEFAULT_REGION: local.region,
    AWS_ACCESS_KEY_ID: functionAccessKeyId(fn),
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_LAMBDA_FUNCTION_NAME: functionName,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${functionName}`,
    AWS_ENDPOINT_URL_DYNAMODB: local.dynamodbUrl,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: local.secretsManagerUrl,
    AWS_ENDPOINT_URL_EVENTBRIDGE: local.eventBridgeUrl,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: local.cognitoUrl,
    AWS_ENDPOINT_URL_KMS: local.kmsUrl,
    ...(local.sqsUrl ? { AWS_ENDPOINT_URL_SQS: local.sqsUrl } : {}),
    ...(local.s3Url ? { AWS_ENDPOINT_URL_S3: local.s3Url } : {}),
    ...(local.sesUrl ? { AWS_ENDPOINT_URL_SESV2: local.sesUrl } : {}),
    // The SDK warns that Node 20 support ends in 2027; functions run on Node 22 in AWS, so here it is noise.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    POWERTOOLS_SERVICE_NAME: fn,
    POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
    // No X-Ray daemon and no CloudWatch here: keep the tracer quiet and metrics off stdout.
    POWERTOOLS_TRACE_ENABLED: 'false',
    POWERTOOLS_METRICS_DISABLED: 'true',
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
  };
  if (local.metaUrl) {
    env.META_GRAPH_BASE_URL = local.metaUrl;
    env.META_DIALOG_BASE_URL = local.metaUrl;
  }
  if (local.stripeUrl) env.STRIPE_API_BASE_URL = local.stripeUrl;
  return env;
}

/**
 * A function's whole environment in the twin: the base plus exactly the needs CDK grants it (its entry and the
 * membership lookup its routes imply, shared/granted-needs.ts), plus the origin-verify secret for a
 * function behind the HTTP API (as the stateless stack binds it).
 */
export function functionEnvironment(fn: FunctionName, local: LocalResources): Record<string, string> {
  const behindApi = (apiGatewayFunctionNames() as string[]).includes(fn);
  return {
    ...baseEnvironment(fn, local),
    ...declaredEnvironment(grantedNeeds(fn), local),
    ...(behindApi ? { [secretEnvVar('originVerify')]: secrets.originVerify.name } : {}),
  };
}
