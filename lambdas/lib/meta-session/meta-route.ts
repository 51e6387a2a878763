import type { Context } from 'aws-lambda';
import type { RequestUser } from '../http/request-user';
import { metaHandlerDeps, spendMetaBudget } from './handler-deps';
import { openSession, type MetaDeps, type MetaSession } from './session';

/** What a Meta route's logic receives beside the request. */
export interface MetaRouteInput {
  /** The signed-in user's Meta session (their workspace's connection, for a member). */
  session: MetaSession;
  /** Graph calls made so far in this request, for the replies and logs that report them. */
  graphCalls: () => number;
}

interface SignedInRequest {
  user: RequestUser;
  context: Context;
}

/**
 * The opener of a route that works on the user's Meta account, for `on(route, logic, metaSession())`: it spends a
 * token of the user's Meta request budget, then opens their session (the plan's ad-account quota, the invocation's
 * remaining time, Graph calls counted and logged). Without a connection the route answers META_NOT_CONNECTED or
 * META_RECONNECT_REQUIRED before its logic runs. `requestBudget: false` for the functions whose requests are
 * budgeted otherwise (the campaign generator's daily generations, the graphics upload), which have no budget table.
 */
export function metaSession(options: { requestBudget?: boolean } = {}) {
  return async ({ user, context }: SignedInRequest): Promise<MetaRouteInput> => {
    if (options.requestBudget !== false) await spendMetaBudget(user);
    let calls = 0;
    const session = await openSession(
      user,
      metaHandlerDeps(context, () => (calls += 1)),
    );
    return { session, graphCalls: () => calls };
  };
}

/**
 * The opener of a route about the connection itself (its status, disconnecting), which must answer without one:
 * the request budget is spent as on every Meta route, and the logic gets the Meta dependencies, not a session.
 */
export function metaConnection() {
  return async ({ user, context }: SignedInRequest): Promise<{ meta: MetaDeps }> => {
    await spendMetaBudget(user);
    return { meta: metaHandlerDeps(context) };
  };
}
