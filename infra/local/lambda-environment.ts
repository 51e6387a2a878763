import { EVENT_BUS_BASE_NAME } from '@shared/events';
import { secretEnvVar, secrets, type SecretKey } from '@shared/secrets';
import { tableEnvVar, tables, type TableKey } from '@shared/tables';

/** Any credentials do locally; the SDK refuses to sign without some. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

export const LOCAL_STAGE = 'local';
export const LOCAL_EVENT_BUS_NAME = `${EVENT_BUS_BASE_NAME}-${LOCAL_STAGE}`;

/** The physical table name, as the stack names it: prefix plus the table's logical name. */
export function localTableName(key: TableKey): string {
  return `adsmith-${LOCAL_STAGE}-${tables[key].name}`;
}

export interface LambdaEnvironmentInputs {
  region: string;
  dynamodbUrl: string;
  secretsManagerUrl: string;
  eventBridgeUrl: string;
  cognitoUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  siteUrl: string;
  metaUrl?: string;
}

/**
 * The environment every function gets, as the stack sets it in AWS, with the SDK's
 * endpoint variables pointing at the twin. Functions read config only from here.
 */
export function lambdaEnvironment(inputs: LambdaEnvironmentInputs): Record<string, string> {
  const env: Record<string, string> = {
    AWS_REGION: inputs.region,
    AWS_DEFAULT_REGION: inputs.region,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: inputs.dynamodbUrl,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: inputs.secretsManagerUrl,
    AWS_ENDPOINT_URL_EVENTBRIDGE: inputs.eventBridgeUrl,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: inputs.cognitoUrl,
    EVENT_BUS_NAME: LOCAL_EVENT_BUS_NAME,
    USER_POOL_ID: inputs.userPoolId,
    USER_POOL_CLIENT_ID: inputs.userPoolClientId,
    SITE_URL: inputs.siteUrl,
    STAGE: LOCAL_STAGE,
    POWERTOOLS_SERVICE_NAME: 'adsmith',
    POWERTOOLS_METRICS_NAMESPACE: 'Adsmith',
    // No X-Ray daemon and no CloudWatch here: keep the tracer quiet and metrics off stdout.
    POWERTOOLS_TRACE_ENABLED: 'false',
    POWERTOOLS_METRICS_DISABLED: 'true',
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
  };
  for (const key of Object.keys(tables) as TableKey[]) env[tableEnvVar(key)] = localTableName(key);
  // Locally a secret's id is its name.
  for (const key of Object.keys(secrets) as SecretKey[]) env[secretEnvVar(key)] = secrets[key].name;
  if (inputs.metaUrl) {
    env.META_GRAPH_BASE_URL = inputs.metaUrl;
    env.META_DIALOG_BASE_URL = inputs.metaUrl;
  }
  return env;
}
