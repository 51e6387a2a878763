import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, resourcesOf, type BuiltApp, type CfnJson } from './support/build-app';

describe('WAF in front of CloudFront', () => {
  let built: BuiltApp;
  let waf: Template;
  let edge: Template;

  beforeAll(() => {
    built = buildApp();
    waf = built.templates.waf;
    edge = built.templates.edge;
  });
  afterAll(() => built?.cleanup());

  it('lives in its own stack in us-east-1 (CloudFront takes web ACLs from there only)', () => {
    expect(built.stacks.waf.region).toBe('us-east-1');
    expect(built.stacks.edge.dependencies).toContain(built.stacks.waf);
  });

  it('is a CLOUDFRONT-scope web ACL: a per-IP rate rule first, then the AWS managed rule groups', () => {
    const [[, acl]] = resourcesOf(waf, 'AWS::WAFv2::WebACL') as [[string, { Properties: Record<string, CfnJson> }]];
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
    const rules = (acl.Properties.Rules as { Name: string; Priority: number; Statement: CfnJson; Action?: unknown }[])
      .slice()
      .sort((a, b) => a.Priority - b.Priority);
    expect(rules[0]).toMatchObject({
      Name: 'rate-per-ip',
      Action: { Block: {} },
      Statement: { RateBasedStatement: { AggregateKeyType: 'IP', Limit: 2000, EvaluationWindowSec: 300 } },
    });
    expect(rules[1]).toMatchObject({ Name: 'signal-events-per-ip', Action: { Block: {} } });
    expect(rules.slice(2).map((r) => r.Statement.ManagedRuleGroupStatement)).toEqual([
      {
        VendorName: 'AWS',
        Name: 'AWSManagedRulesCommonRuleSet',
        RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }],
      },
      { VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' },
      { VendorName: 'AWS', Name: 'AWSManagedRulesAmazonIpReputationList' },
    ]);
    for (const rule of rules) {
      expect((rule as CfnJson).VisibilityConfig).toMatchObject({
        CloudWatchMetricsEnabled: true,
        SampledRequestsEnabled: true,
      });
    }
  });

  it('gives the first-party Conversions API endpoint its own per-IP limit, which the general one leaves out', () => {
    const [[, acl]] = resourcesOf(waf, 'AWS::WAFv2::WebACL') as [[string, { Properties: Record<string, CfnJson> }]];
    const rules = acl.Properties.Rules as { Name: string; Statement: CfnJson }[];
    const eventsPath = {
      ByteMatchStatement: {
        FieldToMatch: { UriPath: {} },
        PositionalConstraint: 'EXACTLY',
        SearchString: '/api/signals/events',
        TextTransformations: [{ Priority: 0, Type: 'NONE' }],
      },
    };
    const own = rules.find((rule) => rule.Name === 'signal-events-per-ip')?.Statement.RateBasedStatement;
    expect(own).toMatchObject({ AggregateKeyType: 'IP', Limit: 3000, ScopeDownStatement: eventsPath });
    const general = rules.find((rule) => rule.Name === 'rate-per-ip')?.Statement.RateBasedStatement;
    expect(general.ScopeDownStatement).toEqual({ NotStatement: { Statement: eventsPath } });
  });

  it('counts, not blocks, bodies over 8 KB: the API accepts 256 KiB and enforces each route’s own limit', () => {
    const [[, acl]] = resourcesOf(waf, 'AWS::WAFv2::WebACL') as [[string, { Properties: Record<string, CfnJson> }]];
    const common = (acl.Properties.Rules as { Statement: CfnJson; OverrideAction?: unknown }[]).find(
      (rule) => rule.Statement.ManagedRuleGroupStatement?.Name === 'AWSManagedRulesCommonRuleSet',
    );
    // The group's other rules keep blocking; only the body-size rule is overridden, and to Count.
    expect(common?.OverrideAction).toEqual({ None: {} });
    expect(common?.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
    // No other rule of the ACL refuses a body by size below what the API takes.
    const sizeRules = JSON.stringify(acl.Properties.Rules).match(/"SizeConstraintStatement"/g) ?? [];
    expect(sizeRules).toHaveLength(0);
  });

  it('is attached to the distribution, read across regions from the WAF stack output', () => {
    const [[, distribution]] = resourcesOf(edge, 'AWS::CloudFront::Distribution') as [
      [string, { Properties: Record<string, CfnJson> }],
    ];
    expect(distribution.Properties.DistributionConfig.WebACLId).toEqual({
      'Fn::GetStackOutput': { StackName: 'adsmith-dev-waf', OutputName: 'WebAclArn', Region: 'us-east-1' },
    });
    expect(Object.keys(waf.toJSON().Outputs)).toContain('WebAclArn');
  });
});
