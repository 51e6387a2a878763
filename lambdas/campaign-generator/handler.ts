import { campaignGeneratorRoutes as routes } from '@shared/function-routes/campaign-generator';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { s3Client } from '../lib/aws/s3';
import { bucketName } from '../lib/bucket-name';
import { httpFunction, on } from '../lib/http/http-function';
import { logger, metrics } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { aiGenerationQuota } from '../lib/ai/generation-quota-tables';
import { metaSession } from '../lib/meta-session/meta-route';
import { readBusinessLanguages, saveBusinessLanguages } from './business-languages';
import { generateDraft, publishDraft, saveDraftPlan, videoMedia } from './campaign-drafts';
import { getDraft, listDrafts } from './drafts';
import { deliveryEstimate, searchInterests } from './meta-targeting';
import { previews } from './ad-previews';
import { uploadedVideos } from './video-uploads';

const log = (message: string, facts: Record<string, unknown>) => logger.info(message, facts);
const drafts = () => ({ doc: dynamoDocumentClient(), table: tableName('campaignDrafts') });
// A generation is budgeted by the plan's daily generations, and this function has no Meta request budget table.
const languageStore = () => ({
  doc: dynamoDocumentClient(),
  table: tableName('graphicsItems'),
  audit: tableName('campaignAudit'),
});
const withMeta = metaSession({ requestBudget: false });

export const handler = httpFunction([
  on(
    routes.campaignGeneratorPlan,
    ({ session, body }) =>
      generateDraft(session, body, {
        runtime: aiRuntime,
        quota: aiGenerationQuota(),
        limitOverride: aiConfig().AI_DAILY_GENERATION_LIMIT,
        drafts: drafts(),
        languages: languageStore(),
        metrics,
        log,
      }),
    withMeta,
  ),
  on(routes.campaignGeneratorDrafts, ({ user }) => listDrafts(drafts(), user.sub)),
  on(routes.campaignGeneratorDraft, ({ user, params }) => getDraft(drafts(), user.sub, params.id)),
  on(routes.campaignGeneratorSaveDraft, ({ user, params, body }) =>
    saveDraftPlan(drafts(), user.sub, params.id, body.plan, new Date()),
  ),
  on(
    routes.campaignGeneratorPublish,
    ({ session, user, params, body }) =>
      publishDraft(session, params.id, body.publishKey, {
        drafts: drafts(),
        assets: { s3: s3Client, bucket: bucketName('assets') },
        graphics: { doc: dynamoDocumentClient(), table: tableName('graphicsItems') },
        approvals: { doc: dynamoDocumentClient(), table: tableName('approvals') },
        ...(user.email ? { userEmail: user.email } : {}),
        log,
      }),
    withMeta,
  ),
  on(
    routes.campaignGeneratorInterests,
    async ({ session, query }) => ({ data: await searchInterests(session, query.q, 10) }),
    withMeta,
  ),
  on(
    routes.campaignGeneratorEstimate,
    ({ session, body }) => deliveryEstimate(session, body.adAccountId, body.optimizationGoal, body.targeting),
    withMeta,
  ),
  on(
    routes.campaignGeneratorPreviews,
    // A video ad's video goes to the ad account to be previewed, remembered by its hash so publish names it again.
    ({ session, user, body }) =>
      previews(
        session,
        body.adAccountId,
        body.ad,
        body.formats,
        videoMedia(
          { s3: s3Client, bucket: bucketName('assets') },
          user.sub,
          uploadedVideos(
            { doc: dynamoDocumentClient(), table: tableName('graphicsItems') },
            user.sub,
            () => new Date(),
          ),
        ),
      ),
    withMeta,
  ),
  on(routes.businessLanguages, ({ user }) => readBusinessLanguages(languageStore(), user.sub)),
  on(routes.saveBusinessLanguages, ({ user, body }) =>
    saveBusinessLanguages(languageStore(), user, body.languages, new Date()),
  ),
]);
