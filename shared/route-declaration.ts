import type { z } from 'zod';
import type { AppFunctionName } from './functions';

/**
 * What a route of the routes table (shared/routes.ts) declares, and the helper each function's own
 * table (shared/function-routes/<fn>.ts) declares them with. No schema lives here: a function's
 * bundle loads this, its own routes' schemas, and nothing of the other functions'.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAccess = 'public' | 'user';

/** `F` is the function name type: the routes table below takes only names of shared/functions.ts. */
export interface RouteDeclaration<F extends string = string> {
  method: HttpMethod;
  path: `/api/${string}` | '/api';
  /** The function (folder under lambdas/, entry in shared/functions.ts) that serves it. */
  fn: F;
  access: RouteAccess;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  /** Status on success; 200 unless said. */
  successStatus?: number;
  /**
   * Largest request body the route takes, in bytes; above it the function answers 413 PAYLOAD_TOO_LARGE
   * before reading it. Default MAX_REQUEST_BODY_BYTES (256 KiB). The WAF leaves body size to this: its
   * managed 8 KB body rule only counts (infra/cdk/lib/stacks/waf-stack.ts).
   */
  maxBodyBytes?: number;
  /**
   * The JSON body may also arrive as `text/plain`: what a browser's `navigator.sendBeacon` or a no-cors `fetch` from
   * another site can send without a CORS preflight (the first-party Conversions API snippet posts from the
   * customer's site). Only for public routes whose body carries its own credential, never a cookie or token.
   */
  plainTextBody?: true;
  /**
   * For `access: 'public'` routes: what the route exposes without sign-in and what guards it instead. It is
   * the reason the CDK app gives cdk-nag for a route without an authorizer, so it must stay true.
   */
  publicBecause?: string;
  /** A reply for which this holds answers 202 Accepted instead: a job the client polls is still running. */
  acceptedWhen?: (reply: never) => boolean;
  /**
   * The reply streams (server-sent events; `response` is one event). API Gateway's HTTP API buffers
   * a Lambda reply whole, so in AWS such a route gets no HTTP API route: CloudFront serves its path
   * (same origin, no parameters) from the function's URL in RESPONSE_STREAM mode, signing each request
   * with origin access control, so the function must be an `edge` entry of shared/functions.ts. The
   * twin's gateway streams it the same way (shared/streaming-headers.ts).
   */
  stream?: true;
  /**
   * Whose data a signed-in request works on (lambdas/lib/team resolves it once per request). Default
   * `shared`: the workspace's (a member works on the owner's plan, quotas, Meta connection and data).
   * `personal`: the signed-in person's own (their profile, the team routes, which resolve it themselves).
   * `owner`: the workspace's, and a member is refused with OWNER_ONLY (billing, the Meta connection itself).
   * `admins`: the workspace's, for its owner and admins only (those who manage its team, e.g. the customer-data
   * upload audit); a member is refused with ADMINS_ONLY.
   */
  workspace?: WorkspaceScope;
  /**
   * What a workspace's read-only `client` role may do here (shared/workspace-roles.ts `routeRefusal`). Absent:
   * nothing, so every new route is refused to clients until its author decides otherwise. `reads`: a GET the
   * client sees (dashboards, reports, approvals). `answers`: a write that is the client's own (an approval's answer,
   * the web's click and error reports), never a change to the workspace's settings, billing or Meta connection.
   */
  clientRole?: 'reads' | 'answers';
  /**
   * For `access: 'user'` routes that belong to the deployment's operators only (shared/operators.ts): anyone not in
   * the operators group is refused with 403 FORBIDDEN, whatever their plan or workspace role.
   */
  role?: 'operator';
  /**
   * The route moves money: it changes billing, a budget, or spends by publishing. Where the deployment requires it
   * (`strongSignIn`, on in prod), the owner of a workspace on a paid plan must have turned on authenticator-app MFA
   * first, or is refused with 403 MFA_REQUIRED (lambdas/lib/http/strong-sign-in.ts).
   */
  movesMoney?: true;
}

export type WorkspaceScope = 'shared' | 'personal' | 'owner' | 'admins';

export function route<const R extends RouteDeclaration<AppFunctionName>>(declaration: R): R {
  return declaration;
}

/** API Gateway's route key, e.g. `GET /api/me`, also the event's `routeKey`. */
export function routeKey(r: RouteDeclaration): string {
  return `${r.method} ${r.path}`;
}
