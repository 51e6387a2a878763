import { audiencesRoutes as routes } from '@shared/function-routes/audiences';
import { listCustomerUploads } from '../lib/customer-lists/customer-upload-audit';
import { on } from '../lib/http/http-function';
import { setCustomerUploadPermission } from './customer-upload-permission';
import { audit, permissions } from './route-deps';

export const setPermissionRoute = on(routes.setCustomerUploadPermission, ({ user, params, body }) =>
  setCustomerUploadPermission(user, params.memberId, body.allowed, permissions()),
);

export const listCustomerUploadsRoute = on(routes.listCustomerUploads, async ({ user }) => ({
  items: await listCustomerUploads(audit().audit, user.sub),
}));
