import { route } from '../route-declaration';
import { IdParamsSchema } from '../schemas/graphics-basics';
import {
  VideoIdParamsSchema,
  VideoRenderListSchema,
  VideoRenderSchema,
  VideoRequestSchema,
} from '../schemas/graphics-video';

/** The routes `graphics-video` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const graphicsVideoRoutes = {
  // A video ad from a saved design, rendered in the background by graphics-video-worker: the request is checked, one
  // export counted and the render queued (202 with the job); a render is not bound to API Gateway's 29 s
  // (docs/features/graphics.md argues the choice).
  graphicsRenderVideo: route({
    method: 'POST',
    path: '/api/graphics/designs/{id}/videos',
    fn: 'graphics-video',
    access: 'user',
    params: IdParamsSchema,
    body: VideoRequestSchema,
    response: VideoRenderSchema,
    successStatus: 202,
  }),
  // The render's progress, polled by the web until it is ready (with the video) or failed (with the reason).
  graphicsVideoRender: route({
    method: 'GET',
    path: '/api/graphics/video-renders/{id}',
    fn: 'graphics-video',
    access: 'user',
    params: VideoIdParamsSchema,
    response: VideoRenderSchema,
  }),
  // The workspace's renders still under way, and those that ended unseen: the graphics screen shows them again after a
  // reload, on another device, or when the marketer comes back.
  graphicsVideoRenders: route({
    method: 'GET',
    path: '/api/graphics/video-renders',
    fn: 'graphics-video',
    access: 'user',
    response: VideoRenderListSchema,
  }),
  // The marketer saw how a render ended (or dismissed it): it is no longer listed.
  graphicsAcknowledgeVideoRender: route({
    method: 'POST',
    path: '/api/graphics/video-renders/{id}/seen',
    fn: 'graphics-video',
    access: 'user',
    params: VideoIdParamsSchema,
    response: VideoRenderSchema,
  }),
} as const;
