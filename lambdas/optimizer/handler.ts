import { routes } from '@shared/routes';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { httpFunction, on } from '../lib/http/http-function';
import { logger } from '../lib/observability';
import { tableName } from '../lib/table-name';
import {
  aiGenerationQuota,
  approvalSession,
  metaHandlerDeps,
  remainingMsOf,
  spendMetaBudget,
} from '../lib/meta-session/handler-deps';
import { openSession } from '../lib/meta-session/session';
import { listAppliedOutcomes } from './applied-outcomes';
import { approveRecommendation, undoRecommendation } from './approve-recommendation';
import { aiExplainDeps } from './explain-deps';
import { listRecommendations } from './list-recommendations';
import { handOffAllocation } from './mmm-handoff';

const store = () => ({ doc: dynamoDocumentClient(), table: tableName('optimizerRecommendations') });

const log = (message: string, facts: Record<string, unknown>) => logger.info(message, facts);

export const handler = httpFunction([
  on(routes.optimizerRecommendations, async ({ user, params, context }) => {
    await spendMetaBudget(user);
    let calls = 0;
    const session = await openSession(
      user,
      metaHandlerDeps(context, () => (calls += 1)),
    );
    const remainingMs = remainingMsOf(session);
    const limitOverride = aiConfig().AI_DAILY_GENERATION_LIMIT;
    return listRecommendations(session, params.id, {
      store: store(),
      remainingMs,
      graphCalls: () => calls,
      // Explanations count against the user's daily AI generations: one per recommendations request that asks.
      explain: aiExplainDeps({
        runtime: aiRuntime,
        quota: aiGenerationQuota(),
        ...(limitOverride !== undefined ? { limitOverride } : {}),
        userId: user.sub,
        remainingMs,
        log,
      }),
    });
  }),
  on(routes.optimizerApprove, async ({ user, params, body, context }) => {
    await spendMetaBudget(user);
    return approveRecommendation({ store: store(), ...(await approvalSession(user, context)) }, params.id, body);
  }),
  on(routes.optimizerUndo, async ({ user, params, context }) => {
    await spendMetaBudget(user);
    return undoRecommendation({ store: store(), ...(await approvalSession(user, context)) }, params.id);
  }),
  on(routes.optimizerMmmHandoff, async ({ user, params, body, context }) => {
    await spendMetaBudget(user);
    const session = await openSession(user, metaHandlerDeps(context));
    return handOffAllocation(session, params.id, body, {
      store: store(),
      models: { doc: dynamoDocumentClient(), models: tableName('mmmModels') },
      remainingMs: remainingMsOf(session),
    });
  }),
  on(routes.optimizerApplied, async ({ user, params, context }) => {
    await spendMetaBudget(user);
    let calls = 0;
    const session = await openSession(
      user,
      metaHandlerDeps(context, () => (calls += 1)),
    );
    return listAppliedOutcomes(session, params.id, {
      store: store(),
      audit: { doc: dynamoDocumentClient(), table: tableName('campaignAudit') },
      graphCalls: () => calls,
    });
  }),
]);
