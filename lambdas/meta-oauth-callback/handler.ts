import { httpFunction, onFirstUse } from '../lib/http/http-function';

// Each group of routes loads with its first request, not at init (issue 23 req 15): the owner's own connection
// does without the onboarding links' code.
const connect = () => import('./route-connect');
const onboarding = () => import('./route-onboarding');

export const handler = httpFunction([
  onFirstUse('GET /api/meta/oauth/config', async () => (await connect()).oauthConfigRoute),
  onFirstUse('POST /api/meta/oauth/callback', async () => (await connect()).oauthCallbackRoute),
  onFirstUse('POST /api/meta/onboarding-links', async () => (await onboarding()).onboardingCreateRoute),
  onFirstUse('GET /api/meta/onboarding-links', async () => (await onboarding()).onboardingListRoute),
  onFirstUse('GET /api/meta/onboarding/{token}/config', async () => (await onboarding()).onboardingConfigRoute),
  onFirstUse('POST /api/meta/onboarding/{token}/callback', async () => (await onboarding()).onboardingCallbackRoute),
]);
