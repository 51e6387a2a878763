import { existsSync } from 'node:fs';
import { Template as CdkTemplate, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaEntry } from '@infra/cdk/lib/paths';
import {
  appFunctionNames,
  edgeFunctionNames,
  functionDeclaration,
  functionNames,
  functions,
  statelessFunctionNames,
  triggerFunctionNames,
} from '@shared/functions';
import { grantedNeeds, WORKSPACE_MEMBERSHIP_NEED } from '@shared/granted-needs';
import { httpFunctionNames, moneyMovingFunctionNames, workspaceFunctionNames } from '@shared/routes';
import { NEED_ENV } from '@shared/need-env';
import { secretEnvVar } from '@shared/secrets';
import { tableEnvVar, tables, type TableKey } from '@shared/tables';
import { createApp } from './support/build-app';
import { nagFindings } from './support/nag-report';
import { allowedActions, functionEnv, roleStatements } from './support/template-queries';

describe('functions table', () => {
  it('has a handler.ts for every entry', () => {
    for (const name of functionNames()) expect(existsSync(lambdaEntry(name)), name).toBe(true);
  });

  it('deploys every routed function with the code, and the triggers beside the pool', () => {
    for (const fn of httpFunctionNames()) expect(appFunctionNames()).toContain(fn);
    expect(triggerFunctionNames().sort()).toEqual([
      'auth-custom-message',
      'auth-post-confirmation',
      'auth-pre-sign-up',
    ]);
  });

  it('gives no Cognito trigger the user pool (it would make the pool depend on its own trigger)', () => {
    for (const name of triggerFunctionNames()) expect(functions[name]).not.toHaveProperty('userPool');
  });

  it('declares the membership lookup (Query on workspace_memberships) for every function serving workspace routes', () => {
    expect(WORKSPACE_MEMBERSHIP_NEED).toEqual({ actions: ['Query'] });
    const workspace = workspaceFunctionNames() as string[];
    expect(workspace).toContain('secure-meta-api');
    for (const name of functionNames()) {
      const declared = functionDeclaration(name).tables?.workspaceMemberships;
      const granted = grantedNeeds(name).tables?.workspaceMemberships;
      if (declared) expect(granted, name).toBe(declared);
      else if (workspace.includes(name)) expect(granted, name).toEqual(WORKSPACE_MEMBERSHIP_NEED);
      else expect(granted, name).toBeUndefined();
      // Everything else is the entry as written, and the strong sign-in setting where a route moves money.
      expect({ ...grantedNeeds(name), tables: undefined, strongSignIn: undefined }, name).toEqual({
        ...functionDeclaration(name),
        tables: undefined,
        strongSignIn: undefined,
      });
    }
    // The team function keeps its own, wider need; a function with no workspace route gets none.
    expect(grantedNeeds('team').tables?.workspaceMemberships?.actions).toContain('PutItem');
    expect(grantedNeeds('health').tables?.workspaceMemberships).toBeUndefined();
  });

  it('tells exactly the functions serving a route that moves money whether MFA is required, and lets them read the plan', () => {
    const moneyMoving = moneyMovingFunctionNames() as string[];
    expect(moneyMoving).toEqual(expect.arrayContaining(['billing', 'campaign-generator', 'automation-rules']));
    for (const name of functionNames()) {
      expect(grantedNeeds(name).strongSignIn, name).toBe(moneyMoving.includes(name) ? true : undefined);
      // The check reads the workspace's plan (lambdas/lib/http/strong-sign-in.ts).
      if (moneyMoving.includes(name)) expect(grantedNeeds(name).tables?.userPlans?.actions, name).toContain('GetItem');
    }
  });
});

/** The DynamoDB actions a function's role allows on one table (index ARNs apart). */
function tableActions(template: Template, fn: string, table: string, onIndex = false): string[] {
  return roleStatements(template, fn)
    .filter((s) => {
      const resource = JSON.stringify(s.Resource);
      return resource.includes(`adsmith-dev-${table}`) && resource.includes('/index/') === onIndex;
    })
    .flatMap((s) => [s.Action].flat())
    .filter((a) => a.startsWith('dynamodb:'))
    .sort();
}

/**
 * Every function of the table deployed at once, so each entry is known to synthesize, to get
 * exactly its grants and to pass cdk-nag.
 */
describe('least privilege, per action', () => {
  let built: ReturnType<typeof createApp>;
  let stateless: Template;
  let stateful: Template;
  let findings: string[];

  beforeAll(() => {
    built = createApp({ nag: true });
    findings = nagFindings(built.app, built.outdir);
    stateless = CdkTemplate.fromStack(built.stacks.stateless);
    stateful = CdkTemplate.fromStack(built.stacks.stateful);
  });
  afterAll(() => built?.cleanup());

  it('passes cdk-nag', () => {
    expect(findings).toEqual([]);
  });

  it('gives MFA_FOR_PAID_OWNERS to the functions that move money only: optional in dev, required in prod', () => {
    const moneyMoving = moneyMovingFunctionNames() as string[];
    // The edge functions (chat, agent, signals) serve no such route.
    for (const name of edgeFunctionNames()) expect(moneyMoving, name).not.toContain(name);
    for (const name of statelessFunctionNames()) {
      expect(functionEnv(stateless, `adsmith-dev-${name}`)[NEED_ENV.strongSignIn], name).toBe(
        moneyMoving.includes(name) ? 'optional' : undefined,
      );
    }
    const prod = createApp({ context: { stage: 'prod' } });
    try {
      const template = CdkTemplate.fromStack(prod.stacks.stateless);
      expect(functionEnv(template, 'adsmith-prod-billing')[NEED_ENV.strongSignIn]).toBe('required');
      expect(functionEnv(template, 'adsmith-prod-health')[NEED_ENV.strongSignIn]).toBeUndefined();
    } finally {
      prod.cleanup();
    }
  });

  it('secure-meta-api: reads connections and ends them as tombstones, appends audit rows, reads/fills/evicts the cache', () => {
    const fn = 'adsmith-dev-secure-meta-api';
    // No DeleteItem: a disconnect leaves a tombstone recording when Meta revoked (see connection-store).
    expect(tableActions(stateless, fn, 'user_meta_connections')).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    expect(tableActions(stateless, fn, 'campaign_audit')).toEqual(['dynamodb:PutItem']);
    expect(tableActions(stateless, fn, 'graph_cache')).toEqual([
      'dynamodb:BatchWriteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
    ]);
    expect(tableActions(stateless, fn, 'oauth_states')).toEqual([]);
    // The per-campaign lock: put if free, delete when done; the outbox: append only.
    expect(tableActions(stateless, fn, 'campaign_locks')).toEqual(['dynamodb:DeleteItem', 'dynamodb:PutItem']);
    expect(tableActions(stateless, fn, 'event_outbox')).toEqual(['dynamodb:PutItem']);
    // Its events go through the outbox, so it needs no bus of its own.
    expect(allowedActions(stateless, fn)).not.toContain('events:PutEvents');
    const env = functionEnv(stateless, fn);
    expect(env.EVENT_BUS_NAME).toBeUndefined();
    for (const key of ['userMetaConnections', 'campaignAudit', 'graphCache', 'campaignLocks', 'eventOutbox'] as const) {
      expect(env[tableEnvVar(key)], key).toBeDefined();
    }
    expect(env[tableEnvVar('oauthStates')]).toBeUndefined();
  });

  it('optimizer: its own recommendations table, the object-change path (audit append-only, lock, outbox), no bus', () => {
    const fn = 'adsmith-dev-optimizer';
    expect(tableActions(stateless, fn, 'optimizer_recommendations')).toEqual([
      'dynamodb:BatchWriteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    // Append-only (no UpdateItem or DeleteItem); Query for the Applied tab's "changed again" in between.
    expect(tableActions(stateless, fn, 'campaign_audit')).toEqual(['dynamodb:PutItem', 'dynamodb:Query']);
    expect(tableActions(stateless, fn, 'campaign_locks')).toEqual(['dynamodb:DeleteItem', 'dynamodb:PutItem']);
    // Explanations: one generation of the daily quota a batch, its tokens added to the day.
    expect(tableActions(stateless, fn, 'ai_usage')).toEqual(['dynamodb:UpdateItem']);
    // An approval that spends reads the ad-account places held (assertMaySpend) before Meta is asked.
    expect(tableActions(stateless, fn, 'quota_usage')).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    expect(tableActions(stateless, fn, 'event_outbox')).toEqual(['dynamodb:PutItem']);
    expect(tableActions(stateless, fn, 'user_meta_connections')).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    expect(tableActions(stateless, fn, 'oauth_states')).toEqual([]);
    // The marketing-mix hand-off reads one of the user's models (row and report parts), never writes one.
    expect(tableActions(stateless, fn, 'mmm_models')).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    expect(tableActions(stateless, fn, 'mmm_datasets')).toEqual([]);
    expect(allowedActions(stateless, fn)).not.toContain('events:PutEvents');
    expect(functionEnv(stateless, fn).EVENT_BUS_NAME).toBeUndefined();
  });

  it('ad-optimizer: its own rewrites table, the object-change path (audit append-only, lock, outbox), the AI quota, no bus', () => {
    const fn = 'adsmith-dev-ad-optimizer';
    expect(tableActions(stateless, fn, 'ad_optimizer_tests')).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(tableActions(stateless, fn, 'campaign_audit')).toEqual(['dynamodb:PutItem']);
    expect(tableActions(stateless, fn, 'campaign_locks')).toEqual(['dynamodb:DeleteItem', 'dynamodb:PutItem']);
    expect(tableActions(stateless, fn, 'event_outbox')).toEqual(['dynamodb:PutItem']);
    expect(tableActions(stateless, fn, 'user_meta_connections')).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    // assertMaySpend reads the ad-account places held (GetItem) before the copy is created.
    expect(tableActions(stateless, fn, 'quota_usage')).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    expect(tableActions(stateless, fn, 'ai_usage')).toEqual(['dynamodb:UpdateItem']);
    expect(tableActions(stateless, fn, 'optimizer_recommendations')).toEqual([]);
    expect(tableActions(stateless, fn, 'oauth_states')).toEqual([]);
    expect(functionEnv(stateless, fn)[secretEnvVar('openai')]).toBeDefined();
    expect(allowedActions(stateless, fn)).not.toContain('events:PutEvents');
    expect(functionEnv(stateless, fn).EVENT_BUS_NAME).toBeUndefined();
  });

  it('campaign-generator: takes ad-account places and reads them before a publish, never queries usage', () => {
    const fn = 'adsmith-dev-campaign-generator';
    expect(tableActions(stateless, fn, 'quota_usage')).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    expect(tableActions(stateless, fn, 'user_plans')).toEqual(['dynamodb:GetItem']);
    expect(tableActions(stateless, fn, 'campaign_audit')).toEqual(['dynamodb:PutItem']);
  });

  it('marketing-mix: the public share page’s rate limits read and write their buckets, nothing more', () => {
    expect(tableActions(stateless, 'adsmith-dev-marketing-mix', 'rate_limit_buckets')).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
    ]);
  });

  it('meta-oauth-callback: remembers and consumes states, writes connections, no bus', () => {
    const fn = 'adsmith-dev-meta-oauth-callback';
    expect(tableActions(stateless, fn, 'oauth_states')).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
    expect(tableActions(stateless, fn, 'user_meta_connections')).toEqual(['dynamodb:PutItem']);
    expect(tableActions(stateless, fn, 'campaign_audit')).toEqual([]);
    expect(tableActions(stateless, fn, 'graph_cache')).toEqual([]);
    expect(functionEnv(stateless, fn).EVENT_BUS_NAME).toBeUndefined();
    expect(allowedActions(stateless, fn)).not.toContain('events:PutEvents');
  });

  it('grants no function Scan, and BatchGetItem or an index only where declared', () => {
    for (const name of appFunctionNames()) {
      // The streaming routes' functions are the edge stack's.
      const template = functionDeclaration(name).edge ? CdkTemplate.fromStack(built.stacks.edge) : stateless;
      const statements = roleStatements(template, `adsmith-dev-${name}`);
      const actions = statements.flatMap((s) => [s.Action].flat());
      expect(actions, name).not.toContain('dynamodb:Scan');
      // BatchGetItem only where an entry asks for it (the forwarders check a whole SQS batch's dedupe keys at once).
      const batchGet = Object.values(functionDeclaration(name).tables ?? {}).some((need) =>
        need.actions.includes('BatchGetItem'),
      );
      if (!batchGet) expect(actions, name).not.toContain('dynamodb:BatchGetItem');
      expect(
        actions.filter((a) => /^dynamodb:.*\*/.test(a)),
        name,
      ).toEqual([]);
      // Index ARNs only for the tables whose entry declares index actions.
      const indexed = Object.entries(functionDeclaration(name).tables ?? {})
        .filter(([, need]) => need.indexActions?.length)
        .map(([key]) => tables[key as TableKey].name);
      const indexTables = [
        ...JSON.stringify(statements.map((s) => s.Resource)).matchAll(/table\/([\w-]+)\/index\//g),
      ].map((m) => m[1]!);
      for (const table of indexTables) {
        expect(
          indexed.some((declared) => table.endsWith(`-${declared}`)),
          `${name}: ${table}/index`,
        ).toBe(true);
      }
    }
  });

  it('lets only meta-oauth-callback read the OAuth state key', () => {
    expect(functionEnv(stateless, 'adsmith-dev-meta-oauth-callback')[secretEnvVar('oauthStateKey')]).toBeDefined();
    expect(functionEnv(stateless, 'adsmith-dev-secure-meta-api')[secretEnvVar('oauthStateKey')]).toBeUndefined();
    const secretStatements = (fn: string) =>
      JSON.stringify(
        roleStatements(stateless, fn).filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue')),
      );
    expect(secretStatements('adsmith-dev-meta-oauth-callback')).toContain('oauthStateKey');
    expect(secretStatements('adsmith-dev-secure-meta-api')).not.toContain('oauthStateKey');
  });

  // Both serve HTTP API routes, so both read the origin-verify secret (origin-check.ts).
  const ORIGIN_SECRET_READ = ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'];
  it.each([
    ['adsmith-dev-health', [...ORIGIN_SECRET_READ]],
    [
      'adsmith-dev-account',
      ['cognito-idp:AdminGetUser', 'cognito-idp:AdminUpdateUserAttributes', ...ORIGIN_SECRET_READ],
    ],
  ])('%s: exactly logs, X-Ray and %j', (fn, extra) => {
    expect(allowedActions(stateless, fn)).toEqual(
      [
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'xray:PutTelemetryRecords',
        'xray:PutTraceSegments',
        ...extra,
      ].sort(),
    );
  });

  it.each([
    ['adsmith-dev-auth-custom-message', []],
    ['adsmith-dev-auth-pre-sign-up', []],
    ['adsmith-dev-auth-post-confirmation', ['events:PutEvents']],
  ])('%s: exactly logs, X-Ray and %j', (fn, extra) => {
    expect(allowedActions(stateful, fn)).toEqual(
      [
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'xray:PutTelemetryRecords',
        'xray:PutTraceSegments',
        ...extra,
      ].sort(),
    );
  });
});
