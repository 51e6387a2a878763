import { ExportReplySchema, ExportRequestSchema, IdParamsSchema } from '../schemas/graphics';
import { route } from '../route-declaration';

/** The routes `graphics-export` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const graphicsExportRoutes = {
  // Graphics export: its own function (`graphics-export`: more memory, the renderer's fonts and WASM bundled).
  graphicsExportDesign: route({
    method: 'POST',
    path: '/api/graphics/designs/{id}/exports',
    fn: 'graphics-export',
    access: 'user',
    params: IdParamsSchema,
    body: ExportRequestSchema,
    response: ExportReplySchema,
    successStatus: 201,
  }),
} as const;
