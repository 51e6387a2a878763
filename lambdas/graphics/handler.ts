import { httpFunction, onFirstUse } from '../lib/http/http-function';

// Each group of routes loads with its first request, not at init (issue 23 req 15): the AI runtime only with an AI
// image, the Meta session only with the ad account's images.
const assets = () => import('./route-assets');
const aiImage = () => import('./route-ai-image');
const metaImages = () => import('./route-meta-images');
const exports = () => import('./route-exports');

export const handler = httpFunction([
  onFirstUse('POST /api/graphics/uploads', async () => (await assets()).startUploadRoute),
  onFirstUse('POST /api/graphics/uploads/{id}/confirm', async () => (await assets()).confirmUploadRoute),
  onFirstUse('GET /api/graphics/assets', async () => (await assets()).assetsRoute),
  onFirstUse('DELETE /api/graphics/assets/{id}', async () => (await assets()).deleteAssetRoute),
  onFirstUse('GET /api/graphics/brand-kit', async () => (await assets()).brandKitRoute),
  onFirstUse('PUT /api/graphics/brand-kit', async () => (await assets()).saveBrandKitRoute),
  onFirstUse('GET /api/graphics/designs', async () => (await assets()).designsRoute),
  onFirstUse('GET /api/graphics/designs/{id}', async () => (await assets()).designRoute),
  onFirstUse('POST /api/graphics/designs', async () => (await assets()).createDesignRoute),
  onFirstUse('PUT /api/graphics/designs/{id}', async () => (await assets()).saveDesignRoute),
  onFirstUse('DELETE /api/graphics/designs/{id}', async () => (await assets()).deleteDesignRoute),
  onFirstUse('POST /api/graphics/ai-images', async () => (await aiImage()).aiImageRoute),
  onFirstUse('POST /api/graphics/meta-images', async () => (await metaImages()).metaImagesRoute),
  onFirstUse('GET /api/graphics/ad-images', async () => (await metaImages()).adImagesRoute),
  onFirstUse('GET /api/graphics/exports', async () => (await exports()).exportsRoute),
  onFirstUse('DELETE /api/graphics/exports/{id}', async () => (await exports()).deleteExportRoute),
  onFirstUse('GET /api/graphics/videos', async () => (await exports()).videosRoute),
  onFirstUse('GET /api/graphics/videos/{id}', async () => (await exports()).videoRoute),
]);
