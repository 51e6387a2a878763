import type { Template } from 'aws-cdk-lib/assertions';
import { resourcesOf, type CfnJson } from './build-app';

export interface PolicyStatement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

/** The Lambda function resource with this physical name. */
export function functionNamed(
  template: Template,
  functionName: string,
): [string, { Properties: Record<string, CfnJson> }] {
  const found = resourcesOf(template, 'AWS::Lambda::Function').find(
    ([, f]) => f.Properties.FunctionName === functionName,
  );
  if (!found) throw new Error(`no function ${functionName} in template`);
  return found;
}

/** A function's environment variables. */
export function functionEnv(template: Template, functionName: string): Record<string, unknown> {
  return functionNamed(template, functionName)[1].Properties.Environment.Variables;
}

/** Every IAM statement attached to a function's execution role. */
export function roleStatements(template: Template, functionName: string): PolicyStatement[] {
  const roleId = functionNamed(template, functionName)[1].Properties.Role['Fn::GetAtt'][0];
  return resourcesOf(template, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as PolicyStatement[]);
}

/** Every action a function's role allows, sorted. */
export function allowedActions(template: Template, functionName: string): string[] {
  return roleStatements(template, functionName)
    .filter((s) => s.Effect === 'Allow')
    .flatMap((s) => [s.Action].flat())
    .sort();
}

export function onlyLogicalId(template: Template, type: string): string {
  const ids = Object.keys(template.findResources(type));
  if (ids.length !== 1) throw new Error(`expected one ${type}, found ${ids.length}`);
  return ids[0]!;
}
