import { jobQueues } from '@shared/job-queues';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredEnvironment } from '@infra/twin/function-environment';
import { functionDeclaration, NEED_ENV, statelessFunctionNames } from '@shared/functions';
import { grantedNeeds, WORKSPACE_MEMBERSHIP_NEED } from '@shared/granted-needs';
import {
  apiGatewayFunctionNames,
  httpFunctionNames,
  routeKey,
  routes,
  workspaceFunctionNames,
  type RouteDeclaration,
} from '@shared/routes';
import { tableEnvVar } from '@shared/tables';
import { secretEnvVar } from '@shared/secrets';
import { WebConfigSchema } from '@shared/schemas/web-config';
import { kmsKeyEnvVar } from '@shared/kms-keys';
import { queues } from '@shared/queues';
import { AppFunction } from '@infra/cdk/lib/constructs/app-function';
import { LAMBDA_RUNTIME_ENVIRONMENT } from '@infra/cdk/lib/lambda-bundling';
import { REPO_ROOT } from '@infra/cdk/lib/paths';
import { benchNode, LAMBDA_NODE_MAJOR, pinnedNodePath } from '@tests/bench/bench-node';
import { buildAsShipped } from '@tests/bench/function-bundles';
import { functionInitEnvironment } from '@tests/bench/function-init-environment';
import { buildApp, resourcesOf, type BuiltApp } from './support/build-app';
import { allowedActions, functionEnv, functionNamed, roleStatements } from './support/template-queries';

const SQS_CONSUME_ACTIONS = [
  'sqs:ChangeMessageVisibility',
  'sqs:DeleteMessage',
  'sqs:GetQueueAttributes',
  'sqs:GetQueueUrl',
  'sqs:ReceiveMessage',
];

/**
 * Bundling every function took most of this file's time, and CI bundles each of them anyway (synth of both
 * stages, and the quick bench, which loads every bundle). Here one function of each kind the stack deploys — an
 * HTTP function, a queue worker, a scheduled one — is bundled for real with the construct the stacks use.
 */
const BUNDLED_SAMPLE = ['health', 'signals-delivery', 'rules-runner'] as const;

describe('functions bundled as deployed (a sample)', () => {
  let outdir: string;
  let template: Template;

  beforeAll(() => {
    outdir = mkdtempSync(join(tmpdir(), 'cdk.out-adsmith-sample-'));
    const stack = new Stack(new App({ outdir }), 'BundleSample');
    for (const name of BUNDLED_SAMPLE) {
      new AppFunction(stack, name, {
        name,
        namePrefix: 'adsmith-dev',
        description: functionDeclaration(name).description,
        logRetention: RetentionDays.ONE_MONTH,
      });
    }
    template = Template.fromStack(stack);
  });
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it.each(BUNDLED_SAMPLE)('%s: bundled by esbuild as minified ESM with a source map', (fn) => {
    const [, resource] = functionNamed(template, `adsmith-dev-${fn}`);
    const assetHash = (resource.Properties.Code.S3Key as string).replace(/\.zip$/, '');
    const assetDir = join(outdir, `asset.${assetHash}`);
    expect(existsSync(join(assetDir, 'index.mjs'))).toBe(true);
    expect(existsSync(join(assetDir, 'index.mjs.map'))).toBe(true);
    const code = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    expect(code.startsWith('import { createRequire')).toBe(true);
    expect(code).toMatch(/export\s*\{[^}]*as handler/);
  });

  it('ships what the bench measures: the same files, the same code, Node of the same major started with the same options', async () => {
    const [, resource] = functionNamed(template, 'adsmith-dev-health');
    const assetDir = join(outdir, `asset.${(resource.Properties.Code.S3Key as string).replace(/\.zip$/, '')}`);
    const benchDir = join(outdir, 'bench-health');
    await buildAsShipped(join(REPO_ROOT, 'lambdas/health/handler.ts'), benchDir);
    const shipped = readdirSync(assetDir).sort();
    expect(readdirSync(benchDir).sort()).toEqual(shipped);
    expect(shipped).toContain('index.mjs.map');
    for (const file of shipped.filter((name) => name.endsWith('.mjs'))) {
      expect(readFileSync(join(benchDir, file), 'utf8'), file).toBe(readFileSync(join(assetDir, file), 'utf8'));
    }
    const benchEnv = functionInitEnvironment('health');
    expect(resource.Properties.Environment.Variables.NODE_OPTIONS).toBe(benchEnv.NODE_OPTIONS);
    expect(benchEnv.NODE_OPTIONS).toBeUndefined();
    // The runtime as the construct deploys it (nodejs22.x): the bench times init on that major where npm installed
    // the pinned binary (Linux x64: this machine and CI), and the bundles target it.
    const runtimeMajor = Number(/^nodejs(\d+)\.x$/.exec(resource.Properties.Runtime as string)?.[1]);
    expect(LAMBDA_NODE_MAJOR).toBe(runtimeMajor);
    if (pinnedNodePath()) expect(benchNode().major).toBe(runtimeMajor);
  });
});

describe('stateless stack (dev)', () => {
  let built: BuiltApp;
  let template: Template;

  beforeAll(() => {
    built = buildApp();
    template = built.templates.stateless;
  });
  afterAll(() => built?.cleanup());

  describe('functions', () => {
    it('deploys exactly the functions of the table but the Cognito triggers and the edge functions', () => {
      const names = resourcesOf(template, 'AWS::Lambda::Function')
        .map(([, f]) => f.Properties.FunctionName as string | undefined)
        .filter((name): name is string => name?.startsWith('adsmith-dev-') ?? false);
      expect(names.sort()).toEqual(
        statelessFunctionNames()
          .map((fn) => `adsmith-dev-${fn}`)
          .sort(),
      );
    });

    it.each(statelessFunctionNames())(
      '%s: Node.js 22 on the processor of its entry, X-Ray, Powertools env, own log group',
      (fn) => {
        const [, resource] = functionNamed(template, `adsmith-dev-${fn}`);
        expect(resource.Properties).toMatchObject({
          Runtime: 'nodejs22.x',
          // arm64 unless the entry says otherwise (the video encoder's addon is x86_64's).
          Architectures: [functionDeclaration(fn).architecture ?? 'arm64'],
          Handler: 'index.handler',
          TracingConfig: { Mode: 'Active' },
          Environment: {
            Variables: expect.objectContaining({
              POWERTOOLS_SERVICE_NAME: fn,
              POWERTOOLS_METRICS_NAMESPACE: 'Adsmith',
              POWERTOOLS_LOG_LEVEL: 'INFO',
              ...LAMBDA_RUNTIME_ENVIRONMENT,
            }),
          },
        });
        const logGroupId = resource.Properties.LoggingConfig.LogGroup.Ref as string;
        expect(template.findResources('AWS::Logs::LogGroup')[logGroupId]?.Properties).toMatchObject({
          RetentionInDays: 30,
        });
      },
    );

    it.each(statelessFunctionNames())(
      '%s: environment and IAM follow its functions-table entry and nothing else',
      (fn) => {
        // Its entry plus the membership lookup its workspace routes imply, both declared in shared/functions.ts.
        const needs = grantedNeeds(fn);
        const name = `adsmith-dev-${fn}`;
        const env = functionEnv(template, name);
        const expected = new Set([
          'logs:CreateLogStream',
          'logs:PutLogEvents',
          'xray:PutTelemetryRecords',
          'xray:PutTraceSegments',
        ]);
        const tableNeeds = Object.values(needs.tables ?? {});
        for (const need of tableNeeds) {
          for (const action of [...need.actions, ...(need.indexActions ?? [])]) expected.add(`dynamodb:${action}`);
        }
        if (tableNeeds.length > 0 || needs.secrets?.length) expected.add('kms:Decrypt');
        if (tableNeeds.some((need) => need.actions.some((a) => /^(Put|Update|Delete|BatchWrite)/.test(a)))) {
          for (const action of ['kms:Encrypt', 'kms:ReEncrypt*', 'kms:GenerateDataKey*']) expected.add(action);
        }
        // A function behind the HTTP API also reads the origin-verify secret (AWS-managed key: no kms:Decrypt for it).
        const behindApi = (apiGatewayFunctionNames() as string[]).includes(fn);
        if (needs.secrets?.length || behindApi) {
          expected.add('secretsmanager:GetSecretValue');
          expected.add('secretsmanager:DescribeSecret');
        }
        for (const action of needs.userPool ?? []) expected.add(`cognito-idp:${action}`);
        if (needs.eventBus) expected.add('events:PutEvents');
        for (const actions of Object.values(needs.kmsKeys ?? {})) for (const action of actions) expected.add(action);
        // A queue's consumer (queues table) may receive, delete and re-time its queue's messages (the event source).
        if (Object.values(queues).some((queue) => queue.consumer === fn)) {
          for (const action of SQS_CONSUME_ACTIONS) expected.add(action);
        }
        if (needs.sendsJobs?.length) expected.add('sqs:SendMessage');
        for (const need of Object.values(needs.buckets ?? {})) for (const action of need.actions) expected.add(action);
        // A job queue's consumer: what the SQS event source mapping needs on that queue.
        if (Object.values(jobQueues).some((q) => q.consumer === fn)) {
          for (const action of SQS_CONSUME_ACTIONS) expected.add(action);
        }
        expect([...new Set(allowedActions(template, name))].sort()).toEqual([...expected].sort());

        // Exactly the variables the twin gives the same function (both built from the entry), plus Lambda's own.
        const declared = [
          ...Object.keys(
            declaredEnvironment(needs, {
              region: 'us-east-1',
              dynamodbUrl: 'http://127.0.0.1:1',
              secretsManagerUrl: 'http://127.0.0.1:1',
              eventBridgeUrl: 'http://127.0.0.1:1',
              cognitoUrl: 'http://127.0.0.1:1',
              kmsUrl: 'http://127.0.0.1:1',
              kmsKeyArns: { metaTokens: 'arn:aws:kms:us-east-1:000000000000:key/k' },
              userPoolId: 'local_x',
              userPoolIssuer: 'http://127.0.0.1:1/local_x',
              userPoolClientId: 'c',
              siteUrl: 'http://127.0.0.1:1',
              jobQueueUrls: {
                mmmFits: 'http://127.0.0.1:1/000000000000/q',
                ruleRuns: 'http://127.0.0.1:1/000000000000/r',
                signalDeliveries: 'http://127.0.0.1:1/000000000000/s',
                customerLists: 'http://127.0.0.1:1/000000000000/c',
                videoRenders: 'http://127.0.0.1:1/000000000000/v',
                optimizerReads: 'http://127.0.0.1:1/000000000000/o',
              },
              bucketNames: { assets: 'adsmith-local-assets', customerLists: 'adsmith-local-customer-lists' },
            }),
          ),
          ...(behindApi ? [secretEnvVar('originVerify')] : []),
          // The dev stage has no domain of its own to send email from (the twin's mailbox stands in for SES).
        ].filter((variable) => variable !== NEED_ENV.emailFrom);
        expect(Object.keys(env).sort()).toEqual(
          [
            ...declared,
            'POWERTOOLS_SERVICE_NAME',
            'POWERTOOLS_METRICS_NAMESPACE',
            'POWERTOOLS_LOG_LEVEL',
            ...Object.keys(LAMBDA_RUNTIME_ENVIRONMENT),
          ].sort(),
        );
      },
    );

    it('grants the membership lookup shared/functions.ts declares to every function serving workspace routes', () => {
      const lookup = [...WORKSPACE_MEMBERSHIP_NEED.actions].map((action) => `dynamodb:${action}`);
      for (const fn of workspaceFunctionNames()) {
        if (functionDeclaration(fn).tables?.workspaceMemberships || functionDeclaration(fn).edge) continue;
        const name = `adsmith-dev-${fn}`;
        const onMemberships = roleStatements(template, name)
          .filter((s) => JSON.stringify(s.Resource).includes('adsmith-dev-workspace_memberships'))
          .flatMap((s) => [s.Action].flat());
        expect(onMemberships, fn).toEqual(lookup);
        expect(functionEnv(template, name)[tableEnvVar('workspaceMemberships')], fn).toBeDefined();
      }
      // A function with no workspace route gets no such grant.
      const health = roleStatements(template, 'adsmith-dev-health');
      expect(health.filter((s) => JSON.stringify(s.Resource).includes('workspace_memberships'))).toEqual([]);
    });

    it('lets account call exactly AdminGetUser and AdminUpdateUserAttributes on the pool, and read no table', () => {
      const statements = roleStatements(template, 'adsmith-dev-account');
      const cognito = statements.find((s) => [s.Action].flat().some((a) => a.startsWith('cognito-idp:')));
      expect([cognito?.Action].flat().sort()).toEqual([
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminUpdateUserAttributes',
      ]);
      expect(JSON.stringify(cognito?.Resource)).toContain('AuthUserPool');
      expect(allowedActions(template, 'adsmith-dev-account').some((a) => a.startsWith('dynamodb:'))).toBe(false);
    });

    it.each([
      ['secure-meta-api', ['kms:Decrypt', 'kms:Encrypt']],
      ['meta-oauth-callback', ['kms:Decrypt', 'kms:Encrypt']],
      ['marketing-mix', ['kms:Decrypt', 'kms:Encrypt']],
      ['campaign-generator', ['kms:Decrypt', 'kms:Encrypt']],
    ])('%s may use the Meta token key only for %j, only with a user_id encryption context', (fn, actions) => {
      const env = functionEnv(template, `adsmith-dev-${fn}`);
      const keyRef = env[kmsKeyEnvVar('metaTokens')];
      expect(keyRef).toBeDefined();
      const tokenKeyStatements = roleStatements(template, `adsmith-dev-${fn}`).filter(
        (s) => JSON.stringify(s.Resource) === JSON.stringify(keyRef),
      );
      expect(tokenKeyStatements).toEqual([
        {
          Effect: 'Allow',
          Action: [...actions].sort(),
          Resource: keyRef,
          Condition: {
            'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['user_id'] },
            Null: { 'kms:EncryptionContext:user_id': 'false' },
          },
        },
      ]);
    });

    it('gives the Meta token key to no other function', () => {
      // marketing-mix reads the user's Meta spend ("use my Meta spend") with the stored token;
      // the campaign generator publishes with it; automation rules backtest on the account's history with it;
      // the optimizer reads results and applies approved changes with it; the ad optimizer reads ads and makes A/B copies;
      // signals reads the account's pixels and their quality with it.
      const tokenUsers = [
        'secure-meta-api',
        'meta-oauth-callback',
        'marketing-mix',
        'campaign-generator',
        'automation-rules',
        'graphics',
        'optimizer',
        'ad-optimizer',
        'signals',
        'audiences',
        // The agent's tools over MCP read the workspace's Meta account, as the in-app agent does.
        'mcp',
        // Reports read the workspace's account as the dashboard does (figures, campaigns, ads of a period).
        'reports',
        // The agency overview reads each of the person's workspaces' month so far with that workspace's token.
        'agency-overview',
      ];
      const here = statelessFunctionNames() as string[];
      for (const fn of httpFunctionNames().filter((f) => !tokenUsers.includes(f) && here.includes(f))) {
        expect(functionEnv(template, `adsmith-dev-${fn}`)[kmsKeyEnvVar('metaTokens')], fn).toBeUndefined();
      }
    });

    it('lets every function behind the HTTP API read the edge stack’s origin-verify secret, and no other', () => {
      const behindApi = apiGatewayFunctionNames() as string[];
      expect(behindApi).toContain('account');
      expect(behindApi).not.toContain(routes.chat.fn);
      for (const fn of statelessFunctionNames()) {
        const ref = functionEnv(template, `adsmith-dev-${fn}`)[secretEnvVar('originVerify')];
        if (!behindApi.includes(fn)) {
          expect(ref, fn).toBeUndefined();
          continue;
        }
        expect(JSON.stringify(ref), fn).toMatch(/OriginVerify/);
        // Read only: the statements naming it (alone or beside the function's other secrets) allow exactly these.
        const reads = roleStatements(template, `adsmith-dev-${fn}`).filter((s) =>
          [s.Resource].flat().some((r) => JSON.stringify(r) === JSON.stringify(ref)),
        );
        expect(reads.length, fn).toBeGreaterThan(0);
        for (const statement of reads) {
          expect(statement.Effect).toBe('Allow');
          expect([statement.Action].flat().sort(), fn).toEqual([
            'secretsmanager:DescribeSecret',
            'secretsmanager:GetSecretValue',
          ]);
        }
      }
    });

    it('uses wildcard resources only for X-Ray', () => {
      for (const fn of statelessFunctionNames()) {
        for (const statement of roleStatements(template, `adsmith-dev-${fn}`)) {
          if (statement.Resource === '*') {
            expect([statement.Action].flat().every((a) => a.startsWith('xray:'))).toBe(true);
          }
        }
      }
    });
  });

  describe('HTTP API routes', () => {
    const routeResources = () => resourcesOf(template, 'AWS::ApiGatewayV2::Route');
    // Streaming routes are served by their function's URL, not the HTTP API (it would buffer them).
    const apiRoutes = () => (Object.values(routes) as RouteDeclaration[]).filter((r) => !r.stream);

    it('are exactly the routes table, but the streaming routes', () => {
      const keys = routeResources().map(([, r]) => r.Properties.RouteKey);
      expect(keys.sort()).toEqual(apiRoutes().map(routeKey).sort());
      expect(keys).not.toContain(routeKey(routes.chat));
    });

    it('give no function a URL: the streaming routes’ functions are the edge stack’s, behind CloudFront', () => {
      template.resourceCountIs('AWS::Lambda::Url', 0);
      expect(() => functionNamed(template, `adsmith-dev-${routes.chat.fn}`)).toThrow();
    });

    it('require the Cognito JWT on user routes and only there', () => {
      const authorizerId = Object.keys(template.findResources('AWS::ApiGatewayV2::Authorizer'))[0];
      for (const declaration of apiRoutes()) {
        const [, route] = routeResources().find(([, r]) => r.Properties.RouteKey === routeKey(declaration))!;
        if (declaration.access === 'user') {
          expect(route.Properties.AuthorizationType).toBe('JWT');
          expect(route.Properties.AuthorizerId).toEqual({ Ref: authorizerId });
        } else {
          expect(route.Properties.AuthorizationType).toBe('NONE');
          expect(route.Properties.AuthorizerId).toBeUndefined();
        }
      }
    });

    it('send each route to the function its entry names, one integration per function', () => {
      const integrations = template.findResources('AWS::ApiGatewayV2::Integration');
      expect(Object.keys(integrations)).toHaveLength(new Set(apiRoutes().map((r) => r.fn)).size);
      for (const declaration of apiRoutes()) {
        const [, route] = routeResources().find(([, r]) => r.Properties.RouteKey === routeKey(declaration))!;
        const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref as string;
        const target = integrations[integrationId]!.Properties.IntegrationUri['Fn::GetAtt'][0];
        const [functionId] = functionNamed(template, `adsmith-dev-${declaration.fn}`);
        expect(target).toBe(functionId);
        expect(integrations[integrationId]!.Properties.PayloadFormatVersion).toBe('2.0');
      }
    });

    it('checks JWTs issued by the pool to the web client', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
        AuthorizerType: 'JWT',
        IdentitySource: ['$request.header.Authorization'],
        JwtConfiguration: {
          Audience: [
            Match.objectLike({ 'Fn::GetStackOutput': Match.objectLike({ StackName: 'adsmith-dev-stateful' }) }),
          ],
          Issuer: { 'Fn::Join': ['', Match.arrayWith(['https://cognito-idp.', '.amazonaws.com/'])] },
        },
      });
    });
  });

  describe('web content', () => {
    it('writes a config.json the SPA accepts, with the pool and client of this stage', () => {
      const config = built.stacks.stateless.webContent.webConfig;
      expect(WebConfigSchema.safeParse(config).success).toBe(true);
      expect(config).toMatchObject({
        stage: 'dev',
        authFlowType: 'USER_SRP_AUTH',
        apiBaseUrl: '/api',
        offlineModel: false,
      });
      expect(config.userPoolEndpoint).toBeUndefined();
    });

    it('deploys index.html and config.json uncached, invalidating CloudFront', () => {
      const entry = resourcesOf(template, 'Custom::CDKBucketDeployment').find(([, d]) =>
        (d.Properties.Include as string[] | undefined)?.includes('config.json'),
      );
      expect(entry?.[1].Properties).toMatchObject({
        Include: ['index.html', 'config.json'],
        Exclude: ['*'],
        Prune: false,
        SystemMetadata: { 'cache-control': 'no-cache' },
        DistributionPaths: ['/*'],
      });
      // config.json's values are filled in at deploy from the stateful stack's outputs.
      const markers = JSON.stringify(entry?.[1].Properties.SourceMarkers);
      expect(markers).toContain('AuthUserPool');
      expect(markers).toContain('WebClient');
    });

    it('lets the deployment invalidate only this stage’s distribution, not every distribution in the account', () => {
      const entry = resourcesOf(template, 'Custom::CDKBucketDeployment').find(([, d]) =>
        (d.Properties.Include as string[] | undefined)?.includes('config.json'),
      );
      const handlerRole = JSON.stringify(entry?.[1].Properties.ServiceToken).match(
        /"(CustomCDKBucketDeployment\w+)"/,
      )?.[1];
      const handler = template.toJSON().Resources[handlerRole!];
      const roleId = handler.Properties.Role['Fn::GetAtt'][0];
      const statements = resourcesOf(template, 'AWS::IAM::Policy')
        .filter(([, p]) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
        .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string[]; Resource: unknown }[]);
      const invalidation = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('cloudfront:')));
      expect(invalidation).toHaveLength(1);
      expect([invalidation[0]!.Action].flat().sort()).toEqual([
        'cloudfront:CreateInvalidation',
        'cloudfront:GetInvalidation',
      ]);
      const resource = JSON.stringify(invalidation[0]!.Resource);
      expect(resource).not.toBe('"*"');
      expect(resource).toContain(':cloudfront::');
      expect(resource).toContain(':distribution/');
      expect(resource).toContain('WebDistribution');
    });

    it('serves a placeholder page until web/dist exists', () => {
      // Only one deployment (entry files) when no build is given.
      template.resourceCountIs('Custom::CDKBucketDeployment', 1);
    });
  });
});

describe('stateless stack with a web build', () => {
  let built: BuiltApp;
  let distDir: string;

  beforeAll(() => {
    distDir = mkdtempSync(join(tmpdir(), 'adsmith-web-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(
      join(distDir, 'index.html'),
      '<!doctype html><script type="module" src="/assets/index-abc.js"></script>',
    );
    writeFileSync(join(distDir, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(join(distDir, 'favicon.svg'), '<svg/>');
    built = buildApp({ webDistDir: distDir });
  });
  afterAll(() => {
    built?.cleanup();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('caches hashed assets for a year, other files briefly, entry files not at all', () => {
    const deployments = resourcesOf(built.templates.stateless, 'Custom::CDKBucketDeployment').map(
      ([, d]) => d.Properties,
    );
    expect(deployments).toHaveLength(3);
    const byInclude = (include: string) =>
      deployments.find((d) => (d.Include as string[] | undefined)?.includes(include));
    expect(byInclude('assets/*')).toMatchObject({
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      Prune: false,
    });
    expect(byInclude('index.html')).toMatchObject({ SystemMetadata: { 'cache-control': 'no-cache' } });
    const others = deployments.find((d) => d.Include === undefined);
    expect(others).toMatchObject({
      Exclude: ['assets/*', 'index.html', 'config.json', '*.map'],
      SystemMetadata: { 'cache-control': 'public, max-age=300' },
    });
  });

  it('uploads entry files after the assets they reference', () => {
    const resources = built.templates.stateless.findResources('Custom::CDKBucketDeployment');
    const entry = Object.values(resources).find((r) => r.Properties.Include?.includes('index.html'));
    expect(entry?.DependsOn?.length ?? 0).toBeGreaterThan(0);
  });
});
