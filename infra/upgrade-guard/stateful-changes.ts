import { fullDiff, ResourceImpact, type ResourceDifference } from '@aws-cdk/cloudformation-diff';

/**
 * What an upgrade would do to the resources that hold data, read with the CDK's own diff library
 * (@aws-cdk/cloudformation-diff, what `cdk diff` prints): its resource model knows which property
 * changes make CloudFormation replace a resource (a table's key schema, a bucket's name, a user
 * pool's sign-in attributes...). A replaced or deleted table, bucket, key, user pool, queue or
 * secret loses what it holds (or, when retained, is left behind while the stack starts an empty one).
 */

/** CloudFormation types whose replacement or removal loses data (or, for KMS keys, the means to read it). */
export const STATEFUL_TYPES: readonly string[] = [
  'AWS::DynamoDB::Table',
  'AWS::DynamoDB::GlobalTable',
  'AWS::S3::Bucket',
  'AWS::KMS::Key',
  'AWS::Cognito::UserPool',
  'AWS::SQS::Queue',
  'AWS::SecretsManager::Secret',
];

export type StatefulChangeKind = 'replace' | 'may-replace' | 'delete' | 'orphan' | 'type-change' | 'loses-retain';

export interface StatefulChange {
  stack: string;
  logicalId: string;
  type: string;
  kind: StatefulChangeKind;
  /** The changed properties that cause the replacement (empty for removals). */
  causes: string[];
}

export interface CfnTemplate {
  Resources?: Record<
    string,
    { Type: string; Properties?: unknown; DeletionPolicy?: string; UpdateReplacePolicy?: string }
  >;
}

const KIND_BY_IMPACT: Partial<Record<ResourceImpact, StatefulChangeKind>> = {
  [ResourceImpact.WILL_REPLACE]: 'replace',
  [ResourceImpact.MAY_REPLACE]: 'may-replace',
  [ResourceImpact.WILL_DESTROY]: 'delete',
  [ResourceImpact.WILL_ORPHAN]: 'orphan',
};

const KEEPS_DATA = new Set(['Retain', 'RetainExceptOnCreate', 'Snapshot']);

/** Only the stateful resources of a template: what the guard compares (and what a release snapshot keeps). */
export function statefulPart(template: CfnTemplate): CfnTemplate {
  const resources = Object.entries(template.Resources ?? {}).filter(([, r]) => STATEFUL_TYPES.includes(r.Type));
  return { Resources: Object.fromEntries(resources.sort(([a], [b]) => a.localeCompare(b))) };
}

function causesOf(change: ResourceDifference): string[] {
  const causes: string[] = [];
  change.forEachDifference((kind, name, difference) => {
    if (kind !== 'Property') return;
    const impact = (difference as { changeImpact?: ResourceImpact }).changeImpact;
    if (impact === ResourceImpact.WILL_REPLACE || impact === ResourceImpact.MAY_REPLACE) causes.push(name);
  });
  return causes.sort();
}

/** Removing Retain (or Snapshot) from a stateful resource means a later stack deletion destroys its data. */
function losesRetain(before: CfnTemplate, after: CfnTemplate, logicalId: string): boolean {
  const old = before.Resources?.[logicalId];
  const now = after.Resources?.[logicalId];
  if (!old || !now) return false;
  const kept = (policy: string | undefined) => policy !== undefined && KEEPS_DATA.has(policy);
  return (
    (kept(old.DeletionPolicy) && !kept(now.DeletionPolicy)) ||
    (kept(old.UpdateReplacePolicy) && !kept(now.UpdateReplacePolicy))
  );
}

/** Every change of one stack's stateful resources from `before` (the release deployed) to `after`. */
export function statefulChanges(stack: string, before: CfnTemplate, after: CfnTemplate): StatefulChange[] {
  const found: StatefulChange[] = [];
  const diff = fullDiff(statefulPart(before) as never, statefulPart(after) as never);
  diff.resources.forEachDifference((logicalId, change) => {
    const type = change.oldResourceType ?? change.newResourceType ?? 'unknown';
    if (change.isAddition) return;
    if (change.resourceTypeChanged) {
      found.push({ stack, logicalId, type, kind: 'type-change', causes: [] });
      return;
    }
    const kind = KIND_BY_IMPACT[change.changeImpact];
    if (kind) found.push({ stack, logicalId, type, kind, causes: kind.endsWith('replace') ? causesOf(change) : [] });
    else if (losesRetain(before, after, logicalId))
      found.push({ stack, logicalId, type, kind: 'loses-retain', causes: [] });
  });
  return found.sort((a, b) => a.logicalId.localeCompare(b.logicalId));
}

const SAID: Record<StatefulChangeKind, string> = {
  replace: 'would be REPLACED (a new, empty resource)',
  'may-replace': 'may be REPLACED (a new, empty resource)',
  delete: 'would be DELETED',
  orphan: 'would be removed from the stack (retained, but no longer used: the stack would start without it)',
  'type-change': 'changes type (the old resource is deleted)',
  'loses-retain': 'loses its Retain policy (a stack deletion would destroy its data)',
};

export function describeChange(change: StatefulChange): string {
  const because = change.causes.length ? ` because ${change.causes.join(', ')} changed` : '';
  return `${change.stack}/${change.logicalId} (${change.type}) ${SAID[change.kind]}${because}`;
}
