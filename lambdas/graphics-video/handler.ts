import { httpFunction, onFirstUse } from '../lib/http/http-function';

/**
 * Checks and queues video renders, and answers their progress; graphics-video-worker renders them. The routes load
 * with the first request, not at init (issue 23 req 15): one module, since the progress reads share video-jobs.ts
 * with the start of a render.
 */
const videos = () => import('./route-videos');

export const handler = httpFunction([
  onFirstUse('POST /api/graphics/designs/{id}/videos', async () => (await videos()).renderVideoRoute),
  onFirstUse('GET /api/graphics/video-renders/{id}', async () => (await videos()).videoRenderRoute),
  onFirstUse('GET /api/graphics/video-renders', async () => (await videos()).videoRendersRoute),
  onFirstUse('POST /api/graphics/video-renders/{id}/seen', async () => (await videos()).acknowledgeVideoRenderRoute),
]);
