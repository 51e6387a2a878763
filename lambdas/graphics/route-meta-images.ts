import { graphicsRoutes as routes } from '@shared/function-routes/graphics';
import { listAccountImages, uploadToAdAccount } from '../lib/graphics/meta-images';
import { on } from '../lib/http/http-function';
import { metaSession } from '../lib/meta-session/meta-route';
import { deps } from './graphics-deps';

// Images sent to and listed from an ad account: the Meta session loads with them.
// Uploads are not counted in the Meta request budget (this function has no budget table).
export const metaImagesRoute = on(
  routes.graphicsMetaImages,
  ({ session, user, body }) => uploadToAdAccount(deps(), session.graph, user.sub, body.adAccountId, body.assetIds),
  metaSession({ requestBudget: false }),
);
export const adImagesRoute = on(routes.graphicsAdImages, ({ user, query }) =>
  listAccountImages(deps(), user.sub, query.adAccountId),
);
