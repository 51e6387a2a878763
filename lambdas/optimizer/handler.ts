import type { Context } from 'aws-lambda';
import { META_USER_REQUEST_BUCKET } from '@shared/constants';
import { routes } from '@shared/routes';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { httpFunction, on } from '../lib/http/http-function';
import type { RequestUser } from '../lib/http/request-user';
import { metaGraphCache, metaRuntime } from '../lib/meta-connection/meta-deps';
import { logger } from '../lib/observability';
import { heldQuota } from '../lib/quota/plan-quota';
import { takeToken } from '../lib/rate-limit/user-token-bucket';
import { tableName } from '../lib/table-name';
import { openSession, type MetaDeps } from '../secure-meta-api/meta-session';
import { objectChangeDeps } from '../secure-meta-api/object-change-deps';
import { approveRecommendation, undoRecommendation } from './approve-recommendation';
import { aiExplainDeps } from './explain-deps';
import { listRecommendations } from './list-recommendations';

/** Without a Lambda context (scripts): what the 29 s timeout leaves after start-up. */
const DEFAULT_REMAINING_MS = 25_000;

function deps(context: Context | undefined, onGraphCall?: () => void): MetaDeps {
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

const store = () => ({ doc: dynamoDocumentClient(), table: tableName('optimizerRecommendations') });

/** Explanations count against the user's daily AI generations: one per recommendations request that asks. */
const generationQuota = () => ({
  counters: { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
  plans: { doc: dynamoDocumentClient(), table: tableName('userPlans') },
  tokens: { doc: dynamoDocumentClient(), table: tableName('aiUsage') },
});
const log = (message: string, facts: Record<string, unknown>) => logger.info(message, facts);

/** The optimizer reads and writes Meta like the campaign routes: each request spends a token of the user's budget. */
const spendBudget = (user: RequestUser) =>
  takeToken(
    { doc: dynamoDocumentClient(), table: tableName('rateLimitBuckets') },
    `${user.sub}#meta`,
    META_USER_REQUEST_BUCKET,
  );

async function approval(user: RequestUser, context: Context | undefined) {
  const session = await openSession(user, deps(context));
  return {
    store: store(),
    changes: objectChangeDeps(session, user.email ? { userEmail: user.email } : {}),
    userId: user.sub,
    now: session.deps.now,
  };
}

export const handler = httpFunction([
  on(routes.optimizerRecommendations, async ({ user, params, context }) => {
    await spendBudget(user);
    let calls = 0;
    const session = await openSession(
      user,
      deps(context, () => (calls += 1)),
    );
    const remainingMs = session.deps.remainingMs ?? (() => DEFAULT_REMAINING_MS);
    const limitOverride = aiConfig().AI_DAILY_GENERATION_LIMIT;
    return listRecommendations(session, params.id, {
      store: store(),
      remainingMs,
      graphCalls: () => calls,
      explain: aiExplainDeps({
        runtime: aiRuntime,
        quota: generationQuota(),
        ...(limitOverride !== undefined ? { limitOverride } : {}),
        userId: user.sub,
        remainingMs,
        log,
      }),
    });
  }),
  on(routes.optimizerApprove, async ({ user, params, body, context }) => {
    await spendBudget(user);
    return approveRecommendation(await approval(user, context), params.id, body);
  }),
  on(routes.optimizerUndo, async ({ user, params, context }) => {
    await spendBudget(user);
    return undoRecommendation(await approval(user, context), params.id);
  }),
]);
