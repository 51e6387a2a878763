import type { Context } from 'aws-lambda';
import { routes } from '@shared/routes';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { httpFunction, on } from '../lib/http/http-function';
import type { RequestUser } from '../lib/http/request-user';
import { logger, metrics } from '../lib/observability';
import { tableName } from '../lib/table-name';
import {
  aiGenerationQuota,
  approvalSession,
  metaHandlerDeps,
  remainingMsOf,
  spendMetaBudget,
} from '../lib/meta-session/handler-deps';
import { openSession } from '../lib/meta-session/session';
import { approveAdTest, undoAdTest } from './ab-test';
import { listAdCards } from './list-ads';
import { rewriteAd } from './rewrite-ad';

const store = () => ({ doc: dynamoDocumentClient(), table: tableName('adOptimizerTests') });

const adCopyDeps = () => ({
  runtime: aiRuntime,
  quota: aiGenerationQuota(),
  limitOverride: aiConfig().AI_DAILY_GENERATION_LIMIT,
  metrics,
  log: (message: string, facts: Record<string, unknown>) => logger.info(message, facts),
});

const abTestDeps = async (user: RequestUser, context: Context | undefined) => ({
  store: store(),
  ...(await approvalSession(user, context, 'That ad is not part of your Meta connection.')),
});

export const handler = httpFunction([
  on(routes.adOptimizerAds, async ({ user, params, context }) => {
    await spendMetaBudget(user);
    let calls = 0;
    const session = await openSession(
      user,
      metaHandlerDeps(context, () => (calls += 1)),
    );
    return listAdCards(session, params.id, {
      store: store(),
      remainingMs: remainingMsOf(session),
      graphCalls: () => calls,
    });
  }),
  on(routes.adOptimizerRewrite, async ({ user, params, body, context }) => {
    await spendMetaBudget(user);
    const session = await openSession(user, metaHandlerDeps(context));
    return rewriteAd(session, params.id, body, {
      store: store(),
      adCopy: adCopyDeps(),
      remainingMs: remainingMsOf(session),
    });
  }),
  on(routes.adOptimizerApprove, async ({ user, params, body, context }) => {
    await spendMetaBudget(user);
    return approveAdTest(await abTestDeps(user, context), params.id, body);
  }),
  on(routes.adOptimizerUndo, async ({ user, params, context }) => {
    await spendMetaBudget(user);
    return undoAdTest(await abTestDeps(user, context), params.id);
  }),
]);
