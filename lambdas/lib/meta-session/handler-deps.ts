import type { Context } from 'aws-lambda';
import { META_USER_REQUEST_BUCKET } from '@shared/constants';
import { dynamoDocumentClient } from '../aws/dynamodb';
import type { RequestUser } from '../http/request-user';
import type { GraphCache } from '../meta-connection/graph-cache';
import { metaGraphCache, metaRuntime } from '../meta-connection/meta-deps';
import type { ObjectChangeDeps } from '../meta-changes/apply-object-change';
import { heldQuota } from '../quota/plan-quota';
import { takeToken } from '../rate-limit/user-token-bucket';
import { tableName } from '../table-name';
import type { MetaDeps, MetaSession } from './session';
import { objectChangeDeps } from './object-change-deps';

/**
 * The wiring every handler that reads or writes Meta for the signed-in user shares (the campaigns routes, the
 * optimizer, the ad optimizer, the campaign generator, the graphics upload): the Meta runtime with the plan's ad-account quota (an
 * account takes a plan place when read), the invocation's remaining time, the user's request budget, and the
 * change path for approvals. Routes get it through `metaSession()` (meta-route.ts).
 */

/** Without a Lambda context (scripts): what the 29 s timeout leaves after start-up. */
const DEFAULT_REMAINING_MS = 25_000;

/**
 * The Graph cache's table is reached only when a read goes through it, so a function that only writes to Meta (the
 * graphics upload to an ad account) needs no grant on it.
 */
const graphCacheWhenUsed: GraphCache = {
  remember: (userId, key, compute) => metaGraphCache().remember(userId, key, compute),
  forget: (userId) => metaGraphCache().forget(userId),
};

/** `countGraphCall` is told of each Graph call too, beside the log every Meta function keeps of them. */
export function metaHandlerDeps(context?: Context, countGraphCall?: () => void): MetaDeps {
  const runtime = metaRuntime();
  return {
    ...runtime,
    cache: graphCacheWhenUsed,
    adAccountQuota: heldQuota(
      { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
      { doc: dynamoDocumentClient(), table: tableName('userPlans') },
      'connectedAdAccounts',
    ),
    ...(context ? { remainingMs: () => context.getRemainingTimeInMillis() } : {}),
    ...(countGraphCall
      ? {
          onGraphCall: (info) => {
            countGraphCall();
            runtime.onGraphCall(info);
          },
        }
      : {}),
  };
}

/** The time a session's reads may still take: the Lambda's, or the default outside one. */
export const remainingMsOf = (session: MetaSession): (() => number) =>
  session.deps.remainingMs ?? (() => DEFAULT_REMAINING_MS);

/** Each request reads or writes Meta like the campaign routes: it spends a token of the user's budget. */
export const spendMetaBudget = (user: RequestUser) =>
  takeToken(
    { doc: dynamoDocumentClient(), table: tableName('rateLimitBuckets') },
    `${user.sub}#meta`,
    META_USER_REQUEST_BUCKET,
  );

/** What approving or undoing needs: the audited change path, as the session's user, at the session's clock. */
export function approvalOf(
  session: MetaSession,
  notOwnedMessage?: string,
): { changes: ObjectChangeDeps; userId: string; now: () => Date } {
  const { user } = session;
  return {
    changes: objectChangeDeps(session, user.email ? { userEmail: user.email } : {}, notOwnedMessage),
    userId: user.sub,
    now: session.deps.now,
  };
}
