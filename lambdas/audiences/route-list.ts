import { audiencesRoutes as routes } from '@shared/function-routes/audiences';
import { on } from '../lib/http/http-function';
import { metaSession } from '../lib/meta-session/meta-route';
import { listAudiences } from './read-audiences';
import { facebook, permissions } from './route-deps';

export const listAudiencesRoute = on(
  routes.listAudiences,
  ({ session, params }) => listAudiences(session, params.id, { ...permissions(), ...facebook() }),
  metaSession(),
);
