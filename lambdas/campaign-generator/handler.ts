import { routes } from '@shared/routes';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { httpFunction, on } from '../lib/http/http-function';
import { logger, metrics } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { aiGenerationQuota, metaHandlerDeps } from '../lib/meta-session/handler-deps';
import { openSession } from '../lib/meta-session/session';
import { generateDraft, publishDraft, saveDraftPlan } from './campaign-drafts';
import { getDraft, listDrafts } from './drafts';
import { deliveryEstimate, previews, searchInterests } from './meta-targeting';

const log = (message: string, facts: Record<string, unknown>) => logger.info(message, facts);
const drafts = () => ({ doc: dynamoDocumentClient(), table: tableName('campaignDrafts') });

export const handler = httpFunction([
  on(routes.campaignGeneratorPlan, async ({ user, body }) =>
    generateDraft(await openSession(user, metaHandlerDeps()), body, {
      runtime: aiRuntime,
      quota: aiGenerationQuota(),
      limitOverride: aiConfig().AI_DAILY_GENERATION_LIMIT,
      drafts: drafts(),
      metrics,
      log,
    }),
  ),
  on(routes.campaignGeneratorDrafts, ({ user }) => listDrafts(drafts(), user.sub)),
  on(routes.campaignGeneratorDraft, ({ user, params }) => getDraft(drafts(), user.sub, params.id)),
  on(routes.campaignGeneratorSaveDraft, ({ user, params, body }) =>
    saveDraftPlan(drafts(), user.sub, params.id, body.plan, new Date()),
  ),
  on(routes.campaignGeneratorPublish, async ({ user, params, body }) =>
    publishDraft(await openSession(user, metaHandlerDeps()), params.id, body.publishKey, {
      drafts: drafts(),
      ...(user.email ? { userEmail: user.email } : {}),
      log,
    }),
  ),
  on(routes.campaignGeneratorInterests, async ({ user, query }) => {
    const session = await openSession(user, metaHandlerDeps());
    return { data: await searchInterests(session, query.q, 10) };
  }),
  on(routes.campaignGeneratorEstimate, async ({ user, body }) =>
    deliveryEstimate(
      await openSession(user, metaHandlerDeps()),
      body.adAccountId,
      body.optimizationGoal,
      body.targeting,
    ),
  ),
  on(routes.campaignGeneratorPreviews, async ({ user, body }) =>
    previews(await openSession(user, metaHandlerDeps()), body.adAccountId, body.ad, body.formats),
  ),
]);
