import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { isOperator } from '@shared/operators';
import type { WorkspaceRole } from '@shared/workspace-roles';
import { authError } from '../errors';

/** The signed-in user, as the API Gateway JWT authorizer verified them. */
export interface RequestUser {
  /**
   * The key of everything stored: the workspace's (its owner's Cognito `sub`). For an owner or a solo user, and on
   * routes declared `personal`, it is the signed-in user's own `sub`.
   */
  sub: string;
  /** The signed-in person's own `sub`, set when it differs from `sub` (a member working in the owner's workspace). */
  actor?: string;
  /** Cognito username (the user pool's internal name for the user). */
  username: string;
  /** Present on ID tokens only; access tokens carry no email. */
  email?: string;
  /**
   * The person's role in the workspace the request works in (shared/workspace-roles.ts); set by httpFunction on
   * every route keyed by the workspace, absent on personal routes.
   */
  role?: WorkspaceRole;
  /** In the deployment's operators group (verified `cognito:groups` claim; shared/operators.ts). */
  operator?: true;
}

/**
 * Takes the user only from claims the authorizer has already verified: never
 * from the body, the query or an unverified header.
 */
export function userFromClaims(event: APIGatewayProxyEventV2WithJWTAuthorizer): RequestUser {
  const claims = event.requestContext.authorizer?.jwt?.claims ?? {};
  const sub = typeof claims.sub === 'string' ? claims.sub : undefined;
  if (!sub) throw authError();
  const username =
    (typeof claims.username === 'string' && claims.username) ||
    (typeof claims['cognito:username'] === 'string' && claims['cognito:username']) ||
    sub;
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  return {
    sub,
    username,
    ...(email ? { email } : {}),
    ...(isOperator(claims['cognito:groups']) ? { operator: true as const } : {}),
  };
}
