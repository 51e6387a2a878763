import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTriggerFunctions, httpFunctions, routedFunctions } from '@infra/lib/function-catalogue';
import { lambdaEntry } from '@infra/lib/paths';
import { httpFunctionNames } from '@shared/routes';
import { secretEnvVar } from '@shared/secrets';
import { tableEnvVar } from '@shared/tables';
import { createApp } from './support/build-app';
import { nagFindings } from './support/nag-report';
import { allowedActions, functionEnv, roleStatements } from './support/template-queries';
import { existsSync } from 'node:fs';
import { Template as CdkTemplate } from 'aws-cdk-lib/assertions';

describe('function catalogue', () => {
  it('has an entry for every function the routes table names', () => {
    expect(() => routedFunctions(httpFunctionNames())).not.toThrow();
  });

  it('refuses a route function without an entry, naming it', () => {
    expect(() => routedFunctions(['health', 'no-such-function'])).toThrow(/"no-such-function"/);
  });

  it('points at a handler.ts for every entry', () => {
    for (const name of [...Object.keys(httpFunctions), ...Object.keys(authTriggerFunctions)]) {
      expect(existsSync(lambdaEntry(name)), name).toBe(true);
    }
  });
});

/**
 * Every catalogued HTTP function deployed at once, routed or not yet, so an entry
 * is known to synthesize, to get exactly its grants and to pass cdk-nag before the
 * route that needs it lands.
 */
describe('every catalogued function deployed', () => {
  let built: ReturnType<typeof createApp>;
  let template: Template;
  let findings: string[];

  beforeAll(() => {
    built = createApp({ nag: true, functionNames: Object.keys(httpFunctions) });
    findings = nagFindings(built.app, built.outdir);
    template = CdkTemplate.fromStack(built.stacks.stateless);
  });
  afterAll(() => built?.cleanup());

  it('passes cdk-nag', () => {
    expect(findings).toEqual([]);
  });

  it('gives secure-meta-api its three tables and nothing of oauth_states', () => {
    const env = functionEnv(template, 'adsmith-dev-secure-meta-api');
    for (const key of ['userMetaConnections', 'campaignAudit', 'graphCache'] as const) {
      expect(env[tableEnvVar(key)], key).toBeDefined();
    }
    expect(env[tableEnvVar('oauthStates')]).toBeUndefined();
    const dynamoResources = JSON.stringify(
      roleStatements(template, 'adsmith-dev-secure-meta-api').filter((s) =>
        [s.Action].flat().some((a) => a.startsWith('dynamodb:')),
      ),
    );
    expect(dynamoResources).toContain('adsmith-dev-user_meta_connections');
    expect(dynamoResources).toContain('adsmith-dev-campaign_audit');
    expect(dynamoResources).toContain('adsmith-dev-graph_cache');
    expect(dynamoResources).not.toContain('oauth_states');
  });

  it('gives meta-oauth-callback only the state and connection tables, and no bus', () => {
    const env = functionEnv(template, 'adsmith-dev-meta-oauth-callback');
    expect(env[tableEnvVar('oauthStates')]).toBeDefined();
    expect(env[tableEnvVar('userMetaConnections')]).toBeDefined();
    expect(env[tableEnvVar('campaignAudit')]).toBeUndefined();
    expect(env[tableEnvVar('graphCache')]).toBeUndefined();
    expect(env.EVENT_BUS_NAME).toBeUndefined();
    expect(allowedActions(template, 'adsmith-dev-meta-oauth-callback')).not.toContain('events:PutEvents');
  });

  it('lets only meta-oauth-callback read the OAuth state key', () => {
    expect(functionEnv(template, 'adsmith-dev-meta-oauth-callback')[secretEnvVar('oauthStateKey')]).toBeDefined();
    expect(functionEnv(template, 'adsmith-dev-secure-meta-api')[secretEnvVar('oauthStateKey')]).toBeUndefined();
    const secretStatements = (fn: string) =>
      JSON.stringify(
        roleStatements(template, fn).filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue')),
      );
    expect(secretStatements('adsmith-dev-meta-oauth-callback')).toContain('oauthStateKey');
    expect(secretStatements('adsmith-dev-secure-meta-api')).not.toContain('oauthStateKey');
  });

  it('keeps account and health away from tables and secrets', () => {
    for (const fn of ['adsmith-dev-account', 'adsmith-dev-health']) {
      const actions = allowedActions(template, fn);
      expect(
        actions.filter((a) => /^(dynamodb|secretsmanager|kms):/.test(a)),
        fn,
      ).toEqual([]);
    }
  });
});
