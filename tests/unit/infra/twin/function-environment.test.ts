import { describe, expect, it } from 'vitest';
import { functionEnvironment, localTableName } from '@infra/twin/function-environment';
import { localWebConfig } from '@infra/twin/web/web-config-file';
import { functionDeclaration, functionNames } from '@shared/functions';
import { METRICS_NAMESPACE } from '@shared/physical-names';
import { apiGatewayFunctionNames, workspaceFunctionNames } from '@shared/routes';
import { secretEnvVar, secrets } from '@shared/secrets';
import { tableEnvVar, type TableKey } from '@shared/tables';

describe('functionEnvironment', () => {
  const local = {
    region: 'us-east-1',
    dynamodbUrl: 'http://127.0.0.1:8000',
    secretsManagerUrl: 'http://127.0.0.1:3003',
    eventBridgeUrl: 'http://127.0.0.1:3004',
    cognitoUrl: 'http://127.0.0.1:9229',
    userPoolId: 'local_x',
    userPoolIssuer: 'http://127.0.0.1:9229/local_x',
    userPoolClientId: 'client-1',
    siteUrl: 'http://127.0.0.1:5173',
    kmsUrl: 'http://127.0.0.1:3009',
    kmsKeyArns: { metaTokens: 'arn:aws:kms:us-east-1:000000000000:key/k-1' },
    s3Url: 'http://127.0.0.1:3010',
    bucketNames: { assets: 'adsmith-local-assets', customerLists: 'adsmith-local-customer-lists' },
  };

  it('names a bucket and the local S3 endpoint only for functions that declare it', () => {
    expect(functionEnvironment('graphics', local)).toMatchObject({
      BUCKET_ASSETS: 'adsmith-local-assets',
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:3010',
    });
    expect(functionEnvironment('health', local)).not.toHaveProperty('BUCKET_ASSETS');
  });

  it('gives each function exactly the tables and secrets its entry declares', () => {
    for (const fn of functionNames()) {
      const env = functionEnvironment(fn, local);
      const declaration = functionDeclaration(fn);
      const tableVars = Object.keys(env).filter((k) => k.startsWith('TABLE_'));
      // Plus the memberships table for a function serving signed-in routes keyed by the workspace.
      const resolvesWorkspace = (workspaceFunctionNames() as string[]).includes(fn);
      expect(tableVars.sort(), fn).toEqual(
        [
          ...new Set([
            ...(Object.keys(declaration.tables ?? {}) as TableKey[]).map((key) => tableEnvVar(key)),
            ...(resolvesWorkspace ? [tableEnvVar('workspaceMemberships')] : []),
          ]),
        ].sort(),
      );
      for (const key of Object.keys(declaration.tables ?? {}) as TableKey[]) {
        expect(env[tableEnvVar(key)]).toBe(localTableName(key));
      }
      // A function behind the HTTP API also reads the origin-verify secret, as the stateless stack binds it.
      const read = [
        ...(declaration.secrets ?? []),
        ...((apiGatewayFunctionNames() as string[]).includes(fn) ? (['originVerify'] as const) : []),
      ];
      const secretVars = Object.keys(env).filter((k) => k.startsWith('SECRET_'));
      expect(secretVars.sort(), fn).toEqual(read.map((key) => secretEnvVar(key)).sort());
      for (const key of read) expect(env[secretEnvVar(key)]).toBe(secrets[key].name);
    }
  });

  it('names the bus, the pool and the site only for functions that declare them', () => {
    expect(functionEnvironment('health', local)).not.toHaveProperty('USER_POOL_ID');
    expect(functionEnvironment('health', local)).not.toHaveProperty('EVENT_BUS_NAME');
    expect(functionEnvironment('health', local)).not.toHaveProperty('SITE_URL');
    expect(functionEnvironment('account', local)).toMatchObject({ USER_POOL_ID: 'local_x' });
    expect(functionEnvironment('auth-post-confirmation', local)).toMatchObject({ EVENT_BUS_NAME: 'adsmith-local' });
    expect(functionEnvironment('secure-meta-api', local)).toMatchObject({ SITE_URL: 'http://127.0.0.1:5173' });
  });

  it("gives the Meta token key's ARN only to the functions that declare it", () => {
    const arn = 'arn:aws:kms:us-east-1:000000000000:key/k-1';
    expect(functionEnvironment('secure-meta-api', local)).toMatchObject({ KMS_KEY_META_TOKENS: arn });
    expect(functionEnvironment('meta-oauth-callback', local)).toMatchObject({ KMS_KEY_META_TOKENS: arn });
    expect(functionEnvironment('account', local)).not.toHaveProperty('KMS_KEY_META_TOKENS');
    expect(functionEnvironment('health', local)).not.toHaveProperty('KMS_KEY_META_TOKENS');
  });

  it('points the SDK at the twin through the standard endpoint variables, and names the function', () => {
    expect(functionEnvironment('account', local)).toMatchObject({
      AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8000',
      AWS_ENDPOINT_URL_SECRETS_MANAGER: 'http://127.0.0.1:3003',
      AWS_ENDPOINT_URL_EVENTBRIDGE: 'http://127.0.0.1:3004',
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: 'http://127.0.0.1:9229',
      AWS_ENDPOINT_URL_KMS: 'http://127.0.0.1:3009',
      AWS_LAMBDA_FUNCTION_NAME: 'adsmith-local-account',
      POWERTOOLS_SERVICE_NAME: 'account',
      POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
    });
  });

  it('carries nothing of the twin process environment', () => {
    process.env.ADSMITH_TEST_LEAK = 'leak';
    try {
      expect(functionEnvironment('account', local)).not.toHaveProperty('ADSMITH_TEST_LEAK');
      expect(functionEnvironment('account', local)).not.toHaveProperty('PATH');
    } finally {
      delete process.env.ADSMITH_TEST_LEAK;
    }
  });

  it('sets the Meta URLs only when the sandbox runs', () => {
    expect(functionEnvironment('secure-meta-api', local)).not.toHaveProperty('META_GRAPH_BASE_URL');
    expect(functionEnvironment('secure-meta-api', { ...local, metaUrl: 'http://127.0.0.1:3005' })).toMatchObject({
      META_GRAPH_BASE_URL: 'http://127.0.0.1:3005',
    });
  });
});

it('localWebConfig is a valid runtime config for the twin', () => {
  expect(
    localWebConfig({
      region: 'us-east-1',
      userPoolId: 'local_x',
      userPoolClientId: 'c',
      signUpClientId: 's',
      cognitoUrl: 'http://127.0.0.1:9229',
      offlineModel: true,
      openaiBaseUrl: 'http://127.0.0.1:3006/v1',
    }),
  ).toEqual({
    stage: 'local',
    region: 'us-east-1',
    userPoolId: 'local_x',
    userPoolClientId: 'c',
    signUpClientId: 's',
    userPoolEndpoint: 'http://127.0.0.1:9229',
    authFlowType: 'USER_PASSWORD_AUTH',
    apiBaseUrl: '/api',
    offlineModel: true,
    openaiBaseUrl: 'http://127.0.0.1:3006/v1',
  });
});

it('localWebConfig sends own-key completions to api.openai.com when the twin uses a real key', () => {
  const config = localWebConfig({
    region: 'us-east-1',
    userPoolId: 'local_x',
    userPoolClientId: 'c',
    signUpClientId: 's',
    cognitoUrl: 'http://127.0.0.1:9229',
    offlineModel: false,
  });
  expect(config.offlineModel).toBe(false);
  expect(config.openaiBaseUrl).toBe('https://api.openai.com/v1');
});
