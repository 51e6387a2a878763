import { adOptimizerRoutes as routes } from '@shared/function-routes/ad-optimizer';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { httpFunction, on } from '../lib/http/http-function';
import { logger, metrics } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { aiGenerationQuota } from '../lib/ai/generation-quota-tables';
import { approvalOf, remainingMsOf } from '../lib/meta-session/handler-deps';
import { metaSession } from '../lib/meta-session/meta-route';
import type { MetaSession } from '../lib/meta-session/session';
import { approveAdTest, undoAdTest } from './ab-test';
import { listAdCards } from './list-ads';
import { creativeReport } from './creative-report';
import { proposeElementTests } from './element-tests';
import { rewriteAd } from '../lib/ad-optimizer/rewrite-ad';
import { tagOutsideAds } from '../lib/creative-report/tag-outside-ads';

const store = () => ({ doc: dynamoDocumentClient(), table: tableName('adOptimizerTests') });

const adCopyDeps = () => ({
  runtime: aiRuntime,
  quota: aiGenerationQuota(),
  limitOverride: aiConfig().AI_DAILY_GENERATION_LIMIT,
  metrics,
  log: (message: string, facts: Record<string, unknown>) => logger.info(message, facts),
});

const elements = () => ({ doc: dynamoDocumentClient(), table: tableName('creativeElements') });
const languages = () => ({ doc: dynamoDocumentClient(), table: tableName('graphicsItems') });

const abTestDeps = (session: MetaSession) => ({
  store: store(),
  elements: elements(),
  ...approvalOf(session, 'That ad is not part of your Meta connection.'),
});

export const handler = httpFunction([
  on(
    routes.adOptimizerAds,
    ({ session, graphCalls, params }) =>
      listAdCards(session, params.id, { store: store(), remainingMs: remainingMsOf(session), graphCalls }),
    metaSession(),
  ),
  on(
    routes.adOptimizerRewrite,
    ({ session, params, body }) =>
      rewriteAd(session, params.id, body, {
        store: store(),
        adCopy: adCopyDeps(),
        remainingMs: remainingMsOf(session),
        languages: languages(),
      }),
    metaSession(),
  ),
  on(
    routes.adOptimizerApprove,
    ({ session, params, body }) => approveAdTest(abTestDeps(session), params.id, body),
    metaSession(),
  ),
  on(
    routes.creativeReport,
    ({ session, graphCalls, params }) =>
      creativeReport(session, params.id, {
        elements: elements(),
        remainingMs: remainingMsOf(session),
        graphCalls,
      }),
    metaSession(),
  ),
  on(
    routes.creativeTags,
    ({ session, params }) => tagOutsideAds(session, params.id, { elements: elements(), ...adCopyDeps() }),
    metaSession(),
  ),
  on(
    routes.adOptimizerElementTests,
    ({ session, graphCalls, params }) =>
      proposeElementTests(session, params.id, {
        store: store(),
        elements: elements(),
        adCopy: adCopyDeps(),
        remainingMs: remainingMsOf(session),
        graphCalls,
        languages: languages(),
      }),
    metaSession(),
  ),
  on(routes.adOptimizerUndo, ({ session, params }) => undoAdTest(abTestDeps(session), params.id), metaSession()),
]);
