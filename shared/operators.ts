/**
 * The deployment's operators: the people who run this copy of Adsmith (its notifications, its delivery log), as
 * opposed to its customers. They are the members of one Cognito group, declared by the CDK user pool and by the
 * twin's; someone becomes an operator with `npm run operators:add -- <email>` (infra/scripts/add-operator.ts), which
 * adds them to the group (they sign in again to get a token that says so).
 */
export const OPERATORS_GROUP = 'operators';

/**
 * The groups in a `cognito:groups` claim. Cognito puts an array in the token; API Gateway's HTTP API JWT
 * authorizer hands array claims to the function as one string, "[a b]" (reported from a real stack in
 * aws-solutions-library-samples/guidance-for-claude-code-with-amazon-bedrock#803 and floci-io/floci#2011),
 * so both forms are read. Anything else is no group.
 */
export function groupsFromClaim(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.filter((g): g is string => typeof g === 'string');
  if (typeof claim !== 'string') return [];
  const inner = claim.trim().replace(/^\[/, '').replace(/\]$/, '');
  return inner.split(/[\s,]+/).filter((g) => g.length > 0);
}

export function isOperator(claim: unknown): boolean {
  return groupsFromClaim(claim).includes(OPERATORS_GROUP);
}
