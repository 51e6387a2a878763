import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { routeKey, type RouteDeclaration } from '@shared/route-declaration';
import { forbidden, notFound } from '../errors';
import { logger } from '../observability';
import { countRequestOutcome, instrumented } from './instrumentation';
import { assertThroughCloudFront } from './origin-check';
import { errorReply, jsonReply } from './replies';
import { parseRequest, type ParsedRequest } from './parse-request';
import { userFromClaims, type RequestUser } from './request-user';
import { bearerToken } from './access-token';
import {
  assertStrongSignIn,
  authenticatorAppCheck,
  strongSignInRequired,
  type StrongSignInDeps,
} from './strong-sign-in';
import { planOfUser } from '../billing/plan-record';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { tableName } from '../table-name';
import { withActor } from '../team/request-actor';
import { workspaceOf } from '../team/workspace';
import { requestedWorkspace } from '../team/requested-workspace';
import { AppError } from '../errors';
import { routeRefusal } from '@shared/workspace-roles';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

export type RouteInput<R extends RouteDeclaration> = ParsedRequest<R> & {
  user: R['access'] extends 'user' ? RequestUser : undefined;
  event: HttpEvent;
  context: Context;
};

export type RouteLogic<R extends RouteDeclaration, Opened extends object = object> = (
  input: RouteInput<R> & Opened,
) => Promise<z.input<R['response']>>;

/**
 * Opens, for each request, what a route's logic works on beside the request, e.g. the user's Meta session
 * (`metaSession()` in lib/meta-session/meta-route.ts); its failures are the route's errors.
 */
export type RouteOpener<R extends RouteDeclaration, Opened> = (input: RouteInput<R>) => Promise<Opened>;

/** A route of the routes table bound to the logic that serves it (`on`). */
export interface RouteBinding<R extends RouteDeclaration = RouteDeclaration> {
  route: R;
  logic: RouteLogic<RouteDeclaration>;
}

/** A route's API Gateway key as its declaration's types spell it, e.g. `'GET /api/me'`. */
export type RouteKeyOf<R extends RouteDeclaration> = `${R['method']} ${R['path']}`;

/** A route known at init by its key only: its declaration, schemas and logic are loaded by its first request. */
export interface LazyRouteBinding {
  key: string;
  load: () => Promise<RouteBinding>;
}

/** Binds a route of the routes table to the plain function that serves it, given what `open` opens for it. */
export function on<R extends RouteDeclaration, Opened extends object = object>(
  route: R,
  logic: RouteLogic<R, Opened>,
  open?: RouteOpener<R, Opened>,
): RouteBinding<R> {
  const serve: RouteLogic<R> = open
    ? async (input) => logic({ ...input, ...(await open(input)) })
    : (logic as RouteLogic<R>);
  return { route, logic: serve as unknown as RouteLogic<RouteDeclaration> };
}

/**
 * A route whose code loads on its first request (issue 23 req 15): `load` imports a module of the function that
 * binds it with `on`, e.g. `onFirstUse('GET /api/x/{id}', async () => (await import('./x-route')).xRoute)`. esbuild
 * puts that module, the route table's schemas it imports and the logic it wires in a chunk init does not load, so
 * a cold start pays only for the route its request asks for. The key is checked against the loaded route's
 * declaration by the compiler (and again when it loads); the handler file must not import that module (or the
 * function's route table) statically, or it is back in init.
 */
export function onFirstUse<R extends RouteDeclaration>(
  key: NoInfer<RouteKeyOf<R>>,
  load: () => Promise<RouteBinding<R>>,
): LazyRouteBinding {
  return { key, load: load as () => Promise<RouteBinding> };
}

type AnyBinding = RouteBinding | LazyRouteBinding;

/** Each route's binding by key, the lazy ones loaded once per container (a failed load is tried again). */
function bindingsByKey(bindings: AnyBinding[]): Map<string, () => Promise<RouteBinding>> {
  const byKey = new Map<string, () => Promise<RouteBinding>>();
  for (const binding of bindings) {
    if (!('key' in binding)) {
      const loaded = Promise.resolve(binding);
      byKey.set(routeKey(binding.route), () => loaded);
      continue;
    }
    let loading: Promise<RouteBinding> | undefined;
    byKey.set(binding.key, () => {
      loading ??= binding.load().then(
        (loaded) => {
          // The compiler checks this already; a handler cast past it would serve another route's checks here.
          if (routeKey(loaded.route) !== binding.key)
            throw new Error(`${binding.key} loaded the binding of ${routeKey(loaded.route)}`);
          return loaded;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    });
  }
  return byKey;
}

/**
 * One Lambda serving one or more routes, with the middy stack every HTTP
 * function shares: Powertools tracer, metrics and logger (correlation id =
 * API request id), requests only through CloudFront, checks from the routes table, the user only from
 * verified claims, typed errors to JSON replies, never a stack trace.
 */
export function httpFunction(bindings: AnyBinding[]) {
  const byKey = bindingsByKey(bindings);

  const dispatch = async (event: HttpEvent, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const binding = byKey.get(event.routeKey);
    if (!binding) throw notFound();
    // Before anything else reads the request: only CloudFront's requests are served (see origin-check).
    await assertThroughCloudFront(event.headers);
    const { route, logic } = await binding();
    const claimed = route.access === 'user' ? userFromClaims(event) : undefined;
    // Who may act in which workspace is settled before the request is read: a foreign workspace or a role the
    // route refuses answers 403 whatever the body says.
    const user = claimed ? await inWorkspace(claimed, route, requestedWorkspace(event.headers)) : undefined;
    const request = parseRequest(route, event);
    // The deployment's own pages (its notifications, its delivery log) are its operators', never a customer's.
    if (route.role === 'operator' && !claimed?.operator)
      throw forbidden('Only this deployment’s operators can do that.');
    // Billing, budgets and publishing: a paid workspace's owner needs MFA on, where the deployment says so.
    if (route.movesMoney) await assertStrongSignIn(route, user, bearerToken(event.headers), strongSignIn());
    // Every log line of the request names the user (the verified `sub`, never a token or an email) and, for a
    // member, the workspace they work in.
    if (user) logger.appendKeys({ userId: user.actor ?? user.sub, ...(user.actor ? { workspaceId: user.sub } : {}) });
    const input = { ...request, user, event, context } as RouteInput<RouteDeclaration>;
    // The person acting (a teammate's own sub in the owner's workspace) goes with the request, for the audit trail.
    const result = user ? await withActor(user.actor ?? user.sub, () => logic(input)) : await logic(input);
    // Replies are checked too: a handler that drifts from its contract fails here, not in the browser.
    const reply: unknown = route.response.parse(result);
    const accepted = (route.acceptedWhen as ((reply: unknown) => boolean) | undefined)?.(reply);
    return jsonReply(accepted ? 202 : (route.successStatus ?? 200), reply);
  };

  return instrumented<HttpEvent, APIGatewayProxyStructuredResultV2>((event) => event.requestContext?.requestId)
    .use({ before: (request) => logger.appendKeys({ routeKey: request.event.routeKey }) })
    .use({
      after: (request) => countRequestOutcome(request.response?.statusCode),
      onError: (request) => {
        request.response = errorReply(request.error, logger);
        countRequestOutcome(request.response.statusCode);
        logger.resetKeys();
      },
    })
    .handler(dispatch);
}

/**
 * The user as the route's data sees them: in the workspace the request names (X-Adsmith-Workspace, checked
 * against their memberships: 403 WORKSPACE_FORBIDDEN for any other) or else their default one, unless the route is
 * personal. In someone else's workspace their `sub` becomes the workspace's, their own kept as `actor`. Their role
 * there decides whether they may use the route at all (shared/workspace-roles.ts).
 */
async function inWorkspace(user: RequestUser, route: RouteDeclaration, requested?: string): Promise<RequestUser> {
  if (route.workspace === 'personal') return user;
  const workspace = await workspaceOf(dynamoDocumentClient(), tableName('workspaceMemberships'), user.sub, requested);
  const refusal = routeRefusal(workspace.role, route);
  if (refusal === 'OWNER_ONLY') {
    throw new AppError(
      'OWNER_ONLY',
      'Only the workspace owner can do that: billing and the Meta connection are the owner’s to manage.',
    );
  }
  if (refusal) throw new AppError(refusal);
  const role = { role: workspace.role };
  return workspace.id === user.sub ? { ...user, ...role } : { ...user, ...role, sub: workspace.id, actor: user.sub };
}

let strongSignInDeps: StrongSignInDeps | undefined;

/** Read once per container, on the first request to a route that moves money. */
function strongSignIn(): StrongSignInDeps {
  strongSignInDeps ??= {
    required: strongSignInRequired(),
    planOf: (workspaceId) => planOfUser(dynamoDocumentClient(), tableName('userPlans'), workspaceId),
    hasAuthenticatorApp: authenticatorAppCheck(),
  };
  return strongSignInDeps;
}

/** The common case: one function, one route. */
export function httpHandler<R extends RouteDeclaration>(route: R, logic: RouteLogic<R>) {
  return httpFunction([on(route, logic)]);
}
