import { audiencesRoutes as routes } from '@shared/function-routes/audiences';
import { on } from '../lib/http/http-function';
import { metaSession } from '../lib/meta-session/meta-route';
import { refreshCustomerList } from './customer-list-refresh';
import { createCustomerList } from './customer-list-upload';
import { audit, facebook, hashes, permissions } from './route-deps';

export const createCustomerListRoute = on(
  routes.createCustomerListAudience,
  ({ session, params, body }) =>
    createCustomerList(session, params.id, body, { ...permissions(), ...facebook(), ...hashes(), ...audit() }),
  metaSession(),
);

export const refreshCustomerListRoute = on(
  routes.refreshCustomerListAudience,
  ({ session, params, body }) =>
    refreshCustomerList(session, params.id, params.audienceId, body, { ...permissions(), ...hashes(), ...audit() }),
  metaSession(),
);
