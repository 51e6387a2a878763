import { describe, expect, it } from 'vitest';
import {
  judge,
  parseCfnLintReport,
  parseCheckovReport,
  type Suppression,
  type TemplateFinding,
} from '@infra/template-checks/template-findings';
import { TEMPLATE_CHECK_SUPPRESSIONS } from '@infra/template-checks/template-check-suppressions';

const cfnLintJson = JSON.stringify([
  {
    Filename: '/x/cdk.out/template-checks/dev/adsmith-dev-stateless.template.json',
    Level: 'Warning',
    Message:
      "'healthRole3AA3E62A' dependency already enforced by a 'GetAtt' at 'Resources/healthFunction7E2A437F/Properties/Role'",
    Location: { Path: ['Resources', 'healthFunction7E2A437F', 'DependsOn', 0] },
    Rule: { Id: 'W3005' },
  },
  {
    Filename: '/x/adsmith-dev-edge.template.json',
    Level: 'Error',
    Message: 'Property is required',
    Location: { Path: ['Resources', 'healthFunction7E2A437F', 'Properties'] },
    Rule: { Id: 'E3003' },
  },
]);

const checkovJson = JSON.stringify({
  check_type: 'cloudformation',
  results: {
    failed_checks: [
      {
        check_id: 'CKV_AWS_27',
        check_name: 'Ensure all data stored in the SQS queue is encrypted',
        file_path: '/adsmith-prod-stateless.template.json',
        resource: 'AWS::SQS::Queue.JobQueuesmmmFits8FA2B497',
      },
    ],
  },
});

describe('template check reports', () => {
  it('reads cfn-lint and checkov JSON into findings with the logical id', () => {
    expect(parseCfnLintReport(cfnLintJson)).toEqual([
      expect.objectContaining({
        tool: 'cfn-lint',
        rule: 'W3005',
        level: 'warning',
        resource: 'healthFunction7E2A437F',
      }),
      expect.objectContaining({
        tool: 'cfn-lint',
        rule: 'E3003',
        level: 'error',
        template: 'adsmith-dev-edge.template.json',
      }),
    ]);
    expect(parseCheckovReport(checkovJson)).toEqual([
      {
        tool: 'checkov',
        rule: 'CKV_AWS_27',
        level: 'failed',
        template: 'adsmith-prod-stateless.template.json',
        resource: 'JobQueuesmmmFits8FA2B497',
        message: 'Ensure all data stored in the SQS queue is encrypted',
      },
    ]);
    // A run over several frameworks is a list of runs.
    expect(parseCheckovReport(`[${checkovJson}]`)).toHaveLength(1);
  });

  it('keeps only what a suppression names by tool, rule, resource and message; never a cfn-lint error', () => {
    const findings = [...parseCfnLintReport(cfnLintJson), ...parseCheckovReport(checkovJson)];
    const verdict = judge(findings, TEMPLATE_CHECK_SUPPRESSIONS);
    expect(verdict.open.map((f) => f.rule)).toEqual(['E3003']);
    const errorSuppression: Suppression = { tool: 'cfn-lint', rule: 'E3003', resource: /.*/, reason: 'no' };
    expect(judge(findings, [errorSuppression]).open.map((f) => f.rule)).toContain('E3003');

    const otherQueue: TemplateFinding = { ...findings[2]!, resource: 'SomeoneElsesQueue1234ABCD' };
    expect(judge([otherQueue], TEMPLATE_CHECK_SUPPRESSIONS).open).toEqual([otherQueue]);
    const otherDependency: TemplateFinding = {
      ...findings[0]!,
      message:
        "'EventOutboxRole7A8F0049' dependency already enforced by a 'GetAtt' at 'Resources/EventOutboxPipeCD624B62/Properties/RoleArn'",
    };
    expect(judge([otherDependency], TEMPLATE_CHECK_SUPPRESSIONS).open).toHaveLength(1);
  });

  it('reports a suppression that matches nothing, so a fixed finding takes its suppression along', () => {
    const verdict = judge([], TEMPLATE_CHECK_SUPPRESSIONS);
    expect(verdict.unused).toHaveLength(TEMPLATE_CHECK_SUPPRESSIONS.length);
  });

  it('gives every suppression a reason that says why, not just what', () => {
    for (const suppression of TEMPLATE_CHECK_SUPPRESSIONS) expect(suppression.reason.length).toBeGreaterThan(60);
  });
});
