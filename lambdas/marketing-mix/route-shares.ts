import { marketingMixRoutes as routes } from '@shared/function-routes/marketing-mix';
import { clientAddress } from '../lib/http/client-address';
import { on } from '../lib/http/http-function';
import { shareDeps } from './mmm-deps';
import { createShare, listShares, openSharedReport, revokeShare } from './shares';

// Share links, and the public report they open.
export const createShareRoute = on(routes.mmmCreateShare, ({ user, params, body }) =>
  createShare(shareDeps(), user.sub, params.id, body),
);
export const listSharesRoute = on(routes.mmmListShares, ({ user, params }) =>
  listShares(shareDeps(), user.sub, params.id),
);
export const revokeShareRoute = on(routes.mmmRevokeShare, ({ user, params }) =>
  revokeShare(shareDeps(), user.sub, params.id),
);
export const sharedReportRoute = on(routes.mmmSharedReport, ({ params, event }) =>
  openSharedReport(
    shareDeps(),
    params.token,
    clientAddress(event.requestContext.http.sourceIp, event.headers['x-forwarded-for']),
  ),
);
