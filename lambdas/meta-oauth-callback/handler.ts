import { metaOauthCallbackRoutes as routes } from '@shared/function-routes/meta-oauth-callback';
import { httpFunction, on } from '../lib/http/http-function';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { readSecret } from '../lib/secrets';
import { completeConnection, oauthConfig, type ConnectDeps } from './connect-meta';
import { createOnboardingLink, listOnboardingLinks, onboardingCallback, onboardingConfig } from './onboarding';

const deps = (): ConnectDeps => ({
  ...metaRuntime(),
  stateKey: async () => (await readSecret('oauthStateKey')).key,
});

export const handler = httpFunction([
  on(routes.metaOAuthConfig, ({ user, query }) => oauthConfig(user, deps(), query)),
  on(routes.metaOAuthCallback, ({ user, body }) => completeConnection(user, body, deps())),
  on(routes.metaOnboardingCreate, ({ user, body }) => createOnboardingLink(user, deps(), body)),
  on(routes.metaOnboardingList, ({ user }) => listOnboardingLinks(user, deps())),
  on(routes.metaOnboardingConfig, ({ params }) => onboardingConfig(deps(), params.token)),
  on(routes.metaOnboardingCallback, ({ params, body }) => onboardingCallback(deps(), params.token, body)),
]);
