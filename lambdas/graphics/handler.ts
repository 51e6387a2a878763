import { routes } from '@shared/routes';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { consumeGeneration, refundGeneration, type GenerationQuota } from '../lib/ai/generation-quota';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { s3Client } from '../lib/aws/s3';
import { planOfUser } from '../lib/billing/plan-record';
import { bucketName } from '../lib/bucket-name';
import { deleteObject } from '../lib/graphics/asset-objects';
import { assetView, confirmUpload, startUpload, type GraphicsDeps } from '../lib/graphics/asset-uploads';
import { generateAiImage, type AiImageDeps } from '../lib/graphics/ai-images';
import {
  listSavedDesigns,
  readBrandKit,
  readDesign,
  removeDesign,
  writeBrandKit,
  writeDesign,
} from '../lib/graphics/brand-kits-and-designs';
import { deleteAssetRecord, listAssets, releaseStorage } from '../lib/graphics/graphics-store';
import { listAccountImages, uploadToAdAccount } from '../lib/graphics/meta-images';
import { httpFunction, on } from '../lib/http/http-function';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import type { GraphCache } from '../lib/meta-connection/graph-cache';
import { logger } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { openSession } from '../secure-meta-api/meta-session';

const noGraphCache: GraphCache = { remember: (_user, _key, compute) => compute(), forget: async () => undefined };

const deps = (): GraphicsDeps => ({
  store: { doc: dynamoDocumentClient(), table: tableName('graphicsItems') },
  bucket: { s3: s3Client(), bucket: bucketName('assets') },
  planOf: (userId) => planOfUser(dynamoDocumentClient(), tableName('userPlans'), userId),
  now: () => new Date(),
});

const generationQuota = (): GenerationQuota => ({
  counters: { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
  plans: { doc: dynamoDocumentClient(), table: tableName('userPlans') },
  tokens: { doc: dynamoDocumentClient(), table: tableName('aiUsage') },
});

const aiImageDeps = (): AiImageDeps => {
  const config = aiConfig();
  return {
    ...deps(),
    openai: async () => (await aiRuntime()).client,
    consume: async (userId) => {
      const quota = generationQuota();
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
    return { assets: await Promise.all((await listAssets(d.store, user.sub)).map((a) => assetView(d.bucket, a))) };
  }),
  on(routes.graphicsDeleteAsset, async ({ user, params }) => {
    const d = deps();
    const asset = await deleteAssetRecord(d.store, user.sub, params.id);
    await deleteObject(d.bucket, asset.key);
    await releaseStorage(d.store, user.sub, asset.bytes);
    return { deleted: true as const };
  }),
  on(routes.graphicsBrandKit, ({ user }) => readBrandKit(deps(), user.sub)),
  on(routes.graphicsSaveBrandKit, ({ user, body }) => writeBrandKit(deps(), user.sub, body)),
  on(routes.graphicsDesigns, ({ user }) => listSavedDesigns(deps(), user.sub)),
  on(routes.graphicsDesign, ({ user, params }) => readDesign(deps(), user.sub, params.id)),
  on(routes.graphicsCreateDesign, ({ user, body }) => writeDesign(deps(), user.sub, null, body)),
  on(routes.graphicsSaveDesign, ({ user, params, body }) => writeDesign(deps(), user.sub, params.id, body)),
  on(routes.graphicsDeleteDesign, ({ user, params }) => removeDesign(deps(), user.sub, params.id)),
  on(routes.graphicsAiImage, ({ user, body }) => generateAiImage(aiImageDeps(), user.sub, body)),
  on(routes.graphicsMetaImages, async ({ user, body }) => {
    const runtime = metaRuntime();
    // Uploads are writes and nothing is read through the Graph cache here: no cache table to grant.
    const session = await openSession(user, { ...runtime, cache: noGraphCache });
    return uploadToAdAccount(deps(), session.graph, user.sub, body.adAccountId, body.assetIds);
  }),
  on(routes.graphicsAdImages, ({ user, query }) => listAccountImages(deps(), user.sub, query.adAccountId)),
]);
