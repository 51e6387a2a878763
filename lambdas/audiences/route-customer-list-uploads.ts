import { audiencesRoutes as routes } from '@shared/function-routes/audiences';
import { on } from '../lib/http/http-function';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { metaSession } from '../lib/meta-session/meta-route';
import { graphForUser } from '../lib/meta-session/session';
import {
  customerListUploadProgress,
  processCustomerListUpload,
  startCustomerListRefresh,
  startCustomerListUpload,
} from './customer-list-async';
import { asyncUploads, audit, uploads } from './route-deps';

export const startUploadRoute = on(
  routes.startCustomerListUpload,
  ({ session, params, body }) => startCustomerListUpload(session, params.id, body, asyncUploads()),
  metaSession(),
);

export const startRefreshRoute = on(
  routes.startCustomerListRefresh,
  ({ session, params, body }) => startCustomerListRefresh(session, params.id, params.audienceId, body, asyncUploads()),
  metaSession(),
);

export const processUploadRoute = on(routes.processCustomerListUpload, ({ user, params }) =>
  processCustomerListUpload(user, params.id, params.uploadId, asyncUploads()),
);

export const uploadProgressRoute = on(routes.customerListUploadProgress, ({ user, params }) =>
  customerListUploadProgress(user, params.id, params.uploadId, {
    uploads: uploads(),
    ...audit(),
    graphFor: () => graphForUser(user.sub, metaRuntime()),
  }),
);
