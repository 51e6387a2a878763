import type { Context } from 'aws-lambda';
import { META_USER_REQUEST_BUCKET } from '@shared/constants';
import { routes } from '@shared/routes';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { httpFunction, on } from '../lib/http/http-function';
import type { RequestUser } from '../lib/http/request-user';
import { metaGraphCache, metaRuntime } from '../lib/meta-connection/meta-deps';
import { logger, metrics } from '../lib/observability';
import { heldQuota } from '../lib/quota/plan-quota';
import { takeToken } from '../lib/rate-limit/user-token-bucket';
import { tableName } from '../lib/table-name';
import { openSession, type MetaDeps } from '../secure-meta-api/meta-session';
import { objectChangeDeps } from '../secure-meta-api/object-change-deps';
import { approveAdTest, undoAdTest } from './ab-test';
import { listAdCards } from './list-ads';
import { rewriteAd } from './rewrite-ad';

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

const store = () => ({ doc: dynamoDocumentClient(), table: tableName('adOptimizerTests') });

/** Each request reads or writes Meta like the campaign routes: it spends a token of the user's budget. */
const spendBudget = (user: RequestUser) =>
  takeToken(
    { doc: dynamoDocumentClient(), table: tableName('rateLimitBuckets') },
    `${user.sub}#meta`,
    META_USER_REQUEST_BUCKET,
  );

const adCopyDeps = () => ({
  runtime: aiRuntime,
  quota: {
    counters: { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
    plans: { doc: dynamoDocumentClient(), table: tableName('userPlans') },
    tokens: { doc: dynamoDocumentClient(), table: tableName('aiUsage') },
  },
  limitOverride: aiConfig().AI_DAILY_GENERATION_LIMIT,
  metrics,
  log: (message: string, facts: Record<string, unknown>) => logger.info(message, facts),
});

async function abTestDeps(user: RequestUser, context: Context | undefined) {
  const session = await openSession(user, deps(context));
  return {
    store: store(),
    changes: objectChangeDeps(
      session,
      user.email ? { userEmail: user.email } : {},
      'That ad is not part of your Meta connection.',
    ),
    userId: user.sub,
    now: session.deps.now,
  };
}

export const handler = httpFunction([
  on(routes.adOptimizerAds, async ({ user, params, context }) => {
    await spendBudget(user);
    let calls = 0;
    const session = await openSession(
      user,
      deps(context, () => (calls += 1)),
    );
    return listAdCards(session, params.id, {
      store: store(),
      remainingMs: session.deps.remainingMs ?? (() => DEFAULT_REMAINING_MS),
      graphCalls: () => calls,
    });
  }),
  on(routes.adOptimizerRewrite, async ({ user, params, body, context }) => {
    await spendBudget(user);
    const session = await openSession(user, deps(context));
    return rewriteAd(session, params.id, body, {
      store: store(),
      adCopy: adCopyDeps(),
      remainingMs: session.deps.remainingMs ?? (() => DEFAULT_REMAINING_MS),
    });
  }),
  on(routes.adOptimizerApprove, async ({ user, params, body, context }) => {
    await spendBudget(user);
    return approveAdTest(await abTestDeps(user, context), params.id, body);
  }),
  on(routes.adOptimizerUndo, async ({ user, params, context }) => {
    await spendBudget(user);
    return undoAdTest(await abTestDeps(user, context), params.id);
  }),
]);
