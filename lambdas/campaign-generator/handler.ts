import { routes } from '@shared/routes';
import { tableEnvVar } from '@shared/tables';
import * as z from 'zod';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { lazyEnv } from '../lib/env';
import { httpFunction, on } from '../lib/http/http-function';
import { metaGraphCache, metaRuntime } from '../lib/meta-connection/meta-deps';
import { logger, metrics } from '../lib/observability';
import { heldQuota } from '../lib/quota/plan-quota';
import { tableName } from '../lib/table-name';
import { openSession, type MetaDeps } from '../secure-meta-api/meta-session';
import { generateDraft, publishDraft, saveDraftPlan } from './campaign-drafts';
import { getDraft, listDrafts } from './drafts';
import { deliveryEstimate, previews, searchInterests } from './meta-targeting';

const tableConfig = lazyEnv(
  z.object({ [tableEnvVar('aiUsage')]: z.string().min(1), [tableEnvVar('campaignDrafts')]: z.string().min(1) }),
);
const deps = (): MetaDeps => ({
  ...metaRuntime(),
  cache: metaGraphCache(),
  // An account takes a plan place when read, as on /campaigns; above the limit (a downgrade) publish waits.
  adAccountQuota: heldQuota(
    { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
    { doc: dynamoDocumentClient(), table: tableName('userPlans') },
    'connectedAdAccounts',
  ),
});
const log = (message: string, facts: Record<string, unknown>) => logger.info(message, facts);
const drafts = () => ({ doc: dynamoDocumentClient(), table: tableConfig()[tableEnvVar('campaignDrafts')]! });
const quota = () => ({
  counters: { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
  plans: { doc: dynamoDocumentClient(), table: tableName('userPlans') },
  tokens: { doc: dynamoDocumentClient(), table: tableConfig()[tableEnvVar('aiUsage')]! },
});

export const handler = httpFunction([
  on(routes.campaignGeneratorPlan, async ({ user, body }) =>
    generateDraft(await openSession(user, deps()), body, {
      runtime: aiRuntime,
      quota: quota(),
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
    publishDraft(await openSession(user, deps()), params.id, body.publishKey, {
      drafts: drafts(),
      ...(user.email ? { userEmail: user.email } : {}),
      log,
    }),
  ),
  on(routes.campaignGeneratorInterests, async ({ user, query }) => {
    const session = await openSession(user, deps());
    return { data: await searchInterests(session, query.q, 10) };
  }),
  on(routes.campaignGeneratorEstimate, async ({ user, body }) =>
    deliveryEstimate(await openSession(user, deps()), body.adAccountId, body.optimizationGoal, body.targeting),
  ),
  on(routes.campaignGeneratorPreviews, async ({ user, body }) =>
    previews(await openSession(user, deps()), body.adAccountId, body.ad, body.formats),
  ),
]);
