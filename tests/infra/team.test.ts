import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFunction } from '@infra/cdk/lib/constructs/app-function';
import { functions, NEED_ENV } from '@shared/functions';
import { workspaceFunctionNames } from '@shared/routes';
import { tableEnvVar } from '@shared/tables';
import { buildApp, type BuiltApp } from './support/build-app';
import { allowedActions, functionEnv, roleStatements } from './support/template-queries';

/** The DynamoDB actions a function's role allows on one table (its indexes apart, or only them). */
function tableActions(built: BuiltApp, fn: string, table: string, onIndex = false): string[] {
  // Resource by resource: CDK merges statements with the same actions, e.g. Query on one table and on another's
  // indexes, into one statement naming both.
  return roleStatements(built.templates.stateless, fn)
    .filter((s) =>
      [s.Resource].flat().some((r) => {
        const resource = JSON.stringify(r);
        return resource.includes(`-${table}`) && resource.includes('/index/') === onIndex;
      }),
    )
    .flatMap((s) => [s.Action].flat())
    .filter((a) => a.startsWith('dynamodb:'))
    .sort();
}

describe('teams: the team function and the workspace lookup of every signed-in function', () => {
  let built: BuiltApp;
  let withDomain: Template;
  beforeAll(() => {
    built = buildApp();
    // The team function's entry bound with a sender, as the stateless stack binds it on a stage with a domain.
    const stack = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'WithDomain', {
      env: { account: '123456789012', region: 'eu-west-1' },
    });
    new AppFunction(stack, 'Team', {
      name: 'team',
      namePrefix: 'adsmith-dev',
      description: functions.team.description,
      logRetention: RetentionDays.ONE_WEEK,
    }).bindNeeds(
      { email: functions.team.email },
      { emailFrom: { address: 'noreply@ads.example.com', domain: 'ads.example.com' } },
    );
    withDomain = Template.fromStack(stack);
  }, 300_000);
  afterAll(() => built?.cleanup());

  it('team: exactly its memberships, invitations, seats, plan and outbox actions, AdminGetUser, no bus', () => {
    const fn = 'adsmith-dev-team';
    expect(tableActions(built, fn, 'workspace_memberships')).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
    ]);
    expect(tableActions(built, fn, 'workspace_memberships', true)).toEqual(['dynamodb:Query']);
    // UpdateItem: accepting claims the invitation first (found missing by the twin's grant gate).
    expect(tableActions(built, fn, 'team_invitations')).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
    expect(tableActions(built, fn, 'team_invitations', true)).toEqual(['dynamodb:Query']);
    // Seats; the agency's `client#<id>` items (put, deleted, listed by Query) and a detached client's pool places.
    expect(tableActions(built, fn, 'quota_usage')).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    // Reads plans for seats; puts a client workspace's plan record (billed to its agency) when an agency creates one;
    // attach sets and detach removes a client's billed_to.
    expect(tableActions(built, fn, 'user_plans')).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
    // Attaching and detaching are audited in both workspaces' trails.
    expect(tableActions(built, fn, 'campaign_audit')).toEqual(['dynamodb:PutItem']);
    // A client's owner leaving the agency's plan is announced through the outbox (not the bus itself).
    expect(tableActions(built, fn, 'event_outbox')).toEqual(['dynamodb:PutItem']);
    const actions = allowedActions(built.templates.stateless, fn);
    expect(actions.filter((a) => a.startsWith('cognito-idp:'))).toEqual(['cognito-idp:AdminGetUser']);
    expect(actions).not.toContain('events:PutEvents');
    // No domain of its own: no sender, no SES grant (the owner shares the link).
    expect(actions.filter((a) => a.startsWith('ses:'))).toEqual([]);
    expect(functionEnv(built.templates.stateless, fn)[NEED_ENV.emailFrom]).toBeUndefined();
  });

  it('every function serving workspace routes may Query its caller’s memberships and nothing else on that table', () => {
    for (const name of workspaceFunctionNames()) {
      // The team function manages memberships; audiences sets the owner's customer-upload permission on one;
      // approvals reads the sender's own membership for the workspace's name (an email's From, when none is given).
      if (name === 'team' || name === 'audiences' || name === 'approvals') continue;
      const fn = `adsmith-dev-${name}`;
      expect(tableActions(built, fn, 'workspace_memberships'), name).toEqual(['dynamodb:Query']);
      expect(tableActions(built, fn, 'workspace_memberships', true), name).toEqual([]);
      expect(tableActions(built, fn, 'team_invitations'), name).toEqual([]);
      expect(functionEnv(built.templates.stateless, fn)[tableEnvVar('workspaceMemberships')], name).toBeDefined();
    }
    for (const name of ['health', 'contact']) {
      expect(tableActions(built, `adsmith-dev-${name}`, 'workspace_memberships'), name).toEqual([]);
    }
    expect(tableActions(built, 'adsmith-dev-approvals', 'workspace_memberships')).toEqual([
      'dynamodb:GetItem',
      'dynamodb:Query',
    ]);
    expect(tableActions(built, 'adsmith-dev-approvals', 'workspace_memberships', true)).toEqual([]);
    expect(tableActions(built, 'adsmith-dev-audiences', 'workspace_memberships')).toEqual([
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
  });

  it('with a domain: team sends email from noreply@ that domain only, through its SES identity', () => {
    const fn = 'adsmith-dev-team';
    expect(functionEnv(withDomain, fn)[NEED_ENV.emailFrom]).toBe('noreply@ads.example.com');
    const ses = roleStatements(withDomain, fn).filter((s) => [s.Action].flat().some((a) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect([ses[0]!.Action].flat()).toEqual(['ses:SendEmail']);
    expect(JSON.stringify(ses[0]!.Resource)).toContain('ses:eu-west-1:123456789012:identity/ads.example.com');
    expect(ses[0]!.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'noreply@ads.example.com' } });
  });
});
