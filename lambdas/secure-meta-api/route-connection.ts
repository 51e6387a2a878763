import { secureMetaApiRoutes as routes } from '@shared/function-routes/secure-meta-api';
import { on } from '../lib/http/http-function';
import { metaConnection } from '../lib/meta-session/meta-route';
import { connectionStatus, disconnect } from './connection-status';

// The connection's state and its removal: no Graph read, so none of the session's reading code.
export const connectionRoute = on(
  routes.metaConnection,
  ({ user, meta }) => connectionStatus(user, meta),
  metaConnection(),
);
export const disconnectRoute = on(routes.metaDisconnect, ({ user, meta }) => disconnect(user, meta), metaConnection());
