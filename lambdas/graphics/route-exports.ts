import { graphicsRoutes as routes } from '@shared/function-routes/graphics';
import { deleteExport, listExports } from '../lib/graphics-export/export-records';
import { listVideos, readVideo } from '../lib/graphics-video/video-records';
import { on } from '../lib/http/http-function';
import { deps, sweep } from './graphics-deps';

// What graphics-export and the video worker made: listed, read and deleted here.
export const exportsRoute = on(routes.graphicsExports, async ({ user }) => {
  const d = deps();
  await sweep(d, user.sub);
  return listExports(d, user.sub);
});
export const deleteExportRoute = on(routes.graphicsDeleteExport, ({ user, params }) =>
  deleteExport(deps(), user.sub, params.id),
);
export const videosRoute = on(routes.graphicsVideos, ({ user }) => listVideos(deps(), user.sub));
export const videoRoute = on(routes.graphicsVideo, ({ user, params }) => readVideo(deps(), user.sub, params.id));
