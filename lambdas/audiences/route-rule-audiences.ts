import { audiencesRoutes as routes } from '@shared/function-routes/audiences';
import { on } from '../lib/http/http-function';
import { metaSession } from '../lib/meta-session/meta-route';
import { hashes } from './route-deps';
import { createEngagementAudience, createLookalike, createWebsiteAudience, deleteAudience } from './rule-audiences';

export const websiteRoute = on(
  routes.createWebsiteAudience,
  ({ session, params, body }) => createWebsiteAudience(session, params.id, body),
  metaSession(),
);

export const engagementRoute = on(
  routes.createEngagementAudience,
  ({ session, params, body }) => createEngagementAudience(session, params.id, body),
  metaSession(),
);

export const lookalikeRoute = on(
  routes.createLookalikeAudience,
  ({ session, params, body }) => createLookalike(session, params.id, body),
  metaSession(),
);

export const deleteRoute = on(
  routes.deleteAudience,
  ({ session, params }) => deleteAudience(session, params.id, params.audienceId, hashes()),
  metaSession(),
);
