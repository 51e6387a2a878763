import type { Context } from 'aws-lambda';
import { META_USER_REQUEST_BUCKET } from '@shared/constants';
import { dynamoDocumentClient } from '../aws/dynamodb';
import type { RequestUser } from '../http/request-user';
import { metaGraphCache, metaRuntime } from '../meta-connection/meta-deps';
import type { ObjectChangeDeps } from '../meta-changes/apply-object-change';
import { heldQuota } from '../quota/plan-quota';
import { takeToken } from '../rate-limit/user-token-bucket';
import { tableName } from '../table-name';
import { openSession, type MetaDeps, type MetaSession } from './session';
import { objectChangeDeps } from './object-change-deps';

/**
 * The wiring every handler that reads or writes Meta for the signed-in user shares (the campaigns routes, the
 * optimizer, the ad optimizer, the campaign generator): the Meta runtime with the plan's ad-account quota (an
 * account takes a plan place when read), the invocation's remaining time, the user's request budget, and the
 * change path for approvals.
 */

/** Without a Lambda context (scripts): what the 29 s timeout leaves after start-up. */
const DEFAULT_REMAINING_MS = 25_000;

export function metaHandlerDeps(context?: Context, onGraphCall?: () => void): MetaDeps {
  return {
    ...metaRuntime(),
    cache: metaGraphCache(),
    adAccountQuota: heldQuota(
      { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
      { doc: dynamoDocumentClient(), table: tableName('userPlans') },
      'connectedAdAccounts',
    ),
    ...(context ? { remainingMs: () => context.getRemainingTimeInMillis() } : {}),
    ...(onGraphCall ? { onGraphCall } : {}),
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

/** The tables an AI generation is counted in (the plan's daily generations and the tokens used). */
export const aiGenerationQuota = () => ({
  counters: { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
  plans: { doc: dynamoDocumentClient(), table: tableName('userPlans') },
  tokens: { doc: dynamoDocumentClient(), table: tableName('aiUsage') },
});

/** What approving or undoing needs: the audited change path, as the signed-in user, at the session's clock. */
export async function approvalSession(
  user: RequestUser,
  context: Context | undefined,
  notOwnedMessage?: string,
): Promise<{ changes: ObjectChangeDeps; userId: string; now: () => Date }> {
  const session = await openSession(user, metaHandlerDeps(context));
  return {
    changes: objectChangeDeps(session, user.email ? { userEmail: user.email } : {}, notOwnedMessage),
    userId: user.sub,
    now: session.deps.now,
  };
}
