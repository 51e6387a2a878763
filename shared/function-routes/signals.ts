import { AdAccountParamsSchema } from '../schemas/meta';
import { SignalsHealthSchema } from '../schemas/signals';
import {
  CreateSiteKeyRequestSchema,
  CreatedSiteKeySchema,
  SiteKeyListSchema,
  SiteKeyParamsSchema,
  SiteKeyRevokedSchema,
} from '../schemas/signals-endpoint';
import { route } from '../route-declaration';

/** The routes `signals` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const signalsRoutes = {
  // Signals (/signals): each pixel's events as Meta received them, their quality, and what to fix first.
  signalsHealth: route({
    method: 'GET',
    path: '/api/signals/ad-accounts/{id}/health',
    fn: 'signals',
    access: 'user',
    clientRole: 'reads',
    params: AdAccountParamsSchema,
    response: SignalsHealthSchema,
  }),
  // The first-party Conversions API's site keys: listed without their secret, created (shown once), revoked.
  signalsSiteKeys: route({
    method: 'GET',
    path: '/api/signals/site-keys',
    fn: 'signals',
    access: 'user',
    response: SiteKeyListSchema,
  }),
  signalsCreateSiteKey: route({
    method: 'POST',
    path: '/api/signals/site-keys',
    fn: 'signals',
    access: 'user',
    body: CreateSiteKeyRequestSchema,
    response: CreatedSiteKeySchema,
    successStatus: 201,
  }),
  signalsRevokeSiteKey: route({
    method: 'DELETE',
    path: '/api/signals/site-keys/{keyId}',
    fn: 'signals',
    access: 'user',
    params: SiteKeyParamsSchema,
    response: SiteKeyRevokedSchema,
  }),
} as const;
