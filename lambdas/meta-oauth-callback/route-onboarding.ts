import { metaOauthCallbackRoutes as routes } from '@shared/function-routes/meta-oauth-callback';
import { on } from '../lib/http/http-function';
import { deps } from './connect-deps';
import { createOnboardingLink, listOnboardingLinks, onboardingCallback, onboardingConfig } from './onboarding';

// An agency's onboarding links, through which a client connects their own Meta account.
export const onboardingCreateRoute = on(routes.metaOnboardingCreate, ({ user, body }) =>
  createOnboardingLink(user, deps(), body),
);
export const onboardingListRoute = on(routes.metaOnboardingList, ({ user }) => listOnboardingLinks(user, deps()));
export const onboardingConfigRoute = on(routes.metaOnboardingConfig, ({ params }) =>
  onboardingConfig(deps(), params.token),
);
export const onboardingCallbackRoute = on(routes.metaOnboardingCallback, ({ params, body }) =>
  onboardingCallback(deps(), params.token, body),
);
