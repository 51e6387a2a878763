import {
  MetaConnectionSchema,
  MetaOAuthCallbackBodySchema,
  MetaOAuthConfigSchema,
  MetaOAuthConfigQuerySchema,
} from '../schemas/meta';
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
} as const;
