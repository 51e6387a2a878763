import { graphicsRoutes as routes } from '@shared/function-routes/graphics';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { consumeGeneration, refundGeneration } from '../lib/ai/generation-quota';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { s3Client } from '../lib/aws/s3';
import { planOfUser } from '../lib/billing/plan-record';
import { bucketName } from '../lib/bucket-name';
import { assetView, confirmUpload, removeAsset, startUpload, type GraphicsDeps } from '../lib/graphics/asset-uploads';
import { generateAiImage, type AiImageDeps } from '../lib/graphics/ai-images';
import {
  listSavedDesigns,
  readBrandKit,
  readDesign,
  removeDesign,
  writeBrandKit,
  writeDesign,
} from '../lib/graphics/brand-kits-and-designs';
import { listAssets } from '../lib/graphics/graphics-store';
import { sweepStragglers } from '../lib/graphics/pending-objects';
import { deleteExport, listExports } from '../lib/graphics-export/export-records';
import { listVideos, readVideo } from '../lib/graphics-video/video-records';
import { listAccountImages, uploadToAdAccount } from '../lib/graphics/meta-images';
import { httpFunction, on } from '../lib/http/http-function';
import { logger } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { aiGenerationQuota } from '../lib/ai/generation-quota-tables';
import { metaSession } from '../lib/meta-session/meta-route';

const deps = (): GraphicsDeps => ({
  store: { doc: dynamoDocumentClient(), table: tableName('graphicsItems') },
  bucket: { s3: s3Client, bucket: bucketName('assets') },
  planOf: (userId) => planOfUser(dynamoDocumentClient(), tableName('userPlans'), userId),
  now: () => new Date(),
  log: (message, facts) => logger.info(message, facts),
});

/** Settles what requests that died half-way left (pending-objects.ts); housekeeping never fails the read. */
const sweep = (d: GraphicsDeps, userId: string) =>
  sweepStragglers(d, userId).catch((error: unknown) =>
    logger.warn('Straggler sweep failed', { error: error instanceof Error ? error.message : String(error) }),
  );

const aiImageDeps = (): AiImageDeps => {
  const config = aiConfig();
  return {
    ...deps(),
    openai: async () => (await aiRuntime()).client,
    consume: async (userId) => {
      const quota = aiGenerationQuota();
      const grant = await consumeGeneration(quota, userId, config.AI_DAILY_GENERATION_LIMIT);
      return { refund: () => refundGeneration(quota, userId, grant) };
    },
    // An image takes longer than copy: the attempt may use most of the function's 29 s.
    timeoutMs: Math.max(config.AI_TIMEOUT_MS, 25_000),
    maxRetries: config.AI_MAX_RETRIES,
    log: (message, facts) => logger.info(message, facts),
  };
};

export const handler = httpFunction([
  on(routes.graphicsStartUpload, ({ user, body }) => startUpload(deps(), user.sub, body)),
  on(routes.graphicsConfirmUpload, ({ user, params }) => confirmUpload(deps(), user.sub, params.id)),
  on(routes.graphicsAssets, async ({ user }) => {
    const d = deps();
    await sweep(d, user.sub);
    return { assets: await Promise.all((await listAssets(d.store, user.sub)).map((a) => assetView(d.bucket, a))) };
  }),
  on(routes.graphicsDeleteAsset, ({ user, params }) => removeAsset(deps(), user.sub, params.id)),
  on(routes.graphicsBrandKit, ({ user }) => readBrandKit(deps(), user.sub)),
  on(routes.graphicsSaveBrandKit, ({ user, body }) => writeBrandKit(deps(), user.sub, body)),
  on(routes.graphicsDesigns, ({ user }) => listSavedDesigns(deps(), user.sub)),
  on(routes.graphicsDesign, ({ user, params }) => readDesign(deps(), user.sub, params.id)),
  on(routes.graphicsCreateDesign, ({ user, body }) => writeDesign(deps(), user.sub, null, body)),
  on(routes.graphicsSaveDesign, ({ user, params, body }) => writeDesign(deps(), user.sub, params.id, body)),
  on(routes.graphicsDeleteDesign, ({ user, params }) => removeDesign(deps(), user.sub, params.id)),
  on(routes.graphicsAiImage, ({ user, body }) => generateAiImage(aiImageDeps(), user.sub, body)),
  // Uploads are not counted in the Meta request budget (this function has no budget table).
  on(
    routes.graphicsMetaImages,
    ({ session, user, body }) => uploadToAdAccount(deps(), session.graph, user.sub, body.adAccountId, body.assetIds),
    metaSession({ requestBudget: false }),
  ),
  on(routes.graphicsAdImages, ({ user, query }) => listAccountImages(deps(), user.sub, query.adAccountId)),
  on(routes.graphicsExports, async ({ user }) => {
    const d = deps();
    await sweep(d, user.sub);
    return listExports(d, user.sub);
  }),
  on(routes.graphicsDeleteExport, ({ user, params }) => deleteExport(deps(), user.sub, params.id)),
  on(routes.graphicsVideos, ({ user }) => listVideos(deps(), user.sub)),
  on(routes.graphicsVideo, ({ user, params }) => readVideo(deps(), user.sub, params.id)),
]);
