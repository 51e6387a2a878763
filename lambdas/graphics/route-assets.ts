import { graphicsRoutes as routes } from '@shared/function-routes/graphics';
import { assetView, confirmUpload, removeAsset, startUpload } from '../lib/graphics/asset-uploads';
import {
  listSavedDesigns,
  readBrandKit,
  readDesign,
  removeDesign,
  writeBrandKit,
  writeDesign,
} from '../lib/graphics/brand-kits-and-designs';
import { listAssets } from '../lib/graphics/graphics-store';
import { on } from '../lib/http/http-function';
import { deps, sweep } from './graphics-deps';

// Uploaded assets, the brand kit and saved designs.
export const startUploadRoute = on(routes.graphicsStartUpload, ({ user, body }) => startUpload(deps(), user.sub, body));
export const confirmUploadRoute = on(routes.graphicsConfirmUpload, ({ user, params }) =>
  confirmUpload(deps(), user.sub, params.id),
);
export const assetsRoute = on(routes.graphicsAssets, async ({ user }) => {
  const d = deps();
  await sweep(d, user.sub);
  return { assets: await Promise.all((await listAssets(d.store, user.sub)).map((a) => assetView(d.bucket, a))) };
});
export const deleteAssetRoute = on(routes.graphicsDeleteAsset, ({ user, params }) =>
  removeAsset(deps(), user.sub, params.id),
);
export const brandKitRoute = on(routes.graphicsBrandKit, ({ user }) => readBrandKit(deps(), user.sub));
export const saveBrandKitRoute = on(routes.graphicsSaveBrandKit, ({ user, body }) =>
  writeBrandKit(deps(), user.sub, body),
);
export const designsRoute = on(routes.graphicsDesigns, ({ user }) => listSavedDesigns(deps(), user.sub));
export const designRoute = on(routes.graphicsDesign, ({ user, params }) => readDesign(deps(), user.sub, params.id));
export const createDesignRoute = on(routes.graphicsCreateDesign, ({ user, body }) =>
  writeDesign(deps(), user.sub, null, body),
);
export const saveDesignRoute = on(routes.graphicsSaveDesign, ({ user, params, body }) =>
  writeDesign(deps(), user.sub, params.id, body),
);
export const deleteDesignRoute = on(routes.graphicsDeleteDesign, ({ user, params }) =>
  removeDesign(deps(), user.sub, params.id),
);
