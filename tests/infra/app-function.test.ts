import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { Key } from 'aws-cdk-lib/aws-kms';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFunction } from '@infra/cdk/lib/constructs/app-function';
import { importDataTables } from '@infra/cdk/lib/constructs/data-tables';
import { enableNag } from '@infra/cdk/lib/nag';
import { secretEnvVar } from '@shared/secrets';
import { tableEnvVar, tables } from '@shared/tables';
import { nagFindings } from './support/nag-report';
import { allowedActions, functionEnv, roleStatements } from './support/template-queries';

/**
 * AppFunction's bind helpers on their own, in one stack, with every kind of
 * resource a functions-table entry can ask for (the app's current routes do not yet
 * exercise tables and secrets), checked by assertions and by cdk-nag.
 */
describe('AppFunction bind helpers', () => {
  let outdir: string;
  let app: App;
  let template: Template;

  beforeAll(() => {
    outdir = mkdtempSync(join(tmpdir(), 'cdk.out-adsmith-fn-'));
    app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'FunctionTest');
    const key = new Key(stack, 'Key', { enableKeyRotation: true });
    const table = (id: string) =>
      new Table(stack, id, {
        partitionKey: { name: 'pk', type: AttributeType.STRING },
        billingMode: BillingMode.PAY_PER_REQUEST,
        encryption: TableEncryption.CUSTOMER_MANAGED,
        encryptionKey: key,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      });
    const pool = new UserPool(stack, 'Pool');
    // Imported by name as the stateless stack does, each with a global index.
    const imported = importDataTables(stack, 'adsmith-test', key, {
      ...tables,
      graphCache: {
        ...tables.graphCache,
        globalIndexes: [{ name: 'by-key', partitionKey: { name: 'cache_key', type: 'S' } }],
      },
      oauthStates: {
        ...tables.oauthStates,
        globalIndexes: [{ name: 'by-user', partitionKey: { name: 'user_id', type: 'S' } }],
      },
    });
    new AppFunction(stack, 'Fn', {
      name: 'health',
      namePrefix: 'test',
      description: 'bind helper test',
      logRetention: RetentionDays.ONE_MONTH,
    }).bindNeeds(
      {
        tables: {
          userMetaConnections: { actions: ['GetItem', 'PutItem'] },
          graphCache: { actions: ['GetItem', 'Query'], indexActions: ['Query'] },
          oauthStates: { actions: ['Query'] },
        },
        secrets: ['metaApp'],
        eventBus: true,
        userPool: ['AdminGetUser'],
        siteUrl: true,
      },
      {
        tables: {
          userMetaConnections: table('Connections'),
          // Imported by name as the stateless stack does, with a global index.
          graphCache: imported.graphCache,
          oauthStates: imported.oauthStates,
        },
        secrets: { metaApp: new Secret(stack, 'MetaApp', { encryptionKey: key }) },
        eventBus: new EventBus(stack, 'Bus'),
        userPool: pool,
        siteUrl: 'https://ads.example.com',
      },
    );
    template = Template.fromStack(stack);
  });
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('sets one env var per binding', () => {
    const env = functionEnv(template, 'test-health');
    expect(Object.keys(env)).toEqual(
      expect.arrayContaining([
        tableEnvVar('userMetaConnections'),
        tableEnvVar('graphCache'),
        secretEnvVar('metaApp'),
        'EVENT_BUS_NAME',
        'USER_POOL_ID',
        'SITE_URL',
      ]),
    );
    expect(env.SITE_URL).toBe('https://ads.example.com');
  });

  it('grants exactly the declared actions, table by table, and an index only when declared', () => {
    const statements = roleStatements(template, 'test-health');
    const dynamo = (resourcePart: string, exclude?: string) =>
      statements
        .filter((s) => {
          const resource = JSON.stringify(s.Resource);
          return resource.includes(resourcePart) && !(exclude && resource.includes(exclude));
        })
        .flatMap((s) => [s.Action].flat())
        .filter((a) => a.startsWith('dynamodb:'))
        .sort();
    expect(dynamo('Connections')).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem']);
    expect(dynamo('adsmith-test-graph_cache', '/index/')).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    expect(dynamo('adsmith-test-graph_cache/index/*')).toEqual(['dynamodb:Query']);
    // oauth_states has an index too, but the entry declares no index actions.
    expect(dynamo('adsmith-test-oauth_states', '/index/')).toEqual(['dynamodb:Query']);
    expect(dynamo('adsmith-test-oauth_states/index/')).toEqual([]);
  });

  it('lets a writer encrypt with the table key and a reader only decrypt', () => {
    const actions = allowedActions(template, 'test-health').filter((a) => a.startsWith('kms:'));
    // Connections is written; the other two are read only, and the secret is read through Secrets Manager.
    expect(actions).toContain('kms:Encrypt');
    expect(actions).toContain('kms:Decrypt');
  });

  it('grants the secret, the bus and the named pool action', () => {
    const actions = allowedActions(template, 'test-health');
    expect(actions).toEqual(
      expect.arrayContaining(['secretsmanager:GetSecretValue', 'events:PutEvents', 'cognito-idp:AdminGetUser']),
    );
    expect(actions.filter((a) => a.startsWith('cognito-idp:'))).toEqual(['cognito-idp:AdminGetUser']);
  });

  it('passes cdk-nag with only the function wildcards acknowledged (X-Ray, KMS, a table index)', () => {
    enableNag(app);
    // The stand-in table, pool and secret above are not under test; the function is.
    const findings = nagFindings(app, outdir).filter((finding) => finding.includes(' at FunctionTest/Fn/'));
    expect(findings).toEqual([]);
  });
});
