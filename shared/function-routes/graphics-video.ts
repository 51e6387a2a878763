import { route } from '../route-declaration';
import { IdParamsSchema } from '../schemas/graphics';
import { VideoReplySchema, VideoRequestSchema } from '../schemas/graphics-video';

/** The routes `graphics-video` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const graphicsVideoRoutes = {
  // A video ad from a saved design, rendered while the request waits: a 15 s 1080×1920 video takes ~11 s of one
  // core, well under API Gateway's 29 s (docs/features/graphics.md argues the choice).
  graphicsRenderVideo: route({
    method: 'POST',
    path: '/api/graphics/designs/{id}/videos',
    fn: 'graphics-video',
    access: 'user',
    params: IdParamsSchema,
    body: VideoRequestSchema,
    response: VideoReplySchema,
    successStatus: 201,
  }),
} as const;
