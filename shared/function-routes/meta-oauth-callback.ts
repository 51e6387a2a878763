import {
  MetaConnectionSchema,
  MetaOAuthCallbackBodySchema,
  MetaOAuthConfigSchema,
  MetaOAuthConfigQuerySchema,
} from '../schemas/meta';
import {
  OnboardingCallbackBodySchema,
  OnboardingConnectedSchema,
  OnboardingCreateBodySchema,
  OnboardingLinkListSchema,
  OnboardingLinkSchema,
  OnboardingMetaConfigSchema,
  OnboardingTokenParamsSchema,
} from '../schemas/onboarding';
import { route } from '../route-declaration';

/** The routes `meta-oauth-callback` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const metaOauthCallbackRoutes = {
  // Meta: the `meta-oauth-callback` and `secure-meta-api` functions.
  metaOAuthConfig: route({
    method: 'GET',
    path: '/api/meta/oauth/config',
    fn: 'meta-oauth-callback',
    access: 'user',
    workspace: 'owner',
    query: MetaOAuthConfigQuerySchema,
    response: MetaOAuthConfigSchema,
  }),
  metaOAuthCallback: route({
    method: 'POST',
    path: '/api/meta/oauth/callback',
    fn: 'meta-oauth-callback',
    access: 'user',
    workspace: 'owner',
    body: MetaOAuthCallbackBodySchema,
    response: MetaConnectionSchema,
  }),
  // Onboarding a client without passwords (issue 28, req 5): a link that connects Meta into a client workspace.
  metaOnboardingCreate: route({
    method: 'POST',
    path: '/api/meta/onboarding-links',
    fn: 'meta-oauth-callback',
    access: 'user',
    workspace: 'admins',
    body: OnboardingCreateBodySchema,
    response: OnboardingLinkSchema,
    successStatus: 201,
  }),
  metaOnboardingList: route({
    method: 'GET',
    path: '/api/meta/onboarding-links',
    fn: 'meta-oauth-callback',
    access: 'user',
    workspace: 'admins',
    response: OnboardingLinkListSchema,
  }),
  metaOnboardingConfig: route({
    method: 'GET',
    path: '/api/meta/onboarding/{token}/config',
    fn: 'meta-oauth-callback',
    access: 'public',
    publicBecause:
      "it serves a client workspace's name and Meta's OAuth dialog for it, only to a holder of the onboarding link's random 256-bit, expiring, single-use token (stored as its SHA-256, checked by the function)",
    params: OnboardingTokenParamsSchema,
    response: OnboardingMetaConfigSchema,
  }),
  metaOnboardingCallback: route({
    method: 'POST',
    path: '/api/meta/onboarding/{token}/callback',
    fn: 'meta-oauth-callback',
    access: 'public',
    publicBecause:
      "it stores a Meta connection in one client workspace, only for a holder of the onboarding link's random 256-bit, expiring, single-use token and a fresh OAuth state signed for that workspace (both checked by the function); the token Meta gives is stored encrypted and never answered",
    params: OnboardingTokenParamsSchema,
    body: OnboardingCallbackBodySchema,
    response: OnboardingConnectedSchema,
  }),
} as const;
