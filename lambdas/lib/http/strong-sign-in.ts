import { NEED_ENV } from '@shared/need-env';
import { plans, type PlanKey } from '@shared/plans';
import type { RouteDeclaration } from '@shared/route-declaration';
import { AppError, authError } from '../errors';
import type { RequestUser } from './request-user';

/** What the check asks of the world: the workspace's plan, and whether the caller has turned on TOTP MFA. */
export interface StrongSignInDeps {
  /** The deployment requires MFA of paid workspaces' owners (MFA_FOR_PAID_OWNERS=required). */
  required: boolean;
  planOf: (workspaceId: string) => Promise<PlanKey>;
  hasAuthenticatorApp: (accessToken: string) => Promise<boolean>;
}

/** The deployment's setting, as CDK (or the twin) gives it to a function serving a route that moves money. */
export function strongSignInRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[NEED_ENV.strongSignIn] === 'required';
}

const isPaid = (plan: PlanKey) => plans[plan].priceCents.monthly > 0;

/**
 * Whether the user has authenticator-app MFA turned on, asked of Cognito with their own access token.
 *
 * Why not a token claim: Cognito's tokens carry `amr` (e.g. ["pwd","otp","mfa"]) only when the sign-in asked for an
 * authentication level (TARGET_ACR_VALUES in the USER_AUTH flow, or acr_values at the managed login; "Authentication
 * levels with ACR and AMR claims", docs.aws.amazon.com/cognito/latest/developerguide/
 * cognito-user-pools-step-up-authentication.html); the web signs in with SRP and gets none. GetUser lists the
 * factors that are on in `UserMFASettingList` (API reference, GetUser). It is authorised by the access token itself
 * (its `aws.cognito.signin.user.admin` scope) and "doesn't evaluate IAM policies", so no function gains a grant on
 * the pool, and the request needs no SigV4 signature: it is one JSON POST, made here with fetch so the Cognito SDK
 * client does not join the bundle of every HTTP function. The endpoint is the SDK's own variable locally.
 */
export function authenticatorAppCheck(
  env: NodeJS.ProcessEnv = process.env,
  send: typeof fetch = fetch,
): (accessToken: string) => Promise<boolean> {
  const endpoint =
    env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER ??
    `https://cognito-idp.${env.AWS_REGION ?? 'us-east-1'}.amazonaws.com/`;
  return async (accessToken) => {
    const reply = await send(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
      },
      body: JSON.stringify({ AccessToken: accessToken }),
      signal: AbortSignal.timeout(3_000),
    });
    const body = (await reply.json().catch(() => ({}))) as { UserMFASettingList?: unknown; __type?: unknown };
    if (reply.ok)
      return Array.isArray(body.UserMFASettingList) && body.UserMFASettingList.includes('SOFTWARE_TOKEN_MFA');
    // A token the authorizer accepted but Cognito no longer honours (signed out everywhere, user disabled).
    if (String(body.__type).endsWith('NotAuthorizedException')) {
      throw authError('Your session has ended. Please sign in again.');
    }
    throw new Error(`Cognito GetUser answered ${reply.status} ${String(body.__type)}`);
  };
}

/**
 * Refuses a route that moves money to the owner of a paid workspace who has not turned on authenticator-app MFA,
 * where the deployment requires it. A password alone should not be able to change billing, a budget or publish
 * spend: those are the actions a stolen password would be used for. Members work under their owner's plan and
 * are not checked (the owner decides who joins).
 */
export async function assertStrongSignIn(
  route: RouteDeclaration,
  user: RequestUser | undefined,
  accessToken: string | undefined,
  deps: StrongSignInDeps,
): Promise<void> {
  if (!route.movesMoney || !deps.required || !user || user.actor) return;
  if (!isPaid(await deps.planOf(user.sub))) return;
  if (!accessToken) throw authError();
  if (await deps.hasAuthenticatorApp(accessToken)) return;
  throw new AppError('MFA_REQUIRED');
}
