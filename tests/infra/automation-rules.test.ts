import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueueEnvVar, jobQueues } from '@shared/job-queues';
import { buildApp, type BuiltApp } from './support/build-app';
import { allowedActions, functionEnv, functionNamed, roleStatements } from './support/template-queries';

/** Automation rules: the scheduler → runner → rule-runs queue → evaluator path, and exact grants. */
describe('automation rules infrastructure', () => {
  let built: BuiltApp;
  let stateless: Template;

  beforeAll(() => {
    built = buildApp();
    stateless = built.templates.stateless;
  });
  afterAll(() => built?.cleanup());

  const dynamo = (fn: string, table: string, index = false) =>
    roleStatements(stateless, fn)
      .filter((s) => {
        const resource = JSON.stringify(s.Resource);
        return resource.includes(`adsmith-dev-${table}`) && resource.includes('/index/') === index;
      })
      .flatMap((s) => [s.Action].flat())
      .filter((a) => a.startsWith('dynamodb:'))
      .sort();

  it('invokes the runner every 5 minutes through EventBridge Scheduler, with a role that may invoke only it', () => {
    const [runnerId] = functionNamed(stateless, 'adsmith-dev-rules-runner');
    stateless.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(5 minutes)',
      State: 'ENABLED',
      Target: Match.objectLike({
        Arn: { 'Fn::GetAtt': [runnerId, 'Arn'] },
        RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 0 }),
      }),
    });
    // Other functions have their own schedules (the signals monitor); the runner has exactly one.
    const runnerSchedules = Object.values(stateless.findResources('AWS::Scheduler::Schedule')).filter(
      (schedule) =>
        JSON.stringify(schedule.Properties.Target.Arn) === JSON.stringify({ 'Fn::GetAtt': [runnerId, 'Arn'] }),
    );
    expect(runnerSchedules).toHaveLength(1);
    const policies = Object.values(stateless.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p).includes('ScheduleRole'),
    );
    const actions = policies.flatMap((p) =>
      (p.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((s) => [s.Action].flat()),
    );
    expect([...new Set(actions)]).toEqual(['lambda:InvokeFunction']);
  });

  it('fans out through the rule-runs queue (DLQ after 3 receives) to the evaluator, batch item failures reported', () => {
    stateless.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: 'adsmith-dev-rule-runs',
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: jobQueues.ruleRuns.maxReceiveCount },
    });
    stateless.hasResourceProperties('AWS::SQS::Queue', { QueueName: 'adsmith-dev-rule-runs-dlq' });
    const [evaluatorId] = functionNamed(stateless, 'adsmith-dev-rules-evaluator');
    stateless.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: evaluatorId },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: jobQueues.ruleRuns.maxConcurrency },
    });
    for (const producer of ['adsmith-dev-rules-runner', 'adsmith-dev-automation-rules']) {
      expect(allowedActions(stateless, producer).filter((a) => a.startsWith('sqs:'))).toEqual(['sqs:SendMessage']);
      expect(functionEnv(stateless, producer)[jobQueueEnvVar('ruleRuns')]).toBeDefined();
    }
    expect(allowedActions(stateless, 'adsmith-dev-rules-evaluator')).not.toContain('sqs:SendMessage');
  });

  it('grants each rules function exactly its declared DynamoDB actions', () => {
    expect(dynamo('adsmith-dev-rules-runner', 'automation_rules')).toEqual([]);
    expect(dynamo('adsmith-dev-rules-runner', 'automation_rules', true)).toEqual(['dynamodb:Query']);
    expect(dynamo('adsmith-dev-automation-rules', 'automation_rules')).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(dynamo('adsmith-dev-automation-rules', 'rule_runs')).toEqual(['dynamodb:Query']);
    expect(dynamo('adsmith-dev-rules-evaluator', 'automation_rules')).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(dynamo('adsmith-dev-rules-evaluator', 'rule_runs')).toEqual(['dynamodb:DeleteItem', 'dynamodb:PutItem']);
    // The audit stays append-only for rules too.
    expect(dynamo('adsmith-dev-rules-evaluator', 'campaign_audit')).toEqual(['dynamodb:PutItem']);
    expect(dynamo('adsmith-dev-rules-evaluator', 'automation_rules', true)).toEqual([]);
  });

  it('gives the rules functions the plan quotas they enforce, and nothing more of them', () => {
    // Switching a rule on takes a place of the plan's rules-on limit (conditional update); the plan is read.
    expect(dynamo('adsmith-dev-automation-rules', 'quota_usage')).toEqual(['dynamodb:UpdateItem']);
    expect(dynamo('adsmith-dev-automation-rules', 'user_plans')).toEqual(['dynamodb:GetItem']);
    // The evaluator reads the places held (ad accounts before a change that spends, rules after a downgrade),
    // takes and frees them; it never changes the plan.
    expect(dynamo('adsmith-dev-rules-evaluator', 'quota_usage')).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    expect(dynamo('adsmith-dev-rules-evaluator', 'user_plans')).toEqual(['dynamodb:GetItem']);
    expect(dynamo('adsmith-dev-rules-runner', 'quota_usage')).toEqual([]);
  });
});
