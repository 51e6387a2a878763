import { randomUUID } from 'node:crypto';
import { optimizerRoutes as routes } from '@shared/function-routes/optimizer';
import { aiRuntime } from '../lib/ai/ai-runtime';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { httpFunction, on } from '../lib/http/http-function';
import { logger } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { approvalOf, remainingMsOf } from '../lib/meta-session/handler-deps';
import { metaSession } from '../lib/meta-session/meta-route';
import { listAppliedOutcomes } from './applied-outcomes';
import { approveRecommendation, undoRecommendation } from './approve-recommendation';
import { aiExplainDeps } from './explain-deps';
import { listRecommendations } from './list-recommendations';
import { handOffAllocation } from '../lib/optimizer/mmm-handoff';
import { sendJob } from '../lib/job-queue';

const store = () => ({ doc: dynamoDocumentClient(), table: tableName('optimizerRecommendations') });
const approvals = () => ({ doc: dynamoDocumentClient(), table: tableName('approvals') });

const log = (message: string, facts: Record<string, unknown>) => logger.info(message, facts);

export const handler = httpFunction([
  on(
    routes.optimizerRecommendations,
    ({ session, graphCalls, params, query }) => {
      const remainingMs = remainingMsOf(session);
      return listRecommendations(session, params.id, {
        store: store(),
        remainingMs,
        graphCalls,
        refresh: query.refresh === 'true',
        enqueueRead: (job) => sendJob('optimizerReads', job),
        newId: randomUUID,
        // Reading costs nothing: explanations are written once per proposal and take none of the daily AI generations.
        explain: aiExplainDeps({ runtime: aiRuntime, remainingMs, log }),
      });
    },
    metaSession(),
  ),
  on(
    routes.optimizerApprove,
    ({ session, params, body }) =>
      approveRecommendation({ store: store(), approvals: approvals(), ...approvalOf(session) }, params.id, body),
    metaSession(),
  ),
  on(
    routes.optimizerUndo,
    ({ session, params }) => undoRecommendation({ store: store(), ...approvalOf(session) }, params.id),
    metaSession(),
  ),
  on(
    routes.optimizerMmmHandoff,
    ({ session, params, body }) =>
      handOffAllocation(session, params.id, body, {
        store: store(),
        models: { doc: dynamoDocumentClient(), models: tableName('mmmModels') },
        remainingMs: remainingMsOf(session),
      }),
    metaSession(),
  ),
  on(
    routes.optimizerApplied,
    ({ session, graphCalls, params }) =>
      listAppliedOutcomes(session, params.id, {
        store: store(),
        audit: { doc: dynamoDocumentClient(), table: tableName('campaignAudit') },
        tests: { doc: dynamoDocumentClient(), table: tableName('adOptimizerTests') },
        graphCalls,
      }),
    metaSession(),
  ),
]);
