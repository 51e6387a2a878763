import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { signalsIntakeRoutes } from '@shared/function-routes/signals-intake';

/** CloudFront reads its web ACL from us-east-1 only (a WAFv2 CLOUDFRONT-scope ACL lives there). */
export const WAF_REGION = 'us-east-1';
/** The output the edge stack reads with Fn::GetStackOutput. */
export const WEB_ACL_ARN_OUTPUT = 'WebAclArn';

export interface WafStackProps extends StackProps {
  /** Physical name prefix, e.g. `adsmith-dev`. */
  readonly namePrefix: string;
  /** Requests one IP may make in any 5-minute window before it is blocked for a while. */
  readonly requestsPerIpPer5Min: number;
  /** Requests one IP may make in 5 minutes to the first-party Conversions API endpoint (left out of the rule above). */
  readonly signalEventsPerIpPer5Min: number;
}

/** AWS managed rule groups, each counted by its own CloudWatch metric. */
const MANAGED_RULE_GROUPS = [
  // OWASP-style protections: bad bodies, paths, headers, sizes.
  'AWSManagedRulesCommonRuleSet',
  // Request patterns known to exploit vulnerabilities (Log4j, bad host headers, ...).
  'AWSManagedRulesKnownBadInputsRuleSet',
  // IPs Amazon threat intelligence reports as bots or attackers.
  'AWSManagedRulesAmazonIpReputationList',
] as const;

/**
 * Rules of a managed group that would refuse what Adsmith accepts, switched to Count (still measured).
 * SizeRestrictions_BODY blocks bodies over 8 KB (AWS WAF developer guide, "Core rule set (CRS) managed
 * rule group"), while the API takes up to 256 KiB: the marketing-mix CSV upload (the sample is 12.5 KB),
 * long chat histories and Stripe webhooks would be refused at CloudFront. Body size is the API's to
 * enforce, per route (shared/routes.ts `maxBodyBytes`, 413 PAYLOAD_TOO_LARGE from lambdas/lib/http).
 */
export const COUNTED_MANAGED_RULES: Partial<Record<(typeof MANAGED_RULE_GROUPS)[number], readonly string[]>> = {
  AWSManagedRulesCommonRuleSet: ['SizeRestrictions_BODY'],
};

/**
 * The web ACL in front of CloudFront. A CLOUDFRONT-scope ACL must be created in us-east-1
 * whatever region the app runs in, so it has its own stack pinned there; the edge stack
 * (any region) names it through `Fn::GetStackOutput`, which reads outputs across regions,
 * and deploys after it. Synth stays offline: nothing is looked up.
 */
export class WafStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WafStackProps) {
    super(scope, id, props);
    const metric = (name: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${props.namePrefix}-${name}`,
    });

    // The first-party Conversions API endpoint: sites' servers post there from one address each, so it has its own
    // limit and the general one leaves it out.
    const signalEventsPath: CfnWebACL.StatementProperty = {
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'EXACTLY',
        searchString: signalsIntakeRoutes.signalsSendEvents.path,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    };
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${props.namePrefix}-edge`,
      description: 'Adsmith managed rule groups and a per-IP rate limit in front of CloudFront, site and /api',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: metric('edge'),
      rules: [
        {
          // First: a flood from one address is cut off before any other rule spends on it.
          name: 'rate-per-ip',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: props.requestsPerIpPer5Min,
              aggregateKeyType: 'IP',
              evaluationWindowSec: 300,
              scopeDownStatement: { notStatement: { statement: signalEventsPath } },
            },
          },
          visibilityConfig: metric('rate-per-ip'),
        },
        {
          name: 'signal-events-per-ip',
          priority: 1,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: props.signalEventsPerIpPer5Min,
              aggregateKeyType: 'IP',
              evaluationWindowSec: 300,
              scopeDownStatement: signalEventsPath,
            },
          },
          visibilityConfig: metric('signal-events-per-ip'),
        },
        ...MANAGED_RULE_GROUPS.map((group, index) => ({
          name: group,
          priority: index + 2,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: group,
              ruleActionOverrides: COUNTED_MANAGED_RULES[group]?.map((rule) => ({
                name: rule,
                actionToUse: { count: {} },
              })),
            },
          },
          visibilityConfig: metric(group),
        })),
      ],
    });

    new CfnOutput(this, WEB_ACL_ARN_OUTPUT, {
      value: this.webAcl.attrArn,
      description: 'The CloudFront web ACL (the edge stack reads this output)',
    });
  }
}
