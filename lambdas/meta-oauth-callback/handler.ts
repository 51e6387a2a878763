import { metaOauthCallbackRoutes as routes } from '@shared/function-routes/meta-oauth-callback';
import { httpFunction, on } from '../lib/http/http-function';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { readSecret } from '../lib/secrets';
import { completeConnection, oauthConfig, type ConnectDeps } from './connect-meta';

const deps = (): ConnectDeps => ({
  ...metaRuntime(),
  stateKey: async () => (await readSecret('oauthStateKey')).key,
});

export const handler = httpFunction([
  on(routes.metaOAuthConfig, ({ user, query }) => oauthConfig(user, deps(), query)),
  on(routes.metaOAuthCallback, ({ user, body }) => completeConnection(user, body, deps())),
]);
