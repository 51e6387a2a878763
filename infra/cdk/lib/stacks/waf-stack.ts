import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** CloudFront reads its web ACL from us-east-1 only (a WAFv2 CLOUDFRONT-scope ACL lives there). */
export const WAF_REGION = 'us-east-1';
/** The output the edge stack reads with Fn::GetStackOutput. */
export const WEB_ACL_ARN_OUTPUT = 'WebAclArn';

export interface WafStackProps extends StackProps {
  /** Physical name prefix, e.g. `adsmith-dev`. */
  readonly namePrefix: string;
  /** Requests one IP may make in any 5-minute window before it is blocked for a while. */
  readonly requestsPerIpPer5Min: number;
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
            rateBasedStatement: { limit: props.requestsPerIpPer5Min, aggregateKeyType: 'IP', evaluationWindowSec: 300 },
          },
          visibilityConfig: metric('rate-per-ip'),
        },
        ...MANAGED_RULE_GROUPS.map((group, index) => ({
          name: group,
          priority: index + 1,
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: group } },
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
