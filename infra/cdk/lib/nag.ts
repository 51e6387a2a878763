import { Stack, Validations, type App, type IAspect } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

/**
 * Runs cdk-nag's AwsSolutions pack at synth: any finding not acknowledged (with
 * its reason, next to the construct it concerns) fails synth. cdk-nag 3.x plugs
 * into CDK's policy validation, so `Aspects.of(app).add(...)` is not used.
 */
export function enableNag(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}

/** A wildcard we accept in an IAM policy, and why. */
export interface WildcardAllowance {
  /** Matches the cdk-nag finding, e.g. `Resource::*` or `Action::kms:ReEncrypt*`. */
  readonly finding: RegExp;
  /** When set, every action of the statement must match, or the finding is not accepted. */
  readonly actions?: RegExp;
  readonly reason: string;
}

/**
 * Acknowledges AwsSolutions-IAM5 (wildcard permission) findings on IAM policies
 * under a scope, but only those each statement justifies: a finding also raised
 * by a statement that no allowance covers stays unacknowledged and fails synth.
 * cdk-nag 3.x needs one acknowledgement per finding id, and ids embed the
 * rendered resource, so they are computed here from the policy as synthesized.
 *
 * Runs as an aspect, i.e. after every grant has been added to the policy.
 */
export class AcknowledgeWildcards implements IAspect {
  constructor(private readonly allowances: readonly WildcardAllowance[]) {}

  visit(node: IConstruct): void {
    if (!(node instanceof CfnPolicy)) return;
    const document = Stack.of(node).resolve(node.policyDocument) as { Statement?: PolicyStatementJson[] };
    const verdicts = new Map<string, string | null>();
    for (const statement of document.Statement ?? []) {
      if (statement.Effect !== 'Allow') continue;
      const actions = toArray(statement.Action) as string[];
      const findings = [
        ...actions.filter((action) => action.includes('*')).map((action) => `Action::${action}`),
        ...toArray(statement.Resource)
          .map((resource) => flattenCfnReference(resource))
          .filter((resource) => resource.includes('*'))
          .map((resource) => `Resource::${resource}`),
      ];
      for (const finding of findings) {
        const allowance = this.allowances.find(
          (a) => a.finding.test(finding) && (!a.actions || actions.every((action) => a.actions!.test(action))),
        );
        if (!allowance) verdicts.set(finding, null);
        else if (!verdicts.has(finding)) verdicts.set(finding, allowance.reason);
      }
    }
    for (const [finding, reason] of verdicts) {
      if (reason) Validations.of(node).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
    }
  }
}

interface PolicyStatementJson {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: unknown;
}

function toArray<T>(value: T | T[]): T[] {
  return Array.isArray(value) ? value : [value];
}
