import { secureMetaApiRoutes as routes } from '@shared/function-routes/secure-meta-api';
import { on } from '../lib/http/http-function';
import { metaSession } from '../lib/meta-session/meta-route';
import { updateCampaign } from './update-campaign';

// The one write: the change machinery (locks, audit, staleness checks) loads only with it.
export const updateCampaignRoute = on(
  routes.metaUpdateCampaign,
  ({ session, user, params, body }) => updateCampaign(session, params.id, body, { userEmail: user.email }),
  metaSession(),
);
