import { metaOauthCallbackRoutes as routes } from '@shared/function-routes/meta-oauth-callback';
import { on } from '../lib/http/http-function';
import { completeConnection, oauthConfig } from './connect-meta';
import { deps } from './connect-deps';

// The owner's own connection: Meta's login dialog and its callback.
export const oauthConfigRoute = on(routes.metaOAuthConfig, ({ user, query }) => oauthConfig(user, deps(), query));
export const oauthCallbackRoute = on(routes.metaOAuthCallback, ({ user, body }) =>
  completeConnection(user, body, deps()),
);
