import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFunctionNames, edgeFunctionNames, functionDeclaration, NEED_ENV } from '@shared/functions';
import { routes } from '@shared/routes';
import { kmsKeyEnvVar } from '@shared/kms-keys';
import { secretEnvVar } from '@shared/secrets';
import { tableEnvVar, type TableKey } from '@shared/tables';
import { buildApp, resourcesOf, type BuiltApp, type CfnJson } from './support/build-app';
import { allowedActions, functionEnv, functionNamed, onlyLogicalId, roleStatements } from './support/template-queries';

/**
 * The chatbot streams through CloudFront (issue 10 point 5): its function lives in the edge stack with the
 * distribution, its URL takes only requests CloudFront signs (origin access control), and nothing in the edge
 * stack refers to a stack deployed after it.
 */
describe('edge functions: /api/chat behind CloudFront', () => {
  let built: BuiltApp;
  let edge: Template;
  const chat = `adsmith-dev-${routes.chat.fn}`;
  const distributionConfig = () =>
    (resourcesOf(edge, 'AWS::CloudFront::Distribution') as [[string, CfnJson]])[0][1].Properties.DistributionConfig;

  beforeAll(() => {
    built = buildApp();
    edge = built.templates.edge;
  });
  afterAll(() => built?.cleanup());

  it('deploys the edge entries of the functions table in the edge stack, and the streaming routes’ functions are among them', () => {
    expect(edgeFunctionNames()).toContain(routes.chat.fn);
    for (const fn of edgeFunctionNames()) {
      expect(functionNamed(edge, `adsmith-dev-${fn}`)).toBeDefined();
      expect(() => functionNamed(built.templates.stateless, `adsmith-dev-${fn}`)).toThrow();
    }
    for (const route of Object.values(routes)) {
      if ('stream' in route && route.stream) expect(functionDeclaration(route.fn).edge, route.path).toBe(true);
    }
  });

  it('gives the chat function a URL that only signed requests reach: AuthType AWS_IAM, streaming, no CORS', () => {
    const [functionId] = functionNamed(edge, chat);
    const [[, url]] = resourcesOf(edge, 'AWS::Lambda::Url') as [[string, CfnJson]];
    expect(url.Properties).toEqual({
      AuthType: 'AWS_IAM',
      InvokeMode: 'RESPONSE_STREAM',
      TargetFunctionArn: { 'Fn::GetAtt': [functionId, 'Arn'] },
    });
  });

  it('signs every request to each streaming route with a Lambda origin access control (SigV4, always)', () => {
    const oacs = resourcesOf(edge, 'AWS::CloudFront::OriginAccessControl')
      .map(([id, r]) => [id, r.Properties.OriginAccessControlConfig] as const)
      .filter(([, config]) => config.OriginAccessControlOriginType === 'lambda');
    const streaming = Object.values(routes).filter((route) => 'stream' in route && route.stream);
    // One per streaming function's URL (the chat, the agent).
    expect(oacs).toHaveLength(streaming.length);
    for (const [, config] of oacs)
      expect(config).toMatchObject({ SigningBehavior: 'always', SigningProtocol: 'sigv4' });
    const urlIds = resourcesOf(edge, 'AWS::Lambda::Url').map(([id]) => id);
    const config = distributionConfig();
    for (const route of streaming) {
      const behaviour = config.CacheBehaviors.find((b: CfnJson) => b.PathPattern === route.path);
      const origin = config.Origins.find((o: CfnJson) => o.Id === behaviour.TargetOriginId);
      expect(oacs.map(([id]) => ({ 'Fn::GetAtt': [id, 'Id'] }))).toContainEqual(origin.OriginAccessControlId);
      expect(urlIds.some((id) => JSON.stringify(origin.DomainName).includes(id))).toBe(true);
      // The URL's host is its own, not the site's: no origin header pretends otherwise.
      expect(origin.OriginCustomHeaders).toBeUndefined();
    }
  });

  it('lets CloudFront, for this distribution only, invoke the function through its URL', () => {
    const distributionId = onlyLogicalId(edge, 'AWS::CloudFront::Distribution');
    const [urlId] = (resourcesOf(edge, 'AWS::Lambda::Url') as [[string, CfnJson]])[0];
    const permissions = resourcesOf(edge, 'AWS::Lambda::Permission').filter(([, p]) =>
      JSON.stringify(p.Properties.FunctionName).includes(urlId),
    );
    expect(permissions.map(([, p]) => p.Properties.Action).sort()).toEqual([
      'lambda:InvokeFunction',
      'lambda:InvokeFunctionUrl',
    ]);
    for (const [, permission] of permissions) {
      expect(permission.Properties.Principal).toBe('cloudfront.amazonaws.com');
      expect(JSON.stringify(permission.Properties.SourceArn)).toContain(distributionId);
    }
  });

  it('serves POST /api/chat from the URL ahead of /api/*, uncached, uncompressed, forwarding what the function reads and never Host', () => {
    const behaviours = distributionConfig().CacheBehaviors as CfnJson[];
    const chatIndex = behaviours.findIndex((b) => b.PathPattern === routes.chat.path);
    expect(chatIndex).toBeGreaterThanOrEqual(0);
    expect(chatIndex).toBeLessThan(behaviours.findIndex((b) => b.PathPattern === '/api/*'));
    const behaviour = behaviours[chatIndex]!;
    expect(behaviour).toMatchObject({
      ViewerProtocolPolicy: 'https-only',
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      Compress: false,
      AllowedMethods: expect.arrayContaining(['POST']),
      ResponseHeadersPolicyId: { Ref: onlyLogicalId(edge, 'AWS::CloudFront::ResponseHeadersPolicy') },
    });
    const policyId = behaviour.OriginRequestPolicyId.Ref as string;
    const policy = edge.findResources('AWS::CloudFront::OriginRequestPolicy')[policyId]!;
    const config = policy.Properties.OriginRequestPolicyConfig;
    expect(config.HeadersConfig.HeaderBehavior).toBe('whitelist');
    expect([...config.HeadersConfig.Headers].sort()).toEqual(
      // The chat resolves the workspace the person works in from X-Adsmith-Workspace, as every signed-in route does.
      [
        'cloudfront-viewer-address',
        'content-type',
        'x-adsmith-authorization',
        'x-adsmith-workspace',
        'x-amz-content-sha256',
      ].sort(),
    );
    expect(config.CookiesConfig.CookieBehavior).toBe('none');
    expect(config.QueryStringsConfig.QueryStringBehavior).toBe('none');
  });

  it('allows no lambda-url host in the CSP: the browser talks to its own origin', () => {
    const [[, policy]] = resourcesOf(edge, 'AWS::CloudFront::ResponseHeadersPolicy') as [[string, CfnJson]];
    const csp = JSON.stringify(policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig);
    expect(csp).not.toContain('lambda-url');
    expect(built.stacks.stateless.webContent.webConfig).not.toHaveProperty('chatUrl');
  });

  it('refers to no later stack: no import, tables and secret by name, the data key by alias, the pool from config.json', () => {
    expect(JSON.stringify(edge.toJSON())).not.toContain('Fn::ImportValue');
    const needs = functionDeclaration(routes.chat.fn);
    const env = functionEnv(edge, chat);
    for (const key of Object.keys(needs.tables ?? {}) as TableKey[]) {
      expect(env[tableEnvVar(key)], key).toMatch(/^adsmith-dev-/);
    }
    expect(env[secretEnvVar('openai')]).toBe('adsmith/dev/openai');
    expect(env[NEED_ENV.userTokensIssuer]).toBeUndefined();
    expect(JSON.stringify(env[NEED_ENV.userTokensWebConfig])).toMatch(/^\{"Fn::Join":\["",\["s3:\/\/adsmith-dev-site-/);
    expect(JSON.stringify(env[NEED_ENV.userTokensWebConfig])).toMatch(/\/config\.json"\]\]\}$/);
  });

  it('grants the chat function exactly its entry’s actions, each on what it names', () => {
    const needs = functionDeclaration(routes.chat.fn);
    const tableActions = Object.values(needs.tables ?? {}).flatMap((need) => need!.actions.map((a) => `dynamodb:${a}`));
    expect([...new Set(allowedActions(edge, chat))].sort()).toEqual(
      [
        ...new Set([
          ...tableActions,
          'kms:Decrypt',
          'kms:Encrypt',
          'kms:GenerateDataKey*',
          'kms:ReEncrypt*',
          'logs:CreateLogStream',
          'logs:PutLogEvents',
          's3:GetObject',
          'secretsmanager:DescribeSecret',
          'secretsmanager:GetSecretValue',
          'xray:PutTelemetryRecords',
          'xray:PutTraceSegments',
        ]),
      ].sort(),
    );
    const statements = roleStatements(edge, chat);
    const json = (value: unknown) => JSON.stringify(value);
    // Tables by their literal names, never a wildcard table.
    for (const statement of statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('dynamodb:')))) {
      for (const resource of [statement.Resource].flat()) {
        expect(json(resource)).toMatch(/:table\/adsmith-dev-[a-z0-9_]+"\]\]\}$/);
      }
    }
    // The data key: any key of the account, but only the stage's data key by alias, and only through the two services.
    const kmsAll = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('kms:')));
    const kms = kmsAll.filter((s) => (s.Condition as CfnJson).StringEquals?.['kms:ViaService'] !== undefined);
    expect(kms).toHaveLength(2);
    for (const statement of kms) {
      expect(json(statement.Resource)).toContain(':key/*');
      expect(statement.Condition).toMatchObject({
        'ForAnyValue:StringEquals': { 'kms:ResourceAliases': 'alias/adsmith-dev-data' },
      });
    }
    expect(kms.map((s) => json((s.Condition as CfnJson).StringEquals['kms:ViaService'])).join()).toMatch(
      /dynamodb\..*secretsmanager\.|secretsmanager\..*dynamodb\./,
    );
    // The Meta token key, to read a connected visitor's account: Decrypt only, by its alias, with the user id as
    // encryption context, and the alias ARN as the key id the code uses.
    const tokenKey = kmsAll.filter((s) => !kms.includes(s));
    expect(tokenKey).toEqual([
      {
        Effect: 'Allow',
        Action: 'kms:Decrypt',
        Resource: kms[0]!.Resource,
        Condition: {
          'ForAnyValue:StringEquals': { 'kms:ResourceAliases': 'alias/adsmith-dev-meta-tokens' },
          'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['user_id'] },
          Null: { 'kms:EncryptionContext:user_id': 'false' },
        },
      },
    ]);
    expect(json(functionEnv(edge, chat)[kmsKeyEnvVar('metaTokens')])).toMatch(
      /:alias\/adsmith-dev-meta-tokens"\]\]\}$/,
    );
    // Each secret by name plus the six characters Secrets Manager appends: the model's key, the Meta app's and the
    // salt of the address hashes.
    const secret = statements.find((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'))!;
    const secretArns = [secret.Resource].flat().map(json);
    expect(secretArns).toHaveLength(3);
    for (const name of ['openai', 'meta-app', 'chat-address-salt']) {
      expect(secretArns.filter((arn) => arn.includes(`adsmith/dev/${name}-`))).toHaveLength(1);
    }
    for (const arn of secretArns) expect(arn).toMatch(/:secret:adsmith\/dev\/[a-z-]+-\?\?\?\?\?\?"\]\]\}$/);
    // config.json of the site bucket, nothing else of it.
    const s3 = statements.find((s) => [s.Action].flat().includes('s3:GetObject'))!;
    expect(json(s3.Resource)).toMatch(/adsmith-dev-site-.*\/config\.json"\]\]\}$/);
  });

  it('reserves the chat function its own concurrency, so anonymous visitors can never take the API’s share', () => {
    const [, fn] = functionNamed(edge, chat);
    const reserved = functionDeclaration(routes.chat.fn).reservedConcurrency;
    expect(reserved).toBeGreaterThan(0);
    expect(fn.Properties.ReservedConcurrentExecutions).toBe(reserved);
    // Only the functions anyone can call (the public chat, the signals endpoint) are capped, as their entries say:
    // every other function shares the account's unreserved pool.
    const capped = [
      ...resourcesOf(edge, 'AWS::Lambda::Function'),
      ...resourcesOf(built.templates.stateless, 'AWS::Lambda::Function'),
    ]
      .filter(([, f]) => f.Properties.ReservedConcurrentExecutions !== undefined)
      .map(([, f]): [string, unknown] => [
        String(f.Properties.FunctionName),
        f.Properties.ReservedConcurrentExecutions,
      ]);
    const declared = appFunctionNames()
      .filter((name) => functionDeclaration(name).reservedConcurrency !== undefined)
      .map((name): [string, unknown] => [`adsmith-dev-${name}`, functionDeclaration(name).reservedConcurrency]);
    expect(new Map(capped)).toEqual(new Map(declared));
    expect(declared.map(([name]) => name)).not.toContain(`adsmith-dev-${routes.agentTurn.fn}`);
  });

  it('keys the address hashes with the generated chat-address-salt secret, read by name', () => {
    expect(functionDeclaration(routes.chat.fn).secrets).toContain('chatAddressSalt');
    expect(JSON.stringify(functionEnv(edge, chat)[secretEnvVar('chatAddressSalt')])).toContain(
      'adsmith/dev/chat-address-salt',
    );
  });

  it('watches the chat function from the stateless stack’s alarms like every other function', () => {
    const alarms = resourcesOf(built.templates.stateless, 'AWS::CloudWatch::Alarm').filter(
      ([, a]) => a.Properties.AlarmName === `${chat}-errors`,
    );
    expect(alarms).toHaveLength(1);
    // The edge stack's function, by its name as the edge stack outputs it (the stateless stack comes later).
    expect(JSON.stringify(alarms[0]![1].Properties.Dimensions)).toContain('adsmith-dev-edge');
  });
});
